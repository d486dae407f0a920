import Foundation

/// GNUstep's typed extensions of the old-style format: `<*I12>` integer, `<*R1.5>` real,
/// `<*BY>` / `<*BN>` boolean, `<*D2001-01-01 00:00:00 +0000>` date (the value may also be
/// written in double quotes, `<*D"…">`), and `<[base64]>` data. Apple's parser reads none of
/// them; GNUstep and go-plist do, and they carry the types OpenStep text cannot express.
extension ASCIIPlistLexer {
  /// Reads `<*T…>` whose `<` is at `pos`.
  ///
  /// - Throws: `.malformed` for a missing type letter, value or `>`, an unknown type, or a value
  ///   that does not parse; `.outOfRange` for an integer beyond 64 bits.
  mutating func gnustepTypedValue() throws(PlistError) -> PlistValue {
    let open = pos
    pos += 2
    guard let type = peek, type != UInt8(ascii: ">") else {
      throw error("expected a type letter (I, R, B or D) after '<*'", at: pos)
    }
    pos += 1
    let valueStart: Int
    let valueEnd: Int
    if peek == UInt8(ascii: "\"") {
      let quote = pos
      pos += 1
      valueStart = pos
      while pos < text.count, text[pos] != UInt8(ascii: "\"") { pos += 1 }
      guard pos < text.count else {
        throw error("unterminated quoted GNUstep value: expected a closing '\"'", at: quote)
      }
      valueEnd = pos
      pos += 1
      guard peek == UInt8(ascii: ">") else {
        throw error(
          "expected '>' after the quoted GNUstep value, found \(describe(at: pos))", at: pos)
      }
    } else {
      valueStart = pos
      while pos < text.count, text[pos] != UInt8(ascii: ">") { pos += 1 }
      guard pos < text.count else {
        throw error("unterminated GNUstep value: expected '>' to close the '<*'", at: open)
      }
      valueEnd = pos
    }
    pos += 1  // '>'
    let raw = UnsafeBufferPointer(rebasing: text[valueStart..<valueEnd])
    let value = String(decoding: raw, as: UTF8.self)
    let typeName = Character(Unicode.Scalar(type))
    guard !raw.isEmpty else {
      throw error("expected a value after '<*\(typeName)'", at: valueStart)
    }
    switch type {
    case UInt8(ascii: "I"):
      return .integer(try integer(raw, at: valueStart))
    case UInt8(ascii: "R"):
      guard let d = Double(value), raw.allSatisfy({ !(0x09...0x20).contains($0) }) else {
        throw error("expected a real number in '<*R…>', found \"\(value)\"", at: valueStart)
      }
      return .real(d)
    case UInt8(ascii: "B"):
      switch value {
      case "Y": return .boolean(true)
      case "N": return .boolean(false)
      default: throw error("expected Y or N in '<*B…>', found \"\(value)\"", at: valueStart)
      }
    case UInt8(ascii: "D"):
      guard let date = ASCIIPlistLexer.gnustepDate(raw) else {
        throw error(
          "expected a date as YYYY-MM-DD HH:MM:SS +ZZZZ in '<*D…>', found \"\(value)\"",
          at: valueStart)
      }
      return .date(date)
    default:
      throw error(
        "unknown GNUstep type \(describe(at: open + 2)); expected I, R, B or D after '<*'",
        at: open + 2)
    }
  }

  private mutating func integer(
    _ raw: UnsafeBufferPointer<UInt8>, at start: Int
  ) throws(PlistError) -> PlistInteger {
    var i = 0
    var negative = false
    if raw[0] == UInt8(ascii: "-") || raw[0] == UInt8(ascii: "+") {
      negative = raw[0] == UInt8(ascii: "-")
      i = 1
    }
    guard i < raw.count else {
      throw error("expected digits in '<*I…>'", at: start)
    }
    var magnitude: UInt64 = 0
    while i < raw.count {
      let b = raw[i]
      guard (0x30...0x39).contains(b) else {
        throw error(
          "expected a decimal digit in '<*I…>', found \(describe(at: start + i))", at: start + i)
      }
      let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(b &- 0x30))
      if o1 || o2 {
        throw error("integer out of range: it must fit in 64 bits", at: start, kind: .outOfRange)
      }
      magnitude = a
      i += 1
    }
    guard let value = PlistInteger(magnitude: magnitude, isNegative: negative) else {
      throw error("integer out of range: it must fit in 64 bits", at: start, kind: .outOfRange)
    }
    return value
  }

  /// Parses `YYYY-MM-DD HH:MM:SS ±HHMM` (GNUstep's `%Y-%m-%d %H:%M:%S %z`).
  static func gnustepDate(_ raw: UnsafeBufferPointer<UInt8>) -> PlistDate? {
    let bytes = Array(raw)
    guard bytes.count == 25 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int64? {
      var v: Int64 = 0
      for k in from..<(from + count) {
        guard (0x30...0x39).contains(bytes[k]) else { return nil }
        v = v * 10 + Int64(bytes[k] - 0x30)
      }
      return v
    }
    func at(_ k: Int, _ c: Character) -> Bool { bytes[k] == c.asciiValue }
    guard at(4, "-"), at(7, "-"), at(10, " "), at(13, ":"), at(16, ":"), at(19, " "),
      at(20, "+") || at(20, "-"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let zoneHours = number(21, 2), let zoneMinutes = number(23, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
      zoneHours < 24, zoneMinutes < 60
    else { return nil }
    let offset = (zoneHours * 3_600 + zoneMinutes * 60) * (at(20, "-") ? -1 : 1)
    var date = PlistDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    date.secondsSinceReferenceDate -= Double(offset)
    // A zone offset can carry year 9999 past the range every format can write.
    return date.isInSupportedRange ? date : nil
  }

  /// Reads `<[base64]>` whose `<` is at `pos`.
  ///
  /// White space and other characters outside the base64 alphabet are ignored (as
  /// `NSDataBase64DecodingIgnoreUnknownCharacters` does, which GNUstep and go-plist follow);
  /// padding is optional.
  /// - Throws: `.malformed` for a missing `]` or `>`, or digits that cannot form whole bytes.
  mutating func gnustepBase64() throws(PlistError) -> Data {
    let open = pos
    pos += 2
    let start = pos
    var alphabet: [UInt8] = []
    while pos < text.count, text[pos] != UInt8(ascii: "]") {
      let b = text[pos]
      switch b {
      case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "+"), UInt8(ascii: "/"):
        alphabet.append(b)
      default:
        break  // '=' padding, white space and unknown characters
      }
      pos += 1
    }
    guard pos < text.count else {
      throw error("unterminated base64 data: expected ']>' to close the '<['", at: open)
    }
    pos += 1
    guard peek == UInt8(ascii: ">") else {
      throw error("expected '>' after ']' in base64 data, found \(describe(at: pos))", at: pos)
    }
    pos += 1
    if alphabet.count % 4 == 1 {
      throw error(
        "invalid base64 data: \(PlistError.counted(alphabet.count, "digit")) leave 6 bits over, "
          + "which is not a whole byte",
        at: start)
    }
    while alphabet.count % 4 != 0 { alphabet.append(UInt8(ascii: "=")) }
    guard let data = Data(base64Encoded: Data(alphabet)) else {
      throw error("invalid base64 data", at: start)
    }
    return data
  }
}
