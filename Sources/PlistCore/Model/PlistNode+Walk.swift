extension PlistNode {
  /// Visits this node and every node below it, in document order (a node before its
  /// children, items and entries in order), without recursion.
  ///
  /// `body` receives each node and its path from this node. The path is grown and shrunk in
  /// place, so a walk costs time linear in the size of the tree however deep it is; a path
  /// that `body` keeps is copied once, when the walk next changes it.
  ///
  /// - Parameter body: called once per node; returns false to skip the node's descendants.
  package func walk(_ body: (_ node: PlistNode, _ path: KeyPath) -> Bool) {
    /// A container whose children are being visited, and the next child.
    struct Frame {
      enum Children {
        case items([PlistNode])
        case entries([PlistEntry])
      }
      let children: Children
      let count: Int
      var next = 0
    }
    var path = KeyPath.root
    var stack: [Frame] = []
    var current: PlistNode? = self
    while true {
      if let node = current {
        current = nil
        if body(node, path) {
          switch node.value {
          case .array(let items) where !items.isEmpty:
            stack.append(Frame(children: .items(items), count: items.count))
          case .dictionary(let dictionary) where !dictionary.isEmpty:
            stack.append(Frame(children: .entries(dictionary.entries), count: dictionary.count))
          default:
            break
          }
        }
      }
      guard let top = stack.indices.last else { return }
      // The step to the child visited last comes off before the next one goes on.
      if stack[top].next > 0 { path.components.removeLast() }
      let next = stack[top].next
      guard next < stack[top].count else {
        stack.removeLast()
        continue
      }
      stack[top].next += 1
      switch stack[top].children {
      case .items(let items):
        path.components.append(.index(next))
        current = items[next]
      case .entries(let entries):
        path.components.append(.key(entries[next].key))
        current = entries[next].node
      }
    }
  }
}

/// What one pass over a tree counts: its size, and whether any dictionary repeats a key.
package struct PlistCensus: Sendable, Equatable {
  /// Nodes in the tree, the root included (dictionary keys are not nodes).
  package var nodes: Int
  /// True when some dictionary of the tree holds a key more than once.
  package var repeatsAKey: Bool

  /// Creates a census.
  package init(nodes: Int, repeatsAKey: Bool) {
    self.nodes = nodes
    self.repeatsAKey = repeatsAKey
  }
}

extension PlistNode {
  /// Counts this node and every node below it and asks each dictionary whether it repeats a
  /// key, in one pass without paths and without recursion.
  ///
  /// A command that writes a whole tree takes it to size its output buffer and to skip the
  /// walk with paths that names repeated keys, which nearly every document can skip.
  package var census: PlistCensus {
    var census = PlistCensus(nodes: 0, repeatsAKey: false)
    var pending: [PlistNode] = [self]
    while let node = pending.popLast() {
      census.nodes += 1
      switch node.value {
      case .array(let items):
        pending.append(contentsOf: items)
      case .dictionary(let dictionary):
        if !census.repeatsAKey, dictionary.hasDuplicateKeys { census.repeatsAKey = true }
        for entry in dictionary.entries { pending.append(entry.node) }
      default:
        break
      }
    }
    return census
  }
}
