/// Appends integers and strings to a byte array in one byte order, for building test binaries.
struct ByteWriter {
  var bytes: [UInt8] = []
  var bigEndian: Bool

  init(bigEndian: Bool) { self.bigEndian = bigEndian }

  mutating func u8(_ value: UInt8) { bytes.append(value) }

  mutating func u32(_ value: UInt32) {
    let little = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    bytes += bigEndian ? little.reversed() : little
  }

  mutating func u64(_ value: UInt64) {
    let little = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    bytes += bigEndian ? little.reversed() : little
  }

  /// The UTF-8 bytes of `text` and a NUL.
  mutating func cString(_ text: String) { bytes += Array(text.utf8) + [0] }

  /// `text` in exactly `width` bytes, NUL-padded (a segment name).
  mutating func fixed(_ text: String, width: Int) {
    let utf8 = Array(text.utf8.prefix(width))
    bytes += utf8 + [UInt8](repeating: 0, count: width - utf8.count)
  }

  /// Zero bytes up to a multiple of `alignment`.
  mutating func pad(to alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }
}

extension Array where Element == UInt8 {
  /// Overwrites the 32-bit value at `offset` in the given byte order.
  mutating func patchU32(at offset: Int, _ value: UInt32, bigEndian: Bool) {
    var writer = ByteWriter(bigEndian: bigEndian)
    writer.u32(value)
    replaceSubrange(offset..<(offset + 4), with: writer.bytes)
  }
}
