import PlistBundle

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

extension DemoBundle {
  /// The compiled asset catalog, `Assets.car`.
  ///
  /// The app icon in every size App Store Connect asks of an iPhone and iPad app (with an
  /// opaque 1024×1024 App Store image), as Xcode compiles it, and one image in three scales.
  /// Written by `CompiledAssetCatalog.carBytes()`.
  static let assetCatalog: CompiledAssetCatalog = {
    func icon(_ idiom: Idiom, _ scale: Int, _ pixels: Int, _ name: String) -> CSIRendition {
      CSIRendition(
        name: name, idiom: idiom, scale: scale, width: pixels, height: pixels,
        isOpaque: true, layout: 1003)
    }
    var phoneSizes = CSIRendition(
      name: "AppIcon", idiom: .phone, scale: 0, width: 0, height: 0, pixelFormat: "",
      layout: 1010)
    phoneSizes.sizes = [.init(width: 60, height: 60, index: 3)]
    var padSizes = CSIRendition(
      name: "AppIcon", idiom: .pad, scale: 0, width: 0, height: 0, pixelFormat: "",
      layout: 1010)
    padSizes.sizes = [
      .init(width: 76, height: 76, index: 4), .init(width: 83, height: 83, index: 5),
    ]
    let appIcon = CompiledAssetCatalog.Asset(
      name: "AppIcon", identifier: 6849, element: 85, part: 220,
      renditions: [
        phoneSizes, padSizes, icon(.phone, 2, 120, "AppIcon60x60@2x.png"),
        icon(.phone, 3, 180, "AppIcon60x60@3x.png"), icon(.pad, 1, 76, "AppIcon76x76~ipad.png"),
        icon(.pad, 2, 152, "AppIcon76x76@2x~ipad.png"),
        icon(.pad, 2, 167, "AppIcon83.5x83.5@2x~ipad.png"),
        icon(.marketing, 1, 1024, "AppIcon-1024.png"),
      ])
    let map = CompiledAssetCatalog.Asset(
      name: "TrailMap", identifier: 4211, element: 85, part: 181,
      renditions: [1, 2, 3].map {
        CSIRendition(
          name: "TrailMap@\($0)x.png", scale: $0, width: 64 * $0, height: 48 * $0,
          isOpaque: false, layout: 12, identifier: 4211)
      })
    return CompiledAssetCatalog(
      assets: [appIcon, map], deploymentPlatform: "ios",
      mainVersion: "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-802", versionString: "infoscope sample")
  }()
}

extension DemoBundle {
  /// The legacy icon PNGs Xcode copies beside `Assets.car` for the names in
  /// `CFBundleIconFiles`: the start of each file (signature, `IHDR` of an RGB image without
  /// alpha, `IEND`; no pixel data, checksums zero), enough for the size the loader reads.
  static let legacyIcons: [String: [UInt8]] = [
    "AppIcon60x60@2x.png": png(120), "AppIcon60x60@3x.png": png(180),
    "AppIcon76x76~ipad.png": png(76), "AppIcon76x76@2x~ipad.png": png(152),
  ]

  private static func png(_ side: Int) -> [UInt8] {
    func u32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let header = u32(13) + Array("IHDR".utf8) + u32(side) + u32(side) + [8, 2, 0, 0, 0] + u32(0)
    return signature + header + u32(0) + Array("IEND".utf8) + u32(0)
  }
}
