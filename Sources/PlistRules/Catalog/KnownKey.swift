import PlistBundle
import PlistCore

/// What the catalog knows about one key: the data behind type checks, platform and deprecation
/// rules, typo detection, display names, pick-lists and the detail pane.
///
/// Facts (names, types, versions, values, URLs) come from Apple's pages, each entry's `url`;
/// summaries are our own words.
package struct KnownKey: Sendable {
  /// Where a key belongs.
  package enum Home: String, Sendable, Hashable, CaseIterable {
    case infoPlist = "Info.plist"
    case entitlements
    case privacyManifest = "privacy manifest"

    /// The home of the keys a file with `role` holds, or nil for files without keys of ours.
    package init?(_ role: FileRole) {
      switch role {
      case .infoPlist: self = .infoPlist
      case .entitlements, .signedEntitlements: self = .entitlements
      case .privacyManifest: self = .privacyManifest
      default: return nil
      }
    }

    /// The file a person would put such a key in (`an Info.plist`), for messages.
    package var fileDescription: String {
      switch self {
      case .infoPlist: "an Info.plist"
      case .entitlements: "an .entitlements file"
      case .privacyManifest: "a privacy manifest (PrivacyInfo.xcprivacy)"
      }
    }
  }

  /// When and how a key was deprecated.
  package struct Deprecation: Sendable, Hashable {
    /// The OS version it was deprecated in ("10.0"); empty when Apple calls the key obsolete
    /// without a version.
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

    /// "iOS 13.0", "13.0", or "" for an obsolete key without a version.
    package var versionDescription: String {
      switch (platform, version.isEmpty) {
      case (_, true): ""
      case (let platform?, false): "\(platform.rawValue) \(version)"
      case (nil, false): version
      }
    }
  }

  /// The raw key (`NSCameraUsageDescription`).
  package var key: String
  /// Xcode's display name (`Privacy - Camera Usage Description`), when it has one.
  package var displayName: String?
  /// The value kinds Apple documents for it (an empty list: any).
  ///
  /// `integer` and `real` both stand for Apple's "Number".
  package var types: [PlistKind]
  /// Where it belongs.
  package var home: Home
  /// The platforms it applies to, each with the first OS version that reads it ("" when the
  /// page gives none); an empty dictionary means every platform.
  package var platforms: [Platform: String]
  /// Every deprecation Apple records, one per platform where they differ (empty: current).
  package var deprecations: [Deprecation]
  /// The values Apple lists, for keys that take one of a set (or array items from one).
  package var allowedValues: [String]
  /// For values available only on some platforms: the platforms of each such value (values
  /// not listed here are available wherever the key is).
  package var valuePlatforms: [String: [Platform]]
  /// True when `allowedValues` is the whole set Apple allows; false when Apple's list is
  /// open, partial or unclear (then a value outside it is not a fault).
  package var closedValues: Bool
  /// The keys whose values hold this key: `""` is the file's root dictionary; a parent key
  /// (`NSAppTransportSecurity`) means its dictionary, or each dictionary item of its array.
  package var within: [String]
  /// True when the key's dictionary holds names you choose (domains under
  /// `NSExceptionDomains`), each with a dictionary of the keys listed `within` this key.
  package var childKeysAreNames: Bool
  /// True for purpose strings (`NS…UsageDescription` and friends).
  package var isPurposeString: Bool
  /// True when an empty string is a meaningful value for the key.
  package var allowsEmpty: Bool
  /// A caveat about the facts: from Apple's archive only, or unclear on Apple's pages.
  package var note: String?
  /// One line in our own words.
  package var summary: String
  /// The Apple page for the key.
  package var url: String

  /// Creates an entry.
  package init(
    _ key: String, display: String? = nil, types: [PlistKind], home: Home = .infoPlist,
    platforms: [Platform: String] = [:], deprecation: Deprecation? = nil,
    deprecations: [Deprecation] = [], allowedValues: [String] = [],
    valuePlatforms: [String: [Platform]] = [:], closedValues: Bool = false,
    within: [String] = [""], childKeysAreNames: Bool = false, purposeString: Bool = false,
    allowsEmpty: Bool = false, note: String? = nil, summary: String, url: String
  ) {
    self.key = key
    displayName = display
    self.types = types
    self.home = home
    self.platforms = platforms
    self.deprecations = (deprecation.map { [$0] } ?? []) + deprecations
    self.allowedValues = allowedValues
    self.valuePlatforms = valuePlatforms
    self.closedValues = closedValues
    self.within = within
    self.childKeysAreNames = childKeysAreNames
    isPurposeString = purposeString
    self.allowsEmpty = allowsEmpty
    self.note = note
    self.summary = summary
    self.url = url
  }

  /// The first deprecation, when Apple deprecated the key.
  package var deprecation: Deprecation? {
    get { deprecations.first }
    set { deprecations = newValue.map { [$0] } ?? [] }
  }

  /// True for a key of the file's root dictionary.
  package var isTopLevel: Bool { within.contains("") }

  /// True when the key applies to `platform` (every key with no platforms listed does).
  ///
  /// iPadOS and Mac Catalyst read the iOS keys.
  package func applies(to platform: Platform) -> Bool {
    platforms.isEmpty || platforms[platform] != nil
      || (platform == .iPadOS && platforms[.iOS] != nil)
      || (platform == .macCatalyst && platforms[.iOS] != nil)
  }

  /// True when a value of kind `kind` is one Apple documents for the key (`integer` and `real`
  /// count as the same "Number").
  package func accepts(_ kind: PlistKind) -> Bool {
    if types.isEmpty || types.contains(kind) { return true }
    let numbers: Set<PlistKind> = [.integer, .real]
    return numbers.contains(kind) && !numbers.isDisjoint(with: types)
  }

  /// The deprecations that apply on `platform` (one without a platform applies everywhere;
  /// iPadOS and Mac Catalyst follow iOS unless they have their own).
  package func deprecations(on platform: Platform) -> [Deprecation] {
    let own = deprecations.filter { $0.platform == nil || $0.platform == platform }
    if !own.isEmpty || !(platform == .iPadOS || platform == .macCatalyst) { return own }
    return deprecations.filter { $0.platform == .iOS }
  }

  /// True when the key is deprecated on every platform it applies to (so any target is hit).
  package var isDeprecatedEverywhere: Bool {
    guard !deprecations.isEmpty else { return false }
    if deprecations.contains(where: { $0.platform == nil }) { return true }
    guard !platforms.isEmpty else { return false }
    return platforms.keys.allSatisfy { !deprecations(on: $0).isEmpty }
  }

  /// The platforms where `value` is available, or nil when the value has no limit of its own.
  package func platforms(ofValue value: String) -> [Platform]? { valuePlatforms[value] }
}

extension PlistKind {
  /// The kind as Apple's pages name it ("Boolean", "string", "array").
  package var appleName: String {
    switch self {
    case .boolean: "Boolean"
    case .integer, .real: "number"
    default: rawValue
    }
  }
}
