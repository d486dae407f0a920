/// The Apple platforms a bundle can target.
///
/// The cases are the marketing names; the SDK names Apple writes in `CFBundleSupportedPlatforms`
/// and `DTPlatformName` (`iPhoneOS`, `MacOSX`, …) are mapped by `init(platformName:)`.
package enum Platform: String, Sendable, Hashable, CaseIterable, Comparable {
  case iOS
  case iPadOS
  case macOS
  case macCatalyst
  case tvOS
  case watchOS
  case visionOS

  /// The platform of an SDK platform name, or nil.
  ///
  /// Names come from `CFBundleSupportedPlatforms` and `DTPlatformName`, case insensitive: `iPhoneOS`/`iPhoneSimulator` → iOS, `MacOSX` → macOS,
  /// `AppleTVOS`/`AppleTVSimulator` → tvOS, `WatchOS`/`WatchSimulator` → watchOS,
  /// `XROS`/`XRSimulator` → visionOS. Nil for anything else.
  package init?(platformName: String) {
    switch platformName.lowercased() {
    case "iphoneos", "iphonesimulator": self = .iOS
    case "macosx", "macos": self = .macOS
    case "appletvos", "appletvsimulator": self = .tvOS
    case "watchos", "watchsimulator": self = .watchOS
    case "xros", "xrsimulator", "visionos": self = .visionOS
    default: return nil
    }
  }

  /// The platform of a Mach-O `LC_BUILD_VERSION` platform number, or nil.
  ///
  /// Numbers are `PLATFORM_*` in `<mach-o/loader.h>`: 1 macOS, 2 iOS, 3 tvOS, 4 watchOS, 6 Mac Catalyst, 7–10 the simulators, 11 visionOS,
  /// 12 its simulator. Nil for others (bridgeOS, DriverKit, …).
  package init?(machOPlatform: UInt32) {
    switch machOPlatform {
    case 1: self = .macOS
    case 2, 7: self = .iOS
    case 3, 8: self = .tvOS
    case 4, 9: self = .watchOS
    case 6: self = .macCatalyst
    case 11, 12: self = .visionOS
    default: return nil
    }
  }

  package static func < (lhs: Platform, rhs: Platform) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
