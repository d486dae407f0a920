import PlistCore

/// Walking the tree: a row's node, key and key path, its children, parent and siblings, as
/// the ``Outline`` and the panes read them.
extension Session {
  /// The property-list node of a row, or `nil` for a branch or an unreadable file.
  ///
  /// The walk starts from the deepest node it shares with the previous lookup
  /// (``NodeLookup``): the rows of a frame are consecutive, so a tree 100,000 levels deep costs
  /// a step per row, not its depth per row.
  package func node(_ item: OutlineItem) -> PlistNode? {
    guard case .node(let file, let path) = item, let root = files[file].root else { return nil }
    return lookup.node(file: file, path: path, root: root)
  }

  /// The key of a row inside its dictionary (`nil` for array items, files and branches).
  package func key(_ item: OutlineItem) -> String? {
    guard case .node(let file, let path) = item, let last = path.last,
      let parent = node(.node(file: file, path: Array(path.dropLast()))),
      case .dictionary(let d) = parent.value, last < d.entries.count
    else { return nil }
    return d.entries[last].key
  }

  /// Where a dictionary entry's key is written, for a row inside a dictionary.
  package func keyLocation(_ item: OutlineItem) -> SourceLocation? {
    guard case .node(let file, let path) = item, let last = path.last,
      let parent = node(.node(file: file, path: Array(path.dropLast()))),
      case .dictionary(let d) = parent.value, last < d.entries.count,
      d.entries[last].keyLocation.line > 0
    else { return nil }
    return d.entries[last].keyLocation
  }

  /// The key path of a row in our syntax (`UISceneConfigurations.UIWindowSceneSessionRoleApplication[0]`).
  package func keyPath(_ item: OutlineItem) -> KeyPath {
    guard case .node(let file, let path) = item, var node = files[file].root else { return .root }
    var components: [KeyPath.Component] = []
    // In a comparison's tree, items put back from OLD do not count in NEW's indices, and a
    // row put back (or inside one) has OLD's key path.
    var restored = comparison?.hasRestoredRows(file) == true ? comparison : nil
    for (depth, i) in path.enumerated() {
      if let view = restored, view.restoredDepths[file]?.contains(depth) == true,
        let change = view.changes[.node(file: file, path: Array(path[...depth]))],
        change.kind == .removed, let old = change.oldPath
      {
        components = old.components
        restored = nil
        switch node.value {
        case .dictionary(let d) where i < d.entries.count: node = d.entries[i].node
        case .array(let a) where i < a.count: node = a[i]
        default: return KeyPath(components)
        }
        continue
      }
      switch node.value {
      case .dictionary(let d) where i < d.entries.count:
        components.append(.key(d.entries[i].key))
        node = d.entries[i].node
      case .array(let a) where i < a.count:
        components.append(
          .index(restored?.newIndex(file: file, parent: Array(path[..<depth]), i) ?? i))
        node = a[i]
      default:
        return KeyPath(components)
      }
    }
    return KeyPath(components)
  }

  /// How many rows a row holds when expanded.
  package func childCount(_ item: OutlineItem) -> Int {
    switch item {
    case .branch(let b): return branches[b].children.count
    case .node:
      switch node(item)?.value {
      case .dictionary(let d): return d.entries.count
      case .array(let a): return a.count
      default: return 0
      }
    }
  }

  /// The `n`th row inside `item`.
  package func child(_ item: OutlineItem, _ n: Int) -> OutlineItem {
    switch item {
    case .branch(let b): return branches[b].children[n]
    case .node(let file, let path): return .node(file: file, path: path + [n])
    }
  }

  /// The row that holds `item`, or `nil` for a root.
  package func parent(of item: OutlineItem) -> OutlineItem? {
    switch item {
    case .branch(let b): return branches[b].parent.map { .branch($0) }
    case .node(let file, let path):
      if path.isEmpty { return files[file].branch.map { .branch($0) } }
      return .node(file: file, path: Array(path.dropLast()))
    }
  }

  /// The position of `item` among its parent's rows (or among the roots).
  package func siblingIndex(_ item: OutlineItem) -> Int {
    if case .node(_, let path) = item, let last = path.last { return last }
    if let parent = parent(of: item), case .branch(let b) = parent {
      return branches[b].children.firstIndex(of: item) ?? 0
    }
    return roots.firstIndex(of: item) ?? 0
  }

  /// The rows beside `item`: its parent's child count (or the number of roots).
  package func siblingCount(_ item: OutlineItem) -> Int {
    parent(of: item).map(childCount) ?? roots.count
  }

  /// The `n`th sibling of `item` (a root when it has no parent).
  package func sibling(of item: OutlineItem, _ n: Int) -> OutlineItem {
    parent(of: item).map { child($0, n) } ?? roots[n]
  }

  /// How deep a row sits: 0 for a root.
  ///
  /// A node's index path gives its depth in its file at once (walking its parents would copy
  /// the path once per level); only the bundle branches above the file are counted.
  package func depth(_ item: OutlineItem) -> Int {
    var depth = 0
    var current = parent(of: item)
    if case .node(let file, let path) = item {
      depth = path.count
      current = files[file].branch.map { .branch($0) }
    }
    while let at = current {
      depth += 1
      current = parent(of: at)
    }
    return depth
  }

  /// Whether a row can be expanded.
  package func isContainer(_ item: OutlineItem) -> Bool {
    switch item {
    case .branch: return true
    case .node: return childCount(item) > 0
    }
  }
}
