import PlistBundle
import PlistCore

/// One key of a property list, as the catalog-driven rules see it.
///
/// A class, so that handing a visit to each of the rules that walk the same keys retains one
/// object rather than copying a catalog entry's many fields.
final class CatalogVisit: Sendable {
  /// The key as written.
  let key: String
  /// Its path.
  let path: KeyPath
  /// Its value.
  let node: PlistNode
  /// The dictionary that holds it.
  let dictionary: PlistDictionary
  /// The catalog container of that dictionary (`""`: the root).
  let parent: String
  /// The catalog entry for the key, when the key is known where it stands (device suffixes
  /// resolved).
  let entry: KnownKey?
  /// True for a key of the root dictionary (the keys a walk that is not `nested` visits).
  let atRoot: Bool

  /// A visit of `key` at `path`, holding `node`, in `dictionary` (the catalog's `parent`).
  init(
    key: String, path: KeyPath, node: PlistNode, dictionary: PlistDictionary, parent: String,
    entry: KnownKey?, atRoot: Bool
  ) {
    self.key = key
    self.path = path
    self.node = node
    self.dictionary = dictionary
    self.parent = parent
    self.entry = entry
    self.atRoot = atRoot
  }
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
  ///
  /// The keys come from `subject.catalogVisits` when the linter has walked the subject
  /// already (once for all the rules that walk it), else from a walk made now.
  static func visit(_ subject: LintSubject, nested: Bool = true, _ body: (CatalogVisit) -> Void) {
    if let visits = subject.catalogVisits {
      for visit in visits where nested || visit.atRoot { body(visit) }
      return
    }
    guard let root = subject.dictionary else { return }
    visit(root, at: .root, parent: "", nested: nested, depth: 0, body)
  }

  /// Every key the nested walk of `subject` visits, in the order it visits them; empty when
  /// the root is not a dictionary.
  static func visits(_ subject: LintSubject) -> [CatalogVisit] {
    var visits: [CatalogVisit] = []
    guard let root = subject.dictionary else { return visits }
    visit(root, at: .root, parent: "", nested: true, depth: 0) { visits.append($0) }
    return visits
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
          entry: entry, atRoot: depth == 0))
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
  var hasBuildSettingPlaceholder: Bool {
    hasDollar(before: [UInt8(ascii: "("), UInt8(ascii: "{")])
  }

  /// True when the text holds `$` directly followed by one of `next` (read as bytes: Foundation's
  /// `contains` goes through `NSString`, which costs when every key of a file is asked).
  func hasDollar(before next: [UInt8]) -> Bool {
    var previousIsDollar = false
    for byte in utf8 {
      if previousIsDollar, next.contains(byte) { return true }
      previousIsDollar = byte == UInt8(ascii: "$")
    }
    return false
  }

  /// True when the text is empty or only whitespace (`Character.isWhitespace`).
  ///
  /// Nearly every value starts with a printable ASCII byte, which answers at once; only the
  /// rest are read character by character.
  var isBlank: Bool {
    guard let first = utf8.first else { return true }
    if first > 0x20, first < 0x7F { return false }
    return allSatisfy { $0.isWhitespace }
  }
}

/// Which keys a targeted platform reads, beyond the platforms a key's page lists.
enum PlatformReach {
  /// Platforms Apple's availability lists leave out although the key applies there
  /// (metadata alone gives false findings on these: the availability on
  /// https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity
  /// omits tvOS, and on
  /// https://developer.apple.com/documentation/bundleresources/entitlements/aps-environment
  /// Mac Catalyst).
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
