import Foundation

/// Reader for JSON property lists (RFC 8259), as asset-catalog `Contents.json` files and
/// `plutil -convert json` write them, with a location for every node.
///
/// The mapping is the one Apple's `plutil` applies when it reads JSON (checked against the
/// toolchain's `plutil`, which reads JSON through Foundation's `JSONSerialization`):
/// - object → dictionary, members in source order; a key that occurs twice keeps both entries,
///   as `PlistDictionary` does (lookup answers with the last, which is the one `plutil` keeps);
/// - array → array; string → string; `true` / `false` → boolean;
/// - a number without a fraction or an exponent → integer when it fits the property-list range
///   (`Int64.min` to `UInt64.max`; `-0` is the integer 0), and a real above it, as `plutil`
///   does (`18446744073709551616` is the real 1.8446744073709552e+19). Every other number is a
///   real, the nearest double (`1.0` and `1e2` are reals, `-0.0` is negative zero). A number
///   too large for a double (`1e400`) is refused, as `plutil` refuses it; one too small is 0.
///   (This toolchain's `plutil` also turns `-9223372036854775808` into a real; we keep it the
///   integer it is.)
/// - `null` is refused, naming its line and column: a property list has no null (`plutil`
///   refuses it too, with the message "Dictionaries are required to have string keys in
///   property lists"), so the user must remove the member or give it a value.
///
/// Grammar, strictly RFC 8259: white space is space, tab, LF and CR; no comments, no trailing
/// commas, no leading zeros (`01`), no `NaN` or `Infinity`, no single quotes, no unescaped
/// control characters in strings. (This toolchain's `plutil` accepts a trailing comma; strict
/// JSON readers, Python's included, do not, so neither do we.) Escapes are `\" \\ \/ \b \f
/// \n \r \t` and `\uXXXX`, where a high surrogate must be followed at once by a `\u` low
/// surrogate; a lone surrogate, like invalid UTF-8, is refused where it stands. `\u0000` is a
/// NUL character in the string. Any value may be the top level (RFC 8259), though
/// `PlistReader` only sends text here that starts with `[` or a JSON object (see
/// `PlistReader.sniffText`); anything after it but white space is an error.
///
/// Locations: every node gets the line and column (UTF-8 bytes) of its first byte and its byte
/// range; containers set `contentStart` just past `{` or `[`; an entry's `keyLocation` is its
/// key string, quotes included. Nesting deeper than `PlistLimits.maxDepth` is `.limitExceeded`;
/// the parser keeps its own stack, so no input can overflow the call stack, and every byte is
/// looked at a bounded number of times.
package enum JSONPlistReader {
  /// Reads a JSON document from UTF-8 text.
  ///
  /// - Parameters:
  ///   - text: the UTF-8 text, without a byte-order mark (`PlistReader` transcodes UTF-16 and
  ///     UTF-32 and drops the mark, as for XML and ASCII).
  ///   - encoding: the encoding the bytes were in, kept in the document.
  ///   - limits: the caps on values and strings.
  /// - Returns: the document, of format `.json`; its `text` is `text`, which every location
  ///   points into.
  /// - Throws: `PlistError` with line and column: `.encoding` for invalid UTF-8, `.malformed`
  ///   for a grammar error, a lone surrogate or `null` (saying what was expected),
  ///   `.outOfRange` for a number beyond a double, `.limitExceeded` for nesting or size beyond
  ///   `PlistLimits` or `limits`.
  package static func read(
    text: [UInt8], encoding: TextEncoding, limits: PlistReadLimits = .standard
  ) throws(PlistError) -> PlistDocument {
    guard text.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(.limitExceeded, "the text is over 4 GiB, the most infoscope reads")
    }
    let result = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistError) -> PlistNode in
        var parser = JSONPlistParser(lexer: ASCIIPlistLexer(text: buffer), limits: limits)
        return try parser.parseDocument()
      }
    }
    return PlistDocument(root: try result.get(), format: .json, encoding: encoding, text: text)
  }
}

/// The JSON grammar over the byte scanner that the ASCII reader uses for positions, UTF-8
/// validation and descriptions of bytes, with an explicit stack of open containers.
private struct JSONPlistParser {
  var lexer: ASCIIPlistLexer
  /// The caps on values and strings.
  let limits: PlistReadLimits
  /// Values read so far, against `limits.maxObjects`.
  var objects = 0

  /// An open array or object.
  struct Frame {
    var isObject: Bool
    var start: Int
    var line: UInt32
    var column: UInt32
    var contentStart: Int
    var items: [PlistNode] = []
    var entries: [PlistEntry] = []
    var key = ""
    var keyLocation = SourceLocation.none
  }

  /// What the parser expects next.
  enum State {
    /// A value (at the top, after `:`, after `[` or `,` in an array).
    case value
    /// A finished value to add to the innermost container.
    case finished(PlistNode)
    /// A member key or `}` (just after `{`).
    case firstKey
    /// A member key (after `,`).
    case key
  }

  init(lexer: ASCIIPlistLexer, limits: PlistReadLimits) {
    self.lexer = lexer
    self.limits = limits
  }

  // MARK: - Helpers

  /// Counts one value starting at `start` against `limits.maxObjects`.
  private mutating func count(at start: Int) throws(PlistError) {
    objects += 1
    if objects > limits.maxObjects {
      throw lexer.error(limits.tooManyObjects(), at: start, kind: .limitExceeded)
    }
  }

  /// Skips JSON white space: space, tab, LF, CR.
  private mutating func skipWhiteSpace() {
    while let b = lexer.peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { lexer.pos += 1 }
  }

  /// A description of what is at `lexer.pos`, with a hint for the usual non-JSON forms.
  private func found() -> String {
    let pos = lexer.pos
    var text = "found " + lexer.describe(at: pos)
    guard let b = lexer.peek else { return text }
    if b == UInt8(ascii: "/"),
      lexer.peek(1) == UInt8(ascii: "/") || lexer.peek(1) == UInt8(ascii: "*")
    {
      text += " (JSON has no comments)"
    } else if b == UInt8(ascii: "'") {
      text += " (JSON strings are in double quotes)"
    } else if b == UInt8(ascii: "=") || b == UInt8(ascii: ";") {
      text += " (that belongs to old-style property lists, not JSON)"
    }
    return text
  }

  /// `key` in double quotes for messages, printable, and cut to 60 characters with an ellipsis.
  private static func quoted(_ key: String) -> String {
    let shown = key.count <= 60 ? key : String(key.prefix(57)) + "…"
    return "\"\(PlistError.printable(shown))\""
  }

  /// Where the innermost container was opened, for messages.
  private func opened(_ frame: Frame) -> String {
    "the '\(frame.isObject ? "{" : "[")' at line \(frame.line), column \(frame.column)"
  }

  // MARK: - Grammar

  mutating func parseDocument() throws(PlistError) -> PlistNode {
    try lexer.validateUTF8()
    skipWhiteSpace()
    if lexer.isAtEnd {
      throw lexer.error("expected a JSON value, found the end of the file", at: lexer.pos)
    }
    let root = try parse()
    skipWhiteSpace()
    guard lexer.isAtEnd else {
      throw lexer.error(
        "expected the end of the file after the JSON value, \(found())", at: lexer.pos)
    }
    return root
  }

  /// Runs the grammar until the stack is empty and a value is finished.
  private mutating func parse() throws(PlistError) -> PlistNode {
    var stack: [Frame] = []
    var state = State.value
    while true {
      switch state {
      case .value:
        skipWhiteSpace()
        guard let b = lexer.peek else {
          throw lexer.error(expectation(stack) + ", found the end of the file", at: lexer.pos)
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
          stack.append(try open(object: b == UInt8(ascii: "{"), depth: stack.count))
          if b == UInt8(ascii: "{") {
            state = .firstKey
          } else {
            skipWhiteSpace()
            if lexer.peek == UInt8(ascii: "]") {
              state = .finished(close(stack.removeLast()))
            } else {
              state = .value
            }
          }
        } else {
          state = .finished(try scalar(stack))
        }

      case .finished(let node):
        guard !stack.isEmpty else { return node }
        let top = stack.count - 1
        skipWhiteSpace()
        let closer = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if stack[top].isObject {
          stack[top].entries.append(
            PlistEntry(key: stack[top].key, keyLocation: stack[top].keyLocation, node: node))
        } else {
          stack[top].items.append(node)
        }
        if lexer.peek == UInt8(ascii: ",") {
          lexer.pos += 1
          skipWhiteSpace()
          if lexer.peek == closer {
            throw lexer.error(
              "expected \(stack[top].isObject ? "a key" : "a value") after ',', found "
                + "'\(Character(Unicode.Scalar(closer)))' (JSON has no trailing commas)",
              at: lexer.pos)
          }
          state = stack[top].isObject ? .key : .value
        } else if lexer.peek == closer {
          state = .finished(close(stack.removeLast()))
        } else if lexer.isAtEnd {
          throw lexer.error(
            "unterminated \(stack[top].isObject ? "object" : "array"): expected ',' or "
              + "'\(Character(Unicode.Scalar(closer)))' to close \(opened(stack[top])), found the "
              + "end of the file", at: lexer.pos)
        } else {
          let after =
            stack[top].isObject
            ? "the value of key \(Self.quoted(stack[top].key))" : "an array element"
          throw lexer.error(
            "expected ',' or '\(Character(Unicode.Scalar(closer)))' after \(after), \(found())",
            at: lexer.pos)
        }

      case .firstKey, .key:
        skipWhiteSpace()
        let top = stack.count - 1
        if case .firstKey = state, lexer.peek == UInt8(ascii: "}") {
          state = .finished(close(stack.removeLast()))
          continue
        }
        guard lexer.peek == UInt8(ascii: "\"") else {
          let expected: String
          if case .firstKey = state {
            expected = "a key in double quotes or '}'"
          } else {
            expected = "a key in double quotes"
          }
          if lexer.isAtEnd {
            throw lexer.error(
              "unterminated object: expected \(expected) to close \(opened(stack[top])), "
                + "found the end of the file", at: lexer.pos)
          }
          throw lexer.error(
            "expected \(expected), \(found())"
              + (lexer.peek.map(Self.startsNonStringKey) == true
                ? " (keys of a property list are strings)" : ""),
            at: lexer.pos)
        }
        let keyStart = lexer.pos
        let key = try string()
        stack[top].key = key
        stack[top].keyLocation = lexer.location(from: keyStart, to: lexer.pos)
        skipWhiteSpace()
        guard lexer.peek == UInt8(ascii: ":") else {
          throw lexer.error(
            "expected ':' after the key \(Self.quoted(key)), \(found())",
            at: lexer.pos)
        }
        lexer.pos += 1
        state = .value
      }
    }
  }

  /// True for a byte that starts a JSON value other than a string (a number, literal or
  /// container), which cannot be a key.
  private static func startsNonStringKey(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "-") || (0x30...0x39).contains(b) || b == UInt8(ascii: "{")
      || b == UInt8(ascii: "[") || b == UInt8(ascii: "t") || b == UInt8(ascii: "f")
      || b == UInt8(ascii: "n")
  }

  /// Describes what was expected where a value is missing.
  private func expectation(_ stack: [Frame]) -> String {
    guard let top = stack.last else { return "expected a JSON value" }
    if top.isObject {
      return "expected a value after ':' for key \(Self.quoted(top.key))"
    }
    return "expected a value in the array opened at line \(top.line), column \(top.column)"
  }

  /// Opens a container at `lexer.pos`.
  private mutating func open(object: Bool, depth: Int) throws(PlistError) -> Frame {
    guard depth < PlistLimits.maxDepth else {
      throw lexer.error(PlistLimits.tooDeepToRead, at: lexer.pos, kind: .limitExceeded)
    }
    try count(at: lexer.pos)
    let start = lexer.pos
    let p = lexer.position(of: start)
    lexer.pos += 1
    return Frame(
      isObject: object, start: start, line: p.line, column: p.column, contentStart: lexer.pos)
  }

  /// Closes the container `frame`, whose closer is at `lexer.pos`.
  private mutating func close(_ frame: Frame) -> PlistNode {
    lexer.pos += 1
    let location = SourceLocation(
      line: frame.line, column: frame.column, start: UInt32(truncatingIfNeeded: frame.start),
      end: UInt32(truncatingIfNeeded: lexer.pos),
      contentStart: UInt32(truncatingIfNeeded: frame.contentStart))
    let value: PlistValue =
      frame.isObject ? .dictionary(PlistDictionary(frame.entries)) : .array(frame.items)
    return PlistNode(value, location: location)
  }

  /// Reads a string, number or literal at `lexer.pos`.
  private mutating func scalar(_ stack: [Frame]) throws(PlistError) -> PlistNode {
    let start = lexer.pos
    try count(at: start)
    let b = lexer.text[start]
    let value: PlistValue
    switch b {
    case UInt8(ascii: "\""):
      value = .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      value = try number()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let word = literal()
      switch word {
      case "true": value = .boolean(true)
      case "false": value = .boolean(false)
      case "null":
        let whose =
          stack.last.map {
            $0.isObject ? "for key \(Self.quoted($0.key))" : "in an array"
          }
          ?? "as the document"
        throw lexer.error(
          "null \(whose): a property list has no null value; remove it or give it a value "
            + "(a string, number, boolean, array or object)", at: start)
      default:
        throw lexer.error(
          expectation(stack) + ", found '\(PlistError.printable(word))' (JSON's literals are "
            + "true, false and null)", at: start)
      }
    default:
      var message = expectation(stack) + ", " + found()
      if b == UInt8(ascii: "N") || b == UInt8(ascii: "I") {
        message += " (JSON has no NaN or Infinity)"
      } else if b == UInt8(ascii: "+") || b == UInt8(ascii: ".") {
        message += " (a JSON number starts with '-' or a digit)"
      }
      throw lexer.error(message, at: start)
    }
    return PlistNode(value, location: lexer.location(from: start, to: lexer.pos))
  }

  /// Reads the run of letters at `lexer.pos` (at most 16, for messages), moving past it.
  private mutating func literal() -> String {
    let start = lexer.pos
    while let b = lexer.peek, (0x61...0x7A).contains(b) || (0x41...0x5A).contains(b),
      lexer.pos - start < 16
    {
      lexer.pos += 1
    }
    let word = UnsafeBufferPointer(rebasing: lexer.text[start..<lexer.pos])
    return String(decoding: word, as: UTF8.self)
  }

  // MARK: - Numbers

  /// Reads a number at `lexer.pos`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// - Throws: `.malformed` for a number that breaks the grammar (at the offending byte),
  ///   `.outOfRange` for one beyond a double.
  private mutating func number() throws(PlistError) -> PlistValue {
    let start = lexer.pos
    let text = lexer.text
    var i = start
    let negative = text[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    func isDigit(_ i: Int) -> Bool { i < text.count && (0x30...0x39).contains(text[i]) }
    guard isDigit(i) else {
      lexer.pos = i
      throw lexer.error("expected a digit after '-' in a number, \(found())", at: i)
    }
    // Integer part, accumulated while it fits 64 bits.
    var magnitude: UInt64 = 0
    var overflow = false
    if text[i] == UInt8(ascii: "0") {
      i += 1
      if isDigit(i) {
        lexer.pos = i
        throw lexer.error(
          "a JSON number has no leading zeros; write it without the '0' before the "
            + "'\(Character(Unicode.Scalar(text[i])))' (or as a string)", at: start)
      }
    } else {
      while isDigit(i) {
        let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(UInt64(text[i] &- 0x30))
        if o1 || o2 { overflow = true } else { magnitude = sum }
        i += 1
      }
    }
    var isInteger = true
    if i < text.count, text[i] == UInt8(ascii: ".") {
      isInteger = false
      i += 1
      guard isDigit(i) else {
        lexer.pos = i
        throw lexer.error("expected a digit after '.' in a number, \(found())", at: i)
      }
      while isDigit(i) { i += 1 }
    }
    if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
      isInteger = false
      i += 1
      if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
      guard isDigit(i) else {
        lexer.pos = i
        throw lexer.error("expected a digit in the exponent of a number, \(found())", at: i)
      }
      while isDigit(i) { i += 1 }
    }
    lexer.pos = i
    if isInteger, !overflow, let integer = PlistInteger(magnitude: magnitude, isNegative: negative)
    {
      return .integer(integer)
    }
    let token = String(decoding: UnsafeBufferPointer(rebasing: text[start..<i]), as: UTF8.self)
    guard let real = Self.double(token), real.isFinite else {
      throw lexer.error(
        "the number \(Self.abbreviated(token)) is beyond the range of a double (about "
          + "±1.8e308); write it as a string", at: start, kind: .outOfRange)
    }
    return .real(real)
  }

  /// The nearest double to a JSON number, or nil when it has none; correctly rounded.
  ///
  /// Digits past the 800th significant one cannot change a double (the longest decimal that
  /// needs them has 767), so a longer mantissa is cut to 800 digits plus a nonzero sticky
  /// digit, which keeps the conversion linear in the token however long it is.
  private static func double(_ token: String) -> Double? {
    let utf8 = Array(token.utf8)
    var mantissaDigits = 0
    for b in utf8 where (0x30...0x39).contains(b) { mantissaDigits += 1 }
    guard mantissaDigits > 800 else { return Double(token) }
    // Split into sign, digits (with the decimal point's position) and exponent.
    var i = 0
    var sign = ""
    if utf8.first == UInt8(ascii: "-") {
      sign = "-"
      i = 1
    }
    var digits: [UInt8] = []
    var pointAt: Int?
    while i < utf8.count, utf8[i] != UInt8(ascii: "e"), utf8[i] != UInt8(ascii: "E") {
      if utf8[i] == UInt8(ascii: ".") { pointAt = digits.count } else { digits.append(utf8[i]) }
      i += 1
    }
    var exponent = 0
    if i < utf8.count {
      i += 1
      var negativeExponent = false
      if utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") {
        negativeExponent = utf8[i] == UInt8(ascii: "-")
        i += 1
      }
      while i < utf8.count {
        // Past 10^9 the value is 0 or infinite whatever the mantissa says.
        if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(utf8[i] &- 0x30) }
        i += 1
      }
      if negativeExponent { exponent = -exponent }
    }
    // The value is 0.digits × 10^(exponent + integerDigits); drop leading zeros.
    var integerDigits = pointAt ?? digits.count
    var first = 0
    while first < digits.count, digits[first] == UInt8(ascii: "0") {
      first += 1
      integerDigits -= 1
    }
    guard first < digits.count else { return sign == "-" ? -0.0 : 0.0 }
    var kept = Array(digits[first..<min(digits.count, first + 800)])
    if digits[(first + kept.count)...].contains(where: { $0 != UInt8(ascii: "0") }) {
      kept.append(UInt8(ascii: "1"))
    }
    let scale = exponent + integerDigits
    return Double(sign + "0." + String(decoding: kept, as: UTF8.self) + "e" + String(scale))
  }

  /// `token`, cut to 40 characters with an ellipsis, for messages.
  private static func abbreviated(_ token: String) -> String {
    token.utf8.count <= 40 ? token : String(token.prefix(37)) + "…"
  }

  // MARK: - Strings

  /// Reads a string whose opening quote is at `lexer.pos`, with its escapes.
  ///
  /// - Throws: `.malformed` for an unterminated string (at its opening quote), a control
  ///   character, an unknown escape, `\u` without four hex digits or a lone surrogate (at the
  ///   escape); `.limitExceeded` past `limits.maxStringBytes`.
  private mutating func string() throws(PlistError) -> String {
    let open = lexer.pos
    let text = lexer.text
    var pos = open + 1
    let contentStart = pos
    // Fast path: no escape.
    while pos < text.count, text[pos] != 0x22, text[pos] != 0x5C, text[pos] >= 0x20 { pos += 1 }
    if pos < text.count, text[pos] == 0x22 {
      try checkLength(pos - contentStart, at: open)
      lexer.pos = pos + 1
      return String(
        decoding: UnsafeBufferPointer(rebasing: text[contentStart..<pos]), as: UTF8.self)
    }
    var out: [UInt8] = Array(text[contentStart..<pos])
    while pos < text.count {
      let b = text[pos]
      if b == 0x22 {
        try checkLength(out.count, at: open)
        lexer.pos = pos + 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 {
        lexer.pos = pos
        throw lexer.error(
          "a control character (\(lexer.describe(at: pos))) in a string; write it as an escape "
            + "such as \\n, \\t or \\u00\(String(b, radix: 16, uppercase: true).leftPadded(2))"
            + (b == 0x0A || b == 0x0D ? " (or is a closing '\"' missing?)" : ""), at: pos)
      }
      guard b == 0x5C else {
        out.append(b)
        pos += 1
        if out.count > limits.maxStringBytes { try checkLength(out.count, at: open) }
        continue
      }
      let escape = pos
      guard pos + 1 < text.count else { break }
      let c = text[pos + 1]
      pos += 2
      switch c {
      case 0x22, 0x5C, 0x2F: out.append(c)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        let unit = try hex4(at: pos, escape: escape)
        pos += 4
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
          guard pos + 1 < text.count, text[pos] == 0x5C, text[pos + 1] == UInt8(ascii: "u"),
            let low = try? hex4(at: pos + 2, escape: pos), (0xDC00...0xDFFF).contains(low)
          else {
            throw lexer.error(
              "lone UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string: "
                + "a high surrogate (D800-DBFF) must be followed at once by a \\u low surrogate "
                + "(DC00-DFFF)", at: escape)
          }
          pos += 6
          scalarValue = 0x1_0000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
          throw lexer.error(
            "lone UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string: "
              + "a low surrogate (DC00-DFFF) must follow a \\u high surrogate (D800-DBFF)",
            at: escape)
        }
        if let scalar = Unicode.Scalar(scalarValue) { UTF8.encode(scalar) { out.append($0) } }
      default:
        lexer.pos = escape
        throw lexer.error(
          "unknown escape in a string: '\\' followed by \(lexer.describe(at: escape + 1)); "
            + "JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
          at: escape)
      }
      if out.count > limits.maxStringBytes { try checkLength(out.count, at: open) }
    }
    lexer.pos = text.count
    throw lexer.error(
      "unterminated string: expected a closing '\"' before the end of the file", at: open)
  }

  /// The UTF-16 unit of the four hex digits at `offset`, for the `\u` escape at `escape`.
  private mutating func hex4(at offset: Int, escape: Int) throws(PlistError) -> UInt16 {
    var unit: UInt16 = 0
    for k in 0..<4 {
      guard offset + k < lexer.text.count, let v = ASCIIPlistLexer.hexValue(lexer.text[offset + k])
      else {
        throw lexer.error("expected four hex digits after '\\u' in a string", at: escape)
      }
      unit = unit << 4 | UInt16(v)
    }
    return unit
  }

  /// Refuses a string or key of `count` bytes beyond `limits.maxStringBytes`.
  private mutating func checkLength(_ count: Int, at start: Int) throws(PlistError) {
    if count > limits.maxStringBytes {
      throw lexer.error(limits.stringTooLong(count), at: start, kind: .limitExceeded)
    }
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
