/// The visible rows of the tree, walked lazily from any row.
///
/// Nothing is flattened: the next or previous visible row is found from the tree's shape and
/// the ``ExpansionState`` in O(depth), so laying out a screen costs O(rows on screen × depth)
/// whatever the size of the files.
package struct Outline {
  /// The tree.
  package let session: Session
  /// What is expanded.
  package let expansion: ExpansionState

  /// Creates a view of `session` under `expansion`.
  package init(_ session: Session, _ expansion: ExpansionState) {
    self.session = session
    self.expansion = expansion
  }

  /// Whether `item` shows its children.
  package func isOpen(_ item: OutlineItem) -> Bool {
    expansion.isExpanded(item) && session.childCount(item) > 0
  }

  /// The first row, or `nil` when the tree is empty.
  package var first: OutlineItem? { session.roots.first }

  /// The last visible row.
  package var last: OutlineItem? {
    guard var item = session.roots.last else { return nil }
    while case .branch = item, isOpen(item) {
      item = session.child(item, session.childCount(item) - 1)
    }
    return lastVisible(in: item)
  }

  /// The last visible row of `item` and everything shown inside it (`item` itself when it is
  /// not open).
  ///
  /// Inside a file the walk goes down the tree itself, growing one index path in place and
  /// narrowing the toggled rows to those on it, so that it costs O(depth), not O(depth²), in
  /// a tree nested 100,000 levels deep.
  func lastVisible(in item: OutlineItem) -> OutlineItem {
    guard case .node(let file, var path) = item, var node = session.node(item) else { return item }
    var toggled = expansion.toggled.compactMap { row -> [Int]? in
      guard case .node(file, let other) = row, other.starts(with: path) else { return nil }
      return other
    }
    while true {
      let expanded = expansion.allExpanded != toggled.contains { $0.count == path.count }
      let count = node.value.childCount ?? 0
      guard expanded, count > 0 else { return .node(file: file, path: path) }
      switch node.value {
      case .array(let items): node = items[count - 1]
      case .dictionary(let dictionary): node = dictionary.entries[count - 1].node
      default: return .node(file: file, path: path)
      }
      path.append(count - 1)
      toggled.removeAll { $0.count < path.count || $0[path.count - 1] != count - 1 }
    }
  }

  /// The visible row after `item`, or `nil` at the end.
  package func next(_ item: OutlineItem) -> OutlineItem? {
    if isOpen(item) { return session.child(item, 0) }
    return nextSkippingChildren(item)
  }

  /// The row after `item` and everything inside it.
  ///
  /// Inside a file, the sibling counts along the row's index path are read in one walk down
  /// from the file's root (O(depth); climbing parent by parent would cost O(depth²)).
  package func nextSkippingChildren(_ item: OutlineItem) -> OutlineItem? {
    var current = item
    if case .node(let file, let path) = item, !path.isEmpty,
      var node = session.node(.node(file: file, path: []))
    {
      var deepest: Int?
      for (level, index) in path.enumerated() {
        let count = node.value.childCount ?? 0
        guard index < count else { break }
        if index + 1 < count { deepest = level }
        switch node.value {
        case .array(let items): node = items[index]
        case .dictionary(let dictionary): node = dictionary.entries[index].node
        default: break
        }
      }
      if let level = deepest {
        return .node(file: file, path: Array(path[..<level]) + [path[level] + 1])
      }
      current = .node(file: file, path: [])
    }
    while true {
      let index = session.siblingIndex(current)
      if index + 1 < session.siblingCount(current) {
        return session.sibling(of: current, index + 1)
      }
      guard let parent = session.parent(of: current) else { return nil }
      current = parent
    }
  }

  /// The visible row before `item`, or `nil` at the start.
  package func previous(_ item: OutlineItem) -> OutlineItem? {
    let index = session.siblingIndex(item)
    guard index > 0 else { return session.parent(of: item) }
    var current = session.sibling(of: item, index - 1)
    while case .branch = current, isOpen(current) {
      current = session.child(current, session.childCount(current) - 1)
    }
    return lastVisible(in: current)
  }

  /// Up to `count` visible rows starting at `top`.
  package func rows(from top: OutlineItem, count: Int) -> [OutlineItem] {
    var rows: [OutlineItem] = []
    rows.reserveCapacity(max(0, count))
    var current: OutlineItem? = top
    while let item = current, rows.count < count {
      rows.append(item)
      current = next(item)
    }
    return rows
  }

  /// The row `n` visible rows after `item` (before it for negative `n`), stopping at the ends.
  package func move(_ item: OutlineItem, by n: Int) -> OutlineItem {
    var current = item
    if n > 0 {
      for _ in 0..<n {
        guard let next = next(current) else { break }
        current = next
      }
    } else if n < 0 {
      for _ in 0..<(-n) {
        guard let previous = previous(current) else { break }
        current = previous
      }
    }
    return current
  }

  /// Whether `item` is visible: every ancestor is expanded.
  ///
  /// A row of a file has as many row ancestors in the file as its index path has steps; they
  /// are told from the toggled rows whose paths are prefixes of it (O(toggled × depth), where
  /// climbing parent by parent would copy the path at every level: O(depth²)).
  package func isVisible(_ item: OutlineItem) -> Bool {
    var current = session.parent(of: item)
    if case .node(let file, let path) = item, !path.isEmpty {
      let toggledAncestors = expansion.toggled.count { row in
        guard case .node(file, let other) = row else { return false }
        return other.count < path.count && path.starts(with: other)
      }
      // Expanded by default: none may be toggled; collapsed by default: all must be.
      guard toggledAncestors == (expansion.allExpanded ? 0 : path.count) else { return false }
      // The file's root is one of those ancestors; the bundle branches above it remain.
      current = session.parent(of: .node(file: file, path: []))
    }
    while let at = current {
      if !expansion.isExpanded(at) { return false }
      current = session.parent(of: at)
    }
    return true
  }

  /// How many visible rows lie from `a` down to `b` (0 when equal), or `nil` when `b` is not
  /// within `limit` rows below `a`.
  package func distance(from a: OutlineItem, to b: OutlineItem, limit: Int) -> Int? {
    var current = a
    var n = 0
    while current != b {
      guard n < limit, let next = next(current) else { return nil }
      current = next
      n += 1
    }
    return n
  }

  /// The next row in document order whatever is expanded (for search), wrapping to the first.
  package func nextInDocument(_ item: OutlineItem) -> OutlineItem? {
    if session.childCount(item) > 0 { return session.child(item, 0) }
    return nextSkippingChildren(item) ?? session.roots.first
  }

  /// The previous row in document order whatever is expanded, wrapping to the last.
  package func previousInDocument(_ item: OutlineItem) -> OutlineItem? {
    let index = session.siblingIndex(item)
    var current: OutlineItem
    if index > 0 {
      current = session.sibling(of: item, index - 1)
    } else if let parent = session.parent(of: item) {
      return parent
    } else {
      guard let last = session.roots.last else { return nil }
      current = last
    }
    while session.childCount(current) > 0 {
      current = session.child(current, session.childCount(current) - 1)
    }
    return current
  }
}
