/// A row of the tree: a bundle branch, or a node of one file's property list by index path
/// (an empty path is the file's root).
package enum OutlineItem: Sendable, Hashable {
  /// A bundle, by index into ``Session/branches``.
  case branch(Int)
  /// A node, by file index into ``Session/files`` and child indices from the root.
  case node(file: Int, path: [Int])
}
