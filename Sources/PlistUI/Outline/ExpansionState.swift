/// Which rows of the tree are expanded, kept in the view state and never on the model.
///
/// Stored as a default plus exceptions, so "expand all" and "collapse all" cost O(1) whatever
/// the size of the tree: a row is expanded when ``allExpanded`` differs from whether it is in
/// ``toggled``.
package struct ExpansionState: Sendable, Hashable {
  /// Whether rows are expanded unless toggled.
  package private(set) var allExpanded = false
  /// Rows whose state differs from the default.
  package private(set) var toggled: Set<OutlineItem> = []

  /// All rows collapsed.
  package init() {}

  /// Whether `item` is expanded.
  package func isExpanded(_ item: OutlineItem) -> Bool {
    allExpanded != toggled.contains(item)
  }

  /// Expands or collapses one row.
  package mutating func set(_ item: OutlineItem, expanded: Bool) {
    if expanded == allExpanded {
      toggled.remove(item)
    } else {
      toggled.insert(item)
    }
  }

  /// Flips one row.
  package mutating func toggle(_ item: OutlineItem) { set(item, expanded: !isExpanded(item)) }

  /// Replaces the rows whose state differs from the default (after edits moved them).
  package mutating func replaceToggled(_ rows: Set<OutlineItem>) { toggled = rows }

  /// While every row is expanded by default, opens the rows above node `path` of file `file`
  /// that were collapsed; O(collapsed rows × depth), however deep the node.
  package mutating func openCollapsedAncestors(file: Int, path: [Int]) {
    guard allExpanded else { return }
    toggled = toggled.filter { row in
      guard case .node(file, let other) = row else { return true }
      return !(other.count < path.count && path.starts(with: other))
    }
  }

  /// Expands (or collapses) every row.
  package mutating func setAll(expanded: Bool) {
    allExpanded = expanded
    toggled = []
  }
}
