import PlistCore

/// The edits that turn one tree into another, as few and as deep as a simple walk finds them,
/// so that a change arrives as undoable steps and the format-preserving writer rewrites only
/// what changed (a restored recovery file, say, against the file on disk).
///
/// Dictionaries whose keys keep their order match entry by entry: keys only removed or only
/// added become `.remove` and `.insert`, the rest is compared inside. Arrays match their
/// common head and tail item by item; the middle is removed and inserted. Anything else (a
/// changed type, keys reordered or renamed, duplicate keys) replaces the node whole. New
/// nodes carry no source location, so they are written in the canonical layout; a scalar that
/// changed keeps its place in the file.
package enum TreeDiff {
  /// The edits, in the order to apply them, that make `old` equal to `new`; empty when the
  /// two are equal.
  ///
  /// - Parameters:
  ///   - old: the tree now (its nodes' locations are kept where a value stays in place).
  ///   - new: the tree wanted (its locations are dropped: they belong to another text).
  /// - Returns: `Edit`s on index paths into the tree as each earlier edit leaves it.
  package static func edits(from old: PlistNode, to new: PlistNode) -> [Edit] {
    var edits: [Edit] = []
    // A queue, not recursion, so any depth is walked: a container's own edits come before
    // those of the nodes inside it, whose paths are their places once it is edited.
    var queue: [(old: PlistNode, new: PlistNode, path: [Int])] = [(old, new, [])]
    var next = 0
    while next < queue.count {
      let (old, new, path) = queue[next]
      queue[next] = (PlistNode(.boolean(false)), PlistNode(.boolean(false)), [])  // release
      next += 1
      compare(old, new, at: path, into: &edits) { queue.append(($0, $1, $2)) }
    }
    return edits
  }

  private static func compare(
    _ old: PlistNode, _ new: PlistNode, at path: [Int], into edits: inout [Edit],
    inside: (PlistNode, PlistNode, [Int]) -> Void
  ) {
    guard old != new else { return }
    switch (old.value, new.value) {
    case (.dictionary(let o), .dictionary(let n)):
      let (ok, nk) = (o.keys, n.keys)
      let (oldSet, newSet) = (Set(ok), Set(nk))
      // Duplicate keys, or kept keys in another order: replace whole.
      guard oldSet.count == ok.count, newSet.count == nk.count,
        ok.filter(newSet.contains) == nk.filter(oldSet.contains)
      else { return edits.append(.replace(at: path, with: fresh(new))) }
      // Removals from the end keep earlier indices; insertions in the new order then land
      // where they belong; kept entries are compared at their final index.
      for i in ok.indices.reversed() where !newSet.contains(ok[i]) {
        edits.append(.remove(at: path + [i]))
      }
      for (j, entry) in n.entries.enumerated() where !oldSet.contains(entry.key) {
        edits.append(
          .insert(
            parent: path, index: j, key: entry.key, node: fresh(entry.node), keyLocation: .none))
      }
      for (j, entry) in n.entries.enumerated() where oldSet.contains(entry.key) {
        if let was = o[entry.key] { inside(was, entry.node, path + [j]) }
      }
    case (.array(let o), .array(let n)):
      var head = 0
      while head < min(o.count, n.count), o[head] == n[head] { head += 1 }
      var tail = 0
      while tail < min(o.count, n.count) - head, o[o.count - 1 - tail] == n[n.count - 1 - tail] {
        tail += 1
      }
      let (oldMiddle, newMiddle) = (head..<(o.count - tail), head..<(n.count - tail))
      if oldMiddle.count == newMiddle.count {
        // As many items changed as there are: compare them in place.
        for (i, j) in zip(oldMiddle, newMiddle) {
          inside(o[i], n[j], path + [i])
        }
        return
      }
      for i in oldMiddle.reversed() { edits.append(.remove(at: path + [i])) }
      for j in newMiddle {
        edits.append(
          .insert(parent: path, index: j, key: nil, node: fresh(n[j]), keyLocation: .none))
      }
    default:
      edits.append(
        .replace(at: path, with: Edit.replacement(for: old, value: freshValue(new.value))))
    }
  }

  /// `node` with every location dropped, down to its leaves: a node copied from one text and
  /// inserted into another (a restored recovery, a pasted row) is written in the canonical
  /// layout, never spliced from bytes its offsets do not belong to.
  package static func fresh(_ node: PlistNode) -> PlistNode { PlistNode(freshValue(node.value)) }

  private static func freshValue(_ value: PlistValue) -> PlistValue {
    switch value {
    case .array(let items): return .array(items.map(fresh))
    case .dictionary(let d):
      return .dictionary(
        PlistDictionary(d.entries.map { PlistEntry(key: $0.key, node: fresh($0.node)) }))
    default: return value
    }
  }
}
