/// A bounds-checked view of part of a file's bytes, reading integers in one byte order.
///
/// Offsets given to its methods are relative to the window; errors name the absolute offset in
/// the file (`start + offset`), so a fat slice, a signature or a blob reports where in the whole
/// file it broke. Every range test is overflow-safe: a length or offset from the input can be
/// anything up to `Int.max` without trapping.
struct ByteWindow: Sendable {
  /// The whole file.
  let bytes: [UInt8]
  /// Absolute offset of the window's first byte.
  let start: Int
  /// Number of bytes in the window.
  let count: Int
  /// True to read integers big-endian.
  let bigEndian: Bool

  /// A window on all of `bytes`.
  init(_ bytes: [UInt8], bigEndian: Bool) {
    self.init(bytes: bytes, start: 0, count: bytes.count, bigEndian: bigEndian)
  }

  private init(bytes: [UInt8], start: Int, count: Int, bigEndian: Bool) {
    self.bytes = bytes
    self.start = start
    self.count = count
    self.bigEndian = bigEndian
  }

  /// The absolute file offset of `offset` in the window.
  func absolute(_ offset: Int) -> Int { start &+ offset }

  /// True when `offset ..< offset + length` lies inside the window.
  func contains(_ offset: Int, _ length: Int) -> Bool {
    guard offset >= 0, length >= 0 else { return false }
    let (end, overflow) = offset.addingReportingOverflow(length)
    return !overflow && end <= count
  }

  /// Throws a `.malformed` error at `offset` unless `offset ..< offset + length` fits.
  func require(
    _ offset: Int, _ length: Int, _ message: @autoclosure () -> String, at errorOffset: Int? = nil
  ) throws(BundleError) {
    guard contains(offset, length) else {
      throw BundleError(.malformed, message(), offset: absolute(errorOffset ?? offset))
    }
  }

  /// The sub-window `offset ..< offset + length`, optionally in another byte order.
  func window(
    _ offset: Int, _ length: Int, bigEndian: Bool? = nil,
    _ message: @autoclosure () -> String = "a structure runs past the end of the file"
  ) throws(BundleError) -> ByteWindow {
    try require(offset, length, message())
    return ByteWindow(
      bytes: bytes, start: start &+ offset, count: length, bigEndian: bigEndian ?? self.bigEndian)
  }

  /// The bytes `offset ..< offset + length`.
  func slice(_ offset: Int, _ length: Int) throws(BundleError) -> ArraySlice<UInt8> {
    try require(offset, length, "expected \(length) bytes but the data ends first")
    let from = start &+ offset
    return bytes[from..<(from &+ length)]
  }

  /// The byte at `offset`.
  func u8(_ offset: Int) throws(BundleError) -> UInt8 {
    try require(offset, 1, "expected a byte but the data ends first")
    return bytes[start &+ offset]
  }

  /// The 32-bit integer at `offset`, in the window's byte order.
  func u32(_ offset: Int) throws(BundleError) -> UInt32 {
    try require(offset, 4, "expected a 32-bit value but the data ends first")
    let base = start &+ offset
    var value: UInt32 = 0
    for index in 0..<4 {
      let byte = UInt32(bytes[base &+ (bigEndian ? index : 3 &- index)])
      value = value << 8 | byte
    }
    return value
  }

  /// The 64-bit integer at `offset`, in the window's byte order.
  func u64(_ offset: Int) throws(BundleError) -> UInt64 {
    let first = UInt64(try u32(offset))
    let second = UInt64(try u32(offset &+ 4))
    return bigEndian ? first << 32 | second : second << 32 | first
  }

  /// The NUL-terminated UTF-8 string starting at `offset` and ending before `limit`.
  ///
  /// - Returns: the text (invalid UTF-8 is repaired with U+FFFD), or nil when no NUL byte comes
  ///   before `limit` or `offset` is outside `0 ..< limit`.
  func cString(_ offset: Int, before limit: Int) -> String? {
    guard offset >= 0, offset < limit, limit <= count else { return nil }
    let from = start &+ offset
    let to = start &+ limit
    guard let nul = bytes[from..<to].firstIndex(of: 0) else { return nil }
    return String(decoding: bytes[from..<nul], as: UTF8.self)
  }

  /// Converts a 64-bit unsigned size or offset to `Int`, or nil when it does not fit.
  static func int(_ value: UInt64) -> Int? { Int(exactly: value) }
}

extension BundleError {
  /// A `.malformed` error at an absolute file offset.
  static func malformed(_ message: String, at offset: Int) -> BundleError {
    BundleError(.malformed, message, offset: offset)
  }

  /// A `.limitExceeded` error at an absolute file offset.
  static func limit(_ message: String, at offset: Int) -> BundleError {
    BundleError(.limitExceeded, message, offset: offset)
  }
}
