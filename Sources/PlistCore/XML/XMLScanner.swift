import Foundation

/// The cursor of the XML reader over UTF-8 bytes, with lazily counted lines.
struct XMLScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var pos = 0
  /// Lines are counted lazily: `line` is the line of offset `countedTo`, which starts at `lineStart`.
  var countedTo = 0
  var line: UInt32 = 1
  var lineStart = 0
  var depth = 0
  /// The caps on values, strings and data (`PlistReadLimits`).
  var limits = PlistReadLimits.standard
  /// Values read so far, against `limits.maxObjects`.
  var objects = 0
  /// The text of the last `<string>` or `<key>` that was not a plain slice of the source.
  var decoded: [UInt8] = []
  /// True when the text holds a carriage return; without one, lines are counted with `memchr`.
  let hasCarriageReturn: Bool

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    if let base = bytes.baseAddress {
      hasCarriageReturn = memchr(base, 0x0D, bytes.count) != nil
    } else {
      hasCarriageReturn = false
    }
  }

  // MARK: Positions and errors

  /// Brings the line count up to `offset` (which must not be behind the last counted offset).
  mutating func countLines(to offset: Int) {
    if offset < countedTo {
      countedTo = 0
      line = 1
      lineStart = 0
    }
    var i = countedTo
    var l = line
    var ls = lineStart
    if !hasCarriageReturn {
      while let newline = find(0x0A, from: i, to: offset) {
        l &+= 1
        ls = newline + 1
        i = newline + 1
      }
      countedTo = offset
      line = l
      lineStart = ls
      return
    }
    while i < offset {
      let b = bytes[i]
      if b == 0x0A {
        l &+= 1
        ls = i + 1
      } else if b == 0x0D {
        if i + 1 >= bytes.count || bytes[i + 1] != 0x0A {
          l &+= 1
          ls = i + 1
        }
      }
      i += 1
    }
    countedTo = offset
    line = l
    lineStart = ls
  }

  /// The location of the element opened by `open` and ending at `end`.
  func location(_ open: XMLStartTag, _ end: Int, container: Bool = false) -> SourceLocation {
    SourceLocation(
      line: open.line, column: open.column,
      start: UInt32(truncatingIfNeeded: open.start), end: UInt32(truncatingIfNeeded: end),
      contentStart: container ? UInt32(truncatingIfNeeded: open.contentStart) : nil)
  }

  /// An error at byte `offset`, with its line and column.
  mutating func error(
    _ message: String, at offset: Int, kind: PlistError.Kind = .malformed
  ) -> PlistError {
    let at = min(offset, bytes.count)
    countLines(to: at)
    return PlistError(kind, message, line: Int(line), column: at - lineStart + 1, offset: at)
  }

  // MARK: Bytes

  @inline(__always) func peek(_ ahead: Int = 0) -> UInt8? {
    let i = pos + ahead
    return i < bytes.count ? bytes[i] : nil
  }

  /// True when the bytes at `pos` spell `literal`.
  func looksAt(_ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard pos + n <= bytes.count else { return false }
    let p = literal.utf8Start
    for i in 0..<n where bytes[pos + i] != p[i] { return false }
    return true
  }

  @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
  }

  /// Skips white space; counts its line breaks on the way when lines are counted up to here,
  /// so that the next location costs nothing.
  mutating func skipSpace() {
    guard countedTo == pos, !hasCarriageReturn else {
      while pos < bytes.count, XMLScanner.isSpace(bytes[pos]) { pos += 1 }
      return
    }
    var p = pos
    while p < bytes.count {
      let b = bytes[p]
      if b == 0x0A {
        line &+= 1
        lineStart = p + 1
      } else if b != 0x20 && b != 0x09 {
        break
      }
      p += 1
    }
    pos = p
    countedTo = p
  }

  /// The offset of the next `byte` at or after `from` and before `to` (default: the end), or nil.
  func find(_ byte: UInt8, from: Int, to: Int? = nil) -> Int? {
    let limit = min(to ?? bytes.count, bytes.count)
    guard from < limit, let base = bytes.baseAddress else { return nil }
    guard let hit = memchr(base + from, Int32(byte), limit - from) else { return nil }
    return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
  }

  /// The offset just past the next occurrence of `literal` at or after `from`, or nil.
  func findEnd(of literal: StaticString, from: Int) -> Int? {
    let n = literal.utf8CodeUnitCount
    let p = literal.utf8Start
    var i = from
    while let hit = find(p[0], from: i) {
      guard hit + n <= bytes.count else { return nil }
      var match = true
      for k in 1..<n where bytes[hit + k] != p[k] {
        match = false
        break
      }
      if match { return hit + n }
      i = hit + 1
    }
    return nil
  }

  // MARK: Markup other than elements

  /// Skips white space, comments and processing instructions; returns at a `<` of anything
  /// else, at other text, or at the end.
  mutating func skipMisc() throws(PlistError) {
    while true {
      skipSpace()
      guard peek() == UInt8(ascii: "<") else { return }
      if looksAt("<!--") {
        try skipComment()
      } else if peek(1) == UInt8(ascii: "?") {
        try skipProcessingInstruction()
      } else {
        return
      }
    }
  }

  mutating func skipComment() throws(PlistError) {
    let start = pos
    guard let end = findEnd(of: "-->", from: pos + 4) else {
      throw error("unterminated comment: expected '-->'", at: start)
    }
    pos = end
  }

  mutating func skipProcessingInstruction() throws(PlistError) {
    let start = pos
    guard let end = findEnd(of: "?>", from: pos + 2) else {
      throw error("unterminated processing instruction: expected '?>'", at: start)
    }
    pos = end
  }

  /// Skips `<!DOCTYPE …>` without loading anything it names; an internal subset is refused.
  mutating func skipDoctype() throws(PlistError) {
    let start = pos
    pos += 9
    while pos < bytes.count {
      let b = bytes[pos]
      if b == UInt8(ascii: ">") {
        pos += 1
        return
      } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
        guard let close = find(b, from: pos + 1) else {
          throw error("unterminated quoted string in DOCTYPE", at: pos)
        }
        pos = close + 1
      } else if b == UInt8(ascii: "[") {
        throw error("a DOCTYPE with an internal subset ('[…]') is not a property list", at: pos)
      } else {
        pos += 1
      }
    }
    throw error("unterminated DOCTYPE: expected '>'", at: start)
  }

  /// Checks the `<?xml …?>` declaration: only Unicode encodings (and their ASCII subset) are
  /// accepted, as the text has already been decoded from its byte-order mark.
  mutating func parseDeclaration() throws(PlistError) {
    let start = pos
    guard let end = findEnd(of: "?>", from: pos + 5) else {
      throw error("unterminated XML declaration: expected '?>'", at: start)
    }
    let decl = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    if let range = decl.range(of: "encoding") {
      let rest = decl[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let value = rest.dropFirst().prefix { $0 != quote }.lowercased()
        let accepted = [
          "utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le",
          "utf-32be", "us-ascii", "ascii",
        ]
        if !accepted.contains(value) {
          let offset = start + decl.utf8.distance(from: decl.startIndex, to: range.lowerBound)
          throw error(
            "unsupported encoding \"\(PlistError.printable(value))\" in the XML declaration: "
              + "expected UTF-8 or UTF-16",
            at: offset, kind: .encoding)
        }
      }
    }
    pos = end
  }

  // MARK: Tags

  /// Reads the name of a tag starting after `<` or `</`; returns its byte range.
  mutating func scanName() -> Range<Int> {
    let start = pos
    while pos < bytes.count {
      let b = bytes[pos]
      if XMLScanner.isSpace(b) || b == UInt8(ascii: ">") || b == UInt8(ascii: "/")
        || b == UInt8(ascii: "=")
      {
        break
      }
      pos += 1
    }
    return start..<pos
  }

  /// Scans a start tag at `pos` (which is at `<`): its name, attributes (skipped, quote-aware)
  /// and whether it is empty (`/>`).
  mutating func scanStartTag() throws(PlistError) -> XMLStartTag {
    let start = pos
    countLines(to: start)
    let line = self.line
    let column = UInt32(truncatingIfNeeded: start - lineStart + 1)
    pos += 1
    let nameRange = scanName()
    guard !nameRange.isEmpty else {
      throw error("expected an element name after '<'", at: start + 1)
    }
    guard let tag = XMLTag(UnsafeBufferPointer(rebasing: bytes[nameRange])) else {
      let name = ErrorText.cut(
        String(
          decoding: UnsafeBufferPointer(rebasing: bytes[nameRange]).prefix(400), as: UTF8.self))
      throw error(
        "unknown element <\(name)>: expected one of plist, dict, array, key, string, integer, "
          + "real, true, false, date, data", at: start)
    }
    // Attributes: name = "value" pairs, ignored.
    while true {
      skipSpace()
      guard let b = peek() else {
        throw error("unterminated start tag <\(tag.name)>: expected '>'", at: start)
      }
      if b == UInt8(ascii: ">") {
        pos += 1
        return XMLStartTag(
          tag: tag, start: start, contentStart: pos, isEmpty: false, line: line, column: column)
      }
      if b == UInt8(ascii: "/") {
        guard peek(1) == UInt8(ascii: ">") else {
          throw error("expected '>' after '/' in <\(tag.name)/>", at: pos + 1)
        }
        pos += 2
        return XMLStartTag(
          tag: tag, start: start, contentStart: pos, isEmpty: true, line: line, column: column)
      }
      let attrStart = pos
      let attr = scanName()
      skipSpace()
      guard !attr.isEmpty, peek() == UInt8(ascii: "=") else {
        throw error("malformed attribute in <\(tag.name)>: expected name=\"value\"", at: attrStart)
      }
      pos += 1
      skipSpace()
      guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw error("expected a quoted attribute value in <\(tag.name)>", at: pos)
      }
      guard let close = find(quote, from: pos + 1) else {
        throw error("unterminated attribute value in <\(tag.name)>", at: pos)
      }
      pos = close + 1
    }
  }

  /// Expects `</tag>` (white space allowed before `>`) at `pos`.
  mutating func expectEndTag(_ tag: XMLTag, openedAt: Int) throws(PlistError) {
    let start = pos
    guard peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") else {
      throw error(
        "expected </\(tag.name)> to close the <\(tag.name)> at \(describe(openedAt))", at: start)
    }
    pos += 2
    let nameRange = scanName()
    let name = UnsafeBufferPointer(rebasing: bytes[nameRange])
    guard XMLTag(name) == tag else {
      let found = String(decoding: name, as: UTF8.self)
      throw error(
        "mismatched close tag </\(found)>: expected </\(tag.name)> to close the <\(tag.name)> at "
          + describe(openedAt), at: start)
    }
    skipSpace()
    guard peek() == UInt8(ascii: ">") else {
      throw error("expected '>' to end </\(tag.name)>", at: pos)
    }
    pos += 1
  }

  /// `line:column` of an earlier offset, for messages that point back.
  mutating func describe(_ offset: Int) -> String {
    let saved = (countedTo, line, lineStart)
    countLines(to: offset)
    let text = "\(line):\(offset - lineStart + 1)"
    (countedTo, line, lineStart) = saved
    return text
  }
}
