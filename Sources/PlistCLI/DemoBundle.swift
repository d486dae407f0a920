import Foundation
import PlistCore

/// The sample app bundle built into the binary, for `infoscope --demo`.
///
/// Its Info.plist is our own text for an imaginary iOS app ("Trailhead", a hiking log). It is
/// realistic on purpose and holds things a linter should find: an empty purpose string
/// (`NSMicrophoneUsageDescription`) and an unexpanded build setting
/// (`$(PRODUCT_BUNDLE_IDENTIFIER)` in a URL type), beside the usual identity, version,
/// purpose-string, URL-type, orientation and scene keys.
package enum DemoBundle {
  /// The path shown for the sample's Info.plist.
  package static let infoPlistPath = "Trailhead.app/Info.plist"

  /// The sample Info.plist, as XML in Xcode's layout.
  package static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleDisplayName</key>
    \t<string>Trailhead</string>
    \t<key>CFBundleExecutable</key>
    \t<string>Trailhead</string>
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
    \t\t\t\t<string>trailhead-beta</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>CFBundleVersion</key>
    \t<string>318</string>
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
    \t<key>NSCameraUsageDescription</key>
    \t<string>Trailhead uses the camera to add photos of the trail to your log.</string>
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
    \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
    \t\t\t\t</dict>
    \t\t\t</array>
    \t\t</dict>
    \t</dict>
    \t<key>UIBackgroundModes</key>
    \t<array>
    \t\t<string>location</string>
    \t</array>
    \t<key>UILaunchScreen</key>
    \t<dict/>
    \t<key>UIRequiredDeviceCapabilities</key>
    \t<array>
    \t\t<string>arm64</string>
    \t\t<string>location-services</string>
    \t</array>
    \t<key>UISupportedInterfaceOrientations</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t</array>
    \t<key>UISupportedInterfaceOrientations~ipad</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t\t<string>UIInterfaceOrientationPortraitUpsideDown</string>
    \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
    \t\t<string>UIInterfaceOrientationLandscapeRight</string>
    \t</array>
    </dict>
    </plist>

    """

  /// Prints the sample's tree as `print` does.
  static func print(context: CLI.Context) -> ExitStatus {
    let document: PlistDocument
    do {
      document = try context.read(Array(infoPlist.utf8), infoPlistPath)
    } catch {
      context.console.write("\(error.inFile(infoPlistPath))\n", to: .error)
      return .noInput
    }
    let text = PrintCommand.render(document.root)
    return context.console.write(Array(text.utf8), to: .output) ? .success : .cannotCreate
  }
}
