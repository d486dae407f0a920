/// One key and its value in a dictionary, with where the key was written.
package struct PlistEntry: Sendable, Equatable {
  /// The key text.
  package var key: String
  /// Where the key was read from: for XML the `<key>` element, for ASCII the key token, for
  /// binary the key object's offset; `.none` for entries made in memory.
  package var keyLocation: SourceLocation
  /// The value.
  package var node: PlistNode

  /// Creates an entry.
  package init(key: String, keyLocation: SourceLocation = .none, node: PlistNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.node = node
  }

  /// Compares key and value, ignoring locations.
  package static func == (lhs: PlistEntry, rhs: PlistEntry) -> Bool {
    lhs.key == rhs.key && lhs.node == rhs.node
  }
}
