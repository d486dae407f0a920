import PlistCore

/// The editing layer interprets key-path edits: each becomes an index-path ``Edit`` against the
/// tree it is applied to.
extension KeyPathEdit {
  /// The index-path edits that `edits` make when applied in order to `root` (each resolved
  /// against the tree the ones before it leave).
  ///
  /// - Throws: the first edit that names nothing or is refused.
  package static func resolve(
    _ edits: [KeyPathEdit], in root: PlistNode
  ) throws(EditError)
    -> [Edit]
  {
    var scratch = root
    var resolved: [Edit] = []
    for keyPathEdit in edits {
      let edit = try keyPathEdit.edit(in: scratch)
      _ = try edit.apply(to: &scratch)
      resolved.append(edit)
    }
    return resolved
  }

  /// The index-path edit this makes against `root`.
  ///
  /// - Throws: ``EditError`` `.noSuchNode` naming the key path when it (or, for `set`, its
  ///   parent) names nothing; `.rootNotEditable` to remove or rename the root.
  package func edit(in root: PlistNode) throws(EditError) -> Edit {
    switch self {
    case .set(let keyPath, let value):
      let resolution = root.resolve(keyPath)
      if resolution.isComplete {
        return .replace(
          at: resolution.indexPath, with: Edit.replacement(for: resolution.node, value: value))
      }
      guard resolution.resolvedSteps == resolution.steps - 1,
        case .key(let key)? = keyPath.components.last,
        case .dictionary(let d) = resolution.node.value
      else {
        throw EditError(
          .noSuchNode, "nothing at \(keyPath) or at the dictionary that would hold it")
      }
      return .insert(
        parent: resolution.indexPath, index: d.count, key: key, node: PlistNode(value),
        keyLocation: .none)
    case .remove(let keyPath):
      if keyPath.isRoot {
        throw EditError(.rootNotEditable, "the root of a property list cannot be removed")
      }
      guard let path = root.indexPath(of: keyPath), !path.isEmpty else {
        throw EditError(.noSuchNode, "nothing at \(keyPath) to remove")
      }
      return .remove(at: path)
    case .rename(let keyPath, let newKey):
      if keyPath.isRoot {
        throw EditError(.rootNotEditable, "the root of a property list has no key")
      }
      guard let path = root.indexPath(of: keyPath), !path.isEmpty else {
        throw EditError(.noSuchNode, "nothing at \(keyPath) to rename")
      }
      return .rename(at: path, to: newKey)
    }
  }
}

extension Edit {
  /// The node that replaces `old` when its value becomes `value`: a scalar taking the place of a
  /// scalar keeps its source location, so the file changes only at that element; anything else
  /// is a new node.
  package static func replacement(for old: PlistNode, value: PlistValue) -> PlistNode {
    old.value.kind.isContainer || value.kind.isContainer
      ? PlistNode(value) : PlistNode(value, location: old.location)
  }
}

extension Document {
  /// Applies key-path edits as one step, each resolved against the tree the ones before it left.
  ///
  /// - Throws: the first failure; the tree is unchanged then.
  package mutating func perform(_ name: String, keyPathEdits: [KeyPathEdit]) throws(EditError) {
    try perform(name, KeyPathEdit.resolve(keyPathEdits, in: root))
  }
}
