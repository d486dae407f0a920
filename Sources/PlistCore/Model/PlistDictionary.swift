/// One key and its value in a dictionary, with where the key was written.
package struct PlistEntry: Sendable, Equatable {
  /// The key text.
  package var key: String
  /// Where the key was read from: for XML the `<key>` element, for ASCII the key token, for
  /// binary the key object's offset; `.none` for entries made in memory.
  package var keyLocation: SourceLocation
  /// The value.
  package var node: PlistNode

  /// Creates an entry.
  package init(key: String, keyLocation: SourceLocation = .none, node: PlistNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.node = node
  }

  /// Compares key and value, ignoring locations.
  package static func == (lhs: PlistEntry, rhs: PlistEntry) -> Bool {
    lhs.key == rhs.key && lhs.node == rhs.node
  }
}

/// An ordered dictionary that keeps its entries in source order, duplicates included.
///
/// Lookup by key answers with the last entry of that key, as Apple's parsers do; the earlier
/// ones stay in `entries` so that they can be reported and deleted.
package struct PlistDictionary: Sendable, Equatable {
  /// Every entry in source order.
  package var entries: [PlistEntry]

  /// Creates a dictionary from entries, kept in the order given.
  package init(_ entries: [PlistEntry] = []) { self.entries = entries }

  /// The number of entries, duplicates included.
  package var count: Int { entries.count }

  /// True when there are no entries.
  package var isEmpty: Bool { entries.isEmpty }

  /// The keys in source order, duplicates included.
  package var keys: [String] { entries.map(\.key) }

  /// The index of the entry that lookup answers with (the last one with `key`), if any.
  package func index(forKey key: String) -> Int? { entries.lastIndex { $0.key == key } }

  /// The value of the last entry with `key`, or nil.
  package subscript(key: String) -> PlistNode? {
    guard let i = index(forKey: key) else { return nil }
    return entries[i].node
  }

  /// Sets the value of the last entry with `key`, or appends a new entry; nil removes every
  /// entry with `key`.
  package mutating func set(_ key: String, _ node: PlistNode?) {
    guard let node else {
      entries.removeAll { $0.key == key }
      return
    }
    if let i = index(forKey: key) {
      entries[i].node = node
    } else {
      entries.append(PlistEntry(key: key, node: node))
    }
  }

  /// The keys that occur more than once, each with the indices of all its entries, in order of
  /// first occurrence.
  package var duplicateKeys: [(key: String, indices: [Int])] {
    var seen: [String: [Int]] = [:]
    var order: [String] = []
    for (i, entry) in entries.enumerated() {
      if seen[entry.key] == nil { order.append(entry.key) }
      seen[entry.key, default: []].append(i)
    }
    return order.compactMap { key in
      guard let indices = seen[key], indices.count > 1 else { return nil }
      return (key, indices)
    }
  }
}
