import Foundation

/// The element grammar of the XML reader: document, containers and text content.
extension XMLScanner {
  /// Parses the whole document: prolog, one value (inside `<plist>` or bare), and nothing but
  /// comments, processing instructions and white space after it; the value goes to `sink`.
  mutating func parseDocument<Sink: PlistEventSink>(into sink: inout Sink) throws(PlistError) {
    if looksAt("<?xml") {
      try parseDeclaration()
    }
    while true {
      try skipMisc()
      if looksAt("<!DOCTYPE") {
        try skipDoctype()
        continue
      }
      break
    }
    guard pos < bytes.count else {
      throw error("expected a <plist> element or a value, found the end of the text", at: pos)
    }
    guard peek() == UInt8(ascii: "<") else {
      throw error("expected a <plist> element or a value, found text", at: pos)
    }
    if peek(1) == UInt8(ascii: "!") {
      throw error("unexpected markup: expected a comment '<!--', a DOCTYPE, or an element", at: pos)
    }
    let open = try scanStartTag()
    if open.tag == .plist {
      if open.isEmpty {
        throw error("empty <plist/>: expected a value inside <plist>", at: open.start)
      }
      try skipMisc()
      try parseValue(at: try nextStartTag(in: .plist), into: &sink)
      try skipMisc()
      try expectEndTag(.plist, openedAt: open.start)
    } else {
      try parseValue(at: open, into: &sink)
    }
    try skipMisc()
    if pos < bytes.count {
      throw error(
        "unexpected content after the property list: expected the end of the text", at: pos)
    }
  }

  /// Scans the next start tag of a value inside `container`, refusing anything else.
  mutating func nextStartTag(in container: XMLTag) throws(PlistError) -> XMLStartTag {
    guard let b = peek() else {
      throw error(
        "unexpected end of the text inside <\(container.name)>: expected a value", at: pos)
    }
    guard b == UInt8(ascii: "<") else {
      throw error("unexpected text inside <\(container.name)>: expected an element", at: pos)
    }
    if peek(1) == UInt8(ascii: "/") {
      throw error("expected a value inside <\(container.name)>", at: pos)
    }
    if peek(1) == UInt8(ascii: "!") {
      throw error("unexpected markup inside <\(container.name)>: expected an element", at: pos)
    }
    return try scanStartTag()
  }

  /// Parses the value whose start tag was just scanned, handing it to `sink`.
  ///
  /// The start tags of the containers still open are kept on an explicit stack (no
  /// recursion), so a document nested as deep as `PlistLimits.maxDepth` needs no stack of its
  /// own, and one nested deeper is refused at the first start tag past the limit.
  mutating func parseValue<Sink: PlistEventSink>(
    at open: XMLStartTag, into sink: inout Sink
  ) throws(PlistError) {
    var stack: [XMLStartTag] = []
    var tag = open
    while true {
      if try beginValue(at: tag) {
        try sink.begin(tag.tag == .dict ? .dictionary : .array)
        stack.append(tag)
      } else {
        try parseScalar(at: tag, into: &sink)
      }
      // Close containers until one has a child left to parse.
      while true {
        guard let top = stack.last else { return }
        if let child = try nextChild(of: top, into: &sink) {
          tag = child
          break
        }
        try expectEndTag(top.tag, openedAt: top.start)
        depth -= 1
        stack.removeLast()
        try sink.end(at: location(top, pos, container: true))
      }
    }
  }

  /// Counts the value against the limits; true when it opens a non-empty container (anything
  /// else `parseScalar` then reads).
  mutating func beginValue(at open: XMLStartTag) throws(PlistError) -> Bool {
    objects += 1
    if objects > limits.maxObjects {
      throw error(limits.tooManyObjects(), at: open.start, kind: .limitExceeded)
    }
    guard open.tag == .array || open.tag == .dict, !open.isEmpty else { return false }
    try enter(open)
    return true
  }

  /// Parses a value that holds no other (an empty `<array/>` or `<dict/>` included) and hands
  /// it to `sink`.
  mutating func parseScalar<Sink: PlistEventSink>(
    at open: XMLStartTag, into sink: inout Sink
  ) throws(PlistError) {
    switch open.tag {
    case .dict, .array:
      try sink.begin(open.tag == .dict ? .dictionary : .array)
      try sink.end(at: location(open, pos, container: true))
    case .string:
      let run = try readText(open)
      try deliver(run, of: open, endingAt: pos, asKey: false, into: &sink)
    case .true, .false:
      if !open.isEmpty {
        try skipMisc()
        try expectEndTag(open.tag, openedAt: open.start)
      }
      try sink.value(.boolean(open.tag == .true), at: location(open, pos))
    case .integer, .real, .date, .data:
      let value: PlistValue
      if let body = try rawBodyInPlace(open) {
        value = try parseScalar(
          open.tag, body: UnsafeBufferPointer(rebasing: bytes[body]), openedAt: open.start)
      } else {
        let body = try readRawBody(open)
        let parsed = body.withUnsafeBufferPointer { body in
          Result { () throws(PlistError) -> PlistValue in
            try parseScalar(open.tag, body: body, openedAt: open.start)
          }
        }
        value = try parsed.get()
      }
      try sink.value(value, at: location(open, pos))
    case .key:
      throw error("unexpected <key> outside a dictionary: expected a value", at: open.start)
    case .plist:
      throw error("unexpected <plist> inside a property list: expected a value", at: open.start)
    }
  }

  /// Hands the text read for `open` to `sink` as a string or a key; the element ends at `end`.
  mutating func deliver<Sink: PlistEventSink>(
    _ run: XMLTextRun, of open: XMLStartTag, endingAt end: Int, asKey: Bool,
    into sink: inout Sink
  ) throws(PlistError) {
    let location = location(open, end)
    let accepted: Bool
    switch run {
    case .source(let range):
      let text = PlistEventText(
        bytes: UnsafeBufferPointer(rebasing: bytes[range]), isValidated: true,
        sourceStart: range.lowerBound)
      accepted =
        asKey ? try sink.key(text, at: location) : try sink.string(text, at: location)
    case .decoded:
      let result = decoded.withUnsafeBufferPointer { buffer in
        Result { () throws(PlistError) -> Bool in
          let text = PlistEventText(bytes: buffer, isValidated: true)
          return asKey ? try sink.key(text, at: location) : try sink.string(text, at: location)
        }
      }
      accepted = try result.get()
    }
    if !accepted {
      throw error("invalid UTF-8 in text", at: open.contentStart, kind: .encoding)
    }
  }

  /// The text of a run, for messages.
  func string(of run: XMLTextRun) -> String {
    switch run {
    case .source(let range):
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .decoded:
      String(decoding: decoded, as: UTF8.self)
    }
  }

  /// Refuses a string or key of `count` UTF-8 bytes when over `limits.maxStringBytes`.
  mutating func checkLength(_ count: Int, _ open: XMLStartTag) throws(PlistError) {
    if count > limits.maxStringBytes {
      throw error(limits.stringTooLong(count), at: open.start, kind: .limitExceeded)
    }
  }

  mutating func enter(_ open: XMLStartTag) throws(PlistError) {
    depth += 1
    if depth > PlistLimits.maxDepth {
      throw error(PlistLimits.tooDeepToRead, at: open.start, kind: .limitExceeded)
    }
  }

  /// The start tag of the next child of the container `open` (for a dictionary, after handing
  /// its key to `sink`), or nil at the container's end tag.
  mutating func nextChild<Sink: PlistEventSink>(
    of open: XMLStartTag, into sink: inout Sink
  ) throws(PlistError) -> XMLStartTag? {
    try skipMisc()
    if peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") { return nil }
    guard open.tag == .dict else {
      let child = try nextStartTag(in: .array)
      if child.tag == .key {
        throw error("unexpected <key> inside <array>: keys belong in a <dict>", at: child.start)
      }
      return child
    }
    let keyTag = try nextStartTag(in: .dict)
    guard keyTag.tag == .key else {
      throw error(
        "unexpected <\(keyTag.tag.name)> inside <dict>: expected a <key> before each value",
        at: keyTag.start)
    }
    let key = try readText(keyTag)
    let keyEnd = pos
    try skipMisc()
    if peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") {
      throw error(
        "missing value for key \"\(string(of: key))\": expected a value after </key>", at: pos)
    }
    let valueTag = try nextStartTag(in: .dict)
    if valueTag.tag == .key {
      throw error(
        "missing value for key \"\(string(of: key))\": found another <key> where its value "
          + "belongs",
        at: valueTag.start)
    }
    try deliver(key, of: keyTag, endingAt: keyEnd, asKey: true, into: &sink)
    return valueTag
  }

  // MARK: Text content

  /// Reads the text of `<string>` or `<key>`, checks that it is UTF-8 and within
  /// `limits.maxStringBytes`, and leaves `pos` after the end tag.
  ///
  /// Character data, entities, character references, CDATA sections, and comments or
  /// processing instructions (which add nothing). Plain text is answered as its range in the
  /// source; anything else is decoded into `decoded`.
  mutating func readText(_ open: XMLStartTag) throws(PlistError) -> XMLTextRun {
    if open.isEmpty { return .source(pos..<pos) }
    // Fast path: plain text up to the end tag.
    if let lt = find(UInt8(ascii: "<"), from: pos), peek(lt - pos + 1) == UInt8(ascii: "/"),
      find(UInt8(ascii: "&"), from: pos, to: lt) == nil
    {
      let slice = UnsafeBufferPointer(rebasing: bytes[pos..<lt])
      guard UTF8Validation.isValid(slice) else {
        throw error(
          "invalid UTF-8 in text", at: pos + XMLScanner.firstInvalidUTF8(slice), kind: .encoding)
      }
      try checkLength(slice.count, open)
      let range = pos..<lt
      pos = lt
      try expectEndTag(open.tag, openedAt: open.start)
      return .source(range)
    }
    decoded.removeAll(keepingCapacity: true)
    while true {
      guard let b = peek() else {
        throw error("unterminated <\(open.tag.name)>: expected </\(open.tag.name)>", at: open.start)
      }
      if b == UInt8(ascii: "<") {
        if peek(1) == UInt8(ascii: "/") { break }
        if looksAt("<![CDATA[") {
          guard let end = findEnd(of: "]]>", from: pos + 9) else {
            throw error("unterminated CDATA section: expected ']]>'", at: pos)
          }
          decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(pos + 9)..<(end - 3)]))
          pos = end
        } else if looksAt("<!--") {
          try skipComment()
        } else if peek(1) == UInt8(ascii: "?") {
          try skipProcessingInstruction()
        } else {
          throw error(
            "unexpected markup inside <\(open.tag.name)>: only text is allowed (escape '<' as &lt;)",
            at: pos)
        }
      } else if b == UInt8(ascii: "&") {
        var text = decoded
        decoded = []
        defer { decoded = text }
        try appendEntity(into: &text)
      } else {
        let stop = nextSpecial(from: pos)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pos..<stop]))
        pos = stop
      }
    }
    let valid = decoded.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
    if !valid {
      // Locate the bad byte in the source, which holds it verbatim (entities may have shifted
      // offsets).
      let slice = UnsafeBufferPointer(rebasing: bytes[open.contentStart..<pos])
      throw error(
        "invalid UTF-8 in text", at: open.contentStart + XMLScanner.firstInvalidUTF8(slice),
        kind: .encoding)
    }
    try checkLength(decoded.count, open)
    try expectEndTag(open.tag, openedAt: open.start)
    return .decoded
  }

  /// The offset of the next `<` or `&` at or after `from`, or the end.
  func nextSpecial(from: Int) -> Int {
    var i = from
    while i < bytes.count, bytes[i] != UInt8(ascii: "<"), bytes[i] != UInt8(ascii: "&") { i += 1 }
    return i
  }

  /// Decodes the entity or character reference at `pos` into UTF-8.
  mutating func appendEntity(into out: inout [UInt8]) throws(PlistError) {
    let start = pos
    var end = pos + 1
    while end < bytes.count, end - start < 40, bytes[end] != UInt8(ascii: ";"),
      bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&"),
      !XMLScanner.isSpace(bytes[end])
    {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw error(
        "unterminated entity: expected ';' after '&' (write a literal '&' as &amp;)", at: start)
    }
    let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
    pos = end + 1
    func spells(_ s: StaticString) -> Bool {
      s.utf8CodeUnitCount == name.count
        && (0..<name.count).allSatisfy { s.utf8Start[$0] == name[$0] }
    }
    if spells("amp") { out.append(UInt8(ascii: "&")); return }
    if spells("lt") { out.append(UInt8(ascii: "<")); return }
    if spells("gt") { out.append(UInt8(ascii: ">")); return }
    if spells("quot") { out.append(UInt8(ascii: "\"")); return }
    if spells("apos") { out.append(UInt8(ascii: "'")); return }
    guard name.first == UInt8(ascii: "#") else {
      let text = ErrorText.cut(String(decoding: name.prefix(400), as: UTF8.self))
      throw error(
        "unknown entity &\(text);: expected &amp; &lt; &gt; &quot; &apos; or a character reference",
        at: start)
    }
    var value: UInt32 = 0
    var digits = name.dropFirst()
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { throw error("empty character reference", at: start) }
    for d in digits {
      guard let v = XMLScanner.digitValue(d, radix: radix) else {
        throw error(
          "malformed character reference: expected \(radix == 16 ? "hex " : "")digits", at: start)
      }
      value = value &* radix &+ v
      if value > 0x10FFFF { break }
    }
    guard value != 0, let scalar = Unicode.Scalar(value) else {
      throw error(
        "character reference to an invalid code point (beyond U+10FFFF, a surrogate or zero)",
        at: start)
    }
    UTF8.encode(scalar) { out.append($0) }
  }

  static func digitValue(_ b: UInt8, radix: UInt32) -> UInt32? {
    let v: UInt32
    switch b {
    case 0x30...0x39: v = UInt32(b - 0x30)
    case 0x41...0x46: v = UInt32(b - 0x41 + 10)
    case 0x61...0x66: v = UInt32(b - 0x61 + 10)
    default: return nil
    }
    return v < radix ? v : nil
  }

  /// The index of the first byte that is not part of valid UTF-8 in `bytes`.
  static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      let n: Int
      if b < 0x80 {
        n = 1
      } else if b & 0xE0 == 0xC0, b >= 0xC2 {
        n = 2
      } else if b & 0xF0 == 0xE0 {
        n = 3
      } else if b & 0xF8 == 0xF0, b <= 0xF4 {
        n = 4
      } else {
        return i
      }
      guard i + n <= bytes.count else { return i }
      let slice = UnsafeBufferPointer(rebasing: bytes[i..<(i + n)])
      if n > 1, String(validating: slice, as: UTF8.self) == nil { return i }
      i += n
    }
    return bytes.count
  }

  /// Where the body of `<integer>`, `<real>`, `<date>` or `<data>` lies in the source when it
  /// is plain text (the common case), leaving `pos` after the end tag; nil, with `pos`
  /// unchanged, when markup sits inside it or it has no end (`readRawBody` then reads it or
  /// reports why).
  mutating func rawBodyInPlace(_ open: XMLStartTag) throws(PlistError) -> Range<Int>? {
    if open.isEmpty { return pos..<pos }
    guard let lt = find(UInt8(ascii: "<"), from: pos), lt + 1 < bytes.count,
      bytes[lt + 1] == UInt8(ascii: "/")
    else { return nil }
    let body = pos..<lt
    pos = lt
    try expectEndTag(open.tag, openedAt: open.start)
    return body
  }

  /// The raw body of `<integer>`, `<real>`, `<date>` or `<data>` up to its end tag, with
  /// comments and processing instructions removed; leaves `pos` after the end tag.
  mutating func readRawBody(_ open: XMLStartTag) throws(PlistError) -> [UInt8] {
    if open.isEmpty { return [] }
    var out: [UInt8] = []
    while true {
      guard let lt = find(UInt8(ascii: "<"), from: pos) else {
        throw error("unterminated <\(open.tag.name)>: expected </\(open.tag.name)>", at: open.start)
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pos..<lt]))
      pos = lt
      if peek(1) == UInt8(ascii: "/") { break }
      if looksAt("<!--") {
        try skipComment()
      } else if peek(1) == UInt8(ascii: "?") {
        try skipProcessingInstruction()
      } else {
        throw error(
          "unexpected markup inside <\(open.tag.name)>: expected its value as text", at: pos)
      }
    }
    try expectEndTag(open.tag, openedAt: open.start)
    return out
  }
}

/// Where the text of a `<string>` or `<key>` is: a range of the source (plain text), or the
/// scanner's `decoded` buffer (text with entities, CDATA sections or comments).
enum XMLTextRun {
  case source(Range<Int>)
  case decoded
}
