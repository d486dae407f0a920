import Foundation
import PlistCore
import Testing

/// Reads text through `PlistReader` (so sniffing is exercised) and returns the document.
private func read(_ text: String) throws(PlistError) -> PlistDocument {
  try PlistReader.read(Data(text.utf8))
}

/// Reads raw bytes through `PlistReader`.
private func read(bytes: [UInt8]) throws(PlistError) -> PlistDocument {
  try PlistReader.read(Data(bytes))
}

/// The error reading `text` gives, or nil when it reads.
private func failure(_ text: String) -> PlistError? {
  do {
    _ = try read(text)
    return nil
  } catch {
    return error
  }
}

private func strings(_ node: PlistNode) -> [String]? {
  node.value.arrayValue?.compactMap { $0.value.stringValue }
}

@Suite struct ASCIIPlistReaderTests {
  // MARK: - Values

  @Test func readsDictionariesInSourceOrderWithDuplicates() throws {
    let doc = try read("{ b = 1; a = two; b = \"3\"; }")
    #expect(doc.format == .ascii)
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict.keys == ["b", "a", "b"])
    #expect(dict["b"]?.value == .string("3"))
    #expect(dict["a"]?.value == .string("two"))
  }

  @Test func readsEmptyContainers() throws {
    #expect(try read("{}").root.value == .dictionary(PlistDictionary()))
    #expect(try read("( )").root.value == .array([]))
    #expect(try read("{ a = (); b = {}; }").root.value.dictionaryValue?.count == 2)
  }

  @Test func readsArraysWithAndWithoutTrailingComma() throws {
    #expect(strings(try read("(a, b, c)").root) == ["a", "b", "c"])
    #expect(strings(try read("(a, b, c,)").root) == ["a", "b", "c"])
    #expect(strings(try read("(\n  a,\n  b,\n)").root) == ["a", "b"])
  }

  @Test func rejectsEmptyArrayElement() throws {
    let error = try #require(failure("(a, , b)"))
    #expect(error.kind == .malformed)
    #expect((error.line, error.column) == (1, 5))
  }

  @Test func readsUnquotedStringsFromApplesCharacterSet() throws {
    let doc = try read("( abc_XYZ$09, /usr/bin:x.y-z, 0.25, -1337 )")
    #expect(strings(doc.root) == ["abc_XYZ$09", "/usr/bin:x.y-z", "0.25", "-1337"])
    // '+' is not in Apple's set.
    let error = try #require(failure("( a+b )"))
    #expect((error.line, error.column) == (1, 4))
    #expect(error.message.contains("','"))
  }

  @Test func readsQuotedStringsWithBothQuotes() throws {
    let doc = try read(#"( "double 'inner'", 'single "inner"', "", '' )"#)
    #expect(strings(doc.root) == [#"double 'inner'"#, #"single "inner""#, "", ""])
  }

  @Test func decodesSimpleEscapes() throws {
    let doc = try read(#"( "\a\b\f\n\r\t\v", "\"\'\\", "\q\é", 'it\'s' )"#)
    #expect(strings(doc.root) == ["\u{7}\u{8}\u{C}\n\r\t\u{B}", "\"'\\", "qé", "it's"])
  }

  @Test func decodesOctalEscapesInNeXTSTEPEncoding() throws {
    let doc = try read(#"( "\0", "\101", "\1010", "\12x", "\200", "\256", "\375", "\501" )"#)
    #expect(
      strings(doc.root) == [
        "\u{0}", "A", "A0", "\nx", "\u{A0}", "\u{FB01}", "\u{FF}",
        "A",  // 0o501 = 0x141, truncated to 8 bits as Apple does: 0x41
      ])
    let error = try #require(failure(#"( "ok", "\376" )"#))
    #expect((error.line, error.column) == (1, 10))
    #expect(error.message.contains("NeXTSTEP"))
  }

  @Test func decodesUnicodeEscapesOfOneToFourDigits() throws {
    let doc = try read(#"( "\U1z", "\U12z", "\U123z", "\U1234", "\U12345", "\U00e9t\U00E9" )"#)
    #expect(
      strings(doc.root) == ["\u{1}z", "\u{12}z", "\u{123}z", "\u{1234}", "\u{1234}5", "été"])
  }

  @Test func combinesSurrogatePairEscapes() throws {
    let doc = try read(#"( "\UD83D\UDE98", "a\Ud83d\Ude00b" )"#)
    #expect(strings(doc.root) == ["🚘", "a😀b"])
  }

  @Test(arguments: [
    (#"("\UD83D")"#, 3), (#"("\UD83Dx")"#, 3), (#"("\UDE98")"#, 3), (#"("\UD83D\n")"#, 3),
  ])
  func rejectsUnpairedSurrogates(text: String, column: Int) throws {
    let error = try #require(failure(text))
    #expect(error.kind == .malformed)
    #expect((error.line, error.column) == (1, column))
    #expect(error.message.contains("surrogate"))
  }

  @Test func rejectsUnicodeEscapeWithoutDigits() throws {
    let error = try #require(failure("{ a = \"x\\Uq\"; }"))
    #expect((error.line, error.column) == (1, 9))
    #expect(error.message == "expected 1 to 4 hex digits after '\\U' in a quoted string")
  }

  @Test func keepsNonASCIIInQuotedStrings() throws {
    let doc = try read("{ \"clé\" = \"日本語 🚘\"; }")
    #expect(doc.root.value.dictionaryValue?["clé"]?.value == .string("日本語 🚘"))
  }

  @Test func readsHexDataWithWhiteSpaceBetweenPairs() throws {
    let doc = try read("( <>, <0fA0>, < de ad\n\tbe ef >, <feedface> )")
    let items = try #require(doc.root.value.arrayValue)
    #expect(
      items.map(\.value) == [
        .data(Data()), .data(Data([0x0F, 0xA0])), .data(Data([0xDE, 0xAD, 0xBE, 0xEF])),
        .data(Data([0xFE, 0xED, 0xFA, 0xCE])),
      ])
  }

  @Test(arguments: [
    ("( <abc> )", 1, 6, "odd number of hex digits"),
    ("( <a bc> )", 1, 4, "odd number of hex digits"),
    ("( <zz> )", 1, 4, "expected a hex digit or '>'"),
    ("( <ab", 1, 3, "unterminated data"),
  ])
  func rejectsMalformedData(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(failure(text))
    #expect((error.line, error.column) == (line, column))
    #expect(error.message.contains(message))
  }

  @Test func readsGNUstepTypedValues() throws {
    let doc = try read(
      """
      ( <*I123>, <*I-65>, <*I18446744073709551615>, <*R1.5>, <*R-2e3>, <*BY>, <*BN>,
        <*D2001-01-01 00:00:00 +0000>, <*D"2001-01-02 01:00:00 +0100">, <[aGVsbG8=]>, <[aGVsbG8]> )
      """)
    let values = try #require(doc.root.value.arrayValue).map(\.value)
    #expect(
      values == [
        .integer(PlistInteger(Int64(123))), .integer(PlistInteger(Int64(-65))),
        .integer(PlistInteger(UInt64.max)), .real(1.5), .real(-2000), .boolean(true),
        .boolean(false), .date(PlistDate(secondsSinceReferenceDate: 0)),
        .date(PlistDate(secondsSinceReferenceDate: 86_400)), .data(Data("hello".utf8)),
        .data(Data("hello".utf8)),
      ])
  }

  @Test(arguments: [
    ("(<*I18446744073709551616>)", PlistError.Kind.outOfRange, 5),
    ("(<*I-9223372036854775809>)", .outOfRange, 5),
    ("(<*I12a>)", .malformed, 7),
    ("(<*Rx>)", .malformed, 5),
    ("(<*BT>)", .malformed, 5),
    ("(<*Q1>)", .malformed, 4),
    ("(<*D2001-13-01 00:00:00 +0000>)", .malformed, 5),
    ("(<[YQ]x>)", .malformed, 7),
  ])
  func rejectsMalformedGNUstepValues(text: String, kind: PlistError.Kind, column: Int) throws {
    let error = try #require(failure(text))
    #expect(error.kind == kind)
    #expect((error.line, error.column) == (1, column))
  }

  // MARK: - Comments and .strings

  @Test func skipsCommentsBetweenAllTokens() throws {
    let doc = try read(
      """
      // leading
      /* block */ { /* k */ a /* = */ = /* v */ ( /* e */ x /* , */ , // line
      y /**/ ) /* ; */ ; b = "/* not a comment */"; c = path//notacomment; } // trailing
      """)
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict.keys == ["a", "b", "c"])
    #expect(strings(try #require(dict["a"])) == ["x", "y"])
    #expect(dict["b"]?.value == .string("/* not a comment */"))
    #expect(dict["c"]?.value == .string("path//notacomment"))
  }

  @Test func rejectsUnterminatedBlockComment() throws {
    let error = try #require(failure("{ a = b; }\n  /* open"))
    #expect(error.message == "unterminated comment: expected '*/' to close the '/*'")
    #expect((error.line, error.column) == (2, 3))
  }

  @Test func readsStringsFileBodyWithoutBraces() throws {
    let doc = try read(
      """
      /* Title */
      "greeting" = "Hello";
      unquoted = 'value';
      "Cancel";
      "multi\\nline" = "a\\tb";
      """)
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict.keys == ["greeting", "unquoted", "Cancel", "multi\nline"])
    #expect(dict["greeting"]?.value == .string("Hello"))
    #expect(dict["Cancel"]?.value == .string("Cancel"))
    #expect(dict["multi\nline"]?.value == .string("a\tb"))
    #expect(doc.root.location.start == 0)
    #expect(doc.root.location.end == UInt32(doc.text.count))
  }

  @Test func readsKeyOnlyEntryInBracedDictionary() throws {
    let doc = try read("{ a; b = c; }")
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict["a"]?.value == .string("a"))
    #expect(dict.entries[0].node.location == dict.entries[0].keyLocation)
  }

  @Test(arguments: ["", "   \n\t", "// only a comment\n", "/* c */ // d", "\u{FEFF}"])
  func readsEmptyOrCommentOnlyInputAsEmptyDictionary(text: String) throws {
    let doc = try read(text)
    #expect(doc.root.value == .dictionary(PlistDictionary()))
  }

  @Test func readsBareTopLevelStrings() throws {
    #expect(try read("\"hello\"").root.value == .string("hello"))
    #expect(try read("  hello  // c").root.value == .string("hello"))
  }

  @Test func rejectsTextAfterStringsBody() throws {
    let error = try #require(failure("\"a\" = \"b\";\n}"))
    #expect(error.message == "expected a key or the end of the file, found '}'")
    #expect((error.line, error.column) == (2, 1))
  }

  @Test func rejectsJunkAfterTopLevelValue() throws {
    let error = try #require(failure("( a )\n  ( b )"))
    #expect(error.kind == .malformed)
    #expect(error.message == "expected the end of the file after the property list, found '('")
    #expect((error.line, error.column) == (2, 3))
  }

  // MARK: - Errors

  @Test(arguments: [
    ("{ a = b }", 1, 9, "expected ';' after the value of key \"a\", found '}'"),
    ("{ a = b; c = d }", 1, 16, "expected ';' after the value of key \"c\", found '}'"),
    ("{\n  \"A\" B;\n}", 2, 7, "expected '=' or ';' after the key \"A\", found 'B'"),
    ("{ a = ; }", 1, 7, "expected a value after '=' for key \"a\", found ';'"),
    ("{ = b; }", 1, 3, "expected a key or '}', found '='"),
    ("( a b )", 1, 5, "expected ',' or ')' after an array element, found 'b'"),
    (
      "{ a = (\n  x,\n", 3, 1,
      "unterminated array: expected a value or ')' to close the '(' at line 1, column 7"
    ),
    (
      "{\n  a = b;\n", 3, 1,
      "unterminated dictionary: expected a key or '}' to close the '{' at line 1, column 1"
    ),
    (
      "{ a = \"x\n\ny; }", 1, 7,
      "unterminated quoted string: expected a closing \" before the end of the file"
    ),
    (
      "( é )", 1, 3,
      "expected a value or ')' in the array opened at line 1, column 1, found 'é' "
        + "(quote strings that hold non-ASCII characters)"
    ),
    ("{ a = ", 1, 7, "expected a value after '=' for key \"a\", found the end of the file"),
  ])
  func reportsWhatWasExpectedAndWhere(text: String, line: Int, column: Int, message: String) throws
  {
    let error = try #require(failure(text))
    #expect(error.kind == .malformed)
    #expect(error.message == message)
    #expect((error.line, error.column) == (line, column))
  }

  @Test func reportsInvalidUTF8AtItsLineAndColumn() throws {
    var bytes = Array("{\n  a = \"ok\";\n  b = \"x".utf8)
    bytes += [0xC3, 0x28]  // a lead byte without its continuation
    bytes += Array("\";\n}".utf8)
    let error = try #require(throws: PlistError.self) { try read(bytes: bytes) }
    #expect(error.kind == .encoding)
    #expect((error.line, error.column) == (3, 9))
    #expect(error.offset == 22)
  }

  @Test(arguments: [
    [UInt8]([0xED, 0xA0, 0x80]), [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
  ])
  func rejectsEveryKindOfBadUTF8(bad: [UInt8]) throws {
    let error = try #require(throws: PlistError.self) {
      try read(bytes: Array("( \"".utf8) + bad + Array("\" )".utf8))
    }
    #expect(error.kind == .encoding)
    #expect((error.line, error.column) == (1, 4))
  }

  // MARK: - Depth

  @Test func readsNestingUpToTheLimit() throws {
    try LargeStack.run { () throws in
      let depth = PlistLimits.maxDepth
      let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
      var node = try read(text).root
      var levels = 1
      while let child = node.value.arrayValue?.first {
        node = child
        levels += 1
      }
      #expect(levels == depth)
    }
  }

  @Test(arguments: [PlistLimits.maxDepth + 1, 1_000_000])
  func rejectsNestingBeyondTheLimit(depth: Int) throws {
    let text = String(repeating: "{a=(", count: depth / 2 + 1)
    let error = try #require(failure(text))
    #expect(error.kind == .limitExceeded)
    #expect(error.message == PlistLimits.tooDeepToRead)
    #expect((error.line, error.column) == (1, 4 * (PlistLimits.maxDepth / 2) + 1))
  }

  @Test func rejectsAMillionOpenParenthesesWithoutOverflow() throws {
    let error = try #require(failure(String(repeating: "(", count: 1_000_000)))
    #expect(error.kind == .limitExceeded)
    #expect((error.line, error.column) == (1, PlistLimits.maxDepth + 1))
  }

  // MARK: - Locations

  @Test func locatesEveryNodeAndKey() throws {
    let doc = try read("{\n  a = (x, \"y\");\n  b = { c = <0102>; };\n}\n")
    let root = doc.root
    #expect(root.location == SourceLocation(line: 1, column: 1, start: 0, end: 42, contentStart: 1))
    let dict = try #require(root.value.dictionaryValue)
    let a = dict.entries[0]
    #expect(a.keyLocation == SourceLocation(line: 2, column: 3, start: 4, end: 5))
    #expect(
      a.node.location == SourceLocation(line: 2, column: 7, start: 8, end: 16, contentStart: 9))
    let items = try #require(a.node.value.arrayValue)
    #expect(items[0].location == SourceLocation(line: 2, column: 8, start: 9, end: 10))
    #expect(items[1].location == SourceLocation(line: 2, column: 11, start: 12, end: 15))
    let b = dict.entries[1]
    #expect(b.keyLocation == SourceLocation(line: 3, column: 3, start: 20, end: 21))
    #expect(
      b.node.location == SourceLocation(line: 3, column: 7, start: 24, end: 39, contentStart: 25))
    let c = try #require(b.node.value.dictionaryValue?.entries.first)
    #expect(c.keyLocation == SourceLocation(line: 3, column: 9, start: 26, end: 27))
    #expect(c.node.location == SourceLocation(line: 3, column: 13, start: 30, end: 36))
    #expect(Array(doc.text[30..<36]) == Array("<0102>".utf8))
  }

  @Test func countsLFCRLFAndLoneCRAsLineBreaks() throws {
    let doc = try read("( a,\r\n b,\r c,\n d, \r\n\r\n e )")
    let items = try #require(doc.root.value.arrayValue)
    #expect(items.map(\.location.line) == [1, 2, 3, 4, 6])
    #expect(items.map(\.location.column) == [3, 2, 2, 2, 2])
  }

  @Test func locatesErrorsAfterCRLineBreaks() throws {
    let error = try #require(failure("{\r  a = b;\r\n  c = d\r}"))
    #expect((error.line, error.column) == (4, 1))
  }

  @Test func columnsCountUTF8Bytes() throws {
    let doc = try read("( \"é\", x )")
    let items = try #require(doc.root.value.arrayValue)
    #expect(items[1].location.column == 9)
  }

  @Test func locationsPointIntoTranscodedUTF16Text() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "{ k = \"v\"; }".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let doc = try read(bytes: bytes)
    #expect(doc.encoding == .utf16LittleEndian)
    #expect(doc.text == Array("{ k = \"v\"; }".utf8))
    let entry = try #require(doc.root.value.dictionaryValue?.entries.first)
    #expect(entry.node.location == SourceLocation(line: 1, column: 7, start: 6, end: 9))
  }
}
