import Foundation
import PlistBundle
import PlistCore

/// A bundle of OLD and its counterpart in NEW, or a bundle only one of them has.
package struct BundlePair: Sendable {
  /// How the two bundles were found to be the same one.
  package enum Match: String, Sendable, Hashable {
    /// The same `CFBundleIdentifier` (the only bundle with it on each side).
    case identifier
    /// The same place: the top-level bundle of each input, or the same path inside the
    /// matched top-level bundle (`PlugIns/Share.appex`).
    case path
    /// The same kind and folder name (a project target against the bundle it builds, an
    /// extension moved to another folder).
    case name
  }

  /// The bundle in OLD; nil when NEW adds it.
  package var old: BundleNode?
  /// The bundle in NEW; nil when NEW removes it.
  package var new: BundleNode?
  /// How they were matched; nil for a bundle one side has alone.
  package var match: Match?
  /// True for the pair of top-level applications (each input's first top-level app, watch app
  /// or App Clip): the bundle App Store Connect files an upload under.
  package var isMain = false

  /// True when the bundle has another path in NEW.
  package var moved: Bool {
    guard let old, let new else { return false }
    return old.path != new.path
  }
}

/// How two inputs' bundles and files correspond, found with hash tables (never pairwise).
///
/// Bundles are matched, in this order, by identifier (the only bundle with it on each side), by
/// place (each input's top-level bundles of one kind in order, when neither input is a project;
/// then the same path inside matched top-level bundles), then by kind and folder name (unique
/// on each side). Files are matched inside matched bundles by role and path, then by role alone
/// when one file on each side has it, then an entitlements file with signed entitlements; the
/// files outside bundles likewise. Two single files are each other's counterpart whatever
/// their names; a single file against a bundle is matched with the main bundle's file of its
/// role.
struct InputMatching {
  /// One bundle of an input, with what matching needs.
  struct Entry {
    var node: BundleNode
    /// The index of its top-level bundle in the input.
    var top: Int
    /// True for a top-level bundle.
    var isTop: Bool
    /// Its path inside its top-level bundle (`""` for the top-level bundle itself).
    var relative: String
    /// Its identifier in lower case, when it has one without placeholders.
    var identifier: String?
    /// Its folder name without extension, in lower case (`share` for `PlugIns/Share.appex`).
    var name: String
  }

  var bundles: [BundlePair] = []

  /// Matches the bundles of `old` and `new`.
  init(old: AppBundle, new: AppBundle) {
    let olds = Self.entries(old)
    let news = Self.entries(new)
    var oldMatch = [Int?](repeating: nil, count: olds.count)
    var newMatch = [Int?](repeating: nil, count: news.count)
    var reasons: [Int: BundlePair.Match] = [:]
    func pair(_ i: Int, _ j: Int, _ reason: BundlePair.Match) {
      oldMatch[i] = j
      newMatch[j] = i
      reasons[j] = reason
    }
    // 1. The same identifier, when it is the only bundle with it on each side.
    var oldByIdentifier: [String: [Int]] = [:]
    for (i, entry) in olds.enumerated() {
      if let id = entry.identifier { oldByIdentifier[id, default: []].append(i) }
    }
    var newByIdentifier: [String: [Int]] = [:]
    for (j, entry) in news.enumerated() {
      if let id = entry.identifier { newByIdentifier[id, default: []].append(j) }
    }
    for (id, js) in newByIdentifier where js.count == 1 {
      if let matches = oldByIdentifier[id], matches.count == 1 {
        pair(matches[0], js[0], .identifier)
      }
    }
    // 2. The same place: top-level bundles of a kind in order (built inputs and bare files
    //    only: a project's targets have no order to go by), then paths inside matched tops.
    if old.inputKind != .project, new.inputKind != .project {
      var oldTops: [BundleKind: [Int]] = [:]
      for (i, entry) in olds.enumerated() where entry.isTop && oldMatch[i] == nil {
        oldTops[entry.node.kind, default: []].append(i)
      }
      var newTops: [BundleKind: [Int]] = [:]
      for (j, entry) in news.enumerated() where entry.isTop && newMatch[j] == nil {
        newTops[entry.node.kind, default: []].append(j)
      }
      for (kind, js) in newTops {
        for (i, j) in zip(oldTops[kind] ?? [], js) { pair(i, j, .path) }
      }
    }
    var topPair: [Int: Int] = [:]
    for (i, entry) in olds.enumerated() where entry.isTop {
      if let j = oldMatch[i], news[j].isTop { topPair[entry.top] = news[j].top }
    }
    var oldByPlace: [String: Int] = [:]
    for (i, entry) in olds.enumerated() where !entry.isTop && oldMatch[i] == nil {
      if let top = topPair[entry.top] { oldByPlace["\(top)/\(entry.relative)"] = i }
    }
    for (j, entry) in news.enumerated() where !entry.isTop && newMatch[j] == nil {
      if let i = oldByPlace["\(entry.top)/\(entry.relative)"], oldMatch[i] == nil {
        pair(i, j, .path)
      }
    }
    // 3. The same kind and folder name, unique on each side.
    func nameKey(_ entry: Entry) -> String { entry.node.kind.rawValue + "/" + entry.name }
    var oldByName: [String: [Int]] = [:]
    for (i, entry) in olds.enumerated() where oldMatch[i] == nil {
      oldByName[nameKey(entry), default: []].append(i)
    }
    var newByName: [String: [Int]] = [:]
    for (j, entry) in news.enumerated() where newMatch[j] == nil {
      newByName[nameKey(entry), default: []].append(j)
    }
    for (key, js) in newByName where js.count == 1 {
      if let matches = oldByName[key], matches.count == 1 { pair(matches[0], js[0], .name) }
    }
    // The main pair: each side's first top-level application, watch app or App Clip.
    let apps: Set<BundleKind> = [.application, .watchApplication, .appClip]
    let mainOld = olds.firstIndex { $0.isTop && apps.contains($0.node.kind) }
    let mainNew = news.firstIndex { $0.isTop && apps.contains($0.node.kind) }
    // NEW's order, each bundle OLD alone has after the last pair before it.
    var emitted = [Bool](repeating: false, count: olds.count)
    var cursor = 0
    func flush(upTo end: Int) {
      while cursor < end {
        if oldMatch[cursor] == nil, !emitted[cursor] {
          bundles.append(BundlePair(old: olds[cursor].node, new: nil, match: nil))
          emitted[cursor] = true
        }
        cursor += 1
      }
    }
    for (j, entry) in news.enumerated() {
      if let i = newMatch[j] {
        flush(upTo: i)
        if cursor == i { cursor = i + 1 }
        var pair = BundlePair(old: olds[i].node, new: entry.node, match: reasons[j])
        // The built side says which bundle is the app (a project lists its targets flat).
        pair.isMain =
          new.isBuilt || !old.isBuilt ? mainNew == j && mainNew != nil : mainOld == i
        bundles.append(pair)
      } else {
        bundles.append(BundlePair(old: nil, new: entry.node, match: nil))
      }
    }
    flush(upTo: olds.count)
  }

  /// Every bundle of `input`, depth first.
  static func entries(_ input: AppBundle) -> [Entry] {
    var result: [Entry] = []
    func visit(_ node: BundleNode, top: Int, topPath: String) {
      let isTop = node.path == topPath
      var relative = node.path
      if !isTop {
        relative = topPath.isEmpty ? node.path : String(node.path.dropFirst(topPath.count + 1))
      }
      var identifier = node.identifier?.lowercased()
      if let id = identifier, id.isEmpty || id.contains("$(") || id.contains("${") {
        identifier = nil
      }
      var name = node.name
      if name.isEmpty { name = URL(fileURLWithPath: input.inputPath).lastPathComponent }
      if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        name = String(name[..<dot])
      }
      result.append(
        Entry(
          node: node, top: top, isTop: isTop, relative: relative, identifier: identifier,
          name: name.lowercased()))
      for child in node.children { visit(child, top: top, topPath: topPath) }
    }
    for (index, bundle) in input.bundles.enumerated() {
      visit(bundle, top: index, topPath: bundle.path)
    }
    return result
  }

  /// Pairs the files of one side with the other's: by role and path (relative to the bundle),
  /// then by role when one file on each side has it, then entitlements with signed
  /// entitlements.
  ///
  /// - Parameters:
  ///   - old: OLD's files, in order.
  ///   - oldBase: the folder OLD's paths are relative to (its bundle's path, or `""`).
  ///   - new: NEW's files.
  ///   - newBase: likewise for NEW.
  /// - Returns: index pairs in NEW's order, each file OLD alone has after the last pair before
  ///   it; `nil` on the side that lacks the file.
  static func files(
    old: [BundleFile], oldBase: String, new: [BundleFile], newBase: String
  ) -> [(old: Int?, new: Int?)] {
    func relative(_ path: String, _ base: String) -> String {
      base.isEmpty || !path.hasPrefix(base + "/") ? path : String(path.dropFirst(base.count + 1))
    }
    var oldMatch = [Int?](repeating: nil, count: old.count)
    var newMatch = [Int?](repeating: nil, count: new.count)
    var byPlace: [String: Int] = [:]
    for (i, file) in old.enumerated() {
      let key = file.role.rawValue + "|" + relative(file.path, oldBase)
      if byPlace[key] == nil { byPlace[key] = i }
    }
    for (j, file) in new.enumerated() {
      let key = file.role.rawValue + "|" + relative(file.path, newBase)
      if let i = byPlace[key], oldMatch[i] == nil {
        oldMatch[i] = j
        newMatch[j] = i
      }
    }
    func byRole(_ files: [BundleFile], _ matched: [Int?]) -> [FileRole: [Int]] {
      var result: [FileRole: [Int]] = [:]
      for (i, file) in files.enumerated() where matched[i] == nil {
        result[file.role, default: []].append(i)
      }
      return result
    }
    let oldRoles = byRole(old, oldMatch)
    let newRoles = byRole(new, newMatch)
    for (role, js) in newRoles where js.count == 1 {
      if let matches = oldRoles[role], matches.count == 1 {
        oldMatch[matches[0]] = js[0]
        newMatch[js[0]] = matches[0]
      }
    }
    // A project's entitlements file against the entitlements signed into the build.
    let families: [(FileRole, FileRole)] = [
      (.entitlements, .signedEntitlements), (.signedEntitlements, .entitlements),
    ]
    for (oldRole, newRole) in families {
      let matches = old.indices.filter { oldMatch[$0] == nil && old[$0].role == oldRole }
      let js = new.indices.filter { newMatch[$0] == nil && new[$0].role == newRole }
      if matches.count == 1, js.count == 1 {
        oldMatch[matches[0]] = js[0]
        newMatch[js[0]] = matches[0]
      }
    }
    var result: [(old: Int?, new: Int?)] = []
    var cursor = 0
    func flush(upTo end: Int) {
      while cursor < end {
        if oldMatch[cursor] == nil { result.append((cursor, nil)) }
        cursor += 1
      }
    }
    for j in new.indices {
      if let i = newMatch[j] {
        flush(upTo: i)
        if cursor == i { cursor = i + 1 }
        result.append((i, j))
      } else {
        result.append((nil, j))
      }
    }
    flush(upTo: old.count)
    return result
  }
}
