import PlistCore

/// A hash and a node count for every node of a property-list tree, in pre-order, so that a
/// comparison can skip a subtree that did not change in constant time.
///
/// Node `0` is the root; the children of the node at index `i` follow it, the first at `i + 1`
/// and each next one `size` nodes after the one before. A dictionary's hash does not depend on
/// the order of its entries (a reordered dictionary is not a change); an array's does. Reals
/// hash by bit pattern, NaN as one value, as `PlistValue`'s equality compares them.
///
/// Built without recursion, so a tree as deep as the readers allow costs no stack.
struct TreeDigest: Sendable {
  /// The hash of each node's subtree (kind, value, children), in pre-order.
  private(set) var hashes: [Int]
  /// The number of nodes in each node's subtree, itself included, in pre-order.
  private(set) var sizes: [Int32]

  /// Digests `root`.
  init(_ root: PlistNode) {
    /// A container being digested: its children, the next one to visit, its pre-order index
    /// and what its children have added to its hash so far.
    struct Frame {
      var children: [PlistNode]
      var keys: [String]?
      var next = 0
      var index: Int
      var ordered = Hasher()
      var unordered = 0
    }
    var hashes: [Int] = []
    var sizes: [Int32] = []
    var stack: [Frame] = []
    /// Records a node's pre-order slot; returns its index.
    func enter() -> Int {
      hashes.append(0)
      sizes.append(1)
      return hashes.count - 1
    }
    /// Finishes the node at `index` with `hash`, and adds it to its parent.
    func finish(_ index: Int, _ hash: Int, stack: inout [Frame]) {
      hashes[index] = hash
      sizes[index] = Int32(hashes.count - index)
      guard let last = stack.indices.last else { return }
      if let keys = stack[last].keys {
        var entry = Hasher()
        entry.combine(keys[stack[last].next - 1])
        entry.combine(hash)
        stack[last].unordered &+= entry.finalize()
      } else {
        stack[last].ordered.combine(hash)
      }
    }
    var pending: PlistNode? = root
    while true {
      if let node = pending {
        pending = nil
        let index = enter()
        switch node.value {
        case .array(let items):
          stack.append(Frame(children: items, keys: nil, index: index))
        case .dictionary(let dictionary):
          stack.append(
            Frame(
              children: dictionary.entries.map(\.node), keys: dictionary.entries.map(\.key),
              index: index))
        default:
          finish(index, Self.scalarHash(node.value), stack: &stack)
        }
        continue
      }
      guard let last = stack.indices.last else { break }
      if stack[last].next < stack[last].children.count {
        pending = stack[last].children[stack[last].next]
        stack[last].next += 1
        continue
      }
      let frame = stack.removeLast()
      var hasher = Hasher()
      if frame.keys != nil {
        hasher.combine(PlistKind.dictionary)
        hasher.combine(frame.children.count)
        hasher.combine(frame.unordered)
      } else {
        hasher.combine(PlistKind.array)
        hasher.combine(frame.children.count)
        hasher.combine(frame.ordered.finalize())
      }
      finish(frame.index, hasher.finalize(), stack: &stack)
    }
    self.hashes = hashes
    self.sizes = sizes
  }

  /// The number of nodes.
  var count: Int { hashes.count }

  /// The pre-order indices of the `count` children of the container at `index`.
  func children(of index: Int, count: Int) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    var child = index + 1
    for _ in 0..<count {
      result.append(child)
      child += Int(sizes[child])
    }
    return result
  }

  /// The hash of a scalar: its kind and value, as `PlistValue`'s equality compares them.
  private static func scalarHash(_ value: PlistValue) -> Int {
    var hasher = Hasher()
    hasher.combine(value.kind)
    switch value {
    case .string(let s): hasher.combine(s)
    case .integer(let i): hasher.combine(i)
    case .real(let r): hasher.combine(r.isNaN ? Double.nan.bitPattern : r.bitPattern)
    case .boolean(let b): hasher.combine(b)
    case .date(let d): hasher.combine(d)
    case .data(let d): hasher.combine(d)
    case .uid(let u): hasher.combine(u)
    case .array, .dictionary: break
    }
    return hasher.finalize()
  }
}
