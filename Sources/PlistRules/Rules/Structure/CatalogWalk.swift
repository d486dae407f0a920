import PlistBundle
import PlistCore

/// One key of a property list, as the catalog-driven rules see it.
struct CatalogVisit {
  /// The key as written.
  var key: String
  /// Its path.
  var path: KeyPath
  /// Its value.
  var node: PlistNode
  /// The dictionary that holds it.
  var dictionary: PlistDictionary
  /// The catalog container of that dictionary (`""`: the root).
  var parent: String
  /// The catalog entry for the key, when the key is known where it stands (device suffixes
  /// resolved).
  var entry: KnownKey?
}

/// Walks the dictionaries of a property list that the catalog describes: the root, and the
/// dictionaries (or array items) of keys the catalog lists sub-keys for.
enum CatalogWalk {
  /// The kinds of file the catalog describes.
  static let roles: Set<FileRole> = [
    .infoPlist, .entitlements, .signedEntitlements, .privacyManifest,
  ]

  /// Calls `body` for each key of the root dictionary, and, when `nested`, of each dictionary
  /// the catalog describes below it.
  static func visit(_ subject: LintSubject, nested: Bool = true, _ body: (CatalogVisit) -> Void) {
    guard let root = subject.dictionary else { return }
    visit(root, at: .root, parent: "", nested: nested, depth: 0, body)
  }

  private static func visit(
    _ dictionary: PlistDictionary, at path: KeyPath, parent: String, nested: Bool, depth: Int,
    _ body: (CatalogVisit) -> Void
  ) {
    guard depth < PlistLimits.maxDepth else { return }
    for item in dictionary.entries {
      let keyPath = path.appending(key: item.key)
      let entry = KnownKeys.entry(resolving: item.key).flatMap {
        $0.within.contains(parent) ? $0 : nil
      }
      body(
        CatalogVisit(
          key: item.key, path: keyPath, node: item.node, dictionary: dictionary, parent: parent,
          entry: entry))
      guard nested else { continue }
      let base = KnownKeys.splitDeviceSuffix(item.key).base
      guard let entry, KnownKeys.containers.contains(base) || entry.childKeysAreNames else {
        continue
      }
      switch item.node.value {
      case .dictionary(let child) where entry.childKeysAreNames:
        for named in child.entries {
          if let grandchild = named.node.value.dictionaryValue {
            visit(
              grandchild, at: keyPath.appending(key: named.key), parent: base, nested: nested,
              depth: depth + 2, body)
          }
        }
      case .dictionary(let child):
        visit(child, at: keyPath, parent: base, nested: nested, depth: depth + 1, body)
      case .array(let items):
        for (index, element) in items.enumerated() {
          if let child = element.value.dictionaryValue {
            visit(
              child, at: keyPath.appending(index: index), parent: base, nested: nested,
              depth: depth + 2, body)
          }
        }
      default:
        break
      }
    }
  }
}

extension Platform {
  /// The platform's name as Apple writes it ("Mac Catalyst").
  var displayName: String { self == .macCatalyst ? "Mac Catalyst" : rawValue }
}

extension KnownKey {
  /// The platforms the key lists, as Apple writes them, in `Platform` order ("iOS, iPadOS").
  var platformList: String { platforms.keys.sorted().map(\.displayName).listed }
}

extension Array where Element == String {
  /// The items joined as a person writes a list: "iOS", "iOS and macOS", "iOS, tvOS and macOS".
  var listed: String {
    guard count > 1, let last else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " and " + last
  }
}

extension String {
  /// True for a value that holds an Xcode build-setting placeholder (`$(VAR)` or `${VAR}`).
  var hasBuildSettingPlaceholder: Bool { contains("$(") || contains("${") }
}

/// Which keys a targeted platform reads, beyond the platforms a key's page lists.
enum PlatformReach {
  /// Platforms Apple's availability lists leave out although the key applies there
  /// (apple-rules.md §11: metadata alone gives false findings on these).
  static let unlistedPlatforms: [String: [Platform]] = [
    "aps-environment": [.macCatalyst],
    "NSAppTransportSecurity": [.tvOS],
    "UIApplicationSceneManifest": [.tvOS],
    "NSExtension": [.tvOS, .watchOS],
    // Read for iPhone and iPad apps on a Mac too: LSMinimumSystemVersion's page names "11 (iPhone
    // and iPad apps on Apple silicon)"; Xcode offers the App Category to iOS targets, and no
    // page says iOS ignores it, so neither is flagged there.
    "LSMinimumSystemVersion": [.iOS, .iPadOS],
    "LSApplicationCategoryType": [.iOS, .iPadOS],
  ]

  /// True when an app for `platform` may read `entry` in a file of `role`.
  ///
  /// iPadOS and Mac Catalyst read iOS keys; Mac Catalyst reads macOS keys too; visionOS runs
  /// iOS apps, so it reads iOS keys. In an entitlements file, iOS may stand for a Mac Catalyst
  /// build of the same target, so macOS entitlements are accepted there.
  static func reads(_ entry: KnownKey, on platform: Platform, role: FileRole) -> Bool {
    if entry.applies(to: platform) { return true }
    if unlistedPlatforms[entry.key]?.contains(platform) == true { return true }
    switch platform {
    case .macCatalyst: return entry.platforms[.macOS] != nil
    case .visionOS: return entry.platforms[.iOS] != nil
    case .iOS, .iPadOS:
      return role != .infoPlist && entry.platforms[.macOS] != nil
        && (entry.home == .entitlements)
    default: return false
    }
  }

  /// The targeted platforms that read `entry`, from `context` (empty when none does).
  static func readers(_ entry: KnownKey, _ context: LintContext, role: FileRole) -> [Platform] {
    context.platforms.filter { reads(entry, on: $0, role: role) }
  }
}
