import Foundation

/// Reader for old-style ASCII (OpenStep) property lists, as in `project.pbxproj`, and for
/// `.strings` files, following Apple's `CFOldStylePList.c` (and swift-foundation's
/// `OpenStepPlist.swift`) where it is defined.
///
/// Grammar and choices:
/// - Values: `{ key = value; … }` dictionaries, `( a, b )` arrays (a trailing comma is allowed),
///   `"…"` / `'…'` quoted strings with escapes (see `ASCIIPlistLexer.quotedString()`), unquoted
///   strings of `A-Z a-z 0-9 _ $ / : . -` (Apple's set: no `+`), and `<hex>` data. GNUstep's
///   `<*I…>`, `<*R…>`, `<*B…>`, `<*D…>` and `<[base64]>` are read too (Apple rejects them).
/// - Every dictionary entry ends with `;`, the last one included (Apple abandons the parse
///   without it). A key may be a quoted or unquoted string; `key;` alone means `key = key`,
///   the `.strings` shortcut that Apple accepts in every dictionary.
/// - `//` and `/* */` comments may stand wherever white space may. A `/*` without `*/` is an
///   error here (Apple treats the rest of the file as a comment).
/// - Top level: empty input, or only white space and comments, is an empty dictionary (Apple's
///   rule for `.strings` files). A single value is the document; a string followed by more text
///   starts a `.strings` body, a dictionary without braces that must run to the end of the file
///   (Apple stops silently at the first thing that is not a key; we report it). Anything else
///   after the top-level value is an error ("junk after plist").
/// - Nesting deeper than `PlistLimits.maxDepth` is `.limitExceeded`; the parser keeps its own
///   stack, so no input can overflow the call stack.
///
/// Locations: every node gets its first byte's line and column and its byte range; containers
/// set `contentStart` just past `{` or `(`; a `.strings` body spans the whole text. Entry
/// `keyLocation` is the key token. A `key;` entry's value has the key's location.
package enum ASCIIPlistReader {
  /// Reads an OpenStep or `.strings` document from UTF-8 text.
  ///
  /// - Parameters:
  ///   - text: the UTF-8 text, without a byte-order mark (`PlistReader` transcodes UTF-16 and
  ///     UTF-32 and drops the mark).
  ///   - encoding: the encoding the bytes were in, kept in the document.
  ///   - limits: the caps on values, strings and data.
  /// - Returns: the document; its `text` is `text`, which every location points into.
  /// - Throws: `PlistError` with line and column: `.encoding` for invalid UTF-8, `.malformed`
  ///   for a grammar error (saying what was expected), `.outOfRange` for a GNUstep integer
  ///   beyond 64 bits, `.limitExceeded` for nesting or size beyond `PlistLimits` or `limits`.
  package static func read(
    text: [UInt8], encoding: TextEncoding, limits: PlistReadLimits = .standard
  ) throws(PlistError)
    -> PlistDocument
  {
    guard text.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(.limitExceeded, "the text is over 4 GiB, the most infoscope reads")
    }
    let result = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistError) -> PlistNode in
        var parser = ASCIIPlistParser(lexer: ASCIIPlistLexer(text: buffer), limits: limits)
        return try parser.parseDocument()
      }
    }
    return PlistDocument(root: try result.get(), format: .ascii, encoding: encoding, text: text)
  }
}

/// The grammar of old-style property lists over `ASCIIPlistLexer`, with an explicit stack of
/// open containers.
private struct ASCIIPlistParser {
  var lexer: ASCIIPlistLexer

  /// An open array or dictionary.
  struct Frame {
    var isDictionary: Bool
    /// False for the brace-less body of a `.strings` file.
    var braced: Bool
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
    /// A value (after `=`, at the top, or as an array element).
    case value
    /// A finished value to add to the innermost container.
    case finished(PlistNode)
    /// An array element or `)`.
    case arrayElement
    /// A key, `}`, or for a `.strings` body the end of the file.
    case dictionaryKey
  }

  /// The caps on values, strings and data.
  let limits: PlistReadLimits
  /// Values read so far, against `limits.maxObjects`.
  var objects = 0

  init(lexer: ASCIIPlistLexer, limits: PlistReadLimits) {
    self.lexer = lexer
    self.limits = limits
  }

  /// Counts one value starting at `start` against `limits.maxObjects`.
  private mutating func count(at start: Int) throws(PlistError) {
    objects += 1
    if objects > limits.maxObjects {
      throw lexer.error(limits.tooManyObjects(), at: start, kind: .limitExceeded)
    }
  }

  /// Refuses a string or key longer than `limits.maxStringBytes`.
  private mutating func checkLength(_ text: String, at start: Int) throws(PlistError) {
    let count = text.utf8.count
    if count > limits.maxStringBytes {
      throw lexer.error(limits.stringTooLong(count), at: start, kind: .limitExceeded)
    }
  }

  mutating func parseDocument() throws(PlistError) -> PlistNode {
    try lexer.validateUTF8()
    let end = lexer.text.count
    try lexer.skipTrivia()
    if lexer.isAtEnd {
      return PlistNode(
        .dictionary(PlistDictionary()),
        location: SourceLocation(line: 1, column: 1, start: 0, end: UInt32(end), contentStart: 0))
    }
    let root = try parse(stack: [], state: .value)
    try lexer.skipTrivia()
    if lexer.isAtEnd { return root }
    guard case .string = root.value else {
      throw lexer.error(
        "expected the end of the file after the property list, found "
          + lexer.describe(at: lexer.pos),
        at: lexer.pos)
    }
    // A string followed by more text: the brace-less dictionary of a `.strings` file.
    lexer.pos = 0
    let body = Frame(
      isDictionary: true, braced: false, start: 0, line: 1, column: 1, contentStart: 0)
    return try parse(stack: [body], state: .dictionaryKey)
  }

  /// Runs the grammar from `state` until the stack is empty and a value is finished.
  private mutating func parse(
    stack initial: [Frame], state initialState: State
  ) throws(PlistError)
    -> PlistNode
  {
    var stack = initial
    var state = initialState
    while true {
      switch state {
      case .value:
        try lexer.skipTrivia()
        guard let b = lexer.peek else {
          throw lexer.error(
            expectation(stack, "a value") + ", found the end of the file", at: lexer.pos)
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "(") {
          stack.append(try open(dictionary: b == UInt8(ascii: "{"), depth: stack.count))
          state = b == UInt8(ascii: "{") ? .dictionaryKey : .arrayElement
        } else {
          state = .finished(try scalar(stack))
        }

      case .finished(let node):
        guard !stack.isEmpty else { return node }
        let top = stack.count - 1
        try lexer.skipTrivia()
        if stack[top].isDictionary {
          let key = stack[top].key
          stack[top].entries.append(
            PlistEntry(key: key, keyLocation: stack[top].keyLocation, node: node))
          guard lexer.peek == UInt8(ascii: ";") else {
            throw lexer.error(
              "expected ';' after the value of key \"\(key)\", found "
                + lexer.describe(at: lexer.pos),
              at: lexer.pos)
          }
          lexer.pos += 1
          state = .dictionaryKey
        } else {
          stack[top].items.append(node)
          if lexer.peek == UInt8(ascii: ",") {
            lexer.pos += 1
            state = .arrayElement
          } else if lexer.peek == UInt8(ascii: ")") {
            state = .finished(close(stack.removeLast()))
          } else {
            throw lexer.error(
              "expected ',' or ')' after an array element, found \(lexer.describe(at: lexer.pos))",
              at: lexer.pos)
          }
        }

      case .arrayElement:
        try lexer.skipTrivia()
        if lexer.peek == UInt8(ascii: ")") {
          state = .finished(close(stack.removeLast()))
        } else if lexer.isAtEnd {
          let frame = stack[stack.count - 1]
          throw lexer.error(
            "unterminated array: expected a value or ')' to close the '(' at line \(frame.line), "
              + "column \(frame.column)", at: lexer.pos)
        } else {
          state = .value
        }

      case .dictionaryKey:
        try lexer.skipTrivia()
        let top = stack.count - 1
        let frame = stack[top]
        guard let b = lexer.peek else {
          if frame.braced {
            throw lexer.error(
              "unterminated dictionary: expected a key or '}' to close the '{' at line "
                + "\(frame.line), column \(frame.column)", at: lexer.pos)
          }
          state = .finished(close(stack.removeLast()))
          continue
        }
        if b == UInt8(ascii: "}"), frame.braced {
          state = .finished(close(stack.removeLast()))
          continue
        }
        guard b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || ASCIIPlistLexer.isUnquoted(b)
        else {
          let expected = frame.braced ? "a key or '}'" : "a key or the end of the file"
          throw lexer.error(
            "expected \(expected), found \(lexer.describe(at: lexer.pos))", at: lexer.pos)
        }
        let keyStart = lexer.pos
        let key =
          b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")
          ? try lexer.quotedString() : lexer.unquotedString()
        try checkLength(key, at: keyStart)
        let keyLocation = lexer.location(from: keyStart, to: lexer.pos)
        stack[top].key = key
        stack[top].keyLocation = keyLocation
        try lexer.skipTrivia()
        if lexer.peek == UInt8(ascii: "=") {
          lexer.pos += 1
          state = .value
        } else if lexer.peek == UInt8(ascii: ";") {
          try count(at: keyStart)
          state = .finished(PlistNode(.string(key), location: keyLocation))
        } else {
          throw lexer.error(
            "expected '=' or ';' after the key \"\(key)\", found \(lexer.describe(at: lexer.pos))",
            at: lexer.pos)
        }
      }
    }
  }

  /// Describes what was expected where a value is missing.
  private func expectation(_ stack: [Frame], _ what: String) -> String {
    guard let top = stack.last else { return "expected \(what)" }
    if top.isDictionary { return "expected a value after '=' for key \"\(top.key)\"" }
    return "expected \(what) or ')' in the array opened at line \(top.line), column \(top.column)"
  }

  /// Opens a container at `lexer.pos`.
  private mutating func open(dictionary: Bool, depth: Int) throws(PlistError) -> Frame {
    guard depth < PlistLimits.maxDepth else {
      throw lexer.error(PlistLimits.tooDeepToRead, at: lexer.pos, kind: .limitExceeded)
    }
    try count(at: lexer.pos)
    let start = lexer.pos
    let p = lexer.position(of: start)
    lexer.pos += 1
    return Frame(
      isDictionary: dictionary, braced: true, start: start, line: p.line, column: p.column,
      contentStart: lexer.pos)
  }

  /// Closes the container `frame`; a braced one's closer is at `lexer.pos`.
  private mutating func close(_ frame: Frame) -> PlistNode {
    if frame.braced { lexer.pos += 1 }
    let end = frame.braced ? lexer.pos : lexer.text.count
    let location = SourceLocation(
      line: frame.line, column: frame.column, start: UInt32(truncatingIfNeeded: frame.start),
      end: UInt32(truncatingIfNeeded: end),
      contentStart: UInt32(truncatingIfNeeded: frame.contentStart))
    let value: PlistValue =
      frame.isDictionary ? .dictionary(PlistDictionary(frame.entries)) : .array(frame.items)
    return PlistNode(value, location: location)
  }

  /// Reads a string, data or GNUstep value at `lexer.pos`.
  private mutating func scalar(_ stack: [Frame]) throws(PlistError) -> PlistNode {
    let start = lexer.pos
    try count(at: start)
    let b = lexer.text[start]
    let value: PlistValue
    switch b {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      value = .string(try lexer.quotedString())
    case UInt8(ascii: "<"):
      switch lexer.peek(1) {
      case UInt8(ascii: "*"): value = try lexer.gnustepTypedValue()
      case UInt8(ascii: "["): value = .data(try lexer.gnustepBase64())
      default: value = .data(try lexer.hexData())
      }
    default:
      guard ASCIIPlistLexer.isUnquoted(b) else {
        throw lexer.error(
          expectation(stack, "a value") + ", found \(lexer.describe(at: start))"
            + (b >= 0x80 ? " (quote strings that hold non-ASCII characters)" : ""), at: start)
      }
      value = .string(lexer.unquotedString())
    }
    switch value {
    case .string(let text): try checkLength(text, at: start)
    case .data(let data) where data.count > limits.maxDataBytes:
      throw lexer.error(limits.dataTooLarge(data.count), at: start, kind: .limitExceeded)
    default: break
    }
    return PlistNode(value, location: lexer.location(from: start, to: lexer.pos))
  }
}
