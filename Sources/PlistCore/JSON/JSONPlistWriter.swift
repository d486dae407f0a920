import Foundation

/// Writes a property list as JSON (RFC 8259), for printing and for tools that read JSON.
///
/// Foundation's `JSONSerialization` is not used: it loses key order and duplicate keys and
/// refuses dates, data, UIDs and non-finite reals, so the mapping below is written by hand.
///
/// The mapping (dates, data, UIDs and non-finite reals do not read back as the same types, so
/// infoscope does not save edited property lists as JSON; `JSONPlistReader` reads the rest back
/// to an equal tree):
/// - dictionary → object, keys in source order; duplicate keys are all written, in order (legal
///   JSON; most readers keep the last, which is also the entry Apple's lookup answers with);
/// - array → array; string → string;
/// - integer → number, exactly (`18446744073709551615`, `-9223372036854775808`);
/// - real → number in the shortest form that reads back to the same double (`0.1`, `3.0`,
///   `1e+300`); NaN and the infinities, which JSON has no numbers for, → the strings `"nan"`,
///   `"+infinity"`, `"-infinity"` (the spellings of Apple's XML);
/// - boolean → `true` / `false`;
/// - date → ISO 8601 string in UTC, with a fraction only when there is one
///   (`"2004-10-26T10:33:33Z"`, `"2004-10-26T10:33:33.25Z"`);
/// - data → standard base64 string with padding, no line breaks;
/// - UID → `{"CF$UID": n}`, as Apple's keyed archiver spells it in XML.
///
/// Strings escape `"`, `\` and the control characters U+0000–U+001F (`\b`, `\f`, `\n`, `\r`,
/// `\t`, and `\u00XX` for the others), and, as `\uXXXX`, DEL, the C1 controls, bidirectional
/// controls and the other invisible format characters (`VisibleEscaping.isEscapedInJSON`), so
/// JSON shown on a terminal cannot steer it; everything else, non-ASCII included, stays UTF-8.
///
/// Pretty output indents with two spaces per level (up to `PlistLimits.maxIndentLevels`),
/// writes `"key": value`, keeps empty containers as `{}` and `[]`, and ends with a newline;
/// compact output has no white space at all.
package enum JSONPlistWriter {
  /// The JSON text for `root`.
  ///
  /// - Parameters:
  ///   - root: the tree to write.
  ///   - pretty: indented, one member per line (the default), or compact on one line.
  ///   - capacity: bytes to reserve up front, or nil for the source's size when `root` was
  ///     read from text (4 KiB otherwise).
  /// - Returns: UTF-8 bytes.
  /// - Throws: `PlistError` of kind `.limitExceeded` when containers nest deeper than
  ///   `PlistLimits.maxDepth`.
  package static func write(
    _ root: PlistNode, pretty: Bool = true, capacity: Int? = nil
  ) throws(PlistError) -> [UInt8] {
    var writer = JSONEventWriter(
      pretty: pretty,
      capacity: capacity ?? (root.location.hasTextPosition ? Int(root.location.end) : 4_096))
    try root.replay(into: &writer)
    return writer.finish()
  }

  /// Appends a value that holds no other, and no string: a number, boolean, date, data or UID.
  static func scalar(_ value: PlistValue, pretty: Bool, into out: inout [UInt8]) {
    switch value {
    case .integer(let i):
      XMLPlistWriter.appendInteger(i, into: &out)
    case .real(let r):
      if r.isNaN {
        out.append(contentsOf: "\"nan\"".utf8)
      } else if r.isInfinite {
        out.append(contentsOf: r < 0 ? "\"-infinity\"".utf8 : "\"+infinity\"".utf8)
      } else {
        out.append(contentsOf: r.description.utf8)
      }
    case .boolean(let b):
      out.append(contentsOf: b ? "true".utf8 : "false".utf8)
    case .date(let d):
      appendString(d.iso8601String, into: &out)
    case .data(let d):
      out.append(0x22)
      d.withUnsafeBytes { Base64.append($0, into: &out) }
      out.append(0x22)
    case .uid(let n):
      out.append(contentsOf: pretty ? "{\"CF$UID\": ".utf8 : "{\"CF$UID\":".utf8)
      XMLPlistWriter.appendDecimal(n, into: &out)
      out.append(UInt8(ascii: "}"))
    case .string, .array, .dictionary:
      fatalError("JSONPlistWriter: a string or container reached the scalar writer")
    }
  }

  /// A line break and the indentation of level `depth` (capped at
  /// `PlistLimits.maxIndentLevels`), in pretty output only.
  static func newline(_ depth: Int, pretty: Bool, into out: inout [UInt8]) {
    guard pretty else { return }
    out.append(0x0A)
    let count = min(depth, PlistLimits.maxIndentLevels) &* 2
    spaces.withUnsafeBufferPointer {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
  }

  /// The indentation of the deepest indented level.
  private static let spaces = [UInt8](repeating: 0x20, count: PlistLimits.maxIndentLevels * 2)

  static func checkDepth(_ depth: Int) throws(PlistError) {
    if depth >= PlistLimits.maxDepth {
      throw PlistError(.limitExceeded, PlistLimits.tooDeepToWrite)
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends valid UTF-8 `bytes` as a JSON string literal, quotes included.
  static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    if bytes.contains(where: { $0 >= 0x7F }) {
      appendString(String(decoding: bytes, as: UTF8.self), into: &out)
    } else {
      appendPlainString(bytes, into: &out)
    }
  }

  /// Appends `text` as a JSON string literal, quotes included.
  package static func appendString(_ text: String, into out: inout [UInt8]) {
    if text.utf8.contains(where: { $0 >= 0x7F }),
      text.unicodeScalars.contains(where: {
        $0.value >= 0x7F && VisibleEscaping.isEscapedInJSON($0)
      })
    {
      // Rare: escape those scalars one by one, the rest through the byte path below.
      out.append(0x22)
      var run = ""
      func flush() {
        guard !run.isEmpty else { return }
        var inner: [UInt8] = []
        appendString(run, into: &inner)
        out.append(contentsOf: inner.dropFirst().dropLast())
        run = ""
      }
      for scalar in text.unicodeScalars {
        guard scalar.value >= 0x7F, VisibleEscaping.isEscapedInJSON(scalar) else {
          run.unicodeScalars.append(scalar)
          continue
        }
        flush()
        for unit in String(scalar).utf16 {
          out.append(contentsOf: "\\u".utf8)
          for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hexDigits[Int((unit >> UInt16(shift)) & 0x0F)])
          }
        }
      }
      flush()
      out.append(0x22)
      return
    }
    var text = text
    text.withUTF8 { appendPlainString($0, into: &out) }
  }

  /// Appends UTF-8 `bytes` that hold no scalar `VisibleEscaping.isEscapedInJSON` names above
  /// U+007E as a JSON string literal: quotes, backslashes and C0 controls escaped.
  private static func appendPlainString(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]
  ) {
    out.append(0x22)
    var runStart = 0
    for i in 0..<bytes.count {
      let byte = bytes[i]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
      if runStart < i {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
      }
      runStart = i + 1
      out.append(0x5C)
      switch byte {
      case 0x22: out.append(0x22)
      case 0x5C: out.append(0x5C)
      case 0x08: out.append(UInt8(ascii: "b"))
      case 0x0C: out.append(UInt8(ascii: "f"))
      case 0x0A: out.append(UInt8(ascii: "n"))
      case 0x0D: out.append(UInt8(ascii: "r"))
      case 0x09: out.append(UInt8(ascii: "t"))
      default:
        out.append(contentsOf: "u00".utf8)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    if runStart < bytes.count {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    out.append(0x22)
  }
}

/// The JSON writer as an event sink: writes each value as a reader or a tree walk hands it
/// over, in `JSONPlistWriter`'s mapping and layout; containers still open are a stack of small
/// frames (no recursion, no tree).
struct JSONEventWriter: DocumentEventWriter {
  /// The output so far.
  private(set) var out: [UInt8] = []
  private let pretty: Bool
  /// The containers open.
  private var nesting = EventNesting(rootDepth: 0)

  /// A writer of one document, `pretty` or compact, reserving `capacity` bytes.
  init(pretty: Bool, capacity: Int) {
    self.pretty = pretty
    out.reserveCapacity(capacity)
  }

  /// The text: the output, with the final newline of pretty output, handed over (the writer
  /// keeps none, so that the buffer is never shared and never copied).
  mutating func finish() -> [UInt8] {
    if pretty { out.append(0x0A) }
    var text: [UInt8] = []
    swap(&text, &out)
    return text
  }

  /// Writes what comes before a new member or item of `container`.
  private mutating func writeChildStart(_ container: EventNesting.Frame) {
    if container.count > 0 { out.append(UInt8(ascii: ",")) }
    JSONPlistWriter.newline(container.depth + 1, pretty: pretty, into: &out)
  }

  /// Writes what comes before a value, and answers its level.
  private mutating func startValue() -> Int {
    let (depth, container) = nesting.startValue()
    if let container { writeChildStart(container) }
    return depth
  }

  mutating func begin(_ kind: PlistKind) throws(PlistError) {
    let depth = startValue()
    try JSONPlistWriter.checkDepth(depth)
    nesting.open(isDictionary: kind == .dictionary, depth: depth)
    out.append(kind == .dictionary ? UInt8(ascii: "{") : UInt8(ascii: "["))
  }

  mutating func end(at location: SourceLocation) {
    let frame = nesting.close()
    if frame.count > 0 { JSONPlistWriter.newline(frame.depth, pretty: pretty, into: &out) }
    out.append(frame.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]"))
  }

  mutating func key(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    writeChildStart(nesting.startKey())
    JSONPlistWriter.appendString(text.bytes, into: &out)
    out.append(UInt8(ascii: ":"))
    if pretty { out.append(0x20) }
    return true
  }

  mutating func string(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    _ = startValue()
    JSONPlistWriter.appendString(text.bytes, into: &out)
    return true
  }

  mutating func value(_ value: PlistValue, at location: SourceLocation) {
    _ = startValue()
    JSONPlistWriter.scalar(value, pretty: pretty, into: &out)
  }
}
