import Foundation
import PlistCore
import TestSupport
import Testing

/// Reads `text` through `PlistReader` (so sniffing is exercised).
private func read(_ text: String) throws(PlistError) -> PlistDocument {
  try PlistReader.read(Data(text.utf8))
}

/// Reads `text` with the JSON reader itself (any top-level value).
private func readJSON(
  _ text: String, limits: PlistReadLimits = .standard
) throws(PlistError)
  -> PlistDocument
{
  try JSONPlistReader.read(text: Array(text.utf8), encoding: .utf8, limits: limits)
}

/// The error reading `text` with the JSON reader gives, or nil when it reads.
private func failure(_ text: String, limits: PlistReadLimits = .standard) -> PlistError? {
  do {
    _ = try readJSON(text, limits: limits)
    return nil
  } catch {
    return error
  }
}

private func int(_ v: Int64) -> PlistValue { .integer(PlistInteger(v)) }
private func dict(_ entries: [(String, PlistValue)]) -> PlistValue {
  .dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: PlistNode($0.1)) }))
}
private func array(_ items: [PlistValue]) -> PlistValue { .array(items.map { PlistNode($0) }) }

/// Inputs the reader accepts, with the exact tree; each is also checked against `plutil` and
/// Python's `json` + `plistlib` in `JSONOracleTests`.
let jsonAcceptedCases: [(json: String, value: PlistValue)] = [
  ("{}", dict([])),
  ("[]", array([])),
  (" \t\r\n[ ]\n", array([])),
  (#"{"a": 1}"#, dict([("a", int(1))])),
  (#"{"b":1,"a":2,"b":3}"#, dict([("b", int(1)), ("a", int(2)), ("b", int(3))])),
  (#"[true, false]"#, array([.boolean(true), .boolean(false)])),
  (#"[0, -0, 7, -7, 1234567890]"#, array([int(0), int(0), int(7), int(-7), int(1_234_567_890)])),
  ("[9223372036854775807]", array([int(.max)])),
  ("[9223372036854775808]", array([.integer(PlistInteger(UInt64(1) << 63))])),
  ("[18446744073709551615]", array([.integer(PlistInteger(UInt64.max))])),
  ("[18446744073709551616]", array([.real(18_446_744_073_709_551_616.0)])),
  ("[-9223372036854775809]", array([.real(-9_223_372_036_854_775_809.0)])),
  (
    "[1.0, 1e2, 1E+2, 1e-2, -0.0, 0.5, 2.5e-3]",
    array([
      .real(1), .real(100), .real(100), .real(0.01), .real(-0.0), .real(0.5), .real(0.0025),
    ])
  ),
  (
    "[0.1, 1.7976931348623157e308, 5e-324, 1e-400]",
    array([
      .real(0.1), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude), .real(0),
    ])
  ),
  (#"["", "a", "é😀"]"#, array([.string(""), .string("a"), .string("é😀")])),
  (#"["\" \\ \/ \b \f \n \r \t"]"#, array([.string("\" \\ / \u{8} \u{C} \n \r \t")])),
  (#"["\u0041\u00e9\u20AC\ud83d\ude00", "\u0000"]"#, array([.string("Aé€😀"), .string("\u{0}")])),
  (
    #"{"":"empty key","k\u0000":"nul"}"#,
    dict([("", .string("empty key")), ("k\u{0}", .string("nul"))])
  ),
  (#"{"a":{"b":[{"c":[]}]}}"#, dict([("a", dict([("b", array([dict([("c", array([]))])]))]))])),
  (
    #"[[[[1]]], {"x": [2, {"y": 3.5}]}]"#,
    array([
      array([array([array([int(1)])])]), dict([("x", array([int(2), dict([("y", .real(3.5))])]))]),
    ])
  ),
]

/// Inputs the reader refuses: kind, line, column and a fragment of the message.
let jsonRefusedCases:
  [(json: String, kind: PlistError.Kind, line: Int, column: Int, says: String)] = [
    ("", .malformed, 1, 1, "expected a JSON value, found the end of the file"),
    ("  \n ", .malformed, 2, 2, "expected a JSON value"),
    (#"{"a":null}"#, .malformed, 1, 6, "null for key \"a\": a property list has no null"),
    ("[1,\n null]", .malformed, 2, 2, "null in an array"),
    ("null", .malformed, 1, 1, "null as the document"),
    ("[1,]", .malformed, 1, 4, "JSON has no trailing commas"),
    (#"{"a":1,}"#, .malformed, 1, 8, "JSON has no trailing commas"),
    ("[1,,2]", .malformed, 1, 4, "expected a value in the array"),
    ("[01]", .malformed, 1, 2, "no leading zeros"),
    ("[-01]", .malformed, 1, 2, "no leading zeros"),
    ("[NaN]", .malformed, 1, 2, "JSON has no NaN or Infinity"),
    ("[Infinity]", .malformed, 1, 2, "JSON has no NaN or Infinity"),
    ("[-Infinity]", .malformed, 1, 3, "expected a digit after '-'"),
    ("[+1]", .malformed, 1, 2, "starts with '-' or a digit"),
    ("[.5]", .malformed, 1, 2, "starts with '-' or a digit"),
    ("[1.]", .malformed, 1, 4, "expected a digit after '.'"),
    ("[1e]", .malformed, 1, 4, "exponent"),
    ("[1e+]", .malformed, 1, 5, "exponent"),
    ("[1e400]", .outOfRange, 1, 2, "beyond the range of a double"),
    ("[-1e400]", .outOfRange, 1, 2, "beyond the range of a double"),
    ("[1 2]", .malformed, 1, 4, "expected ',' or ']' after an array element"),
    (#"{"a":1 /* c */}"#, .malformed, 1, 8, "JSON has no comments"),
    ("// c\n[1]", .malformed, 1, 1, "JSON has no comments"),
    ("['a']", .malformed, 1, 2, "JSON strings are in double quotes"),
    (#"{"a" = 1;}"#, .malformed, 1, 6, "expected ':' after the key \"a\""),
    ("{1:2}", .malformed, 1, 2, "keys of a property list are strings"),
    ("{a:1}", .malformed, 1, 2, "expected a key in double quotes or '}'"),
    (#"{"a":1 "b":2}"#, .malformed, 1, 8, "after the value of key \"a\""),
    (#"{"a"}"#, .malformed, 1, 5, "expected ':'"),
    (#"{"a":}"#, .malformed, 1, 6, "expected a value after ':' for key \"a\""),
    ("[1] x", .malformed, 1, 5, "expected the end of the file"),
    ("[1][2]", .malformed, 1, 4, "expected the end of the file"),
    ("[tru]", .malformed, 1, 2, "found 'tru'"),
    ("[True]", .malformed, 1, 2, "expected a value"),
    ("[\n  1,\n  2", .malformed, 3, 4, "unterminated array: expected ',' or ']' to close the '['"),
    ("{\"a\": [1]", .malformed, 1, 10, "unterminated object"),
    ("{\"a\": 1,\n", .malformed, 2, 1, "unterminated object"),
    ("[\"abc", .malformed, 1, 2, "unterminated string"),
    ("[\"a\nb\"]", .malformed, 1, 4, "control character"),
    ("[\"a\tb\"]", .malformed, 1, 4, "\\u0009"),
    (#"["\x"]"#, .malformed, 1, 3, "unknown escape"),
    (#"["\u12"]"#, .malformed, 1, 3, "four hex digits"),
    (#"["\uD800"]"#, .malformed, 1, 3, "lone UTF-16 surrogate \\uD800"),
    (#"["ab\ud83dx"]"#, .malformed, 1, 5, "lone UTF-16 surrogate \\uD83D"),
    (#"["\ud83d\u0041"]"#, .malformed, 1, 3, "lone UTF-16 surrogate \\uD83D"),
    (#"["\uDE00"]"#, .malformed, 1, 3, "a low surrogate (DC00-DFFF) must follow"),
    ("[\"\u{FEFF}\"]\u{FEFF}", .malformed, 1, 8, "expected the end of the file"),
  ]

@Suite struct JSONPlistReaderTests {
  @Test func readsEveryAcceptedCaseExactly() throws {
    for (json, value) in jsonAcceptedCases {
      let document = try readJSON(json)
      #expect(document.format == .json, "\(json)")
      #expect(document.root.value == value, "\(json)")
    }
  }

  @Test func refusesEveryRefusedCaseAtItsPosition() {
    for (json, kind, line, column, says) in jsonRefusedCases {
      guard let error = failure(json) else {
        Issue.record("read, but should not: \(json)")
        continue
      }
      #expect(error.kind == kind, "\(json): \(error)")
      #expect((error.line, error.column) == (line, column), "\(json): \(error)")
      #expect(error.message.contains(says), "\(json): \(error.message)")
      #expect(!error.message.hasSuffix("."), "\(json)")
    }
  }

  @Test func readsIntegersAsIntegersAndTheRestAsReals() throws {
    let root = try readJSON("[1, 1.0, 1e0, -0, -0.0]").root.value.arrayValue ?? []
    #expect(root.map(\.value.kind) == [.integer, .real, .real, .integer, .real])
    guard case .real(let negativeZero) = root[4].value else {
      Issue.record("not a real")
      return
    }
    #expect(negativeZero.sign == .minus)
  }

  @Test func readsInvalidUTF8AsAnEncodingErrorAtItsByte() {
    let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
    #expect(throws: PlistError.self) { try JSONPlistReader.read(text: bytes, encoding: .utf8) }
    do {
      _ = try JSONPlistReader.read(text: bytes, encoding: .utf8)
    } catch {
      #expect(error.kind == .encoding)
      #expect((error.line, error.column, error.offset) == (1, 5, 4))
    }
    // A surrogate encoded in UTF-8 (ED A0 80) is not UTF-8 either.
    let surrogate: [UInt8] = Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)
    do {
      _ = try JSONPlistReader.read(text: surrogate, encoding: .utf8)
      Issue.record("read a UTF-8-encoded surrogate")
    } catch {
      #expect(error.kind == .encoding)
      #expect(error.column == 3)
    }
  }

  // MARK: - Locations

  @Test func locatesEveryNodeAndKey() throws {
    let text = "{\n  \"name\": \"é\",\n  \"list\": [1, true],\n  \"name\": {}\n}\n"
    let document = try read(text)
    #expect(document.format == .json)
    let bytes = Array(text.utf8)
    func source(_ location: PlistCore.SourceLocation) -> String {
      String(decoding: bytes[location.range], as: UTF8.self)
    }
    let root = document.root.location
    #expect((root.line, root.column, root.start, root.contentStart) == (1, 1, 0, 1))
    #expect(Int(root.end) == bytes.count - 1)
    let entries = try #require(document.root.value.dictionaryValue).entries
    #expect(entries.map(\.key) == ["name", "list", "name"])
    #expect(entries.map { source($0.keyLocation) } == ["\"name\"", "\"list\"", "\"name\""])
    #expect(
      entries.map { [$0.keyLocation.line, $0.keyLocation.column] } == [[2, 3], [3, 3], [4, 3]])
    #expect(entries.map { source($0.node.location) } == ["\"é\"", "[1, true]", "{}"])
    #expect(
      entries.map { [$0.node.location.line, $0.node.location.column] } == [
        [2, 11], [3, 11], [4, 11],
      ])
    let list = entries[1].node
    #expect(list.location.contentStart == list.location.start + 1)
    let items = try #require(list.value.arrayValue)
    #expect(items.map { source($0.location) } == ["1", "true"])
    #expect(items.map(\.location.column) == [12, 15])
    #expect(items.allSatisfy { $0.location.contentStart == $0.location.start })
    // Lookup answers with the last of a duplicated key, as plutil keeps it.
    #expect(document.root.value.dictionaryValue?["name"]?.value == dict([]))
  }

  @Test func countsColumnsInUTF8BytesAndLinesAfterCRLF() throws {
    let error = try #require(failure("{\"é\": 1,\r\n \"ü\": x}"))
    #expect((error.line, error.column) == (2, 8))
    let document = try readJSON("[\"ééé\", 2]")
    #expect(document.root.value.arrayValue?[1].location.column == 12)
  }

  // MARK: - Detection

  @Test func sniffsJSONApartFromOldStyleASCII() throws {
    let cases: [(String, PlistFormat)] = [
      ("[]", .json),
      ("[1]", .json),
      (" \n\t[\"a\"]", .json),
      (#"{"a":1}"#, .json),
      ("{\n  \"images\" : [],\n  \"info\" : {}\n}", .json),
      (#"{ "a\"b" : 1 }"#, .json),
      (#"{"a":"#, .json),
      // Both read `{}` as the same empty dictionary; plutil and Apple's readers take it as
      // old-style, and so do we.
      ("{}", .ascii),
      ("{ \n }", .ascii),
      (#"{ "a" = 1; }"#, .ascii),
      ("{ a = 1; }", .ascii),
      ("{ /* c */ \"a\" : 1 }", .ascii),
      (#""a" = "b";"#, .ascii),
      ("( a, b )", .ascii),
      ("<dict/>", .xml),
      ("", .ascii),
    ]
    for (text, format) in cases {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBytes { PlistReader.sniff($0) } == format, "\(text)")
    }
    #expect(try read("{}").format == .ascii)
    #expect(try read("{}").root.value == dict([]))
    #expect(try read(#"{"a":[1]}"#).format == .json)
  }

  @Test func readsJSONWithAByteOrderMarkAndInUTF16() throws {
    let bom = try PlistReader.read(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)))
    #expect(bom.format == .json)
    #expect(bom.encoding == .utf8WithBOM)
    #expect(bom.root.value == dict([("a", int(1))]))
    // The locations are in the text after the mark, as for XML and ASCII.
    #expect(bom.root.location.start == 0)
    let utf16 = TextEncoding.utf16LittleEndian.encode(Array("[\"é\", 2]".utf8))
    let document = try PlistReader.read(Data(utf16))
    #expect(document.format == .json)
    #expect(document.encoding == .utf16LittleEndian)
    #expect(document.root.value == array([.string("é"), int(2)]))
  }

  @Test func namesTheFileInErrorsFromPlistReader() throws {
    do {
      _ = try PlistReader.read(Data(#"{"a": null}"#.utf8), file: "Contents.json")
      Issue.record("read null")
    } catch {
      #expect(
        error.description
          == "Contents.json:1:7: error: null for key \"a\": a property list has no null value; "
          + "remove it or give it a value (a string, number, boolean, array or object)")
    }
  }

  @Test func cutsLongKeysAndShowsControlCharactersInMessages() throws {
    let key = String(repeating: "k", count: 1_000)
    let error = try #require(failure("{\"\(key)\": null}"))
    #expect(error.message.hasPrefix("null for key \"\(String(repeating: "k", count: 57))…\": "))
    let control = try #require(failure(#"{"a\u001b[2J": x}"#))
    // The one escaping rule (VisibleEscaping) shows ESC as \e.
    #expect(control.message.contains(#"for key "a\e[2J""#), "\(control.message)")
  }

  // MARK: - Limits

  @Test func limitsNestingToMaxDepth() throws {
    try LargeStack.run { () throws in
      let depth = PlistLimits.maxDepth
      let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      #expect(try readJSON(deepest).root.value.arrayValue?.count == 1)
      let tooDeep = "[" + deepest + "]"
      let error = try #require(failure(tooDeep))
      #expect(error.kind == .limitExceeded)
      #expect(error.message == PlistLimits.tooDeepToRead)
      #expect((error.line, error.column) == (1, depth + 1))
    }
    // Objects count too, and a very deep input is refused without recursion.
    let objects = String(repeating: "{\"a\":", count: 1_000_000) + "1"
    #expect(failure(objects)?.kind == .limitExceeded)
  }

  @Test func limitsValuesAndStringLengths() throws {
    let objects = failure("[1, 2, 3]", limits: PlistReadLimits(maxObjects: 3))
    #expect(objects?.kind == .limitExceeded)
    #expect(objects.map { ($0.line, $0.column) }! == (1, 8))
    #expect(failure("[1, 2]", limits: PlistReadLimits(maxObjects: 3)) == nil)
    let long = failure(#"["abcd"]"#, limits: PlistReadLimits(maxStringBytes: 3))
    #expect(long?.kind == .limitExceeded)
    #expect(long?.message.contains("a string of 4 bytes") == true)
    #expect(failure(#"["abc"]"#, limits: PlistReadLimits(maxStringBytes: 3)) == nil)
    // Escapes count by what they decode to; keys are limited too.
    #expect(failure(#"["\u00e9\u00e9"]"#, limits: PlistReadLimits(maxStringBytes: 3)) != nil)
    #expect(failure(#"{"abcd": 1}"#, limits: PlistReadLimits(maxStringBytes: 3))?.column == 2)
  }

  // MARK: - Numbers

  @Test func readsLongNumbersCorrectlyRoundedInLinearTime() throws {
    func real(_ text: String) throws -> Double? {
      guard case .real(let r) = try readJSON("[\(text)]").root.value.arrayValue?.first?.value
      else { return nil }
      return r
    }
    let zeros = String(repeating: "0", count: 900)
    // 2^53 + 1 lies halfway between two doubles: ties go to even, anything above goes up,
    // even when the digit that says so is the 920th.
    #expect(try real("9007199254740993.0") == 9_007_199_254_740_992)
    #expect(try real("9007199254740993.\(zeros)1") == 9_007_199_254_740_994)
    #expect(try real("9007199254740993.\(zeros)") == 9_007_199_254_740_992)
    #expect(try real("0.\(zeros)1") == 0)
    #expect(try real("-0.\(zeros)") == -0.0)
    #expect(try real("1\(zeros)e-900") == 1)
    #expect(try real("0.000\(zeros)12345e905") == 12.345)
    #expect(try real("1e-99999999999999999999") == 0)
    #expect(failure("[1\(zeros)]")?.kind == .outOfRange)
    #expect(failure("[1e99999999999999999999]")?.kind == .outOfRange)
    // A million digits: refused as out of range, at once.
    let huge = "[" + String(repeating: "9", count: 1_000_000) + "]"
    #expect(failure(huge)?.kind == .outOfRange)
    let tiny = "[0." + String(repeating: "0", count: 1_000_000) + "1]"
    #expect(try readJSON(tiny).root.value == array([.real(0)]))
  }

  @Test func readsLargeFlatDocuments() throws {
    let count = 200_000
    let text = "[" + (0..<count).map { "{\"k\":\"v\\n\($0)\"}" }.joined(separator: ",") + "]"
    let items = try #require(try readJSON(text).root.value.arrayValue)
    #expect(items.count == count)
    #expect(items.last?.value == dict([("k", .string("v\n\(count - 1)"))]))
  }

  // MARK: - Round trip with our writer

  @Test func readsBackWhatTheJSONWriterWrites() throws {
    for (json, value) in jsonAcceptedCases {
      for pretty in [true, false] {
        let written = try JSONPlistWriter.write(PlistNode(value), pretty: pretty)
        let back = try JSONPlistReader.read(text: written, encoding: .utf8)
        #expect(back.root.value == value, "\(json)")
      }
    }
  }
}
