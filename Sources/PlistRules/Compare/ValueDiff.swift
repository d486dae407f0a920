import PlistCore

/// The differences between two property-list trees, by key path, in NEW's source order.
///
/// Linear in the two trees: each is digested once (`TreeDigest`), a subtree whose hash did not
/// change is skipped without a look inside, a dictionary's entries are matched by key through a
/// hash table, and an array's items by their hashes. Matching is never pairwise.
///
/// - Dictionaries: an entry of NEW matches the entry of OLD with the same key (of a key
///   written more than once, equal values match first, then the rest from the last, which
///   Apple's parsers read, backwards); moving keys is not a change. Entries OLD alone
///   has are reported removed where they stood, before the next entry both have.
/// - Arrays: items equal in value match first, in order; an array whose items all match but
///   stand in another order is one `reordered` change. Of the items left over, a dictionary of
///   NEW is paired with the one of OLD it shares most entries with (a key with the same value,
///   among entries few items have), then the rest in order when both are dictionaries or both
///   arrays (the change is then inside them); the others are added or removed.
/// - Anything else that differs (a value, a type) is one `changed`.
///
/// Walks with a stack of its own, so the depth of the trees costs no call stack.
package enum ValueDiff {
  /// The changes from `old` to `new`.
  ///
  /// - Parameters:
  ///   - old: the root of OLD's tree.
  ///   - new: the root of NEW's tree.
  /// - Returns: the changes in NEW's source order (removed ones where they stood in OLD); empty
  ///   when the trees hold the same values, whatever their formats and key order.
  package static func changes(old: PlistNode, new: PlistNode) -> [ValueChange] {
    changes(old: old, TreeDigest(old), new: new, TreeDigest(new))
  }

  /// The changes from `old` to `new`, with their digests already made.
  static func changes(
    old: PlistNode, _ oldDigest: TreeDigest, new: PlistNode, _ newDigest: TreeDigest
  ) -> [ValueChange] {
    var walk = Walk(oldDigest: oldDigest, newDigest: newDigest)
    walk.run(
      Side(node: old, index: 0, path: .root, location: old.location),
      Side(node: new, index: 0, path: .root, location: new.location))
    return walk.changes
  }

  /// One node on one side: where it is in the tree and in the digest.
  struct Side {
    var node: PlistNode
    var index: Int
    var path: PathLink
    var location: SourceLocation
  }

  /// A node's path as a link to its parent's: one step down costs one small object, not a
  /// copy of the whole path, so comparing trees 100,000 levels deep stays linear; a
  /// `KeyPath` is made only for a change.
  final class PathLink {
    /// The path of the parent; nil at the root.
    private(set) var parent: PathLink?
    /// The last step; nil at the root.
    let step: KeyPath.Component?

    /// The root.
    static var root: PathLink { PathLink(parent: nil, step: nil) }

    private init(parent: PathLink?, step: KeyPath.Component?) {
      self.parent = parent
      self.step = step
    }

    /// The path one step further down, into the entry `key`.
    func appending(key: String) -> PathLink { PathLink(parent: self, step: .key(key)) }

    /// The path one step further down, into item `index`.
    func appending(index: Int) -> PathLink { PathLink(parent: self, step: .index(index)) }

    /// The path in full.
    var keyPath: KeyPath {
      var steps: [KeyPath.Component] = []
      var link: PathLink? = self
      while let current = link {
        if let step = current.step { steps.append(step) }
        link = current.parent
      }
      return KeyPath(steps.reversed())
    }

    /// Releases a chain of parents held by nothing else one link at a time, where the
    /// default would release it by recursion, one call per level.
    deinit {
      guard var next = parent else { return }
      parent = nil
      while isKnownUniquelyReferenced(&next), let grandparent = next.parent {
        next.parent = nil
        next = grandparent
      }
    }
  }

  /// Work left to do, newest on top: compare two nodes, or record a change.
  enum Task {
    case compare(Side, Side)
    case emit(ValueChange)
  }

  /// The walk over both trees.
  struct Walk {
    let oldDigest: TreeDigest
    let newDigest: TreeDigest
    var changes: [ValueChange] = []
    var stack: [Task] = []

    mutating func run(_ old: Side, _ new: Side) {
      stack.append(.compare(old, new))
      while let task = stack.popLast() {
        switch task {
        case .emit(let change):
          changes.append(change)
        case .compare(let old, let new):
          guard oldDigest.hashes[old.index] != newDigest.hashes[new.index] else { continue }
          var plan: [Task] = []
          switch (old.node.value, new.node.value) {
          case (.dictionary(let a), .dictionary(let b)):
            plan = dictionaries(a, old, b, new)
          case (.array(let a), .array(let b)):
            plan = arrays(a, old, b, new)
          default:
            plan = [.emit(changed(old, new))]
          }
          stack.append(contentsOf: plan.reversed())
        }
      }
    }

    private func changed(_ old: Side, _ new: Side) -> ValueChange {
      ValueChange(
        .changed, oldPath: old.path.keyPath, newPath: new.path.keyPath, old: old.node,
        new: new.node,
        oldLocation: old.location, newLocation: new.location)
    }

    /// `old` removed; in NEW it stood before item `index` of the container `parent`.
    private func removed(_ old: Side, in parent: Side, at index: Int) -> Task {
      .emit(
        ValueChange(
          .removed, oldPath: old.path.keyPath, newPath: nil, old: old.node, new: nil,
          oldLocation: old.location, newPlace: (parent.path.keyPath, index)))
    }

    private func added(_ new: Side) -> Task {
      .emit(
        ValueChange(
          .added, oldPath: nil, newPath: new.path.keyPath, old: nil, new: new.node,
          newLocation: new.location))
    }

    /// Where a dictionary entry was written: its key, or its value when the key has no text
    /// position (binary files).
    private static func location(_ entry: PlistEntry) -> SourceLocation {
      entry.keyLocation.hasTextPosition ? entry.keyLocation : entry.node.location
    }

    /// How many of OLD's leftover items may share an entry for it to count as a vote.
    static let distinctive = 8

    /// The hash of each entry of a dictionary (its key and its value's subtree), from the
    /// digest; the dictionary is the node at `index`.
    private static func entryHashes(
      _ dictionary: PlistDictionary, _ index: Int, _ digest: TreeDigest
    ) -> [Int] {
      let children = digest.children(of: index, count: dictionary.count)
      return zip(dictionary.entries, children).map { entry, child in
        var hasher = Hasher()
        hasher.combine(entry.key)
        hasher.combine(digest.hashes[child])
        return hasher.finalize()
      }
    }

    private func dictionaries(
      _ a: PlistDictionary, _ old: Side, _ b: PlistDictionary, _ new: Side
    ) -> [Task] {
      let oldChildren = oldDigest.children(of: old.index, count: a.count)
      let newChildren = newDigest.children(of: new.index, count: b.count)
      var byKey: [String: [Int]] = [:]
      byKey.reserveCapacity(a.count)
      for (i, entry) in a.entries.enumerated() { byKey[entry.key, default: []].append(i) }
      var match = [Int?](repeating: nil, count: b.count)
      var matched = [Bool](repeating: false, count: a.count)
      var repeated: [String: [Int]] = [:]
      var newByKey: [String: [Int]] = [:]
      newByKey.reserveCapacity(b.count)
      for (j, entry) in b.entries.enumerated() { newByKey[entry.key, default: []].append(j) }
      for (j, entry) in b.entries.enumerated() {
        guard let olds = byKey[entry.key], let news = newByKey[entry.key] else { continue }
        if olds.count == 1, news.count == 1 {
          match[j] = olds[0]
          matched[olds[0]] = true
        } else if repeated[entry.key] == nil {
          repeated[entry.key] = news
        }
      }
      // A key written more than once: equal values first, then the rest from the last
      // (the one Apple's parsers read) backwards, so a duplicate dropped is one removal.
      for (key, news) in repeated {
        let olds = byKey[key] ?? []
        var left: [Int] = []
        for j in news {
          let hash = newDigest.hashes[newChildren[j]]
          if let i = olds.first(where: { !matched[$0] && oldDigest.hashes[oldChildren[$0]] == hash }
          ) {
            match[j] = i
            matched[i] = true
          } else {
            left.append(j)
          }
        }
        let oldLeft = olds.filter { !matched[$0] }
        for (j, i) in zip(left.reversed(), oldLeft.reversed()) {
          match[j] = i
          matched[i] = true
        }
      }
      var plan: [Task] = []
      var cursor = 0
      func oldSide(_ i: Int) -> Side {
        let entry = a.entries[i]
        return Side(
          node: entry.node, index: oldChildren[i], path: old.path.appending(key: entry.key),
          location: Self.location(entry))
      }
      func flush(upTo end: Int, before j: Int) {
        while cursor < end {
          if !matched[cursor] { plan.append(removed(oldSide(cursor), in: new, at: j)) }
          cursor += 1
        }
      }
      for (j, entry) in b.entries.enumerated() {
        let newIndex = newChildren[j]
        guard let i = match[j] else {
          plan.append(
            added(
              Side(
                node: entry.node, index: newIndex, path: new.path.appending(key: entry.key),
                location: Self.location(entry))))
          continue
        }
        flush(upTo: i, before: j)
        if cursor == i { cursor = i + 1 }
        guard oldDigest.hashes[oldChildren[i]] != newDigest.hashes[newIndex] else { continue }
        plan.append(
          .compare(
            oldSide(i),
            Side(
              node: entry.node, index: newIndex, path: new.path.appending(key: entry.key),
              location: Self.location(entry))))
      }
      flush(upTo: a.count, before: b.count)
      return plan
    }

    private func arrays(
      _ a: [PlistNode], _ old: Side, _ b: [PlistNode], _ new: Side
    ) -> [Task] {
      let oldChildren = oldDigest.children(of: old.index, count: a.count)
      let newChildren = newDigest.children(of: new.index, count: b.count)
      // Equal items first: each hash's old positions, taken in order.
      var byHash: [Int: [Int]] = [:]
      byHash.reserveCapacity(a.count)
      for (i, child) in oldChildren.enumerated() {
        byHash[oldDigest.hashes[child], default: []].append(i)
      }
      var taken: [Int: Int] = [:]
      var equal = [Int?](repeating: nil, count: b.count)
      var used = [Bool](repeating: false, count: a.count)
      for (j, child) in newChildren.enumerated() {
        let hash = newDigest.hashes[child]
        let next = taken[hash, default: 0]
        if let positions = byHash[hash], next < positions.count {
          equal[j] = positions[next]
          used[positions[next]] = true
          taken[hash] = next + 1
        }
      }
      // The rest: containers of one kind are paired in order, to be compared inside.
      let leftOld = a.indices.filter { !used[$0] }
      let leftNew = b.indices.filter { equal[$0] == nil }
      var paired = [Int?](repeating: nil, count: b.count)
      var pairedOld = [Bool](repeating: false, count: a.count)
      // Leftover dictionaries that share entries (a key with the same value) are the same
      // item changed: each of NEW's goes to the one of OLD it shares most entries with,
      // counting only entries at most `distinctive` of OLD's leftovers have, so the votes
      // cost what the entries do.
      var owners: [Int: [Int]] = [:]
      for i in leftOld {
        guard case .dictionary(let d) = a[i].value else { continue }
        for hash in Self.entryHashes(d, oldChildren[i], oldDigest) {
          owners[hash, default: []].append(i)
        }
      }
      for j in leftNew {
        guard case .dictionary(let d) = b[j].value else { continue }
        var votes: [Int: Int] = [:]
        for hash in Self.entryHashes(d, newChildren[j], newDigest) {
          guard let candidates = owners[hash], candidates.count <= Self.distinctive else {
            continue
          }
          for i in candidates where !pairedOld[i] { votes[i, default: 0] += 1 }
        }
        guard
          let best = votes.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key
        else { continue }
        paired[j] = best
        pairedOld[best] = true
      }
      // The rest: the n-th leftover dictionary of NEW with OLD's n-th, and likewise arrays.
      var oldByKind: [PlistKind: [Int]] = [:]
      for i in leftOld where a[i].value.kind.isContainer && !pairedOld[i] {
        oldByKind[a[i].value.kind, default: []].append(i)
      }
      var next: [PlistKind: Int] = [:]
      for j in leftNew where b[j].value.kind.isContainer && paired[j] == nil {
        let kind = b[j].value.kind
        let n = next[kind, default: 0]
        guard let olds = oldByKind[kind], n < olds.count else { continue }
        paired[j] = olds[n]
        pairedOld[olds[n]] = true
        next[kind] = n + 1
      }
      var plan: [Task] = []
      var previous = -1
      var reordered = false
      for j in b.indices {
        guard let i = equal[j] else { continue }
        if i < previous { reordered = true }
        previous = i
      }
      if reordered {
        plan.append(
          .emit(
            ValueChange(
              .reordered, oldPath: old.path.keyPath, newPath: new.path.keyPath, old: old.node,
              new: new.node,
              oldLocation: old.location, newLocation: new.location)))
      }
      var cursor = 0
      func oldSide(_ i: Int) -> Side {
        Side(
          node: a[i], index: oldChildren[i], path: old.path.appending(index: i),
          location: a[i].location)
      }
      func flush(upTo end: Int, before j: Int) {
        while cursor < end {
          if !used[cursor] && !pairedOld[cursor] {
            plan.append(removed(oldSide(cursor), in: new, at: j))
          }
          cursor += 1
        }
      }
      func newSide(_ j: Int) -> Side {
        Side(
          node: b[j], index: newChildren[j], path: new.path.appending(index: j),
          location: b[j].location)
      }
      for j in b.indices {
        if let i = equal[j] ?? paired[j] {
          flush(upTo: i, before: j)
          if cursor == i { cursor = i + 1 }
          if paired[j] != nil { plan.append(.compare(oldSide(i), newSide(j))) }
        } else {
          plan.append(added(newSide(j)))
        }
      }
      flush(upTo: a.count, before: b.count)
      return plan
    }
  }
}
