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
    var start: Int32 = 0
    var count: Int32 = 0
    var string: String? = nil
  }

  /// Only strings of `16...maxLength` UTF-8 bytes are cached.
  static let maxLength = 64
  private static let capacity = 1 << 13
  private var slots = [Slot](repeating: Slot(), count: StringCache.capacity)
  private var used = 0

  /// The string for `bytes[range]`, from the cache or decoded and remembered; nil when the
  /// bytes are not valid UTF-8.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard range.count > 15, range.count <= StringCache.maxLength, let base = bytes.baseAddress else {
      return String(validating: slice, as: UTF8.self)
    }
    var hash: UInt32 = 2_166_136_261
    for b in slice { hash = (hash ^ UInt32(b)) &* 16_777_619 }
    let mask = StringCache.capacity - 1
    var i = Int(hash) & mask
    while let existing = slots[i].string {
      if slots[i].hash == hash, Int(slots[i].count) == range.count,
        memcmp(base + Int(slots[i].start), base + range.lowerBound, range.count) == 0
      {
        return existing
      }
      i = (i + 1) & mask
    }
    guard let made = String(validating: slice, as: UTF8.self) else { return nil }
    if used < StringCache.capacity / 2 {
      slots[i] = Slot(hash: hash, start: Int32(truncatingIfNeeded: range.lowerBound),
                      count: Int32(range.count), string: made)
      used += 1
    }
    return made
  }
}
