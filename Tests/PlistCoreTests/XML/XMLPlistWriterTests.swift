import Foundation
import PlistCore
import TestSupport
import Testing

private typealias T = TreeBuilder

/// Expected documents were checked against the toolchain's `plutil -convert xml1` (CoreFoundation)
/// on this machine, from binary property lists holding the same values.
@Suite struct XMLPlistWriterTests {
  private static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  private func document(_ root: PlistNode) throws -> String {
    String(decoding: try XMLPlistWriter.write(root), as: UTF8.self)
  }

  @Test func writesScalarsAtTheRoot() throws {
    #expect(try document(T.string("hi")) == Self.head + "<string>hi</string>\n</plist>\n")
    #expect(try document(T.bool(true)) == Self.head + "<true/>\n</plist>\n")
    #expect(try document(T.bool(false)) == Self.head + "<false/>\n</plist>\n")
    #expect(try document(T.dict([])) == Self.head + "<dict/>\n</plist>\n")
    #expect(try document(T.array([])) == Self.head + "<array/>\n</plist>\n")
  }

  @Test func writesEveryKindInCanonicalLayout() throws {
    let root = T.dict([
      ("string", T.string("Doodah")),
      ("empty", T.string("")),
      ("int", T.int(-5)),
      ("max", T.uint(.max)),
      ("min", T.int(.min)),
      ("real", T.real(32.5)),
      ("yes", T.bool(true)),
      ("date", T.date(2004, 10, 26, 10, 33, 33)),
      ("year1", T.date(1, 1, 1)),
      ("list", T.array([T.int(1), T.array([]), T.dict([])])),
      ("nested", T.dict([("a", T.dict([("b", T.int(17))]))])),
    ])
    let expected =
      Self.head + """
        <dict>
        \t<key>string</key>
        \t<string>Doodah</string>
        \t<key>empty</key>
        \t<string></string>
        \t<key>int</key>
        \t<integer>-5</integer>
        \t<key>max</key>
        \t<integer>18446744073709551615</integer>
        \t<key>min</key>
        \t<integer>-9223372036854775808</integer>
        \t<key>real</key>
        \t<real>32.5</real>
        \t<key>yes</key>
        \t<true/>
        \t<key>date</key>
        \t<date>2004-10-26T10:33:33Z</date>
        \t<key>year1</key>
        \t<date>0001-01-01T00:00:00Z</date>
        \t<key>list</key>
        \t<array>
        \t\t<integer>1</integer>
        \t\t<array/>
        \t\t<dict/>
        \t</array>
        \t<key>nested</key>
        \t<dict>
        \t\t<key>a</key>
        \t\t<dict>
        \t\t\t<key>b</key>
        \t\t\t<integer>17</integer>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """
    #expect(try document(root) == expected)
  }

  @Test(arguments: [
    (0.1, "0.10000000000000001"), (3, "3"), (32.5, "32.5"), (0.5, "0.5"),
    (1e300, "1.0000000000000001e+300"), (1e-5, "1.0000000000000001e-05"),
    (1e16, "10000000000000000"),
    (1.2345678901234568e17, "1.2345678901234568e+17"),
    (.leastNonzeroMagnitude, "4.9406564584124654e-324"),
    (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (-2.5, "-2.5"),
    (0.0, "0.0"), (-0.0, "0.0"), (.nan, "nan"), (.infinity, "+infinity"), (-.infinity, "-infinity"),
  ])
  func writesRealsAsCoreFoundation(value: Double, text: String) throws {
    #expect(XMLPlistWriter.realText(value) == text)
    #expect(try document(T.real(value)) == Self.head + "<real>\(text)</real>\n</plist>\n")
  }

  @Test func escapesAmpersandAndAngleBracketsInStringsAndKeys() throws {
    let root = T.dict([
      ("k&<>", T.string("a&b<c>d]]>e")),
      ("quotes", T.string("q'\"")),
      ("controls", T.string("\u{1}\t\n\r")),
      ("unicode", T.string("café 🚘")),
    ])
    let expected =
      Self.head + """
        <dict>
        \t<key>k&amp;&lt;&gt;</key>
        \t<string>a&amp;b&lt;c&gt;d]]&gt;e</string>
        \t<key>quotes</key>
        \t<string>q'"</string>
        \t<key>controls</key>
        \t<string>\u{1}\t\n\r</string>
        \t<key>unicode</key>
        \t<string>café 🚘</string>
        </dict>
        </plist>

        """
    #expect(try document(root) == expected)
    #expect(XMLEscaping.escaped("]]>") == "]]&gt;")
  }

  /// Escaping reads eight bytes at a time: every byte value at every place in a word, in texts
  /// of every length around the word size, escapes as a byte-at-a-time pass would.
  @Test func escapingMatchesAByteAtATimePass() {
    func naive(_ bytes: [UInt8]) -> [UInt8] {
      bytes.flatMap { byte -> [UInt8] in
        switch byte {
        case 0x26: Array("&amp;".utf8)
        case 0x3C: Array("&lt;".utf8)
        case 0x3E: Array("&gt;".utf8)
        default: [byte]
        }
      }
    }
    for value in 0...255 {
      for length in [1, 7, 8, 9, 16, 17] {
        for place in 0..<length {
          var text = Array(repeating: UInt8(ascii: "a"), count: length)
          text[place] = UInt8(value)
          var out: [UInt8] = []
          text.withUnsafeBufferPointer { XMLEscaping.appendEscaped($0, into: &out) }
          #expect(out == naive(text), "byte \(value) at \(place) of \(length)")
        }
      }
    }
    let mixed = Array("<a>&amp; ]]> plain text of some length > eight & more<".utf8)
    var out: [UInt8] = []
    mixed.withUnsafeBufferPointer { XMLEscaping.appendEscaped($0, into: &out) }
    #expect(out == naive(mixed))
  }

  /// The base64 lines (without indentation) of 100 bytes 0x00...0x63 nested in `depth` arrays,
  /// and the number of tabs before each, as plutil writes them.
  static let dataCases: [DataCase] = [
    DataCase(
      depth: 0, lineIndent: 0,
      lines: [
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4",
        "OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw==",
      ]),
    DataCase(
      depth: 1, lineIndent: 1,
      lines: [
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEy",
        "MzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw==",
      ]),
    DataCase(
      depth: 2, lineIndent: 2,
      lines: [
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKiss",
        "LS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZ",
        "WltcXV5fYGFiYw==",
      ]),
    DataCase(
      depth: 5, lineIndent: 5,
      lines: [
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBka", "GxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1",
        "Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9Q", "UVJTVFVWV1hZWltcXV5fYGFiYw==",
      ]),
    // CoreFoundation stops indenting base64 lines at 8 levels (12 characters a line).
    DataCase(
      depth: 9, lineIndent: 8,
      lines: [
        "AAECAwQFBgcI", "CQoLDA0ODxAR", "EhMUFRYXGBka", "GxwdHh8gISIj", "JCUmJygpKiss",
        "LS4vMDEyMzQ1", "Njc4OTo7PD0+", "P0BBQkNERUZH", "SElKS0xNTk9Q", "UVJTVFVWV1hZ",
        "WltcXV5fYGFi", "Yw==",
      ]),
  ]

  struct DataCase: Sendable, CustomTestStringConvertible {
    var depth: Int
    var lineIndent: Int
    var lines: [String]
    var testDescription: String { "depth \(depth)" }
  }

  @Test(arguments: dataCases)
  func wrapsDataLinesByDepth(_ data: DataCase) throws {
    let depth = data.depth
    let element =
      "<data>\n"
      + data.lines.map { String(repeating: "\t", count: data.lineIndent) + $0 + "\n" }.joined()
      + String(repeating: "\t", count: depth) + "</data>"
    let root = T.nested(T.data(Array(0..<100)), levels: depth)
    var expected = Self.head
    for level in 0..<depth { expected += String(repeating: "\t", count: level) + "<array>\n" }
    expected += String(repeating: "\t", count: depth) + element + "\n"
    for level in (0..<depth).reversed() {
      expected += String(repeating: "\t", count: level) + "</array>\n"
    }
    expected += "</plist>\n"
    #expect(try document(root) == expected)
  }

  @Test(arguments: [
    (Int64(1), "0001-01-01T00:00:00Z"), (1931, "1931-01-01T00:00:00Z"),
    (4001, "4001-01-01T00:00:00Z"), (9999, "9999-01-01T00:00:00Z"),
    (10_000, "10000-01-01T00:00:00Z"), (0, "0000-01-01T00:00:00Z"), (-1, "-0001-01-01T00:00:00Z"),
  ])
  func writesDatesAsXMLString(year: Int64, text: String) throws {
    let node = T.date(year, 1, 1)
    guard case .date(let date) = node.value else { return }
    #expect(date.xmlString == text)
    #expect(try document(node) == Self.head + "<date>\(text)</date>\n</plist>\n")
  }

  @Test func writesEmptyDataOnTwoLines() throws {
    let root = T.array([T.data([])])
    #expect(try document(root) == Self.head + "<array>\n\t<data>\n\t</data>\n</array>\n</plist>\n")
  }

  @Test func writesUIDAsKeyedArchiverDictionary() throws {
    let root = T.dict([("$top", T.dict([("root", T.uid(7))])), ("u", T.uid(0))])
    let expected =
      Self.head + """
        <dict>
        \t<key>$top</key>
        \t<dict>
        \t\t<key>root</key>
        \t\t<dict>
        \t\t\t<key>CF$UID</key>
        \t\t\t<integer>7</integer>
        \t\t</dict>
        \t</dict>
        \t<key>u</key>
        \t<dict>
        \t\t<key>CF$UID</key>
        \t\t<integer>0</integer>
        \t</dict>
        </dict>
        </plist>

        """
    #expect(try document(root) == expected)
  }

  @Test func keepsDuplicateKeysInOrder() throws {
    let root = T.dict([("a", T.int(1)), ("b", T.int(2)), ("a", T.int(3))])
    let expected =
      Self.head + """
        <dict>
        \t<key>a</key>
        \t<integer>1</integer>
        \t<key>b</key>
        \t<integer>2</integer>
        \t<key>a</key>
        \t<integer>3</integer>
        </dict>
        </plist>

        """
    #expect(try document(root) == expected)
  }

  @Test func writesUpToTheDepthLimitAndRefusesDeeper() throws {
    try LargeStack.run { () throws in
      let deepest = T.nested(T.int(1), levels: PlistLimits.maxDepth)
      let written = try XMLPlistWriter.write(deepest)
      #expect(written.count > PlistLimits.maxDepth * 8)
      let tooDeep = T.nested(T.int(1), levels: PlistLimits.maxDepth + 1)
      let error = #expect(throws: PlistError.self) { try XMLPlistWriter.write(tooDeep) }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.message == PlistLimits.tooDeepToWrite)
    }
  }

  @Test func appendsAFragmentWithTheCallersIndentation() throws {
    let node = T.dict([("CFBundleURLSchemes", T.array([T.string("app")])), ("d", T.data([1, 2]))])
    var out = Array("    ".utf8)  // the caller's indentation of the first line
    try XMLPlistWriter.appendElement(node, depth: 1, indentUnit: Array("    ".utf8), into: &out)
    let expected = """
          <dict>
              <key>CFBundleURLSchemes</key>
              <array>
                  <string>app</string>
              </array>
              <key>d</key>
              <data>
              AQI=
              </data>
          </dict>
      """
    #expect(String(decoding: out, as: UTF8.self) == expected)
  }

  @Test func fragmentDataLinesFollowTheVisualIndentWidth() throws {
    // Four spaces at depth 3 take 12 columns: 64-character base64 lines.
    var out: [UInt8] = []
    try XMLPlistWriter.appendElement(
      T.data(Array(repeating: 0xFF, count: 60)), depth: 3, indentUnit: Array("    ".utf8),
      into: &out)
    let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines[1] == Substring(String(repeating: " ", count: 12) + String(repeating: "/", count: 64)))
    #expect(
      lines[2] == Substring(String(repeating: " ", count: 12) + String(repeating: "/", count: 16)))
    #expect(lines[3] == Substring(String(repeating: " ", count: 12) + "</data>"))
  }

  /// The value of `binary/cpython-plistlib__testdata-cocoa.xml.plist`, built by hand in the file's
  /// key order.
  static var cocoaValue: PlistNode {
    let gunk = Array("<lots of binary gunk>".utf8) + [0, 1, 2, 3]
    let lots = Array([[UInt8]](repeating: gunk, count: 10).joined())
    return T.dict([
      ("aBigInt", T.int(9_223_372_036_854_775_764)),
      ("aBigInt2", T.uint(9_223_372_036_854_775_852)),
      ("aDate", T.date(2004, 10, 26, 10, 33, 33)),
      (
        "aDict",
        T.dict([
          ("aFalseValue", T.bool(false)),
          ("aTrueValue", T.bool(true)),
          ("aUnicodeValue", T.string("M\u{E4}ssig, Ma\u{DF}")),
          ("anotherString", T.string("<hello & 'hi' there!>")),
          (
            "deeperDict",
            T.dict([
              ("a", T.int(17)), ("b", T.real(32.5)),
              ("c", T.array([T.int(1), T.int(2), T.string("text")])),
            ])
          ),
        ])
      ),
      ("aFloat", T.real(0.5)),
      (
        "aList",
        T.array([
          T.string("A"), T.string("B"), T.int(12), T.real(32.5),
          T.array([T.int(1), T.int(2), T.int(3)]),
        ])
      ),
      ("aNegativeBigInt", T.int(-80_000_000_000)),
      ("aNegativeInt", T.int(-5)),
      ("aString", T.string("Doodah")),
      ("anEmptyDict", T.dict([])),
      ("anEmptyList", T.array([])),
      ("anInt", T.int(728)),
      ("nestedData", T.array([T.data(lots)])),
      ("someData", T.data(Array("<binary gunk>".utf8))),
      ("someMoreData", T.data(lots)),
      ("\u{C5}benraa", T.string("That was a unicode key.")),
    ])
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func reproducesTheCocoaCorpusFileByteForByte() throws {
    let url = Corpus.directory.appendingPathComponent(
      "binary/cpython-plistlib__testdata-cocoa.xml.plist")
    let expected = try [UInt8](Data(contentsOf: url))
    let written = try XMLPlistWriter.write(Self.cocoaValue)
    #expect(written == expected)
  }
}

/// The XML column of the cross-format case table: our reader decodes each document to its value
/// and our canonical writer reproduces it byte for byte.
@Suite struct XMLCodecCaseTests {
  static let xmlCases = CodecCase.all.filter { $0.xml != nil }

  @Test(arguments: xmlCases)
  func readsTheDocumentToItsValue(codec: CodecCase) throws {
    let xml = try #require(codec.xml)
    let document = try PlistReader.read(Data(xml.utf8))
    #expect(document.format == .xml)
    #expect(document.root == codec.value)
  }

  @Test(arguments: xmlCases)
  func writesTheValueAsTheDocument(codec: CodecCase) throws {
    let xml = try #require(codec.xml)
    #expect(String(decoding: try XMLPlistWriter.write(codec.value), as: UTF8.self) == xml)
  }

  @Test(arguments: xmlCases.filter { $0.binary != nil })
  func convertsBinaryToTheSameXML(codec: CodecCase) throws {
    let binary = try #require(codec.binary)
    let document = try PlistReader.read(Data(binary))
    #expect(String(decoding: try XMLPlistWriter.write(document.root), as: UTF8.self) == codec.xml)
  }
}
