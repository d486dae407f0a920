/// The 32-byte trailer at the end of a binary property list, validated against the file.
///
/// Layout (big-endian): 5 unused bytes, sort version (1), offset-table entry width (1), object
/// reference width (1), object count (8), top object index (8), offset-table offset (8).
///
/// The checks are CoreFoundation's (`__CFBinaryPlistGetTopLevelInfo`), each reported with a
/// sentence and an offset: widths of 1 to 8 bytes (CF takes any width, but only the low 64 bits
/// mean anything, so infoscope refuses wider ones); at least one object; the top object in range;
/// the offset table after the header and ending exactly where the trailer starts (no garbage
/// between them); references wide enough to count every object (CF asks for `objectCount <
/// 2^(8 × width)`) and offsets wide enough to reach the table; every entry of the table pointing
/// into the object area (after the 8-byte header and before the table). All arithmetic is
/// overflow-checked.
struct BinaryPlistTrailer {
  /// Size of the trailer in bytes.
  static let size = 32
  /// Size of the `bplist0?` header.
  static let headerSize = 8

  /// Width in bytes of each offset-table entry, 1...8.
  let offsetWidth: Int
  /// Width in bytes of each object reference, 1...8.
  let referenceWidth: Int
  /// Number of objects (and offset-table entries).
  let objectCount: Int
  /// Index of the root object.
  let topObject: Int
  /// Offset of the offset table; also the end of the object area.
  let offsetTableOffset: Int

  /// Reads and validates the trailer and the offset table of `bytes`.
  ///
  /// - Throws: `PlistError` of kind `.malformed` naming the offending offset.
  init(_ bytes: UnsafeRawBufferPointer) throws(PlistError) {
    let minimum = BinaryPlistTrailer.headerSize + 1 + BinaryPlistTrailer.size
    guard bytes.count >= minimum else {
      throw PlistError(
        .malformed,
        "binary property list is \(bytes.count) bytes, shorter than the \(minimum) bytes of a "
          + "header, one object and a trailer",
        offset: bytes.count)
    }
    let t = bytes.count - BinaryPlistTrailer.size
    let offsetWidth = Int(bytes[t + 6])
    let referenceWidth = Int(bytes[t + 7])
    let objectCount = BinaryPlistTrailer.bigEndian(bytes, t + 8, 8)
    let topObject = BinaryPlistTrailer.bigEndian(bytes, t + 16, 8)
    let tableOffset = BinaryPlistTrailer.bigEndian(bytes, t + 24, 8)

    guard (1...8).contains(offsetWidth) else {
      throw PlistError(
        .malformed, "trailer gives an offset width of \(offsetWidth) bytes, expected 1 to 8",
        offset: t + 6)
    }
    guard (1...8).contains(referenceWidth) else {
      throw PlistError(
        .malformed,
        "trailer gives an object reference width of \(referenceWidth) bytes, expected 1 to 8",
        offset: t + 7)
    }
    guard objectCount >= 1 else {
      throw PlistError(
        .malformed, "trailer gives an object count of 0, expected at least 1", offset: t + 8)
    }
    guard topObject < objectCount else {
      throw PlistError(
        .malformed,
        "trailer names top object \(topObject), expected an index below the object "
          + "count \(objectCount)", offset: t + 16)
    }
    guard tableOffset >= UInt64(BinaryPlistTrailer.headerSize + 1), tableOffset < UInt64(t) else {
      throw PlistError(
        .malformed,
        "trailer puts the offset table at 0x\(String(tableOffset, radix: 16)), "
          + "expected an offset after the header and before the trailer at 0x"
          + String(t, radix: 16),
        offset: t + 24)
    }
    // The table must end exactly where the trailer starts: objectCount * offsetWidth bytes.
    let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetWidth))
    guard !overflow, tableSize == UInt64(t) - tableOffset else {
      throw PlistError(
        .malformed,
        "offset table of \(PlistError.counted(objectCount, "entry", plural: "entries")) of "
          + "\(PlistError.counted(offsetWidth, "byte")) at 0x"
          + "\(String(tableOffset, radix: 16)) does not end where the trailer starts (0x"
          + "\(String(t, radix: 16))), expected the object count to match the table",
        offset: t + 8)
    }
    if referenceWidth < 8, objectCount >= UInt64(1) << (8 * referenceWidth) {
      throw PlistError(
        .malformed,
        "object references of \(referenceWidth) bytes cannot name \(objectCount) "
          + "objects, expected wider references", offset: t + 7)
    }
    if offsetWidth < 8, tableOffset >= UInt64(1) << (8 * offsetWidth) {
      throw PlistError(
        .malformed,
        "offsets of \(offsetWidth) bytes cannot reach the offset table at 0x"
          + "\(String(tableOffset, radix: 16)), expected wider offsets", offset: t + 6)
    }
    self.offsetWidth = offsetWidth
    self.referenceWidth = referenceWidth
    // All three are below the file size (checked above), so they fit in Int.
    self.objectCount = Int(objectCount)
    self.topObject = Int(topObject)
    self.offsetTableOffset = Int(tableOffset)

    // Every object has its own bytes: two table entries with one offset would let a small
    // file stand for the same large object many times over (writers never do this). A bit per
    // byte of the object area tells them apart in one pass.
    var seen = [UInt64](repeating: 0, count: Int(tableOffset) / 64 + 1)
    var entry = self.offsetTableOffset
    for index in 0..<self.objectCount {
      let offset = BinaryPlistTrailer.bigEndian(bytes, entry, offsetWidth)
      guard offset >= UInt64(BinaryPlistTrailer.headerSize), offset < tableOffset else {
        throw PlistError(
          .malformed,
          "offset table gives object \(index) the offset 0x"
            + "\(String(offset, radix: 16)), expected one between the header and the offset "
            + "table at 0x\(String(tableOffset, radix: 16))", offset: entry)
      }
      let word = Int(offset / 64)
      let bit = UInt64(1) << (offset % 64)
      guard seen[word] & bit == 0 else {
        throw PlistError(
          .malformed,
          "offset table gives object \(index) the offset 0x\(String(offset, radix: 16)), "
            + "which an earlier object already has, expected each object at its own offset",
          offset: entry)
      }
      seen[word] |= bit
      entry &+= offsetWidth
    }
  }

  /// The offset of object `index` (which must be below `objectCount`), from the offset table.
  @inline(__always)
  func offset(of index: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    Int(
      truncatingIfNeeded: BinaryPlistTrailer.bigEndian(
        bytes, offsetTableOffset &+ index &* offsetWidth, offsetWidth))
  }

  /// The big-endian unsigned integer of `width` (1...8) bytes at `at`; the caller checks bounds.
  @inline(__always)
  static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ width: Int) -> UInt64 {
    switch width {
    case 1:
      return UInt64(bytes[at])
    case 2:
      return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
    case 4:
      return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
    case 8:
      return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    default:
      var value: UInt64 = 0
      for i in 0..<width { value = value << 8 | UInt64(bytes[at &+ i]) }
      return value
    }
  }
}
