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
    while isOpen(item) { item = session.child(item, session.childCount(item) - 1) }
    return item
  }

  /// The visible row after `item`, or `nil` at the end.
  package func next(_ item: OutlineItem) -> OutlineItem? {
    if isOpen(item) { return session.child(item, 0) }
    return nextSkippingChildren(item)
  }

  /// The row after `item` and everything inside it.
  package func nextSkippingChildren(_ item: OutlineItem) -> OutlineItem? {
    var current = item
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
    while isOpen(current) { current = session.child(current, session.childCount(current) - 1) }
    return current
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
  package func isVisible(_ item: OutlineItem) -> Bool {
    var current = session.parent(of: item)
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
