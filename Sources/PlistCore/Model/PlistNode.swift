/// One node of a property-list tree: a value and where it came from.
///
/// The tree is a plain value type: containers hold their children in Swift arrays, so copies
/// are cheap until mutated. Equality (`==`) compares values only, never locations.
package struct PlistNode: Sendable {
  /// The node's value; containers hold their children.
  package var value: PlistValue
  /// Where the node was read from; `.none` for nodes made in memory.
  package var location: SourceLocation

  /// Creates a node.
  package init(_ value: PlistValue, location: SourceLocation = .none) {
    self.value = value
    self.location = location
  }
}

extension PlistNode: Equatable {
  /// Compares the values of two nodes, ignoring their locations.
  package static func == (lhs: PlistNode, rhs: PlistNode) -> Bool { lhs.value == rhs.value }
}
