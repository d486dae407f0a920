import Foundation

/// An ordered dictionary that keeps its entries in source order, duplicates included.
///
/// Lookup by key answers with the last entry of that key, as Apple's parsers do; the earlier
/// ones stay in `entries` so that they can be reported and deleted. Keys are compared as
/// their UTF-8 bytes, as CoreFoundation compares them: `café` written precomposed and with a
/// combining accent are two keys (Swift's `String` equality would make them one).
///
/// Lookup costs O(1) on large dictionaries: from ``KeyIndex/threshold`` entries on, the first
/// lookup builds a key-to-index table (kept until `entries` changes), so that rules and
/// findings that each look one key up cost linear time in the dictionary, not quadratic (32,000
/// ATS exception domains, each with a finding, took 10 s when every lookup scanned).
package struct PlistDictionary: Sendable, Equatable {
  /// Every entry in source order.
  package var entries: [PlistEntry] {
    didSet { lookup = KeyIndex() }
  }
  /// The key table of a large dictionary, built on first lookup; replaced (never changed) when
  /// `entries` changes, so copies that share it stay right.
  private var lookup = KeyIndex()

  /// Creates a dictionary from entries, kept in the order given.
  package init(_ entries: [PlistEntry] = []) { self.entries = entries }

  /// Compares the entries (keys and values, in order); the lookup table does not count.
  package static func == (lhs: PlistDictionary, rhs: PlistDictionary) -> Bool {
    lhs.entries == rhs.entries
  }

  /// The number of entries, duplicates included.
  package var count: Int { entries.count }

  /// True when there are no entries.
  package var isEmpty: Bool { entries.isEmpty }

  /// The keys in source order, duplicates included.
  package var keys: [String] { entries.map(\.key) }

  /// The index of the entry that lookup answers with (the last one with `key`), if any.
  package func index(forKey key: String) -> Int? {
    guard entries.count >= KeyIndex.threshold else {
      return entries.lastIndex { LiteralKey.same($0.key, key) }
    }
    return lookup.index(of: key, in: entries)
  }

  /// The value of the last entry with `key`, or nil.
  package subscript(key: String) -> PlistNode? {
    guard let i = index(forKey: key) else { return nil }
    return entries[i].node
  }

  /// Sets the value of the last entry with `key`, or appends a new entry; nil removes every
  /// entry with `key`.
  package mutating func set(_ key: String, _ node: PlistNode?) {
    guard let node else {
      entries.removeAll { LiteralKey.same($0.key, key) }
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
    guard hasDuplicateKeys else { return [] }
    var seen: [LiteralKey: [Int]] = [:]
    var order: [LiteralKey] = []
    for (i, entry) in entries.enumerated() {
      let key = LiteralKey(entry.key)
      if seen[key] == nil { order.append(key) }
      seen[key, default: []].append(i)
    }
    return order.compactMap { key in
      guard let indices = seen[key], indices.count > 1 else { return nil }
      return (key.text, indices)
    }
  }
}

extension PlistDictionary {
  /// True when some key occurs more than once.
  ///
  /// Lint asks this of every dictionary, nearly all of which have no duplicate: a small one is
  /// compared pair by pair (cheaper than hashing its keys), a larger one through a set.
  package var hasDuplicateKeys: Bool {
    let count = entries.count
    guard count > 1 else { return false }
    if count <= 16 {
      for i in 1..<count {
        for j in 0..<i where LiteralKey.same(entries[i].key, entries[j].key) { return true }
      }
      return false
    }
    var seen = HashedIndexTable(minimumCapacity: count)
    for (i, entry) in entries.enumerated() {
      let repeated = seen.find(orInsert: i, hash: LiteralKey.hash(entry.key)) { j in
        LiteralKey.same(entries[j].key, entry.key)
      }
      if repeated != nil { return true }
    }
    return false
  }
}

/// The key-to-index table of one large dictionary's entries, built once on first use.
///
/// A class so that a non-mutating lookup can fill it; the lock makes the filling safe when
/// the same dictionary is read from several tasks.
private final class KeyIndex: @unchecked Sendable {
  /// The entry count from which a table pays for itself.
  static let threshold = 32

  private let lock = NSLock()
  private var table: [LiteralKey: Int]?

  /// The index of the last entry with `key` in `entries` (the entries this table was made for).
  func index(of key: String, in entries: [PlistEntry]) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    if table == nil {
      var built = [LiteralKey: Int](minimumCapacity: entries.count)
      for (i, entry) in entries.enumerated() { built[LiteralKey(entry.key)] = i }
      table = built
    }
    return table?[LiteralKey(key)]
  }
}

/// A dictionary key compared and hashed as its UTF-8 bytes, as CoreFoundation compares keys
/// (Swift's `String` compares by canonical equivalence, which would merge `café` written two
/// ways into one key).
package struct LiteralKey: Hashable, Sendable {
  /// The key.
  package let text: String

  /// Wraps `text`.
  package init(_ text: String) { self.text = text }

  /// Whether `a` and `b` are the same bytes.
  ///
  /// Lengths first, then `memcmp` of the two strings' UTF-8 storage where both have it (every
  /// string a reader made does); `String`'s `==`, which compares canonical equivalents and
  /// was a thirtieth of a 10 MB `lint`, is not needed for bytes.
  package static func same(_ a: String, _ b: String) -> Bool {
    let x = a.utf8
    let y = b.utf8
    guard x.count == y.count else { return false }
    let compared: Bool?? = x.withContiguousStorageIfAvailable { p in
      y.withContiguousStorageIfAvailable { q in
        guard let pb = p.baseAddress, let qb = q.baseAddress else { return true }
        return memcmp(pb, qb, p.count) == 0
      }
    }
    if let compared, let compared { return compared }
    return x.elementsEqual(y)
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes (`HashedIndexTable`'s hash for keys).
  package static func hash(_ text: String) -> UInt64 {
    let utf8 = text.utf8
    if let hash = utf8.withContiguousStorageIfAvailable({ FileFingerprint.hash($0) }) {
      return hash
    }
    return FileFingerprint.hash(Array(utf8))
  }

  /// Compares the bytes.
  package static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool { same(lhs.text, rhs.text) }

  /// Hashes the bytes.
  package func hash(into hasher: inout Hasher) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if done == nil {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }
}
