import PlistBundle
import PlistCore
import PlistRules

/// What the inspector shows of a comparison (`infoscope diff OLD NEW` on a terminal): NEW's
/// tree with each change marked on its row, the nodes, files and bundles only OLD had put back
/// in place (read from OLD), and NEW's findings split into new and unchanged, with OLD's
/// resolved ones after them.
///
/// Built once by ``Session/init(comparison:oldName:newName:linter:)``; a compared session is
/// read-only, so the marks never go stale.
package struct SessionComparison: Sendable {
  /// How a row differs from OLD.
  package enum Mark: String, Sendable, Hashable {
    /// NEW alone has it (a key, an item, a file or a bundle).
    case added
    /// OLD alone had it: the row is put back from OLD and is not in NEW's file.
    case removed
    /// Both have it, with another value or type.
    case changed
    /// An array with the same items in another order.
    case reordered
    /// Unchanged itself, but it holds changed rows.
    case holds

    /// The glyph the tree's change column shows: `+`, `-`, `~`, `↕`, `•`.
    package var glyph: String {
      switch self {
      case .added: "+"
      case .removed: "-"
      case .changed: "~"
      case .reordered: "↕"
      case .holds: "•"
      }
    }

    /// The mark of a change of `kind`.
    package init(_ kind: ValueChange.Kind) {
      switch kind {
      case .added: self = .added
      case .removed: self = .removed
      case .changed: self = .changed
      case .reordered: self = .reordered
      }
    }

    /// The theme role of the glyph (and of a removed row's text).
    package var role: ThemeRole {
      switch self {
      case .added: .diffAdded
      case .removed: .diffRemoved
      case .changed, .reordered: .diffChanged
      case .holds: .guide
      }
    }
  }

  /// Which part of the split findings list a finding is in.
  package enum FindingGroup: String, Sendable, Hashable, CaseIterable {
    /// NEW has it and OLD did not (the release checks' findings are new too).
    case new
    /// Both have it.
    case unchanged
    /// In a file the comparison leaves out (NEW's other files against a single file, or a
    /// file only one kind of input has), so neither new nor unchanged.
    case notCompared
    /// OLD had it and NEW no longer does (shown for reference; it marks no row).
    case resolved

    /// The place of the group in the findings list: new first, resolved last.
    package var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The glyph the findings list shows: `+`, `=`, `·`, `✓`.
    package var glyph: String {
      switch self {
      case .new: "+"
      case .unchanged: "="
      case .notCompared: "·"
      case .resolved: "✓"
      }
    }

    /// The glyph's theme role.
    package var role: ThemeRole {
      switch self {
      case .new: .diffChanged
      case .unchanged, .notCompared: .guide
      case .resolved: .diffAdded
      }
    }
  }

  /// The comparison, as made.
  package let comparison: BuildComparison
  /// What OLD is called (the path given).
  package let oldName: String
  /// What NEW is called.
  package let newName: String
  /// The change behind each row that has one of its own (removed rows: the root of what was
  /// put back), by row.
  package internal(set) var changes: [OutlineItem: ValueChange] = [:]
  /// How files and bundles compare, by row: `added`, `removed`, or `holds` for a changed
  /// file (a changed file whose property list did not differ, such as an executable whose
  /// architectures changed, is `changed`).
  package internal(set) var rowMarks: [OutlineItem: Mark] = [:]
  /// How many changes each row holds below it (files and bundles included).
  package internal(set) var held: [OutlineItem: Int] = [:]
  /// Files removed with their whole bundle: marked, but the bundle's row is the change (as
  /// the reports count it), so `]c` does not stop on them.
  package internal(set) var removedWithBundle: Set<OutlineItem> = []
  /// Rows of a project's source Info.plist marked with the change of the generated
  /// Info.plist's key whose value they give (not stops: the change is visited once).
  package internal(set) var mirrored: Set<OutlineItem> = []
  /// Rows with a change or mark of their own, in document order: what `]c` and `[c` visit.
  package internal(set) var stops: [OutlineItem] = []
  /// The file pair behind each file of the session, by file index.
  package internal(set) var pairs: [Int: FilePair] = [:]
  /// The group of each of the session's findings (same order as ``Session/findings``).
  package internal(set) var groups: [FindingGroup] = []
  /// Per file, the children put back from OLD.
  ///
  /// For each container (its index path in the file as shown), the indices of the children
  /// put back, ascending. A file with nothing put back has no entry.
  var restored: [Int: [[Int]: [Int]]] = [:]
  /// Per file: the depths (index path lengths) at which children were put back, so that
  /// asking whether a row is put back looks at those levels only.
  var restoredDepths: [Int: Set<Int>] = [:]
  /// Files and bundles shown only because OLD had them.
  package internal(set) var removedFiles: Set<Int> = []
  /// Bundle rows shown only because OLD had them.
  package internal(set) var removedBranches: Set<Int> = []

  /// Holders are counted this many levels up a file at most, so that a change 100,000
  /// levels down costs no more than a change near the top.
  static let holderDepth = 256

  /// Whether `item` is not in NEW: a row put back from OLD, inside one, or in a file or
  /// bundle only OLD had.
  package func isRemoved(_ item: OutlineItem) -> Bool {
    switch item {
    case .branch(let b): return removedBranches.contains(b)
    case .node(let file, let path):
      if removedFiles.contains(file) { return true }
      guard let byParent = restored[file], let depths = restoredDepths[file] else { return false }
      for depth in depths where depth < path.count {
        if byParent[Array(path[..<depth])]?.contains(path[depth]) == true { return true }
      }
      return false
    }
  }

  /// The mark the tree shows on `item`, if any.
  package func mark(_ item: OutlineItem) -> Mark? {
    if let change = changes[item] { return Mark(change.kind) }
    if let mark = rowMarks[item] { return mark }
    return held[item] != nil ? .holds : nil
  }

  /// Where OLD wrote the node behind `change` (a change of file `file`): `path:line` in
  /// OLD's file, or for a project's generated Info.plist, in the source Info.plist or at the
  /// build setting its value came from.
  package func oldPlace(of change: ValueChange, file: Int) -> String {
    guard let pair = pairs[file], let old = pair.old else { return "" }
    let line = change.oldLocation.line
    guard old.isGenerated else { return line > 0 ? "\(old.path):\(line)" : old.path }
    let effective = comparison.old.allBundles.first { $0.path == pair.oldBundle }?
      .effectiveInfoPlist
    if case .key(let key)? = change.oldPath?.components.first, let entry = effective?[key] {
      switch entry.source {
      case .file(let path, _): return line > 0 ? "\(path):\(line)" : path
      case .buildSetting(let name, let origin) where origin.line > 0:
        return "\(name) at \(origin.path):\(origin.line)"
      default: break
      }
    }
    return effective?.sourceFile?.path ?? old.path
  }

  /// The index of child `index` (as NEW's file has it) of the container at `parent` (as
  /// shown), with the rows put back before it counted in.
  func shownIndex(file: Int, parent: [Int], _ index: Int) -> Int {
    guard let put = restored[file]?[parent] else { return index }
    var shown = index
    for slot in put where slot <= shown { shown += 1 }
    return shown
  }

  /// The index NEW's file gives child `index` (as shown) of the container at `parent`: the
  /// rows put back before it do not count.
  func newIndex(file: Int, parent: [Int], _ index: Int) -> Int {
    guard let put = restored[file]?[parent] else { return index }
    return index - put.count { $0 < index }
  }

  /// How many of the rows inside `item` are put back from OLD (0 for a row inside one: its
  /// rows are all OLD's).
  package func restoredCount(_ item: OutlineItem) -> Int {
    guard case .node(let file, let path) = item, !isRemoved(item) else { return 0 }
    return restored[file]?[path]?.count ?? 0
  }

  /// Whether any container of file `file` has rows put back.
  func hasRestoredRows(_ file: Int) -> Bool { restored[file] != nil }
}
