/// How far a key path resolves below a node: the one walk from key path to node that lookups,
/// edits and the inspector's rows share.
package struct KeyPathResolution: Sendable {
  /// The index path of the deepest node reached (entry indices in dictionaries, item indices in
  /// arrays), from the node the walk started at.
  package var indexPath: [Int]
  /// The deepest node reached.
  package var node: PlistNode
  /// How many steps of the key path resolved.
  package var resolvedSteps: Int
  /// The number of steps in the key path.
  package var steps: Int

  /// True when every step resolved, so ``node`` is the node the key path names.
  package var isComplete: Bool { resolvedSteps == steps }
}

extension PlistNode {
  /// Follows `keyPath` below this node as deep as it goes.
  ///
  /// A key resolves to its last entry, as lookup does in Apple's parsers; the walk stops at the
  /// first step that is missing or crosses a scalar, so a missing key lands on the dictionary
  /// that should hold it.
  ///
  /// - Parameters:
  ///   - keyPath: the path to follow.
  ///   - arrayIndex: the index at which an array, at the index path given, holds item `index`
  ///     of the key path; the index itself unless a view shows items that are not in the tree.
  /// - Returns: the deepest node reached, its index path and how many steps resolved.
  package func resolve(
    _ keyPath: KeyPath,
    arrayIndex: (_ parent: [Int], _ index: Int) -> Int = { _, index in index }
  ) -> KeyPathResolution {
    var node = self
    var indexPath: [Int] = []
    var resolved = 0
    walk: for component in keyPath.components {
      switch (component, node.value) {
      case (.key(let key), .dictionary(let dictionary)):
        guard let i = dictionary.index(forKey: key) else { break walk }
        indexPath.append(i)
        node = dictionary.entries[i].node
      case (.index(let index), .array(let items)):
        guard index >= 0 else { break walk }
        let i = arrayIndex(indexPath, index)
        guard items.indices.contains(i) else { break walk }
        indexPath.append(i)
        node = items[i]
      default:
        break walk
      }
      resolved += 1
    }
    return KeyPathResolution(
      indexPath: indexPath, node: node, resolvedSteps: resolved, steps: keyPath.components.count)
  }

  /// The index path of the node `keyPath` names below this one, following lookup (the last
  /// entry of a doubled key).
  ///
  /// - Returns: `nil` when a step names nothing.
  package func indexPath(of keyPath: KeyPath) -> [Int]? {
    let resolution = resolve(keyPath)
    return resolution.isComplete ? resolution.indexPath : nil
  }
}
