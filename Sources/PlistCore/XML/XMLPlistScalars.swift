import Foundation

/// The bodies of `<integer>`, `<real>`, `<date>` and `<data>`, read as Apple's parser reads them.
///
/// - integer: white space, an optional sign, white space, then decimal digits (leading zeros are
///   decimal, `0123` is 123) or `0x`/`0X` and hex digits; nothing after the digits. The value
///   must lie in `Int64.min…UInt64.max`, or it is an `.outOfRange` error (never wrapped).
/// - real: leading white space, then a decimal number with optional fraction and exponent, or
///   `inf`, `infinity`, `nan` in any case with an optional sign; nothing after it (no trailing
///   white space, no hex).
/// - date: `YYYY-MM-DDTHH:MM:SSZ` in UTC, the year optionally signed and of one to four digits
///   (see `PlistDate.earliest`); fields out of range are carried over (`2024-01-32` is
///   February 1), as Apple does (swift-foundation's own tests read such a file); fractional
///   seconds are refused, as Apple's parser refuses them.
/// - data: base64 with white space anywhere; other characters are an error.
extension XMLScanner {
  mutating func parseScalar(
    _ tag: XMLTag, body: UnsafeBufferPointer<UInt8>, openedAt: Int
  ) throws(PlistError)
    -> PlistValue
  {
    // Errors point at the start of the body (the byte after the start tag).
    let at = bodyOffset(openedAt)
    switch tag {
    case .integer:
      guard let value = XMLScanner.parseInteger(body) else {
        let text = ErrorText.cut(String(decoding: body.prefix(400), as: UTF8.self))
        if XMLScanner.looksLikeInteger(body) {
          throw error(
            "integer \(text.trimmed) does not fit in 64 bits (signed or unsigned)", at: at,
            kind: .outOfRange)
        }
        throw error(
          "malformed <integer> \"\(text.trimmed)\": expected decimal digits or 0x and hex digits",
          at: at)
      }
      return .integer(value)
    case .real:
      guard let value = XMLScanner.parseReal(body) else {
        throw error(
          "malformed <real> \(ErrorText.quoted(body)): expected a decimal number, inf or nan",
          at: at)
      }
      return .real(value)
    case .date:
      guard let value = XMLScanner.parseDate(body) else {
        throw error(
          "malformed <date> \(ErrorText.quoted(body)): expected YYYY-MM-DDTHH:MM:SSZ", at: at)
      }
      return .date(value)
    case .data:
      // Base64 gives at most 3 bytes per 4 characters; white space only lowers the count.
      if body.count / 4 * 3 > limits.maxDataBytes {
        throw error(
          limits.dataTooLarge(body.count / 4 * 3), at: at, kind: .limitExceeded)
      }
      guard let value = XMLScanner.decodeBase64(body) else {
        throw error("malformed <data>: expected base64 text", at: at)
      }
      return .data(value)
    default:
      throw error("internal: \(tag.name) is not a scalar", at: at)
    }
  }

  /// The offset just after the start tag that begins at `openedAt`.
  func bodyOffset(_ openedAt: Int) -> Int {
    var i = openedAt
    while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
    return min(i + 1, bytes.count)
  }

  /// True when `body` is well-formed but too large: white space, a sign, white space, then
  /// only decimal digits, or `0x` and only hex digits.
  static func looksLikeInteger<Body: RandomAccessCollection<UInt8>>(_ body: Body) -> Bool {
    var rest = body.drop(while: isSpace)
    if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      rest = rest.dropFirst().drop(while: isSpace)
    }
    var radix: UInt32 = 10
    if rest.count > 2, rest.first == UInt8(ascii: "0"),
      rest.dropFirst().first.map({ $0 | 0x20 == UInt8(ascii: "x") }) == true
    {
      radix = 16
      rest = rest.dropFirst(2)
    }
    return !rest.isEmpty && rest.allSatisfy { digitValue($0, radix: radix) != nil }
  }

  /// Parses an integer body; nil when malformed or out of range.
  static func parseInteger(_ body: UnsafeBufferPointer<UInt8>) -> PlistInteger? {
    var i = 0
    while i < body.count, isSpace(body[i]) { i += 1 }
    var negative = false
    if i < body.count, body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+") {
      negative = body[i] == UInt8(ascii: "-")
      i += 1
      while i < body.count, isSpace(body[i]) { i += 1 }
    }
    var radix: UInt64 = 10
    if i + 1 < body.count, body[i] == UInt8(ascii: "0"),
      body[i + 1] == UInt8(ascii: "x") || body[i + 1] == UInt8(ascii: "X")
    {
      radix = 16
      i += 2
    }
    guard i < body.count else { return nil }
    var magnitude: UInt64 = 0
    while i < body.count {
      guard let d = digitValue(body[i], radix: UInt32(radix)) else { return nil }
      let (m1, o1) = magnitude.multipliedReportingOverflow(by: radix)
      let (m2, o2) = m1.addingReportingOverflow(UInt64(d))
      if o1 || o2 { return nil }
      magnitude = m2
      i += 1
    }
    return PlistInteger(magnitude: magnitude, isNegative: negative)
  }

  /// Parses a real body; nil when malformed.
  static func parseReal(_ body: UnsafeBufferPointer<UInt8>) -> Double? {
    var i = 0
    while i < body.count, isSpace(body[i]) { i += 1 }
    let start = i
    var negative = false
    if i < body.count, body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+") {
      negative = body[i] == UInt8(ascii: "-")
      i += 1
    }
    // Only a body that goes on with a letter can be one of the words.
    if i < body.count, body[i] | 0x20 == UInt8(ascii: "i") || body[i] | 0x20 == UInt8(ascii: "n") {
      let word = String(decoding: body[i...], as: UTF8.self).lowercased()
      if word == "inf" || word == "infinity" { return negative ? -.infinity : .infinity }
      if word == "nan" { return .nan }
      return nil
    }
    var digits = 0
    while i < body.count, (0x30...0x39).contains(body[i]) {
      i += 1
      digits += 1
    }
    if i < body.count, body[i] == UInt8(ascii: ".") {
      i += 1
      while i < body.count, (0x30...0x39).contains(body[i]) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else { return nil }
    if i < body.count, body[i] == UInt8(ascii: "e") || body[i] == UInt8(ascii: "E") {
      i += 1
      if i < body.count, body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+") { i += 1 }
      var exponentDigits = 0
      while i < body.count, (0x30...0x39).contains(body[i]) {
        i += 1
        exponentDigits += 1
      }
      guard exponentDigits > 0 else { return nil }
    }
    guard i == body.count else { return nil }
    if let exact = exactReal(body, from: start) { return exact }
    return Double(String(decoding: body[start..<i], as: UTF8.self))
  }

  /// Powers of ten that a `Double` holds exactly: 10^0 through 10^22.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of a real body already checked by `parseReal` (sign, digits, optional point and
  /// exponent, from `start` to the end) when one floating-point operation gives it exactly, as
  /// `strtod` would round it; nil otherwise, for `strtod` to read.
  ///
  /// Clinger's fast path: a decimal significand of at most 2^53 and a power of ten up to 10^22
  /// are both exact doubles, so their correctly rounded product or quotient is the correctly
  /// rounded value of the decimal. Real bodies in property lists are nearly all of this kind
  /// ("12.5", "0.25", "1e3"), and a string plus `strtod` per real was a tenth of reading them.
  static func exactReal(_ body: UnsafeBufferPointer<UInt8>, from start: Int) -> Double? {
    var i = start
    var negative = false
    if body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+") {
      negative = body[i] == UInt8(ascii: "-")
      i &+= 1
    }
    var significand: UInt64 = 0
    var exponent = 0
    var fraction = false
    while i < body.count {
      let b = body[i]
      if b == UInt8(ascii: ".") {
        fraction = true
      } else if b &- 0x30 < 10 {
        // Past 2^53 the significand is no longer exact; leave such bodies to strtod.
        guard significand <= (1 << 53) / 10 else { return nil }
        significand = significand &* 10 &+ UInt64(b &- 0x30)
        if fraction { exponent &-= 1 }
      } else {
        break
      }
      i &+= 1
    }
    guard significand <= 1 << 53 else { return nil }
    if i < body.count {
      // An exponent: `parseReal` checked that one to all digits follow the letter.
      i &+= 1
      var exponentNegative = false
      if body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+") {
        exponentNegative = body[i] == UInt8(ascii: "-")
        i &+= 1
      }
      var written = 0
      while i < body.count {
        guard written < 1000 else { return nil }
        written = written &* 10 &+ Int(body[i] &- 0x30)
        i &+= 1
      }
      exponent &+= exponentNegative ? -written : written
    }
    let value: Double
    if significand == 0 {
      value = 0
    } else if exponent >= 0, exponent <= 22 {
      value = Double(significand) * exactPowersOfTen[exponent]
    } else if exponent < 0, exponent >= -22 {
      value = Double(significand) / exactPowersOfTen[-exponent]
    } else {
      return nil
    }
    return negative ? -value : value
  }

  /// Parses a date body; nil when malformed.
  static func parseDate<Body: RandomAccessCollection<UInt8>>(_ body: Body) -> PlistDate?
  where Body.Index == Int {
    guard let v = dateFields(body) else { return nil }
    let date = PlistDate(year: v[0], month: v[1], day: v[2], hour: v[3], minute: v[4], second: v[5])
    // Carried-over fields can leave the range every format can write (9999-12-31T23:59:60Z).
    return date.isInSupportedRange ? date : nil
  }

  /// The fields of a `<date>` body that lie outside the calendar, which Apple's parser carries
  /// over into the next field (`2024-01-32` is read as February 1, `T24:00:00Z` as the next
  /// day's midnight, second 60 as the next minute).
  ///
  /// - Parameter body: the text between `<date>` and `</date>`.
  /// - Returns: each out-of-range field's name (`month`, `day`, `hour`, `minute`, `second`) and
  ///   value, in the body's order; empty for a calendar date and for a body that is no date.
  ///   Years are proleptic Gregorian, so year 0 is a leap year and February 29 exists in it.
  static func outOfRangeDateFields(_ body: [UInt8]) -> [(field: String, value: Int64)] {
    guard let v = dateFields(body) else { return [] }
    var out: [(field: String, value: Int64)] = []
    let (year, month, day) = (v[0], v[1], v[2])
    if !(1...12).contains(month) { out.append(("month", month)) }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    // With the month itself out of range, the day is checked against the longest month.
    let days = (1...12).contains(month) ? monthDays[Int(month) - 1] : 31
    if !(1...days).contains(day) { out.append(("day", day)) }
    if v[3] > 23 { out.append(("hour", v[3])) }
    if v[4] > 59 { out.append(("minute", v[4])) }
    if v[5] > 59 { out.append(("second", v[5])) }
    return out
  }

  /// The six fields of a `YYYY-MM-DDTHH:MM:SSZ` body, in lanes 0 to 5 (no heap storage: a
  /// document can hold a date per record); nil when the body does not have that shape.
  private static func dateFields<Body: RandomAccessCollection<UInt8>>(
    _ body: Body
  ) -> SIMD8<Int64>? where Body.Index == Int {
    var i = body.startIndex
    var values = SIMD8<Int64>()
    var filled = 0
    func number(maxDigits: Int, exactly: Int? = nil) -> Bool {
      var value: Int64 = 0
      var count = 0
      while i < body.endIndex, count < maxDigits, (0x30...0x39).contains(body[i]) {
        value = value * 10 + Int64(body[i] - 0x30)
        i += 1
        count += 1
      }
      if count == 0 { return false }
      if let exactly, count != exactly { return false }
      values[filled] = value
      filled += 1
      return true
    }
    func expect(_ c: Unicode.Scalar) -> Bool {
      guard i < body.endIndex, body[i] == UInt8(ascii: c) else { return false }
      i += 1
      return true
    }
    var negative = false
    if i < body.endIndex, body[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    guard number(maxDigits: 4), expect("-"), number(maxDigits: 2, exactly: 2), expect("-"),
      number(maxDigits: 2, exactly: 2), expect("T"), number(maxDigits: 2, exactly: 2),
      expect(":"), number(maxDigits: 2, exactly: 2), expect(":"),
      number(maxDigits: 2, exactly: 2), expect("Z"), i == body.endIndex
    else { return nil }
    if negative { values[0] = -values[0] }
    return values
  }

  /// Decodes base64 text with white space anywhere; nil on any other character or bad padding.
  static func decodeBase64(_ body: UnsafeBufferPointer<UInt8>) -> Data? {
    // The common body, one line of padded base64, goes to Foundation as it stands.
    if body.count % 4 == 0, !body.isEmpty, let base = body.baseAddress,
      !body.contains(where: isSpace)
    {
      // Foundation reads the text in place: no copy of it is made first.
      let text = Data(
        bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: body.count,
        deallocator: .none)
      return Data(base64Encoded: text)
    }
    var clean: [UInt8] = []
    clean.reserveCapacity(body.count)
    for b in body where !isSpace(b) { clean.append(b) }
    if clean.isEmpty { return Data() }
    // Apple's writer pads; accept unpadded text too, as Apple's reader does.
    switch clean.count % 4 {
    case 2: clean += [UInt8(ascii: "="), UInt8(ascii: "=")]
    case 3: clean.append(UInt8(ascii: "="))
    default: break
    }
    return Data(base64Encoded: Data(clean))
  }
}

extension PlistDate {
  /// The date a `<date>` body gives, read as Apple's XML parser reads it (out-of-range fields
  /// carried over); nil when the body is malformed or beyond the supported years.
  package init?(xmlBody body: [UInt8]) {
    guard let date = XMLScanner.parseDate(body) else { return nil }
    self = date
  }

  /// The fields of a `<date>` body that lie outside the calendar (see
  /// `XMLScanner.outOfRangeDateFields(_:)`): name and value of each, in the body's order.
  package static func outOfRangeFields(inXMLBody body: [UInt8]) -> [(field: String, value: Int64)] {
    XMLScanner.outOfRangeDateFields(body)
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
