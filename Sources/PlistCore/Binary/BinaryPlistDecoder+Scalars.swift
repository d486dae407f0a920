import Foundation

extension BinaryPlistDecoder {
  /// The node of a non-container object of kind `kind` at `offset`; with `dataBytes` false, a
  /// data object that passes every check comes back empty (see
  /// `PlistEventSink.needsDataBytes`).
  func scalar(
    _ kind: BinaryPlistMarker, _ offset: Int, _ marker: UInt8, dataBytes: Bool = true
  ) throws(PlistError) -> PlistNode {
    let low = marker & 0x0F
    switch kind {
    case .simple:
      switch marker {
      case BinaryPlistMarker.falseByte:
        return PlistNode(.boolean(false), location: location(offset, offset &+ 1))
      case BinaryPlistMarker.trueByte:
        return PlistNode(.boolean(true), location: location(offset, offset &+ 1))
      case BinaryPlistMarker.nullByte:
        throw PlistError(
          .malformed,
          "object at offset 0x\(hex(offset)) is null (0x00), which is not a "
            + "property-list value", offset: offset)
      case BinaryPlistMarker.fillByte:
        throw PlistError(
          .malformed, "object at offset 0x\(hex(offset)) is a fill byte (0x0F), expected an object",
          offset: offset)
      default:
        throw unknownMarker(marker, offset)
      }
    case .integer:
      guard low <= 4 else {
        throw PlistError(
          .malformed,
          "integer at offset 0x\(hex(offset)) has the marker 0x\(hex(marker)), "
            + "expected 1, 2, 4, 8 or 16 bytes (0x10 to 0x14)", offset: offset)
      }
      let width = 1 << Int(low)
      let end = try extent(offset &+ 1, width, unit: 1, offset, kind, "bytes")
      return PlistNode(
        .integer(try integer(offset &+ 1, width, offset)), location: location(offset, end))
    case .real:
      guard low == 2 || low == 3 else {
        throw PlistError(
          .malformed,
          "real at offset 0x\(hex(offset)) has the marker 0x\(hex(marker)), "
            + "expected 4 or 8 bytes (0x22 or 0x23)", offset: offset)
      }
      let width = 1 << Int(low)
      let end = try extent(offset &+ 1, width, unit: 1, offset, kind, "bytes")
      let bits = BinaryPlistTrailer.bigEndian(bytes, offset &+ 1, width)
      let value =
        width == 4
        ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
      return PlistNode(.real(value), location: location(offset, end))
    case .date:
      guard marker == 0x33 else {
        throw PlistError(
          .malformed,
          "date at offset 0x\(hex(offset)) has the marker 0x\(hex(marker)), "
            + "expected 0x33 (an 8-byte float)", offset: offset)
      }
      let end = try extent(offset &+ 1, 8, unit: 1, offset, kind, "bytes")
      let seconds = Double(bitPattern: BinaryPlistTrailer.bigEndian(bytes, offset &+ 1, 8))
      guard PlistDate(secondsSinceReferenceDate: seconds).isInSupportedRange else {
        throw PlistError(
          .outOfRange,
          "date at offset 0x\(hex(offset)) is \(seconds) seconds from 2001, "
            + "expected an instant from year -9999 to 9999 (the years every plist format can write)",
          offset: offset)
      }
      return PlistNode(
        .date(PlistDate(secondsSinceReferenceDate: seconds)), location: location(offset, end))
    case .data:
      let (count, start) = try countAndStart(marker, offset, kind)
      let end = try extent(start, count, unit: 1, offset, kind, "bytes")
      if count > limits.maxDataBytes {
        throw PlistError(.limitExceeded, limits.dataTooLarge(count), offset: offset)
      }
      let data = dataBytes ? Data(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) : Data()
      return PlistNode(.data(data), location: location(offset, end))
    case .asciiString:
      let (count, start) = try countAndStart(marker, offset, kind)
      let end = try extent(start, count, unit: 1, offset, kind, "bytes")
      if count > limits.maxStringBytes {
        throw PlistError(.limitExceeded, limits.stringTooLong(count), offset: offset)
      }
      return PlistNode(.string(try ascii(start, end, offset)), location: location(offset, end))
    case .utf16String:
      let (count, start) = try countAndStart(marker, offset, kind)
      let end = try extent(start, count, unit: 2, offset, kind, "UTF-16 code units")
      let string = try utf16(start, count, offset)
      if string.utf8.count > limits.maxStringBytes {
        throw PlistError(
          .limitExceeded, limits.stringTooLong(string.utf8.count), offset: offset)
      }
      return PlistNode(.string(string), location: location(offset, end))
    case .utf8String:
      throw PlistError(
        .malformed,
        "object at offset 0x\(hex(offset)) is a UTF-8 string (marker 0x\(hex(marker))), "
          + "which only the bplist1? format has; expected ASCII (0x5_) or UTF-16 (0x6_)",
        offset: offset)
    case .uid:
      let width = Int(low) &+ 1
      let end = try extent(offset &+ 1, width, unit: 1, offset, kind, "bytes")
      var value: UInt64 = 0
      for i in 0..<width {
        let byte = bytes[offset &+ 1 &+ i]
        if value >> 56 != 0 {
          throw PlistError(
            .outOfRange,
            "UID at offset 0x\(hex(offset)) is wider than 64 bits, expected a value "
              + "up to \(UInt64.max)", offset: offset)
        }
        value = value << 8 | UInt64(byte)
      }
      return PlistNode(.uid(value), location: location(offset, end))
    case .set, .orderedSet:
      throw PlistError(
        .malformed,
        "object at offset 0x\(hex(offset)) is \(kind.article) (marker 0x"
          + "\(hex(marker))); sets are not property-list values", offset: offset)
    case .array, .dictionary:
      // Containers are decoded by `node(_:depth:)`; reaching here is a bug in this file.
      throw PlistError(.malformed, "internal error: container decoded as a scalar", offset: offset)
    }
  }

  private func unknownMarker(_ marker: UInt8, _ offset: Int) -> PlistError {
    PlistError(
      .malformed,
      "object at offset 0x\(hex(offset)) has the unknown marker 0x\(hex(marker)), "
        + "expected a property-list object", offset: offset)
  }

  /// An integer of `width` bytes: 1, 2 and 4 are unsigned, 8 is signed, 16 is signed 128-bit.
  private func integer(_ at: Int, _ width: Int, _ offset: Int) throws(PlistError) -> PlistInteger {
    switch width {
    case 8:
      return PlistInteger(Int64(bitPattern: BinaryPlistTrailer.bigEndian(bytes, at, 8)))
    case 16:
      let high = BinaryPlistTrailer.bigEndian(bytes, at, 8)
      let low = BinaryPlistTrailer.bigEndian(bytes, at &+ 8, 8)
      if high == 0 { return PlistInteger(low) }
      if high == UInt64.max, low >> 63 == 1 { return PlistInteger(Int64(bitPattern: low)) }
      let sign = high >> 63 == 1 ? "below \(Int64.min)" : "above \(UInt64.max)"
      throw PlistError(
        .outOfRange,
        "16-byte integer at offset 0x\(hex(offset)) is \(sign), expected a value "
          + "from \(Int64.min) to \(UInt64.max)", offset: offset)
    default:
      return PlistInteger(BinaryPlistTrailer.bigEndian(bytes, at, width))
    }
  }

  private func ascii(_ start: Int, _ end: Int, _ offset: Int) throws(PlistError) -> String {
    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    if !BinaryPlistDecoder.isASCII(bytes, start, end) {
      let bad = slice.firstIndex { $0 & 0x80 != 0 } ?? 0
      throw PlistError(
        .malformed,
        "ASCII string at offset 0x\(hex(offset)) holds the byte 0x"
          + "\(hex(slice[bad])), expected bytes below 0x80", offset: start &+ bad)
    }
    return String(decoding: slice, as: UTF8.self)
  }

  /// A UTF-16BE string of `count` code units at `start`, transcoded straight into UTF-8.
  private func utf16(_ start: Int, _ count: Int, _ offset: Int) throws(PlistError) -> String {
    if count == 0 { return "" }
    var failure = -1
    let bytes = self.bytes
    let text = String(unsafeUninitializedCapacity: count &* 3) { out in
      var o = 0
      var i = 0
      var p = start
      while i < count {
        let u = UInt32(bytes[p]) << 8 | UInt32(bytes[p &+ 1])
        if u < 0x80 {
          out[o] = UInt8(truncatingIfNeeded: u)
          o &+= 1
        } else if u < 0x800 {
          out[o] = UInt8(truncatingIfNeeded: 0xC0 | u >> 6)
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | u & 0x3F)
          o &+= 2
        } else if u & 0xF800 != 0xD800 {
          out[o] = UInt8(truncatingIfNeeded: 0xE0 | u >> 12)
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | u >> 6 & 0x3F)
          out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | u & 0x3F)
          o &+= 3
        } else {
          let next = i &+ 1 < count ? UInt32(bytes[p &+ 2]) << 8 | UInt32(bytes[p &+ 3]) : 0
          guard u <= 0xDBFF, (0xDC00...0xDFFF).contains(next) else {
            failure = i
            return 0
          }
          let scalar = 0x10000 &+ ((u &- 0xD800) << 10) &+ (next &- 0xDC00)
          out[o] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
          out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
          out[o &+ 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          o &+= 4
          i &+= 1
          p &+= 2
        }
        i &+= 1
        p &+= 2
      }
      return o
    }
    if failure >= 0 {
      let at = start &+ failure &* 2
      let unit = UInt16(bytes[at]) << 8 | UInt16(bytes[at &+ 1])
      throw PlistError(
        .malformed,
        "UTF-16 string at offset 0x\(hex(offset)) has the unpaired surrogate 0x"
          + "\(hex(unit)) at code unit \(failure), expected valid UTF-16", offset: at)
    }
    return text
  }
}
