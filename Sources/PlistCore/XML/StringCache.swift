import Foundation

/// Shares the storage of strings that repeat in one document (keys such as
/// `CFBundleIdentifier` in every dictionary of an array, orientation names), so a large
/// property list costs one heap string per distinct text rather than one per occurrence.
///
/// An open-addressed table over byte ranges of the text being read: a hit is found by hash
/// and `memcmp` against the bytes of the first occurrence, with no allocation. Strings of 15
/// UTF-8 bytes or fewer are stored inline by Swift and are not cached; nor are long ones, which
/// seldom repeat. The table stops taking entries when half full, so its size is bounded.
struct StringCache {
  private struct Slot {
    var hash: UInt32 = 0
    /// Offset of the first occurrence; texts are at most 4 GiB (`PlistLimits.maxDocumentBytes`).
    var start: UInt32 = 0
    var count: UInt32 = 0
    var string: String? = nil
  }

  /// Only strings of `16...maxLength` UTF-8 bytes are cached.
  static let maxLength = 64
  private let capacity: Int
  private var slots: [Slot]
  private var used = 0

  /// Creates a cache sized for a text of `textBytes` bytes: one slot per 32 bytes of text,
  /// from 64 to 8,192 slots (a power of two), so small documents pay almost nothing for it.
  init(textBytes: Int) {
    var capacity = 64
    while capacity < 8_192, capacity * 32 < textBytes { capacity <<= 1 }
    self.capacity = capacity
    slots = [Slot](repeating: Slot(), count: capacity)
  }

  /// The string for `bytes[range]`, from the cache or decoded and remembered; nil when the
  /// bytes are not valid UTF-8.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard range.count > 15, range.count <= StringCache.maxLength, let base = bytes.baseAddress
    else {
      return StringCache.makeString(slice)
    }
    // Hash 8 bytes at a time; the same pass tells whether the text is ASCII.
    let raw = UnsafeRawPointer(base + range.lowerBound)
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
    var high: UInt64 = 0
    var i = 0
    while i + 8 <= range.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      high |= word
      h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
      h ^= h >> 29
      i += 8
    }
    var tail: UInt64 = 0
    while i < range.count {
      tail = tail << 8 | UInt64(slice[i])
      i += 1
    }
    high |= tail
    h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 32
    let hash = UInt32(truncatingIfNeeded: h)
    let isASCII = high & 0x8080_8080_8080_8080 == 0
    let mask = capacity - 1
    var slot = Int(hash) & mask
    while let existing = slots[slot].string {
      if slots[slot].hash == hash, Int(slots[slot].count) == range.count,
        memcmp(base + Int(slots[slot].start), base + range.lowerBound, range.count) == 0
      {
        return existing
      }
      slot = (slot + 1) & mask
    }
    guard
      let made = isASCII ? String(decoding: slice, as: UTF8.self) : StringCache.makeString(slice)
    else { return nil }
    if used < capacity / 2 {
      slots[slot] = Slot(
        hash: hash, start: UInt32(truncatingIfNeeded: range.lowerBound),
        count: UInt32(range.count), string: made)
      used += 1
    }
    return made
  }

  /// A string from UTF-8 bytes, or nil when they are not valid UTF-8.
  ///
  /// ASCII text (the common
  /// case) skips the generic validating initialiser.
  static func makeString(_ slice: UnsafeBufferPointer<UInt8>) -> String? {
    var i = 0
    let n = slice.count
    if let base = slice.baseAddress {
      let raw = UnsafeRawPointer(base)
      var high: UInt64 = 0
      while i + 8 <= n {
        high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        i += 8
      }
      if high & 0x8080_8080_8080_8080 != 0 { return String(validating: slice, as: UTF8.self) }
    }
    while i < n {
      if slice[i] >= 0x80 { return String(validating: slice, as: UTF8.self) }
      i += 1
    }
    return String(decoding: slice, as: UTF8.self)
  }
}
