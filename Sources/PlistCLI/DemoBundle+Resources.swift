extension DemoBundle {
  /// The app's privacy manifest, as XML in Apple's layout: no tracking, precise location
  /// collected for the app's own features, and three required-reason API categories.
  ///
  /// Its fault: the system-boot-time entry gives C617.1, a file-timestamp reason pasted from
  /// the entry above it.
  static let privacyManifest = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>NSPrivacyTracking</key>
    \t<false/>
    \t<key>NSPrivacyTrackingDomains</key>
    \t<array/>
    \t<key>NSPrivacyCollectedDataTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>NSPrivacyCollectedDataType</key>
    \t\t\t<string>NSPrivacyCollectedDataTypePreciseLocation</string>
    \t\t\t<key>NSPrivacyCollectedDataTypeLinked</key>
    \t\t\t<true/>
    \t\t\t<key>NSPrivacyCollectedDataTypeTracking</key>
    \t\t\t<false/>
    \t\t\t<key>NSPrivacyCollectedDataTypePurposes</key>
    \t\t\t<array>
    \t\t\t\t<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>NSPrivacyAccessedAPITypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>NSPrivacyAccessedAPIType</key>
    \t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
    \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
    \t\t\t<array>
    \t\t\t\t<string>CA92.1</string>
    \t\t\t</array>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>NSPrivacyAccessedAPIType</key>
    \t\t\t<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
    \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
    \t\t\t<array>
    \t\t\t\t<string>C617.1</string>
    \t\t\t</array>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>NSPrivacyAccessedAPIType</key>
    \t\t\t<string>NSPrivacyAccessedAPICategorySystemBootTime</string>
    \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
    \t\t\t<array>
    \t\t\t\t<string>C617.1</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>

    """

  /// The entitlements in the app executable's signature: App Store identifiers, production
  /// push, one App Group, no debugger.
  static let appEntitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>application-identifier</key>
    \t<string>K7Q2TRA1LH.org.example.trailhead</string>
    \t<key>aps-environment</key>
    \t<string>production</string>
    \t<key>com.apple.developer.team-identifier</key>
    \t<string>K7Q2TRA1LH</string>
    \t<key>com.apple.security.application-groups</key>
    \t<array>
    \t\t<string>group.org.example.trailhead</string>
    \t</array>
    \t<key>get-task-allow</key>
    \t<false/>
    </dict>
    </plist>

    """

  /// The entitlements in the widget extension's signature: its identifiers and the app's App
  /// Group.
  static let widgetsEntitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>application-identifier</key>
    \t<string>K7Q2TRA1LH.org.example.trailhead.widgets</string>
    \t<key>com.apple.developer.team-identifier</key>
    \t<string>K7Q2TRA1LH</string>
    \t<key>com.apple.security.application-groups</key>
    \t<array>
    \t\t<string>group.org.example.trailhead</string>
    \t</array>
    \t<key>get-task-allow</key>
    \t<false/>
    </dict>
    </plist>

    """

  /// The English `InfoPlist.strings`, in the old-style text form with comments, as written in
  /// the project (Xcode may copy it as text or convert it).
  static let infoPlistStrings = """
    /* Privacy - Camera Usage Description */
    "NSCameraUsageDescription" = "Trailhead uses the camera to add photos of the trail to your log.";

    /* Privacy - Location When In Use Usage Description */
    "NSLocationWhenInUseUsageDescription" = "Your location draws your route on the map while you record a hike.";

    """
}
