extension Edit {
  /// The index path the edit is addressed at: the replaced, removed, renamed or moved node,
  /// or the inserted one's place.
  package var anchor: [Int] {
    switch self {
    case .replace(let path, _), .remove(let path), .rename(let path, _), .move(let path, _):
      path
    case .insert(let parent, let index, _, _, _): parent + [index]
    }
  }

  /// Where the node at `path` (an index path in the tree before the edit) is after it, or nil
  /// when the edit took it away: removed with its container, or inside a replaced node (the
  /// replaced node itself stays at its path).
  ///
  /// Views keep their expanded rows and selection in step with edits, undo and redo through
  /// it, so an edit above a row never moves its state to a neighbour. O(path length).
  package func mapping(_ path: [Int]) -> [Int]? {
    switch self {
    case .rename:
      return path
    case .replace(let at, _):
      return path.count > at.count && path.starts(with: at) ? nil : path
    case .insert(let parent, let index, _, _, _):
      guard path.count > parent.count, path.starts(with: parent) else { return path }
      var moved = path
      if moved[parent.count] >= index { moved[parent.count] += 1 }
      return moved
    case .remove(let at):
      guard let index = at.last else { return nil }
      let depth = at.count - 1
      guard path.count > depth, path.starts(with: at.dropLast()) else { return path }
      if path[depth] == index { return nil }
      var moved = path
      if moved[depth] > index { moved[depth] -= 1 }
      return moved
    case .move(let at, let target):
      guard let index = at.last else { return path }
      let depth = at.count - 1
      guard path.count > depth, path.starts(with: at.dropLast()) else { return path }
      var moved = path
      let i = path[depth]
      if i == index {
        moved[depth] = target
      } else if index < target, i > index, i <= target {
        moved[depth] = i - 1
      } else if target < index, i >= target, i < index {
        moved[depth] = i + 1
      }
      return moved
    }
  }
}
