import PlistBundle
import PlistCore

/// What the catalog knows about one key: the data behind type checks, platform and deprecation
/// rules, typo detection, display names, pick-lists and the detail pane.
///
/// Facts (names, types, versions, values, URLs) come from Apple's pages, through
/// ../shared/reference/apple-rules.md and the seeds; summaries are our own words.
package struct KnownKey: Sendable {
  /// Where a key belongs.
  package enum Home: String, Sendable, Hashable {
    case infoPlist = "Info.plist"
    case entitlements
    case privacyManifest = "privacy manifest"
  }

  /// When and how a key was deprecated.
  package struct Deprecation: Sendable, Hashable {
    /// The OS version it was deprecated in ("10.0"), per platform when it differs.
    package var version: String
    /// The platform the version is for, when it is one platform's.
    package var platform: Platform?
    /// What to use instead, when Apple names something.
    package var replacement: String?

    /// Creates a deprecation.
    package init(_ version: String, platform: Platform? = nil, replacement: String? = nil) {
      self.version = version
      self.platform = platform
      self.replacement = replacement
    }
  }

  /// The raw key (`NSCameraUsageDescription`).
  package var key: String
  /// Xcode's display name (`Privacy - Camera Usage Description`), when it has one.
  package var displayName: String?
  /// The value kinds Apple documents for it (an empty list: any).
  package var types: [PlistKind]
  /// Where it belongs.
  package var home: Home
  /// The platforms it applies to, each with the first OS version that reads it ("" when the
  /// page gives none); an empty dictionary means every platform.
  package var platforms: [Platform: String]
  /// Its deprecation, when Apple deprecated it.
  package var deprecation: Deprecation?
  /// The values Apple lists, for keys that take one of a set (or array items from one).
  package var allowedValues: [String]
  /// True for purpose strings (`NS…UsageDescription` and friends).
  package var isPurposeString: Bool
  /// One line in our own words.
  package var summary: String
  /// The Apple page for the key.
  package var url: String

  /// Creates an entry.
  package init(
    _ key: String, display: String? = nil, types: [PlistKind], home: Home = .infoPlist,
    platforms: [Platform: String] = [:], deprecation: Deprecation? = nil,
    allowedValues: [String] = [], purposeString: Bool = false, summary: String, url: String
  ) {
    self.key = key
    displayName = display
    self.types = types
    self.home = home
    self.platforms = platforms
    self.deprecation = deprecation
    self.allowedValues = allowedValues
    isPurposeString = purposeString
    self.summary = summary
    self.url = url
  }

  /// True when the key applies to `platform` (every key with no platforms listed does).
  package func applies(to platform: Platform) -> Bool {
    platforms.isEmpty || platforms[platform] != nil
      || (platform == .iPadOS && platforms[.iOS] != nil)
      || (platform == .macCatalyst && platforms[.iOS] != nil)
  }
}
