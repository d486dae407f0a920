import PlistBundle
import PlistCore
import PlistEditing
import PlistRules

extension Session {
  /// Arranges NEW of `comparison` as the tree, puts back in place what only OLD had, marks
  /// every change, and lints NEW.
  ///
  /// - Parameters:
  ///   - comparison: OLD and NEW, compared (`BuildComparison`).
  ///   - oldName: what OLD is called (the path given), for the title and the detail pane.
  ///   - newName: what NEW is called.
  ///   - linter: the linter the comparison was made with (its platforms and distribution).
  package init(
    comparison: BuildComparison, oldName: String, newName: String, linter: Linter = Linter()
  ) {
    self.init(
      title: oldName + " → " + newName, bundle: comparison.new, linter: linter,
      comparison: SessionComparison(comparison: comparison, oldName: oldName, newName: newName))
  }

  /// Why nothing in a compared session can be edited or saved.
  static let comparisonReadOnly =
    "a comparison is shown read-only; open NEW on its own (infoscope PATH) to edit it"

  /// Puts back what only OLD had, marks the changes and lists them in document order (the
  /// rows must be ranked after, for ``precedesInDocument(_:_:)``).
  mutating func putBackRemoved() {
    guard var view = comparison else { return }
    let compared = view.comparison
    var shownFile: [String: Int] = [:]
    for (f, file) in files.enumerated() where shownFile[file.path] == nil {
      shownFile[file.path] = f
    }
    let newBundles = bundle.allBundles
    var branchOf: [String: Int] = [:]
    for (b, node) in newBundles.enumerated() where b < branches.count { branchOf[node.path] = b }
    // Bundles only OLD had, parents first, under the counterpart of their parent in OLD.
    var oldParent: [String: String] = [:]
    for node in compared.old.allBundles {
      for child in node.children { oldParent[child.path] = node.path }
    }
    var counterpart: [String: Int] = [:]
    for pair in compared.bundles {
      if let old = pair.old, let new = pair.new, let b = branchOf[new.path] {
        counterpart[old.path] = b
      }
      if pair.old == nil, let new = pair.new, let b = branchOf[new.path] {
        view.rowMarks[.branch(b)] = .added
      }
    }
    let gone = compared.bundles.compactMap { $0.new == nil ? $0.old : nil }
      .sorted { $0.path.count < $1.path.count }
    for node in gone {
      let parent = oldParent[node.path].flatMap { counterpart[$0] }
      let index = branches.count
      branches.append(
        Branch(
          path: node.path, kind: node.kind, platforms: node.platforms,
          identifier: node.identifier, version: Self.version(of: node), parent: parent,
          children: []))
      counterpart[node.path] = index
      view.removedBranches.insert(index)
      view.rowMarks[.branch(index)] = .removed
      if let parent {
        branches[parent].children.append(.branch(index))
      } else {
        roots.append(.branch(index))
      }
    }
    for pair in compared.files {
      if let new = pair.new {
        guard let f = shownFile[new.path] else { continue }
        view.pairs[f] = pair
        switch pair.status {
        case .added: view.rowMarks[.node(file: f, path: [])] = .added
        case .changed where pair.changes.isEmpty:
          view.rowMarks[.node(file: f, path: [])] = .changed
        case .changed: markChanges(pair.changes, file: f, in: &view)
        default: break
        }
      } else if let old = pair.old, pair.status == .removed,
        old.document != nil || old.problem?.kind == .plist
      {
        let branch = pair.oldBundle.flatMap { counterpart[$0] }
        files.append(
          File(
            path: old.path, role: old.role, document: old.document,
            problem: old.problem.map { $0.message }, branch: branch, size: old.size,
            isGenerated: old.isGenerated))
        let f = files.count - 1
        view.pairs[f] = pair
        view.removedFiles.insert(f)
        view.rowMarks[.node(file: f, path: [])] = .removed
        if pair.withItsBundle { view.removedWithBundle.insert(.node(file: f, path: [])) }
        let row = OutlineItem.node(file: f, path: [])
        if let branch {
          // After the bundle's other files, before its nested bundles.
          let children = branches[branch].children
          let at = children.lastIndex { if case .node = $0 { true } else { false } }
          branches[branch].children.insert(row, at: at.map { $0 + 1 } ?? 0)
        } else {
          roots.append(row)
        }
      }
    }
    mirrorOntoSourceFiles(&view)
    for (f, put) in view.restored {
      view.restoredDepths[f] = Set(put.keys.map(\.count))
    }
    // What each row holds below it.
    let marked =
      Array(view.changes.keys)
      + view.rowMarks.keys.filter {
        view.rowMarks[$0] != .holds && !view.removedWithBundle.contains($0)
      }
    for item in marked {
      var current: OutlineItem? = item
      if case .node(let file, let path) = item, !path.isEmpty {
        let top = max(0, path.count - SessionComparison.holderDepth)
        for depth in stride(from: path.count - 1, through: top, by: -1) {
          view.held[.node(file: file, path: Array(path[..<depth])), default: 0] += 1
        }
        if top > 0 { view.held[.node(file: file, path: []), default: 0] += 1 }
        // A mirrored change is counted once above its file: on the generated Info.plist's side.
        current = view.mirrored.contains(item) ? nil : .node(file: file, path: [])
      }
      current = current.flatMap { parent(of: $0) }
      while let at = current {
        view.held[at, default: 0] += 1
        current = parent(of: at)
      }
    }
    comparison = view
  }

  /// A project's generated Info.plist is compared, but its values are written in the source
  /// Info.plist: a changed or added key whose value NEW takes from that file is marked on the
  /// source file's row too (not a stop of its own: `]c` visits the change once).
  private func mirrorOntoSourceFiles(_ view: inout SessionComparison) {
    let generated = view.changes.filter { item, _ in
      if case .node(let file, _) = item { return files[file].isGenerated }
      return false
    }
    guard !generated.isEmpty else { return }
    for (item, change) in generated where change.kind != .removed {
      guard case .node(let g, _) = item, case .key(let key)? = change.path.components.first,
        let effective = effectiveInfoPlist(of: g),
        case .file(let path, _)? = effective[key]?.source,
        let source = files.indices.first(where: { files[$0].path == path && !files[$0].isGenerated }
        )
      else { continue }
      let row = indexPath(of: change.path, in: source)
      guard row.count == change.path.components.count else { continue }
      let mirror = OutlineItem.node(file: source, path: row)
      if view.changes[mirror] == nil {
        view.changes[mirror] = change
        view.mirrored.insert(mirror)
      }
    }
  }

  /// Marks the changes of file `f`, putting its removed nodes back in place first.
  private mutating func markChanges(
    _ changes: [ValueChange], file f: Int, in view: inout SessionComparison
  ) {
    guard var root = files[f].root else { return }
    /// The index path of `keyPath` in NEW's file, when every step resolves.
    func resolved(_ keyPath: KeyPath) -> [Int]? {
      let path = indexPath(of: keyPath, in: f)
      return path.count == keyPath.components.count ? path : nil
    }
    // Index paths in NEW's file, before anything is put back.
    var kept: [([Int], ValueChange)] = []
    var putBack: [[Int]: [ValueChange]] = [:]
    for change in changes {
      if change.kind == .removed {
        guard let place = change.newPlace, let parent = resolved(place.parent) else { continue }
        putBack[parent, default: []].append(change)
      } else if let path = resolved(change.path) {
        kept.append((path, change))
      }
    }
    var restored: [[Int]: [Int]] = [:]
    func shown(_ path: [Int]) -> [Int] {
      var result: [Int] = []
      for index in path {
        var at = index
        for slot in restored[result] ?? [] where slot <= at { at += 1 }
        result.append(at)
      }
      return result
    }
    // Shallow containers first: what is put back there moves the deeper ones, not the reverse.
    for parent in putBack.keys.sorted(by: { $0.count < $1.count }) {
      let at = shown(parent)
      let group = (putBack[parent] ?? []).enumerated().sorted {
        ($0.element.newPlace?.index ?? 0, $0.offset) < ($1.element.newPlace?.index ?? 0, $1.offset)
      }
      // One pass over the container, however many are put back in it.
      let ghosts = group.map(\.element).filter { $0.old != nil }
      var slots: [Int] = []
      var placed: [ValueChange] = []
      try? TreeAccess.modify(at: at, in: &root) { (node) throws(EditError) in
        func merge<Element>(_ items: [Element], _ ghost: (ValueChange) -> Element?) -> [Element] {
          var merged: [Element] = []
          merged.reserveCapacity(items.count + ghosts.count)
          var g = 0
          for i in 0...items.count {
            while g < ghosts.count, (ghosts[g].newPlace?.index ?? 0) <= i || i == items.count {
              if let element = ghost(ghosts[g]) {
                slots.append(merged.count)
                placed.append(ghosts[g])
                merged.append(element)
              }
              g += 1
            }
            if i < items.count { merged.append(items[i]) }
          }
          return merged
        }
        switch node.value {
        case .dictionary(var dictionary):
          node.value = .string("")
          dictionary.entries = merge(dictionary.entries) { change in
            guard case .key(let key)? = change.oldPath?.components.last, let old = change.old
            else { return nil }
            return PlistEntry(key: key, node: old)
          }
          node.value = .dictionary(dictionary)
        case .array(var items):
          node.value = .string("")
          items = merge(items) { change in
            guard case .index? = change.oldPath?.components.last else { return nil }
            return change.old
          }
          node.value = .array(items)
        default:
          return
        }
      }
      for (slot, change) in zip(slots, placed) {
        view.changes[.node(file: f, path: at + [slot])] = change
      }
      if !slots.isEmpty { restored[at] = slots }
    }
    for (path, change) in kept { view.changes[.node(file: f, path: shown(path))] = change }
    if !restored.isEmpty {
      view.restored[f] = restored
      files[f].document?.root = root
    }
  }

  /// Places the findings of a compared session: NEW's findings are new or unchanged (the
  /// release checks' are new), and OLD's resolved ones follow, each on the row where it was
  /// (NEW's counterpart of its key, or the row put back), marking nothing.
  mutating func groupFindings() {
    guard var view = comparison else { return }
    let compared = view.comparison
    // As the reports count them: unchanged when OLD has the same finding; new otherwise,
    // in a file the comparison pairs (a release check's included); not compared in a file
    // it leaves out (a bundle's other files, against a single file).
    let unchanged = Set(compared.findings?.unchanged ?? [])
    let outside = Set(compared.findings?.notCompared ?? [])
    let release = Set(compared.releaseFindings)
    var newFile: [String: Int] = [:]
    for (f, file) in files.enumerated()
    where newFile[file.path] == nil && !view.removedFiles.contains(f) {
      newFile[file.path] = f
    }
    view.groups = findings.map { finding in
      if release.contains(finding) { return .new }
      if unchanged.contains(finding) { return .unchanged }
      if outside.contains(finding) { return .notCompared }
      guard let f = newFile[finding.file], let status = view.pairs[f]?.status,
        status != .notCompared
      else { return .notCompared }
      return .new
    }
    var shownFile: [String: Int] = [:]
    for (f, pair) in view.pairs {
      if let old = pair.old, shownFile[old.path] == nil { shownFile[old.path] = f }
    }
    for finding in compared.findings?.resolved ?? [] {
      findings.append(finding)
      view.groups.append(.resolved)
      findingItems.append(
        shownFile[finding.file].map {
          .node(file: $0, path: indexPath(of: finding.keyPath, in: $0))
        }
      )
    }
    comparison = view
  }

  /// A row's one-line preview of `value` (``RowText/preview(_:)``); in a comparison, a
  /// container counts NEW's items and says how many removed ones it shows.
  package func preview(_ item: OutlineItem, _ value: PlistValue) -> (text: String, role: ThemeRole)
  {
    var preview = RowText.preview(value)
    if let removed = comparison?.restoredCount(item), removed > 0 {
      preview.text = RowText.items((value.childCount ?? 0) - removed, removed: removed)
    }
    return preview
  }

  /// The number an array item's row shows: its index in NEW's array, or in OLD's for an item
  /// put back; nil for a row that is no array item.
  package func itemNumber(_ item: OutlineItem) -> Int? {
    guard case .node(let file, let path) = item, let last = path.last,
      let parent = node(.node(file: file, path: Array(path.dropLast()))),
      case .array = parent.value
    else { return nil }
    guard let comparison, comparison.hasRestoredRows(file) else { return last }
    if let change = comparison.changes[item], change.kind == .removed,
      case .index(let old)? = change.oldPath?.components.last
    {
      return old
    }
    return comparison.newIndex(file: file, parent: Array(path.dropLast()), last)
  }
}
