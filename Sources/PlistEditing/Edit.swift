import PlistCore

/// One change to a property-list tree, addressed by index path: the child indices from the
/// root (`[3, 0]` is the first item of the root's fourth entry), which stays exact when a
/// dictionary holds a key twice.
///
/// Every edit has an exact inverse (``Edit/apply(to:)`` returns it), so undo restores the tree
/// node for node, source locations included, and the format-preserving writer then gives back
/// the original bytes.
package enum Edit: Sendable, Equatable {
  /// Replaces the node at a path (its value; a scalar keeps its place in the file).
  case replace(at: [Int], with: PlistNode)
  /// Inserts a node into the container at `parent`, before child `index` (`count` appends);
  /// `key` is required for a dictionary and must be `nil` for an array.
  case insert(parent: [Int], index: Int, key: String?, node: PlistNode, keyLocation: SourceLocation)
  /// Removes the node at a path.
  case remove(at: [Int])
  /// Renames the dictionary entry at a path.
  case rename(at: [Int], to: String)
  /// Moves the child at a path to position `to` among its siblings.
  case move(at: [Int], to: Int)

  /// The edit with the positions of the nodes it carries dropped (``TreeDiff/fresh(_:)``), for
  /// a history whose text was replaced by a save: they would name bytes of the text before.
  package var detached: Edit {
    switch self {
    case .replace(let path, let node): .replace(at: path, with: TreeDiff.fresh(node))
    case .insert(let parent, let index, let key, let node, _):
      .insert(
        parent: parent, index: index, key: key, node: TreeDiff.fresh(node), keyLocation: .none)
    case .remove, .rename, .move: self
    }
  }

  /// Applies the edit to `root` and returns its inverse.
  ///
  /// A new key (inserted or renamed to) must be non-empty and not already in its dictionary.
  /// An inverse may need to put back an empty or doubled key the file had: apply inverses with
  /// `restoring: true`, as ``Document`` does for undo.
  ///
  /// - Parameters:
  ///   - root: the tree to change.
  ///   - restoring: true when the edit is an inverse returned by this method, being applied to
  ///     undo: empty and doubled keys are then accepted.
  /// - Returns: the edit that undoes this one (to be applied with `restoring: true`).
  /// - Throws: ``EditError`` when the path names nothing, the container is of the wrong kind,
  ///   an index is out of range, a key is empty or already present; `root` is unchanged then.
  package func apply(to root: inout PlistNode, restoring: Bool = false) throws(EditError) -> Edit {
    switch self {
    case .replace(let path, let node):
      let old = try TreeAccess.node(at: path, in: root)
      try TreeAccess.modify(at: path, in: &root) { (target) throws(EditError) in target = node }
      return .replace(at: path, with: old)

    case .insert(let parent, let index, let key, let node, let keyLocation):
      try TreeAccess.modify(at: parent, in: &root) { (container) throws(EditError) in
        switch container.value {
        case .dictionary(var dictionary):
          guard let key else {
            throw EditError(.notAContainer, "a dictionary entry needs a key")
          }
          guard restoring || !key.isEmpty else {
            throw EditError(.emptyKey, "a key cannot be empty")
          }
          guard restoring || dictionary.index(forKey: key) == nil else {
            throw EditError(.duplicateKey, "the dictionary already has the key \(key)")
          }
          guard index >= 0, index <= dictionary.count else {
            throw EditError(
              .indexOutOfRange,
              "index \(index) is outside the dictionary's \(dictionary.count) entries")
          }
          container.value = .string("")
          dictionary.entries.insert(
            PlistEntry(key: key, keyLocation: keyLocation, node: node), at: index)
          container.value = .dictionary(dictionary)
        case .array(var items):
          guard key == nil else {
            throw EditError(.notAContainer, "an array item has no key")
          }
          guard index >= 0, index <= items.count else {
            throw EditError(
              .indexOutOfRange, "index \(index) is outside the array's \(items.count) items")
          }
          container.value = .string("")
          items.insert(node, at: index)
          container.value = .array(items)
        default:
          throw EditError(.notAContainer, "only a dictionary or an array can hold a new item")
        }
      }
      return .remove(at: parent + [index])

    case .remove(let path):
      guard let index = path.last else {
        throw EditError(.rootNotEditable, "the root of a property list cannot be removed")
      }
      let parent = Array(path.dropLast())
      var inverse: Edit?
      try TreeAccess.modify(at: parent, in: &root) { (container) throws(EditError) in
        switch container.value {
        case .dictionary(var dictionary):
          guard index >= 0, index < dictionary.count else {
            throw EditError(.noSuchNode, "there is no entry \(index) to remove")
          }
          container.value = .string("")
          let entry = dictionary.entries.remove(at: index)
          container.value = .dictionary(dictionary)
          inverse = .insert(
            parent: parent, index: index, key: entry.key, node: entry.node,
            keyLocation: entry.keyLocation)
        case .array(var items):
          guard index >= 0, index < items.count else {
            throw EditError(.noSuchNode, "there is no item \(index) to remove")
          }
          container.value = .string("")
          let node = items.remove(at: index)
          container.value = .array(items)
          inverse = .insert(parent: parent, index: index, key: nil, node: node, keyLocation: .none)
        default:
          throw EditError(.noSuchNode, "there is nothing at that path to remove")
        }
      }
      guard let inverse else { throw EditError(.noSuchNode, "nothing was removed") }
      return inverse

    case .rename(let path, let newKey):
      guard let index = path.last else {
        throw EditError(.rootNotEditable, "the root of a property list has no key")
      }
      guard restoring || !newKey.isEmpty else {
        throw EditError(.emptyKey, "a key cannot be empty")
      }
      var oldKey = ""
      try TreeAccess.modify(at: Array(path.dropLast()), in: &root) {
        (container) throws(EditError) in
        guard case .dictionary(var dictionary) = container.value else {
          throw EditError(.notAContainer, "only a dictionary entry has a key to rename")
        }
        guard index >= 0, index < dictionary.count else {
          throw EditError(.noSuchNode, "there is no entry \(index) to rename")
        }
        oldKey = dictionary.entries[index].key
        if !restoring, newKey != oldKey, dictionary.index(forKey: newKey) != nil {
          throw EditError(.duplicateKey, "the dictionary already has the key \(newKey)")
        }
        container.value = .string("")
        dictionary.entries[index].key = newKey
        container.value = .dictionary(dictionary)
      }
      return .rename(at: path, to: oldKey)

    case .move(let path, let target):
      guard let index = path.last else {
        throw EditError(.rootNotEditable, "the root of a property list cannot move")
      }
      let parent = Array(path.dropLast())
      try TreeAccess.modify(at: parent, in: &root) { (container) throws(EditError) in
        func check(_ count: Int) throws(EditError) {
          guard index >= 0, index < count, target >= 0, target < count else {
            throw EditError(.indexOutOfRange, "cannot move item \(index) to \(target) of \(count)")
          }
        }
        switch container.value {
        case .dictionary(var dictionary):
          try check(dictionary.count)
          container.value = .string("")
          dictionary.entries.insert(dictionary.entries.remove(at: index), at: target)
          container.value = .dictionary(dictionary)
        case .array(var items):
          try check(items.count)
          container.value = .string("")
          items.insert(items.remove(at: index), at: target)
          container.value = .array(items)
        default:
          throw EditError(.notAContainer, "only items of a dictionary or an array can move")
        }
      }
      return .move(at: parent + [target], to: index)
    }
  }
}

/// Reading and changing a tree at an index path.
package enum TreeAccess {
  /// The node at `path`.
  ///
  /// - Throws: ``EditError`` of kind `noSuchNode` when a step leaves the tree.
  package static func node(at path: [Int], in root: PlistNode) throws(EditError) -> PlistNode {
    var node = root
    for (depth, i) in path.enumerated() {
      switch node.value {
      case .dictionary(let d) where i >= 0 && i < d.count: node = d.entries[i].node
      case .array(let a) where i >= 0 && i < a.count: node = a[i]
      default:
        throw EditError(.noSuchNode, "no node at step \(depth + 1) of the path \(path)")
      }
    }
    return node
  }

  /// Changes the node at `path` in place.
  ///
  /// Containers on the way are taken out of their
  /// parents while `body` runs, so a change to a large array does not copy it.
  ///
  /// - Throws: ``EditError`` of kind `noSuchNode` when a step leaves the tree, or what `body`
  ///   throws.
  package static func modify(
    at path: [Int], in root: inout PlistNode, _ body: (inout PlistNode) throws(EditError) -> Void
  ) throws(EditError) {
    try modify(at: path[...], of: path, in: &root, body)
  }

  /// One step of ``modify(at:in:_:)``: `rest` is what is left of `path`.
  private static func modify(
    at rest: ArraySlice<Int>, of path: [Int], in node: inout PlistNode,
    _ body: (inout PlistNode) throws(EditError) -> Void
  ) throws(EditError) {
    guard let i = rest.first else {
      try body(&node)
      return
    }
    let next = rest.dropFirst()
    switch node.value {
    case .dictionary(var d) where i >= 0 && i < d.count:
      node.value = .string("")
      defer { node.value = .dictionary(d) }
      try modify(at: next, of: path, in: &d.entries[i].node, body)
    case .array(var a) where i >= 0 && i < a.count:
      node.value = .string("")
      defer { node.value = .array(a) }
      try modify(at: next, of: path, in: &a[i], body)
    default:
      throw EditError(.noSuchNode, "no node at step \(rest.startIndex + 1) of the path \(path)")
    }
  }
}
