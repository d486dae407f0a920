import PlistCore

/// Tells which platforms a bundle targets from what its Info.plist and layout say.
///
/// Evidence, strongest first: `CFBundleSupportedPlatforms` and `DTPlatformName` (written by
/// Xcode into built bundles); `UIDeviceFamily` (1 iPhone and iPod touch → iOS, 2 iPad → iPadOS,
/// 3 Apple TV → tvOS, 4 Apple Watch → watchOS, 6 Mac (Catalyst) → Mac Catalyst, 7 Apple Vision
/// → visionOS; [UIDeviceFamily](https://developer.apple.com/documentation/bundleresources/information-property-list/uidevicefamily));
/// `LSMinimumSystemVersion` (macOS) and `MinimumOSVersion` (the others); the deep `Contents/`
/// layout, which only macOS uses; and the platforms of the executable's `LC_BUILD_VERSION` and
/// `LC_VERSION_MIN_*` commands. With no evidence the list is empty: infoscope does not guess.
package enum PlatformDetector {
  /// The platforms of a bundle with the Info.plist `info` and the layout `layout`.
  ///
  /// - Parameters:
  ///   - info: the Info.plist's root dictionary, if it read.
  ///   - layout: how the bundle lays out its files.
  ///   - executable: the main executable, when it was read.
  /// - Returns: the platforms, in `Platform` order.
  package static func platforms(
    info: PlistDictionary?, layout: BundleLayout, executable: MachOFile? = nil
  ) -> [Platform] {
    var found: Set<Platform> = []
    for slice in executable?.slices ?? [] {
      for version in slice.buildVersions {
        if let platform = version.platform { found.insert(platform) }
      }
    }
    var sdkNamed = false
    if let names = info?["CFBundleSupportedPlatforms"]?.value.arrayValue {
      for name in names {
        if let s = name.value.stringValue, let platform = Platform(platformName: s) {
          found.insert(platform)
          sdkNamed = true
        }
      }
    }
    if let name = info?["DTPlatformName"]?.value.stringValue,
      let platform = Platform(platformName: name)
    {
      found.insert(platform)
      sdkNamed = true
    }
    if let families = info?["UIDeviceFamily"]?.value.arrayValue {
      for family in families {
        switch integer(family) {
        case 1: found.insert(.iOS)
        case 2: found.insert(.iPadOS)
        case 3: found.insert(.tvOS)
        case 4: found.insert(.watchOS)
        case 6: found.insert(.macCatalyst)
        case 7: found.insert(.visionOS)
        default: break
        }
      }
      // An iPad-only app built with the iPhoneOS SDK is not an iPhone app.
      if found.contains(.iPadOS), !families.contains(where: { integer($0) == 1 }), sdkNamed,
        found.contains(.iOS)
      {
        found.remove(.iOS)
      }
    }
    if info?["LSMinimumSystemVersion"] != nil || layout != .shallow { found.insert(.macOS) }
    if found.isEmpty, info?["MinimumOSVersion"] != nil || info?["LSRequiresIPhoneOS"] != nil {
      found.insert(.iOS)
    }
    return found.sorted()
  }

  private static func integer(_ node: PlistNode) -> Int64? {
    switch node.value {
    case .integer(let i): i.int64
    case .string(let s): Int64(s)
    default: nil
    }
  }
}
