import Foundation

/// The element grammar of the XML reader: document, containers and text content.
extension XMLScanner {
  /// Parses the whole document: prolog, one value (inside `<plist>` or bare), and nothing but
  /// comments, processing instructions and white space after it.
  mutating func parseDocument() throws(PlistError) -> PlistNode {
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
    let root: PlistNode
    if open.tag == .plist {
      if open.isEmpty {
        throw error("empty <plist/>: expected a value inside <plist>", at: open.start)
      }
      try skipMisc()
      root = try parseValue(at: try nextStartTag(in: .plist))
      try skipMisc()
      try expectEndTag(.plist, openedAt: open.start)
    } else {
      root = try parseValue(at: open)
    }
    try skipMisc()
    if pos < bytes.count {
      throw error(
        "unexpected content after the property list: expected the end of the text", at: pos)
    }
    return root
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

  /// Parses the value whose start tag was just scanned.
  ///
  /// Containers still open are kept on an explicit stack (no recursion), so a document nested
  /// as deep as `PlistLimits.maxDepth` needs no stack of its own, and one nested deeper is
  /// refused at the first start tag past the limit.
  mutating func parseValue(at open: XMLStartTag) throws(PlistError) -> PlistNode {
    var stack: [XMLContainerFrame] = []
    var tag = open
    while true {
      var done: PlistNode?
      if let frame = try beginValue(at: tag) {
        stack.append(frame)
      } else {
        done = try parseScalar(at: tag)
      }
      // Hand finished values to their containers until one has a child left to parse.
      while true {
        guard let top = stack.indices.last else {
          guard let done else { fatalError("XMLScanner: a container vanished") }
          return done
        }
        if let node = done {
          stack[top].add(node)
          done = nil
        }
        if let child = try nextChild(of: &stack[top]) {
          tag = child
          break
        }
        done = try finish(stack.removeLast())
      }
    }
  }

  /// Counts the value against the limits; opens a non-empty container (nil for anything
  /// else, which `parseScalar` then reads).
  mutating func beginValue(at open: XMLStartTag) throws(PlistError) -> XMLContainerFrame? {
    objects += 1
    if objects > limits.maxObjects {
      throw error(limits.tooManyObjects(), at: open.start, kind: .limitExceeded)
    }
    guard open.tag == .array || open.tag == .dict, !open.isEmpty else { return nil }
    try enter(open)
    return XMLContainerFrame(open: open)
  }

  /// Parses a value that holds no other (an empty `<array/>` or `<dict/>` included).
  mutating func parseScalar(at open: XMLStartTag) throws(PlistError) -> PlistNode {
    switch open.tag {
    case .dict:
      return PlistNode(
        .dictionary(PlistDictionary()), location: location(open, pos, container: true))
    case .array:
      return PlistNode(.array([]), location: location(open, pos, container: true))
    case .string:
      let text = try readText(open)
      try checkLength(text, open)
      return PlistNode(.string(text), location: location(open, pos))
    case .true, .false:
      if !open.isEmpty {
        try skipMisc()
        try expectEndTag(open.tag, openedAt: open.start)
      }
      return PlistNode(.boolean(open.tag == .true), location: location(open, pos))
    case .integer, .real, .date, .data:
      let body = try readRawBody(open)
      let value = try parseScalar(open.tag, body: body, openedAt: open.start)
      return PlistNode(value, location: location(open, pos))
    case .key:
      throw error("unexpected <key> outside a dictionary: expected a value", at: open.start)
    case .plist:
      throw error("unexpected <plist> inside a property list: expected a value", at: open.start)
    }
  }

  /// Refuses a string or key longer than `limits.maxStringBytes`.
  mutating func checkLength(_ text: String, _ open: XMLStartTag) throws(PlistError) {
    let count = text.utf8.count
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

  /// The start tag of the next child of `frame` (for a dictionary, after reading its key
  /// into `frame.key`), or nil at the container's end tag.
  mutating func nextChild(of frame: inout XMLContainerFrame) throws(PlistError) -> XMLStartTag? {
    try skipMisc()
    if peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") { return nil }
    guard frame.open.tag == .dict else {
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
    try checkLength(key, keyTag)
    let keyLocation = location(keyTag, pos)
    try skipMisc()
    if peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") {
      throw error("missing value for key \"\(key)\": expected a value after </key>", at: pos)
    }
    let valueTag = try nextStartTag(in: .dict)
    if valueTag.tag == .key {
      throw error(
        "missing value for key \"\(key)\": found another <key> where its value belongs",
        at: valueTag.start)
    }
    frame.key = (key, keyLocation)
    return valueTag
  }

  /// Reads the end tag of a container whose children are all in, and makes its node.
  mutating func finish(_ frame: XMLContainerFrame) throws(PlistError) -> PlistNode {
    let open = frame.open
    try expectEndTag(open.tag, openedAt: open.start)
    depth -= 1
    let location = location(open, pos, container: true)
    if open.tag == .dict {
      let dictionary = PlistDictionary(frame.entries)
      if !repeatsAKey, dictionary.hasDuplicateKeys { repeatsAKey = true }
      return PlistNode(.dictionary(dictionary), location: location)
    }
    return PlistNode(.array(frame.items), location: location)
  }

  // MARK: Text content

  /// Reads the text of `<string>` or `<key>`.
  ///
  /// Character data, entities, character references,
  /// CDATA sections, and comments or processing instructions (which add nothing). Leaves `pos`
  /// after the end tag.
  mutating func readText(_ open: XMLStartTag) throws(PlistError) -> String {
    if open.isEmpty { return "" }
    // Fast path: plain text up to the end tag.
    if let lt = find(UInt8(ascii: "<"), from: pos), peek(lt - pos + 1) == UInt8(ascii: "/"),
      find(UInt8(ascii: "&"), from: pos, to: lt) == nil
    {
      guard let text = strings.string(bytes, pos..<lt) else {
        let slice = UnsafeBufferPointer(rebasing: bytes[pos..<lt])
        throw error(
          "invalid UTF-8 in text", at: pos + XMLScanner.firstInvalidUTF8(slice), kind: .encoding)
      }
      pos = lt
      try expectEndTag(open.tag, openedAt: open.start)
      return text
    }
    var out: [UInt8] = []
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
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(pos + 9)..<(end - 3)]))
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
        try appendEntity(into: &out)
      } else {
        let stop = nextSpecial(from: pos)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pos..<stop]))
        pos = stop
      }
    }
    let text = try makeString(out, startingAt: open.contentStart)
    try expectEndTag(open.tag, openedAt: open.start)
    return text
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

  /// A string from decoded bytes that began at `startingAt`; an invalid byte is reported at the
  /// start of the text (entities may have shifted offsets).
  mutating func makeString(_ decoded: [UInt8], startingAt: Int) throws(PlistError) -> String {
    if let s = String(validating: decoded, as: UTF8.self) { return s }
    // Locate the bad byte in the source, which holds it verbatim.
    let slice = UnsafeBufferPointer(rebasing: bytes[startingAt..<pos])
    throw error(
      "invalid UTF-8 in text", at: startingAt + XMLScanner.firstInvalidUTF8(slice), kind: .encoding)
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

/// A container being parsed: its start tag and the children parsed so far.
struct XMLContainerFrame {
  let open: XMLStartTag
  var items: [PlistNode] = []
  var entries: [PlistEntry] = []
  /// The key of the entry whose value is being parsed.
  var key: (text: String, location: SourceLocation)?

  /// Adds the value just parsed: the next item, or the value of `key`.
  mutating func add(_ node: PlistNode) {
    if open.tag == .dict, let key {
      entries.append(PlistEntry(key: key.text, keyLocation: key.location, node: node))
    } else {
      items.append(node)
    }
  }
}
