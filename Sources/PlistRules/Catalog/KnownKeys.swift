/// The key catalog: every key infoscope knows, looked up by raw name or Xcode display name.
///
/// The tables live in `KnownKeys+<Area>.swift`, one per area of the seeds; `all` joins them.
package enum KnownKeys {
  /// Every entry, in table order.
  package static let all: [KnownKey] = bundle + starter + purposeStrings

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

  /// The entry for a raw key, or nil.
  package static func entry(_ key: String) -> KnownKey? { byKey[key] }
}
