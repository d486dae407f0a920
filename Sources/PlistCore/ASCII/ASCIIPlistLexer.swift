import Foundation

/// The byte-level scanner of old-style ASCII property lists: trivia, strings, data and the
/// GNUstep `<*…>` / `<[…]>` forms, with line and column tracking.
///
/// It works on the UTF-8 text in place (an `UnsafeBufferPointer`, valid for the lifetime of the
/// read) and never builds a `String` except for a token's final value. Positions are byte
/// offsets; `position(of:)` turns one into a 1-based line and column (UTF-8 bytes), counting
/// LF, CRLF and a lone CR as one line break each, in amortised linear time as long as positions
/// are asked for in increasing order (the parser does), and correctly in any order.
struct ASCIIPlistLexer {
  /// The text being read.
  let text: UnsafeBufferPointer<UInt8>
  /// The offset of the next unread byte.
  var pos = 0

  /// Line tracking: every line break before `trackedOffset` has been counted.
  private var trackedOffset = 0
  private var trackedLine: UInt32 = 1
  private var trackedLineStart = 0

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  // MARK: - Positions

  /// The 1-based line and column (UTF-8 bytes) of `offset`.
  mutating func position(of offset: Int) -> (line: UInt32, column: UInt32) {
    let target = min(max(offset, 0), text.count)
    if target < trackedOffset {
      trackedOffset = 0
      trackedLine = 1
      trackedLineStart = 0
    }
    var i = trackedOffset
    var line = trackedLine
    var lineStart = trackedLineStart
    while i < target {
      let b = text[i]
      if b == 0x0A {
        if i == 0 || text[i - 1] != 0x0D { line &+= 1 }
        lineStart = i + 1
      } else if b == 0x0D {
        line &+= 1
        lineStart = i + 1
      }
      i += 1
    }
    trackedOffset = target
    trackedLine = line
    trackedLineStart = lineStart
    return (line, UInt32(truncatingIfNeeded: target - lineStart + 1))
  }

  /// The location of a scalar token spanning `start..<end`.
  mutating func location(from start: Int, to end: Int) -> SourceLocation {
    let p = position(of: start)
    return SourceLocation(
      line: p.line, column: p.column, start: UInt32(truncatingIfNeeded: start),
      end: UInt32(truncatingIfNeeded: end))
  }

  /// A `.malformed` error (or `kind`) at `offset`.
  mutating func error(
    _ message: String, at offset: Int, kind: PlistError.Kind = .malformed
  ) -> PlistError {
    let p = position(of: offset)
    return PlistError(kind, message, line: Int(p.line), column: Int(p.column), offset: offset)
  }

  // MARK: - Bytes

  /// True when every byte has been read.
  var isAtEnd: Bool { pos >= text.count }

  /// The byte at `pos`, or nil at the end.
  var peek: UInt8? { pos < text.count ? text[pos] : nil }

  /// The byte at `pos + n`, or nil past the end.
  func peek(_ n: Int) -> UInt8? { pos + n < text.count ? text[pos + n] : nil }

  /// True for the bytes Apple's parser accepts in an unquoted string:
  /// `A-Z a-z 0-9 _ $ / : . -`.
  static func isUnquoted(_ b: UInt8) -> Bool {
    switch b {
    case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// The value of a hex digit, or nil.
  static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b &- 0x30
    case 0x61...0x66: b &- 0x61 &+ 10
    case 0x41...0x46: b &- 0x41 &+ 10
    default: nil
    }
  }

  /// The length of U+2028 or U+2029 (E2 80 A8 / E2 80 A9) at `i`, or 0.
  private func unicodeSeparatorLength(at i: Int) -> Int {
    guard i + 2 < text.count, text[i] == 0xE2, text[i + 1] == 0x80,
      text[i + 2] == 0xA8 || text[i + 2] == 0xA9
    else { return 0 }
    return 3
  }

  /// A printable description of the byte at `offset` for messages (`'x'`, `'\u{7F}'`,
  /// `byte 0xC2`).
  func describe(at offset: Int) -> String {
    guard offset < text.count else { return "the end of the file" }
    let b = text[offset]
    if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    if b < 0x80 { return "character 0x\(String(b, radix: 16, uppercase: true))" }
    // A whole UTF-8 sequence (the text is validated before parsing).
    var end = offset + 1
    while end < text.count, end - offset < 4, text[end] & 0xC0 == 0x80 { end += 1 }
    let s = String(decoding: UnsafeBufferPointer(rebasing: text[offset..<end]), as: UTF8.self)
    return "'\(s)'"
  }

  // MARK: - Validation

  /// Checks that the text is UTF-8.
  ///
  /// - Throws: `.encoding` at the line and column of the first byte that is not.
  mutating func validateUTF8() throws(PlistError) {
    var i = 0
    let n = text.count
    while i < n {
      let b = text[i]
      if b < 0x80 {
        i += 1
        continue
      }
      let length: Int
      let minimum: UInt32
      var scalar: UInt32
      switch b {
      case 0xC2...0xDF:
        length = 2
        minimum = 0x80
        scalar = UInt32(b & 0x1F)
      case 0xE0...0xEF:
        length = 3
        minimum = 0x800
        scalar = UInt32(b & 0x0F)
      case 0xF0...0xF4:
        length = 4
        minimum = 0x1_0000
        scalar = UInt32(b & 0x07)
      default:
        throw error(invalidUTF8Message(b), at: i, kind: .encoding)
      }
      guard i + length <= n else {
        throw error(
          "invalid UTF-8: the text ends inside a multi-byte character", at: i, kind: .encoding)
      }
      for k in 1..<length {
        let c = text[i + k]
        guard c & 0xC0 == 0x80 else {
          throw error(invalidUTF8Message(b), at: i, kind: .encoding)
        }
        scalar = scalar << 6 | UInt32(c & 0x3F)
      }
      if scalar < minimum || scalar > 0x10_FFFF || (0xD800...0xDFFF).contains(scalar) {
        throw error(invalidUTF8Message(b), at: i, kind: .encoding)
      }
      i += length
    }
  }

  private func invalidUTF8Message(_ b: UInt8) -> String {
    let hex = String(b, radix: 16, uppercase: true)
    return "invalid UTF-8 (byte 0x\(hex)); save the file as UTF-8 or UTF-16"
  }

  // MARK: - Trivia

  /// Skips white space (tab, LF, VT, FF, CR, space, U+2028, U+2029), `//` line comments and
  /// `/* */` block comments.
  ///
  /// - Throws: `.malformed` at the `/*` of a block comment that never ends.
  mutating func skipTrivia() throws(PlistError) {
    while pos < text.count {
      let b = text[pos]
      if b == 0x20 || (0x09...0x0D).contains(b) {
        pos += 1
      } else if b == UInt8(ascii: "/"), pos + 1 < text.count, text[pos + 1] == UInt8(ascii: "/") {
        pos += 2
        while pos < text.count, text[pos] != 0x0A, text[pos] != 0x0D,
          unicodeSeparatorLength(at: pos) == 0
        {
          pos += 1
        }
      } else if b == UInt8(ascii: "/"), pos + 1 < text.count, text[pos + 1] == UInt8(ascii: "*") {
        let start = pos
        pos += 2
        var closed = false
        while pos + 1 < text.count {
          if text[pos] == UInt8(ascii: "*"), text[pos + 1] == UInt8(ascii: "/") {
            closed = true
            pos += 2
            break
          }
          pos += 1
        }
        if !closed {
          pos = text.count
          throw error("unterminated comment: expected '*/' to close the '/*'", at: start)
        }
      } else if b == 0xE2, unicodeSeparatorLength(at: pos) == 3 {
        pos += 3
      } else {
        return
      }
    }
  }

  // MARK: - Strings

  /// Reads an unquoted string at `pos` (at least one byte of the unquoted set).
  mutating func unquotedString() -> String {
    let start = pos
    while pos < text.count, ASCIIPlistLexer.isUnquoted(text[pos]) { pos += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: text[start..<pos]), as: UTF8.self)
  }

  /// Reads a quoted string whose opening quote is at `pos`, with its escapes.
  ///
  /// Escapes (Apple's `getSlashedChar`): `\a \b \f \n \r \t \v`, octal `\N`, `\NN`, `\NNN`
  /// (a byte, bits above 8 dropped as Apple does, read in the NeXTSTEP encoding), `\U` with 1 to
  /// 4 hex digits (a UTF-16 unit; two in a row form a surrogate pair), and a backslash before any
  /// other character stands for that character (`\" \' \\`).
  /// - Throws: `.malformed` for an unterminated string (at its opening quote), `\U` without a
  ///   hex digit, an unpaired surrogate, or an octal escape with no NeXTSTEP character.
  mutating func quotedString() throws(PlistError) -> String {
    let open = pos
    let quote = text[pos]
    pos += 1
    let contentStart = pos
    // Fast path: no escape.
    while pos < text.count, text[pos] != quote, text[pos] != UInt8(ascii: "\\") { pos += 1 }
    guard pos < text.count else { throw unterminated(open, quote) }
    if text[pos] == quote {
      let s = String(
        decoding: UnsafeBufferPointer(rebasing: text[contentStart..<pos]), as: UTF8.self)
      pos += 1
      return s
    }
    var out: [UInt8] = Array(text[contentStart..<pos])
    var pendingHigh: (unit: UInt16, offset: Int)?
    while pos < text.count {
      let b = text[pos]
      if b == quote {
        if let high = pendingHigh { throw unpaired(high.unit, at: high.offset) }
        pos += 1
        return String(decoding: out, as: UTF8.self)
      }
      guard b == UInt8(ascii: "\\") else {
        if let high = pendingHigh { throw unpaired(high.unit, at: high.offset) }
        out.append(b)
        pos += 1
        continue
      }
      let escape = pos
      pos += 1
      guard pos < text.count else { break }
      let c = text[pos]
      pos += 1
      if c == UInt8(ascii: "U") {
        var unit: UInt16 = 0
        var digits = 0
        while digits < 4, pos < text.count, let v = ASCIIPlistLexer.hexValue(text[pos]) {
          unit = unit << 4 | UInt16(v)
          digits += 1
          pos += 1
        }
        guard digits > 0 else {
          throw error("expected 1 to 4 hex digits after '\\U' in a quoted string", at: escape)
        }
        if let high = pendingHigh {
          guard (0xDC00...0xDFFF).contains(unit) else { throw unpaired(high.unit, at: high.offset) }
          let value = 0x1_0000 + (UInt32(high.unit - 0xD800) << 10) + UInt32(unit - 0xDC00)
          pendingHigh = nil
          if let scalar = Unicode.Scalar(value) { ASCIIPlistLexer.append(scalar, to: &out) }
        } else if (0xD800...0xDBFF).contains(unit) {
          pendingHigh = (unit, escape)
        } else if (0xDC00...0xDFFF).contains(unit) {
          throw unpaired(unit, at: escape)
        } else if let scalar = Unicode.Scalar(unit) {
          ASCIIPlistLexer.append(scalar, to: &out)
        }
        continue
      }
      if let high = pendingHigh { throw unpaired(high.unit, at: high.offset) }
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = c &- 0x30
        var digits = 1
        while digits < 3, pos < text.count, (0x30...0x37).contains(text[pos]) {
          value = value << 3 &+ (text[pos] &- 0x30)  // UInt8: Apple drops the ninth bit
          digits += 1
          pos += 1
        }
        guard let scalar = ASCIIPlistLexer.nextStepScalar(value) else {
          throw error(
            "octal escape \\\(String(value, radix: 8)) has no character in the NeXTSTEP encoding; "
              + "use \\U for Unicode characters", at: escape)
        }
        ASCIIPlistLexer.append(scalar, to: &out)
      case UInt8(ascii: "a"): out.append(0x07)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "v"): out.append(0x0B)
      default:
        // Any other character stands for itself; the bytes of a multi-byte character after
        // the first are copied by the loop.
        out.append(c)
      }
    }
    throw unterminated(open, quote)
  }

  private mutating func unterminated(_ open: Int, _ quote: UInt8) -> PlistError {
    let q = quote == UInt8(ascii: "\"") ? "\"" : "'"
    return error(
      "unterminated quoted string: expected a closing \(q) before the end of the file", at: open)
  }

  private mutating func unpaired(_ unit: UInt16, at offset: Int) -> PlistError {
    error(
      "unpaired UTF-16 surrogate \\U\(String(unit, radix: 16, uppercase: true)); a high surrogate "
        + "(D800-DBFF) must be followed at once by a \\U low surrogate (DC00-DFFF)", at: offset)
  }

  private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    UTF8.encode(scalar) { out.append($0) }
  }

  /// The character of a byte in the NeXTSTEP encoding (ASCII below 0x80), or nil for 0xFE and
  /// 0xFF, which have none.
  static func nextStepScalar(_ byte: UInt8) -> Unicode.Scalar? {
    if byte < 0x80 { return Unicode.Scalar(byte) }
    let index = Int(byte) - 0x80
    guard index < nextStepHigh.count else { return nil }
    return Unicode.Scalar(nextStepHigh[index])
  }

  /// NeXTSTEP encoding, bytes 0x80...0xFD (as Foundation's `.nextstep` and CoreFoundation's
  /// `kCFStringEncodingNextStepLatin` decode them).
  private static let nextStepHigh: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA,
    0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5,
    0x00D6, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9,
    0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB,
    0x2039, 0x203A, 0xFB01, 0xFB02, 0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6,
    0x2022, 0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB,
    0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3,
    0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
    0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00C6, 0x00ED,
    0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3,
    0x00F4, 0x00F5, 0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD, 0x0142,
    0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF,
  ]

  // MARK: - Data

  /// Reads `<hex bytes>` whose `<` is at `pos`.
  ///
  /// As in Apple's parser, digits come in pairs (`<fe ed>`, not `<f eed>`), with white space
  /// (space, tab, LF, CR, U+2028, U+2029) between pairs.
  /// - Throws: `.malformed` for an odd digit, a byte that is not a hex digit, or a missing `>`.
  mutating func hexData() throws(PlistError) -> Data {
    let open = pos
    pos += 1
    var bytes: [UInt8] = []
    while pos < text.count {
      let b = text[pos]
      if b == UInt8(ascii: ">") {
        pos += 1
        return Data(bytes)
      }
      if let high = ASCIIPlistLexer.hexValue(b) {
        guard pos + 1 < text.count, let low = ASCIIPlistLexer.hexValue(text[pos + 1]) else {
          throw error(
            "odd number of hex digits in data: expected a second hex digit after "
              + "'\(Character(Unicode.Scalar(b)))'",
            at: pos)
        }
        bytes.append(high << 4 | low)
        pos += 2
      } else if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
        pos += 1
      } else if unicodeSeparatorLength(at: pos) == 3 {
        pos += 3
      } else {
        throw error("expected a hex digit or '>' in data, found \(describe(at: pos))", at: pos)
      }
    }
    throw error("unterminated data: expected '>' to close the '<'", at: open)
  }
}
