extension DemoBundle {
  /// The app's Info.plist, as XML in Apple's layout.
  ///
  /// Its faults: a `$(PRODUCT_BUNDLE_IDENTIFIER)` left in the URL type's name; web content
  /// exempt from App Transport Security; the Bluetooth purpose key deprecated since iOS 13 kept
  /// beside its replacement; an empty microphone purpose string; the `processing` background
  /// mode without `BGTaskSchedulerPermittedIdentifiers`; `UIRequiresFullscreen`, a misspelling
  /// of `UIRequiresFullScreen`; and the iPad orientations of a universal app lacking
  /// upside-down portrait.
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>BuildMachineOSBuild</key>
    \t<string>24C101</string>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleDisplayName</key>
    \t<string>Trailhead</string>
    \t<key>CFBundleExecutable</key>
    \t<string>Trailhead</string>
    \t<key>CFBundleIconName</key>
    \t<string>AppIcon</string>
    \t<key>CFBundleIcons</key>
    \t<dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconFiles</key>
    \t\t\t<array>
    \t\t\t\t<string>AppIcon60x60</string>
    \t\t\t</array>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>
    \t<key>CFBundleIcons~ipad</key>
    \t<dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconFiles</key>
    \t\t\t<array>
    \t\t\t\t<string>AppIcon60x60</string>
    \t\t\t\t<string>AppIcon76x76</string>
    \t\t\t</array>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>org.example.trailhead</string>
    \t<key>CFBundleInfoDictionaryVersion</key>
    \t<string>6.0</string>
    \t<key>CFBundleName</key>
    \t<string>Trailhead</string>
    \t<key>CFBundlePackageType</key>
    \t<string>APPL</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>2.4.1</string>
    \t<key>CFBundleSupportedPlatforms</key>
    \t<array>
    \t\t<string>iPhoneOS</string>
    \t</array>
    \t<key>CFBundleURLTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeRole</key>
    \t\t\t<string>Viewer</string>
    \t\t\t<key>CFBundleURLName</key>
    \t\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t\t\t<key>CFBundleURLSchemes</key>
    \t\t\t<array>
    \t\t\t\t<string>trailhead</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>CFBundleVersion</key>
    \t<string>318</string>
    \t<key>DTCompiler</key>
    \t<string>com.apple.compilers.llvm.clang.1_0</string>
    \t<key>DTPlatformBuild</key>
    \t<string>22C146</string>
    \t<key>DTPlatformName</key>
    \t<string>iphoneos</string>
    \t<key>DTPlatformVersion</key>
    \t<string>18.2</string>
    \t<key>DTSDKBuild</key>
    \t<string>22C146</string>
    \t<key>DTSDKName</key>
    \t<string>iphoneos18.2</string>
    \t<key>DTXcode</key>
    \t<string>1620</string>
    \t<key>DTXcodeBuild</key>
    \t<string>16C5032a</string>
    \t<key>ITSAppUsesNonExemptEncryption</key>
    \t<false/>
    \t<key>LSApplicationQueriesSchemes</key>
    \t<array>
    \t\t<string>maps</string>
    \t\t<string>comgooglemaps</string>
    \t</array>
    \t<key>LSRequiresIPhoneOS</key>
    \t<true/>
    \t<key>MinimumOSVersion</key>
    \t<string>16.0</string>
    \t<key>NSAppTransportSecurity</key>
    \t<dict>
    \t\t<key>NSAllowsArbitraryLoadsInWebContent</key>
    \t\t<true/>
    \t</dict>
    \t<key>NSBluetoothAlwaysUsageDescription</key>
    \t<string>Trailhead connects to your heart-rate strap to log your effort on a hike.</string>
    \t<key>NSBluetoothPeripheralUsageDescription</key>
    \t<string>Trailhead connects to your heart-rate strap to log your effort on a hike.</string>
    \t<key>NSCameraUsageDescription</key>
    \t<string>Trailhead uses the camera to add photos of the trail to your log.</string>
    \t<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
    \t<string>Trailhead keeps recording your route when the screen is locked.</string>
    \t<key>NSLocationWhenInUseUsageDescription</key>
    \t<string>Your location draws your route on the map while you record a hike.</string>
    \t<key>NSMicrophoneUsageDescription</key>
    \t<string></string>
    \t<key>NSPhotoLibraryAddUsageDescription</key>
    \t<string>Trailhead saves the photos you take on a hike to your library.</string>
    \t<key>UIApplicationSceneManifest</key>
    \t<dict>
    \t\t<key>UIApplicationSupportsMultipleScenes</key>
    \t\t<false/>
    \t\t<key>UISceneConfigurations</key>
    \t\t<dict>
    \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
    \t\t\t<array>
    \t\t\t\t<dict>
    \t\t\t\t\t<key>UISceneConfigurationName</key>
    \t\t\t\t\t<string>Default Configuration</string>
    \t\t\t\t\t<key>UISceneDelegateClassName</key>
    \t\t\t\t\t<string>Trailhead.SceneDelegate</string>
    \t\t\t\t</dict>
    \t\t\t</array>
    \t\t</dict>
    \t</dict>
    \t<key>UIBackgroundModes</key>
    \t<array>
    \t\t<string>location</string>
    \t\t<string>processing</string>
    \t</array>
    \t<key>UIDeviceFamily</key>
    \t<array>
    \t\t<integer>1</integer>
    \t\t<integer>2</integer>
    \t</array>
    \t<key>UILaunchScreen</key>
    \t<dict/>
    \t<key>UIRequiredDeviceCapabilities</key>
    \t<array>
    \t\t<string>arm64</string>
    \t\t<string>location-services</string>
    \t</array>
    \t<key>UIRequiresFullscreen</key>
    \t<false/>
    \t<key>UISupportedInterfaceOrientations</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t</array>
    \t<key>UISupportedInterfaceOrientations~ipad</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
    \t\t<string>UIInterfaceOrientationLandscapeRight</string>
    \t</array>
    </dict>
    </plist>

    """

  /// The widget extension's Info.plist, as XML in Apple's layout.
  ///
  /// Its fault: `CFBundleShortVersionString` 2.4.0, not bumped to the app's 2.4.1.
  static let widgetsInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>BuildMachineOSBuild</key>
    \t<string>24C101</string>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleDisplayName</key>
    \t<string>Trailhead Widgets</string>
    \t<key>CFBundleExecutable</key>
    \t<string>TrailheadWidgets</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>org.example.trailhead.widgets</string>
    \t<key>CFBundleInfoDictionaryVersion</key>
    \t<string>6.0</string>
    \t<key>CFBundleName</key>
    \t<string>TrailheadWidgets</string>
    \t<key>CFBundlePackageType</key>
    \t<string>XPC!</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>2.4.0</string>
    \t<key>CFBundleSupportedPlatforms</key>
    \t<array>
    \t\t<string>iPhoneOS</string>
    \t</array>
    \t<key>CFBundleVersion</key>
    \t<string>318</string>
    \t<key>DTCompiler</key>
    \t<string>com.apple.compilers.llvm.clang.1_0</string>
    \t<key>DTPlatformBuild</key>
    \t<string>22C146</string>
    \t<key>DTPlatformName</key>
    \t<string>iphoneos</string>
    \t<key>DTPlatformVersion</key>
    \t<string>18.2</string>
    \t<key>DTSDKBuild</key>
    \t<string>22C146</string>
    \t<key>DTSDKName</key>
    \t<string>iphoneos18.2</string>
    \t<key>DTXcode</key>
    \t<string>1620</string>
    \t<key>DTXcodeBuild</key>
    \t<string>16C5032a</string>
    \t<key>MinimumOSVersion</key>
    \t<string>17.0</string>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.widgetkit-extension</string>
    \t</dict>
    \t<key>UIDeviceFamily</key>
    \t<array>
    \t\t<integer>1</integer>
    \t\t<integer>2</integer>
    \t</array>
    </dict>
    </plist>

    """
}
