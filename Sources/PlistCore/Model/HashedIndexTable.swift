/// An open-addressing table of indices into the caller's own storage, found by a 64-bit hash
/// the caller has already computed (FNV-1a of a string's bytes, a scalar's bit pattern mixed):
/// what de-duplicates the binary writer's strings and scalars and spots repeated keys.
///
/// Swift's `Dictionary` and `Set` hash every key again through `Hasher` (SipHash), a tenth of
/// a binary conversion's instructions when the key is already a good 64-bit hash. Here a slot
/// holds the caller's index and its hash; equal hashes are settled by the caller's `isMatch`.
/// Linear probing over a power-of-two number of slots, kept at most half full.
package struct HashedIndexTable {
  /// Per slot: the caller's index, or -1 when empty.
  private var slots: [Int]
  /// Per slot: the hash the index was stored under.
  private var hashes: [UInt64]
  /// `slots.count - 1`, for the probe's wrap-around.
  private var mask: Int
  /// How far right a scrambled hash is shifted to give a slot (64 minus log2 of the size).
  private var shift: UInt64
  /// The number of indices stored.
  package private(set) var count = 0

  /// An empty table with room for `minimumCapacity` indices before it first grows.
  package init(minimumCapacity: Int = 8) {
    var size = 16
    while size < minimumCapacity * 2 { size *= 2 }
    slots = Array(repeating: -1, count: size)
    hashes = Array(repeating: 0, count: size)
    mask = size - 1
    shift = UInt64(64 - size.trailingZeroBitCount)
  }

  /// The first slot to probe for `hash`: Fibonacci hashing spreads hashes whose low bits are
  /// alike (FNV-1a's of short keys) over the whole table.
  @inline(__always)
  private func home(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The index stored under `hash` for which `isMatch` answers true; when there is none,
  /// stores `index` under `hash` and answers nil.
  ///
  /// - Parameters:
  ///   - index: the caller's index for the new entry (not negative).
  ///   - hash: the entry's 64-bit hash, equal for entries `isMatch` calls equal.
  ///   - isMatch: whether the stored index names an entry equal to the new one; called only
  ///     for stored indices of the same hash.
  /// - Returns: the stored index of an equal entry, or nil when `index` was stored.
  @inline(__always)
  package mutating func find(
    orInsert index: Int, hash: UInt64, isMatch: (Int) -> Bool
  ) -> Int? {
    var slot = home(hash)
    while true {
      let stored = slots[slot]
      if stored < 0 { break }
      if hashes[slot] == hash, isMatch(stored) { return stored }
      slot = (slot &+ 1) & mask
    }
    slots[slot] = index
    hashes[slot] = hash
    count &+= 1
    if count &* 2 > slots.count { grow() }
    return nil
  }

  /// Doubles the slots and places every stored index again by its hash.
  private mutating func grow() {
    let oldSlots = slots
    let oldHashes = hashes
    let size = oldSlots.count * 2
    slots = Array(repeating: -1, count: size)
    hashes = Array(repeating: 0, count: size)
    mask = size - 1
    shift = UInt64(64 - size.trailingZeroBitCount)
    for i in oldSlots.indices where oldSlots[i] >= 0 {
      var slot = home(oldHashes[i])
      while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
      slots[slot] = oldSlots[i]
      hashes[slot] = oldHashes[i]
    }
  }
}
