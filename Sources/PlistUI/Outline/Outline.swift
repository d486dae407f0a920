import PlistCore

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
  /// Whether dictionaries show their entries sorted by key (`S`); the files keep their order,
  /// and index paths still name the entries where they are in the file.
  package let sortsKeys: Bool

  /// Creates a view of `session` under `expansion`, with keys in file order or sorted.
  package init(_ session: Session, _ expansion: ExpansionState, sortsKeys: Bool = false) {
    self.session = session
    self.expansion = expansion
    self.sortsKeys = sortsKeys
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
      let last: Int
      switch node.value {
      case .array(let items):
        last = count - 1
        node = items[last]
      case .dictionary(let dictionary):
        last = sortsKeys ? Self.shown(in: dictionary, before: nil) ?? count - 1 : count - 1
        node = dictionary.entries[last].node
      default: return .node(file: file, path: path)
      }
      path.append(last)
      toggled.removeAll { $0.count < path.count || $0[path.count - 1] != last }
    }
  }

  /// The visible row after `item`, or `nil` at the end.
  package func next(_ item: OutlineItem) -> OutlineItem? {
    if isOpen(item) { return firstChild(item) }
    return nextSkippingChildren(item)
  }

  /// The first row inside `item` as shown (the least key when keys are sorted).
  package func firstChild(_ item: OutlineItem) -> OutlineItem {
    if sortsKeys, case .node(let file, let path) = item,
      case .dictionary(let dictionary)? = session.node(item)?.value,
      let first = Self.shown(in: dictionary, after: nil)
    {
      return .node(file: file, path: path + [first])
    }
    return session.child(item, 0)
  }

  /// The sibling shown after `item`, or nil when it is the last of its parent's rows.
  package func nextSibling(_ item: OutlineItem) -> OutlineItem? {
    shownSibling(of: item, forward: true)
  }

  /// The sibling shown before `item`, or nil when it is the first of its parent's rows.
  package func previousSibling(_ item: OutlineItem) -> OutlineItem? {
    shownSibling(of: item, forward: false)
  }

  /// The sibling shown right after (or before) `item`: by key in a dictionary when keys are
  /// sorted, by place otherwise.
  private func shownSibling(of item: OutlineItem, forward: Bool) -> OutlineItem? {
    if sortsKeys, case .node(let file, let path) = item, let last = path.last,
      case .dictionary(let dictionary)? = session.node(
        .node(file: file, path: Array(path.dropLast())))?.value
    {
      let next =
        forward
        ? Self.shown(in: dictionary, after: last) : Self.shown(in: dictionary, before: last)
      return next.map { .node(file: file, path: path.dropLast() + [$0]) }
    }
    let index = session.siblingIndex(item) + (forward ? 1 : -1)
    guard index >= 0, index < session.siblingCount(item) else { return nil }
    return session.sibling(of: item, index)
  }

  /// Whether entry `a` is shown before entry `b` when keys are sorted: by key (Unicode order),
  /// then, for a key written twice, in file order.
  private static func precedes(_ dictionary: PlistDictionary, _ a: Int, _ b: Int) -> Bool {
    let (x, y) = (dictionary.entries[a].key, dictionary.entries[b].key)
    return x != y ? x < y : a < b
  }

  /// The entry shown right after entry `index` when keys are sorted (the first for nil), or
  /// nil when none is; one pass over the entries, so nothing is kept between calls.
  static func shown(in dictionary: PlistDictionary, after index: Int?) -> Int? {
    var best: Int?
    for j in dictionary.entries.indices {
      if let index, !precedes(dictionary, index, j) { continue }
      if let current = best, !precedes(dictionary, j, current) { continue }
      best = j
    }
    return best
  }

  /// The entry shown right before entry `index` when keys are sorted (the last for nil), or
  /// nil when none is.
  static func shown(in dictionary: PlistDictionary, before index: Int?) -> Int? {
    var best: Int?
    for j in dictionary.entries.indices {
      if let index, !precedes(dictionary, j, index) { continue }
      if let current = best, !precedes(dictionary, current, j) { continue }
      best = j
    }
    return best
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
      var deepest: (level: Int, next: Int)?
      for (level, index) in path.enumerated() {
        let count = node.value.childCount ?? 0
        guard index < count else { break }
        switch node.value {
        case .array(let items):
          if index + 1 < count { deepest = (level, index + 1) }
          node = items[index]
        case .dictionary(let dictionary):
          if sortsKeys {
            if let next = Self.shown(in: dictionary, after: index) { deepest = (level, next) }
          } else if index + 1 < count {
            deepest = (level, index + 1)
          }
          node = dictionary.entries[index].node
        default: break
        }
      }
      if let (level, next) = deepest {
        return .node(file: file, path: Array(path[..<level]) + [next])
      }
      current = .node(file: file, path: [])
    }
    while true {
      if let next = nextSibling(current) { return next }
      guard let parent = session.parent(of: current) else { return nil }
      current = parent
    }
  }

  /// The visible row before `item`, or `nil` at the start.
  package func previous(_ item: OutlineItem) -> OutlineItem? {
    guard var current = previousSibling(item) else { return session.parent(of: item) }
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
