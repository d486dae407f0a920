import Foundation
import PlistCore
import TestSupport

@testable import PlistEditing

/// Makes random edits that are valid for the tree they are asked for: replace a scalar (keeping
/// its location as the editor does, or not), replace any node by a small container, insert a
/// random key or item (scalars and small containers), remove, rename to a fresh key, move.
struct RandomEdits {
  var rng: SplitMix64
  private var fresh = 0

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  /// One node of the tree, as the generator sees it.
  private struct Site {
    var path: [Int]
    var kind: PlistKind
    /// Children of a container.
    var count: Int
    /// Whether the node is an entry of a dictionary (it has a key).
    var keyed: Bool
    /// Children of the node's parent (0 for the root).
    var siblings: Int
  }

  private static func sites(of root: PlistNode) -> [Site] {
    var result: [Site] = []
    var stack: [(PlistNode, [Int], Bool, Int)] = [(root, [], false, 0)]
    while let (node, path, keyed, siblings) = stack.popLast() {
      let count = node.value.childCount ?? 0
      result.append(
        Site(path: path, kind: node.value.kind, count: count, keyed: keyed, siblings: siblings))
      switch node.value {
      case .array(let items):
        for (i, item) in items.enumerated() { stack.append((item, path + [i], false, count)) }
      case .dictionary(let d):
        for (i, entry) in d.entries.enumerated() {
          stack.append((entry.node, path + [i], true, count))
        }
      default: break
      }
    }
    return result
  }

  private mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }

  private mutating func pick<T>(_ items: [T]) -> T? {
    items.isEmpty ? nil : items[below(items.count)]
  }

  /// A key no entry of `dictionary` has.
  private mutating func freshKey(avoiding dictionary: PlistDictionary?) -> String {
    let decorations = ["", " & <co>", " ünï 🎉", ".with.dots", " "]
    while true {
      fresh += 1
      let key = "Fresh\(fresh)" + (pick(decorations) ?? "")
      if dictionary?.index(forKey: key) == nil { return key }
    }
  }

  static let strings = [
    "", " ", "plain", "a & b < c > d", "]]>", "\"quoted\" 'apos'", "tab\tand\nnewline",
    "ünïcødé 日本語 🎉", "  leading and trailing  ", "&amp; literally", "<key>k</key>",
    "${PRODUCT_NAME}", "com.example.app", "crlf\r\nline", "cr\ronly", "\n\tindented\n",
  ]

  /// A random scalar of any kind but UID (which XML cannot hold).
  mutating func scalar() -> PlistValue {
    switch below(7) {
    case 0: return .string(pick(Self.strings) ?? "")
    case 1: return .string("s\(rng.next() % 1000)" + (pick(Self.strings) ?? ""))
    case 2:
      let pool: [PlistInteger] = [
        PlistInteger(0), PlistInteger(-1), PlistInteger(42), PlistInteger(Int64.min),
        PlistInteger(Int64.max), PlistInteger(UInt64.max),
        PlistInteger(Int64(bitPattern: rng.next())),
      ]
      return .integer(pick(pool) ?? PlistInteger(0))
    case 3:
      // No -0.0: XML writes both zeros as 0.0, as CoreFoundation does, so its sign is lost.
      let pool: [Double] = [
        0.5, 0, 1e300, -2.5e-10, .infinity, -.infinity, .nan, 3, .pi,
        Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF),
      ]
      return .real(pick(pool) ?? 0)
    case 4: return .boolean(rng.next() & 1 == 0)
    case 5:
      // Whole seconds between 1970 and 2070, as XML dates carry no fraction.
      let seconds = Double(Int64(rng.next() % 3_155_760_000)) - 978_307_200
      return .date(PlistDate(secondsSinceReferenceDate: seconds))
    default:
      return .data(Data((0..<below(24)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
    }
  }

  /// A random node: mostly a scalar, sometimes a container of up to three children.
  mutating func node(depth: Int = 0) -> PlistNode {
    guard depth < 2, below(4) == 0 else { return PlistNode(scalar()) }
    let count = below(4)
    if rng.next() & 1 == 0 {
      return PlistNode(.array((0..<count).map { _ in node(depth: depth + 1) }))
    }
    var d = PlistDictionary()
    for _ in 0..<count {
      d.entries.append(PlistEntry(key: freshKey(avoiding: d), node: node(depth: depth + 1)))
    }
    return PlistNode(.dictionary(d))
  }

  /// One valid edit of `root`.
  mutating func edit(of root: PlistNode) -> Edit {
    let sites = Self.sites(of: root)
    let choice = below(100)
    if choice < 30, let site = pick(sites.filter { !$0.kind.isContainer }) {
      let old = (try? TreeAccess.node(at: site.path, in: root)) ?? PlistNode(.boolean(true))
      let value = scalar()
      // The editor keeps a scalar's location; a script might not.
      let node = below(4) == 0 ? PlistNode(value) : Edit.replacement(for: old, value: value)
      return .replace(at: site.path, with: node)
    }
    if choice < 35, let site = pick(sites.filter { $0.count < 4 }) {
      return .replace(at: site.path, with: node(depth: 1))
    }
    if choice < 45, let site = pick(sites.filter { !$0.path.isEmpty }) {
      return .remove(at: site.path)
    }
    if choice < 60, let site = pick(sites.filter(\.keyed)) {
      let parent = try? TreeAccess.node(at: Array(site.path.dropLast()), in: root)
      return .rename(at: site.path, to: freshKey(avoiding: parent?.value.dictionaryValue))
    }
    if choice < 75, let site = pick(sites.filter { $0.siblings >= 2 }),
      let index = site.path.last
    {
      var target = below(site.siblings - 1)
      if target >= index { target += 1 }
      return .move(at: site.path, to: target)
    }
    if let site = pick(sites.filter(\.kind.isContainer)) {
      let container = try? TreeAccess.node(at: site.path, in: root)
      let index = below(site.count + 1)
      // Sometimes a copy of a node of the tree, locations and all (duplicate, or paste after
      // cut), anywhere: the writer must not take it for the original.
      var node = node()
      if below(3) == 0, let copied = pick(sites),
        let original = try? TreeAccess.node(at: copied.path, in: root)
      {
        node = original
      }
      if site.kind == .dictionary {
        return .insert(
          parent: site.path, index: index,
          key: freshKey(avoiding: container?.value.dictionaryValue), node: node,
          keyLocation: .none)
      }
      return .insert(parent: site.path, index: index, key: nil, node: node, keyLocation: .none)
    }
    // A scalar root: replace it by a dictionary, which later edits can fill.
    return .replace(at: [], with: PlistNode(.dictionary(PlistDictionary())))
  }
}

extension PlistNode {
  /// True when the tree holds a UID anywhere (XML cannot hold one: it is written as a
  /// `CF$UID` dictionary).
  var containsUID: Bool {
    switch value {
    case .uid: true
    case .array(let items): items.contains { $0.containsUID }
    case .dictionary(let d): d.entries.contains { $0.node.containsUID }
    default: false
    }
  }
}

extension Edit {
  /// A one-line description for failure messages (values shown, not whole nodes).
  var summary: String {
    switch self {
    case .replace(let path, let node): "replace \(path) with \(node.value)"
    case .insert(let parent, let index, let key, let node, _):
      "insert \(key.map { "key \($0) " } ?? "")at \(parent)+\(index): \(node.value)"
    case .remove(let path): "remove \(path)"
    case .rename(let path, let key): "rename \(path) to \(key)"
    case .move(let path, let target): "move \(path) to \(target)"
    }
  }
}
