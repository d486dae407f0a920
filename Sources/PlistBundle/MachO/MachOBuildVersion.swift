/// The platform and OS versions a Mach-O slice was built for, from one `LC_BUILD_VERSION` or
/// `LC_VERSION_MIN_*` load command.
///
/// Versions are encoded `xxxx.yy.zz` in a 32-bit word (major in the upper 16 bits, minor and
/// patch a byte each) and given here as `"major.minor.patch"`: `0x000f_0000` is → `"15.0.0"`.
/// `LC_VERSION_MIN_*` carries no platform number of its own; its command names one (macOS 1,
/// iOS 2, tvOS 3, watchOS 4, as `PLATFORM_*`), and cannot tell a simulator apart.
package struct MachOBuildVersion: Sendable, Hashable {
  /// Which load command this came from.
  package enum Source: String, Sendable, Hashable {
    /// `LC_BUILD_VERSION`.
    case buildVersion
    /// `LC_VERSION_MIN_MACOSX`, `_IPHONEOS`, `_TVOS` or `_WATCHOS`.
    case versionMin
  }

  /// Which load command this came from.
  package var source: Source
  /// The raw `PLATFORM_*` number (`<mach-o/loader.h>`): 1 macOS, 2 iOS, 6 Mac Catalyst, 7 the
  /// iOS simulator, … .
  package var platformNumber: UInt32
  /// The platform, or nil for numbers `Platform` does not model (bridgeOS, DriverKit, …).
  package var platform: Platform?
  /// The minimum OS version, `"major.minor.patch"`.
  package var minimumOS: String
  /// The SDK version, `"major.minor.patch"` (`"0.0.0"` when the linker left it out).
  package var sdk: String
  /// Absolute file offset of the load command.
  package var offset: Int

  /// True for the simulator platforms (7 iOS, 8 tvOS, 9 watchOS, 12 visionOS).
  package var isSimulator: Bool { [7, 8, 9, 12].contains(platformNumber) }

  /// Creates a build version from raw load-command fields.
  package init(
    source: Source, platformNumber: UInt32, minimumOS: UInt32, sdk: UInt32, offset: Int
  ) {
    self.source = source
    self.platformNumber = platformNumber
    self.platform = Platform(machOPlatform: platformNumber)
    self.minimumOS = Self.versionString(minimumOS)
    self.sdk = Self.versionString(sdk)
    self.offset = offset
  }

  /// Decodes an `xxxx.yy.zz` version word into `"major.minor.patch"`.
  package static func versionString(_ word: UInt32) -> String {
    "\(word >> 16).\((word >> 8) & 0xff).\(word & 0xff)"
  }
}
