/// A container a writer has opened and not yet closed, on the explicit stack that lets the
/// XML and JSON writers go to any depth without recursion: its children, its level, and the
/// next child to write (and, for `PlistNode.replay`, its location).
struct OpenContainer {
  /// The children of an array or a dictionary.
  enum Children {
    case items([PlistNode])
    case entries([PlistEntry])
  }

  /// Its children.
  let children: Children
  /// Its level (the root container is 1).
  let depth: Int
  /// The next child to write.
  var next = 0
  /// The container's own location, for walks that report it when the container closes.
  var location: SourceLocation = .none

  /// How many children it has.
  var count: Int {
    switch children {
    case .items(let items): items.count
    case .entries(let entries): entries.count
    }
  }
}
