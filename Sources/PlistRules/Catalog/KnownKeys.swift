import Foundation

/// The key catalog: every key infoscope knows, looked up by raw name, Xcode display name,
/// prefix (autocomplete) or near miss (typo detection).
///
/// The tables live in `KnownKeys+<Area>.swift`, one per area of the seeds; `all` joins them.
/// They are compiled in, so the binary needs no resource files wherever it is copied.
package enum KnownKeys {
  /// Every entry, in table order.
  package static let all: [KnownKey] =
    bundle + interface + capabilitiesAndModes + documents + transportSecurity
    + privacyKeys + privacyKeysMore + sandbox + entitlements + privacyManifestKeys + legacy

  /// Every purpose string (`NS…UsageDescription` and friends), from all the tables.
  package static let purposeStrings: [KnownKey] = all.filter(\.isPurposeString)

  /// Entries by raw key.
  package static let byKey: [String: KnownKey] = Dictionary(
    all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

  /// Entries by Xcode display name.
  package static let byDisplayName: [String: KnownKey] = Dictionary(
    all.compactMap { entry in entry.displayName.map { ($0, entry) } },
    uniquingKeysWith: { first, _ in first })

  /// The start of every Information Property List key page; a key's page adds its name in
  /// lower case.
  static let infoPage =
    "https://developer.apple.com/documentation/bundleresources/"
    + "information-property-list/"

  /// The start of every entitlement page; an entitlement's page adds its name in lower case.
  static let entitlementPage =
    "https://developer.apple.com/documentation/bundleresources/entitlements/"

  /// The start of the privacy-manifest key pages.
  static let privacyPage =
    "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"

  /// The archived Information Property List Key Reference, iOS keys.
  static let archiveIOSKeys =
    "https://developer.apple.com/library/archive/documentation/General/Reference/"
    + "InfoPlistKeyReference/Articles/iPhoneOSKeys.html"

  /// The device suffixes Apple's key-naming convention allows (`UISupportedInterfaceOrientations~ipad`),
  /// lower case; Apple also writes `~iPad`, so they match without regard to case.
  package static let deviceSuffixes = ["~ipad", "~iphone"]

  /// The entry for a raw key, or nil.
  package static func entry(_ key: String) -> KnownKey? { byKey[key] }

  /// The entry for an Xcode display name (`Privacy - Camera Usage Description`), or nil.
  package static func entry(displayName: String) -> KnownKey? { byDisplayName[displayName] }

  /// `key` without a device suffix, and the suffix as written (`""` when there is none).
  ///
  /// - Parameter key: a raw key such as `UISupportedInterfaceOrientations~iPad`.
  /// - Returns: the base key and the suffix: `("UISupportedInterfaceOrientations", "~iPad")`.
  package static func splitDeviceSuffix(_ key: String) -> (base: String, suffix: String) {
    // Every suffix starts with `~`; most keys have none, and lower-casing them costs.
    guard key.utf8.contains(UInt8(ascii: "~")) else { return (key, "") }
    let lowered = key.lowercased()
    for suffix in deviceSuffixes where lowered.hasSuffix(suffix) && key.count > suffix.count {
      let base = String(key.dropLast(suffix.count))
      return (base, String(key.suffix(suffix.count)))
    }
    return (key, "")
  }

  /// The entry for a raw key, reading a device-suffixed key (`…~ipad`) as its base key.
  package static func entry(resolving key: String) -> KnownKey? {
    byKey[key] ?? byKey[splitDeviceSuffix(key).base]
  }

  /// True when infoscope recognises `key` as one of Apple's, with or without a catalog entry
  /// (device suffixes resolved).
  package static func isRecognized(_ key: String) -> Bool {
    let base = splitDeviceSuffix(key).base
    return byKey[key] != nil || byKey[base] != nil || recognizedNames.contains(base)
  }

  /// The entries that may appear in the dictionary held by `parent` (`""`: the root).
  package static func entries(within parent: String) -> [KnownKey] {
    all.filter { $0.within.contains(parent) }
  }

  /// Autocomplete: the entries whose raw key or display name starts with `prefix`, ignoring
  /// case ("Privacy - Cam" finds `NSCameraUsageDescription`), in table order.
  ///
  /// - Parameters:
  ///   - prefix: what the user typed so far; an empty prefix matches nothing.
  ///   - parent: only entries that may appear in this parent's dictionary (`""`: the root);
  ///     nil for every entry.
  /// - Returns: the matching entries, those matching by raw key first.
  package static func matching(prefix: String, within parent: String? = nil) -> [KnownKey] {
    guard !prefix.isEmpty else { return [] }
    let candidates = parent.map { entries(within: $0) } ?? all
    func starts(_ text: String?) -> Bool {
      guard let text else { return false }
      return text.range(of: prefix, options: [.caseInsensitive, .anchored]) != nil
    }
    let byKey = candidates.filter { starts($0.key) }
    let byName = candidates.filter { !starts($0.key) && starts($0.displayName) }
    return byKey + byName
  }

  /// The known key that `key` most likely misspells, or nil.
  ///
  /// A near miss is the same key in another case (`UIRequiresFullscreen` →
  /// `UIRequiresFullScreen`), a known key written twice in a row (`LSTypeIsPackageLSTypeIsPackage`),
  /// for keys of 8 characters or more a known key within a Damerau-Levenshtein distance of 2
  /// (`CFBundleIdentifer`), or a known key of three words or more with one word replaced and a
  /// case error in the others (`CFBundledisplayTitle` → `CFBundleDisplayName`). A key with
  /// another vendor's prefix (`FBPlatformVersion`, Facebook's) is a different key, not a
  /// misspelling (`DTPlatformVersion`). A key that is itself known (including Apple keys
  /// without a catalog entry, and device-suffixed forms of known keys) is never a near miss,
  /// nor is a key holding a `$(VAR)` placeholder. A device suffix is set aside before
  /// comparing. The candidates are prepared once per parent (`NearMissIndex`), so the cost of
  /// a key does not grow with the document.
  ///
  /// - Parameters:
  ///   - key: the raw key as written.
  ///   - parent: the key whose dictionary holds it (`""`: the root); only entries that may
  ///     appear there are candidates.
  /// - Returns: the entry for the key it most likely means.
  package static func nearMiss(for key: String, within parent: String = "") -> KnownKey? {
    guard !key.hasDollar(before: [UInt8(ascii: "(")]), !isRecognized(key) else { return nil }
    let base = splitDeviceSuffix(key).base
    return NearMissIndex.shared.nearMiss(base, within: parent).map { all[$0] }
  }

  /// The optimal-string-alignment (restricted Damerau-Levenshtein) distance between `a` and
  /// `b`, or `limit + 1` as soon as it is sure to exceed `limit`.
  package static func damerauLevenshtein(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return limit + 1 }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}

extension KnownKeys {
  /// The parent keys whose dictionaries (or array items) the catalog lists keys for.
  package static let containers: Set<String> = Set(all.flatMap(\.within)).subtracting([""])
}
