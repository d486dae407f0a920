import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `convert`'s one-pass path: XML read straight into the XML and JSON writers, with no tree,
/// must give the bytes (or the error) that reading a tree and writing it gives.
struct XMLRewriteTests {
  /// What the tree path makes of `text`: the XML and JSON outputs, or the error.
  static func throughTree(_ text: [UInt8]) -> (xml: [UInt8], json: [UInt8])? {
    guard let document = try? XMLPlistReader.read(text: text, encoding: .utf8) else {
      return nil
    }
    guard let xml = try? XMLPlistWriter.write(document.root),
      let json = try? JSONPlistWriter.write(document.root, pretty: true)
    else { return nil }
    return (xml, json)
  }

  /// The repeated keys of a tree, as a walk finds them: dictionaries in document order.
  static func repeatedKeys(in root: PlistNode) -> [String] {
    var found: [String] = []
    root.walk { node, path in
      for duplicate in node.value.dictionaryValue?.duplicateKeys ?? [] {
        found.append("\(path.description) \(duplicate.key) \(duplicate.indices.count)")
      }
      return true
    }
    return found
  }

  /// Checks that the one-pass writers (XML, JSON, binary) agree with the tree path on `text`,
  /// errors and repeated keys included.
  static func expectSame(_ text: [UInt8], _ comment: Comment) {
    var treeError: PlistError?
    var treeOutput: [PlistRewrite.Output: [UInt8]] = [:]
    var treeRepeats: [String] = []
    do {
      let document = try XMLPlistReader.read(text: text, encoding: .utf8)
      treeOutput = [
        .xml: try XMLPlistWriter.write(document.root),
        .json: try JSONPlistWriter.write(document.root, pretty: true),
        .binary: try BinaryPlistWriter.write(document.root),
      ]
      treeRepeats = repeatedKeys(in: document.root)
    } catch {
      treeError = error
    }
    for format in [PlistRewrite.Output.xml, .json, .binary] {
      do {
        guard let output = try PlistRewrite.rewrite(text, to: format) else {
          Issue.record("not read as XML: \(comment)")
          continue
        }
        #expect(treeError == nil, "tree path failed: \(String(describing: treeError)); \(comment)")
        #expect(output.bytes == treeOutput[format], "\(format): \(comment)")
        #expect(
          output.repeats.map { "\($0.path.description) \($0.key) \($0.count)" } == treeRepeats,
          comment)
      } catch {
        #expect(error.message == treeError?.message, comment)
        #expect(error.line == treeError?.line, comment)
        #expect(error.column == treeError?.column, comment)
        #expect(error.offset == treeError?.offset, comment)
      }
    }
  }

  @Test(arguments: CodecCase.all.filter { $0.xml != nil })
  func codecCasesRewriteToApplesBytes(_ codec: CodecCase) throws {
    let xml = Array((codec.xml ?? "").utf8)
    #expect(try PlistRewrite.rewrite(xml, to: .xml)?.bytes == xml)
    #expect(
      try PlistRewrite.rewrite(xml, to: .json)?.bytes
        == JSONPlistWriter.write(codec.value, pretty: true))
    #expect(
      try PlistRewrite.rewrite(xml, to: .binary)?.bytes == BinaryPlistWriter.write(codec.value))
  }

  /// Text the tree path reads with entities, CDATA, comments, empty elements and escapes, and
  /// text it refuses at a position: the one-pass path must say the same.
  static let hostile: [String] = [
    "<plist><dict><key>a&amp;b</key><string>x&lt;y&gt;</string></dict></plist>",
    "<plist><array><string><![CDATA[x<y>&]]> &#x1F600; &#233;</string><string/><dict/>"
      + "<array/><data>AAEC</data><date>2020-01-01T00:00:00Z</date><real>1.5</real>"
      + "<integer>-3</integer><true/><false></false></array></plist>",
    "<plist><dict><key>k<!-- c --></key><string>a<?pi x?>b</string></dict></plist>",
    "<plist><dict><key>a</key></dict></plist>",
    "<plist><dict><key>a&lt;b</key><key>c</key></dict></plist>",
    "<plist><string>a&bogus;</string></plist>",
    "<plist><string>unterminated</plist>",
    "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
    "<plist><dict><key>\u{1}\"\\</key><string>\u{200B}\u{E9}\u{7F}\u{202E}</string></dict></plist>",
    "<plist><array><array><array/></array><dict><key>x</key><dict/></dict></array></plist>",
    "<string>bare</string>",
    "<plist><integer>99999999999999999999999</integer></plist>",
    "<plist><real>1.5x</real></plist>",
    "<plist><array><key>k</key></array></plist>",
    "<plist><data>@@@@</data></plist>",
  ]

  @Test func hostileTextGivesTheTreePathsOutputOrError() {
    for (i, text) in XMLRewriteTests.hostile.enumerated() {
      XMLRewriteTests.expectSame(Array(text.utf8), "case \(i)")
    }
  }

  @Test func invalidUTF8IsLocatedAsTheTreePathLocatesIt() {
    let cases: [[UInt8]] = [
      Array("<plist><dict><key>a".utf8) + [0xFF]
        + Array("</key><string>x</string></dict></plist>".utf8),
      Array("<plist><string>x".utf8) + [0xE2, 0x82] + Array("</string></plist>".utf8),
      Array("<plist><string>a&amp;".utf8) + [0xC0, 0x80] + Array("</string></plist>".utf8),
      Array("<plist><string>a".utf8) + [0xFF] + Array("</strin></plist>".utf8),
      Array("<plist><string>".utf8) + [0xED, 0xA0, 0x80] + Array("</string></plist>".utf8),
    ]
    for (i, text) in cases.enumerated() {
      XMLRewriteTests.expectSame(text, "case \(i)")
      #expect(throws: PlistError.self, "case \(i)") { try PlistRewrite.rewrite(text, to: .xml) }
    }
  }

  @Test func deepDocumentsRewriteToTheTreePathsBytes() {
    let depth = 2_000
    let text =
      "<plist>" + String(repeating: "<array>", count: depth) + "<string>deep</string>"
      + String(repeating: "</array>", count: depth) + "</plist>"
    XMLRewriteTests.expectSame(Array(text.utf8), "2,000 levels")
  }

  @Test func repeatedKeysAreFoundInEveryDictionaryWithTheirPaths() throws {
    func repeats(_ body: String) throws -> [String] {
      try #require(try PlistRewrite.rewrite(Array("<plist>\(body)</plist>".utf8), to: .xml)).repeats
        .map {
          "\($0.path.description) \($0.key) \($0.count)"
        }
    }
    func dict(_ keys: [String]) -> String {
      "<dict>" + keys.map { "<key>\($0)</key><true/>" }.joined() + "</dict>"
    }
    let many = (0..<40).map { "k\($0)" }
    #expect(try repeats(dict(["a", "b"])) == [])
    #expect(try repeats(dict(["a", "b", "a", "b", "a"])) == [" a 3", " b 2"])
    #expect(try repeats(dict(many)) == [])
    #expect(try repeats(dict(many + ["k3"])) == [" k3 2"])
    // The same key in two dictionaries, or in a dictionary and one nested in it, is no repeat.
    #expect(try repeats("<array>\(dict(["a"]))\(dict(["a"]))</array>") == [])
    let nested = "<dict><key>a</key>\(dict(many + ["a"]))<key>b</key><true/></dict>"
    #expect(try repeats(nested) == [])
    // Paths name the array item and keys (entities decoded); an outer dictionary comes first.
    #expect(
      try repeats(
        "<dict><key>x&amp;y</key><array><true/>\(dict(["z", "z"]))</array><key>q</key><true/>"
          + "<key>q</key><true/></dict>") == [" q 2", "x&y[1] z 2"])
    #expect(
      try repeats("<dict><key>&#233;</key><true/><key>\u{E9}</key><true/></dict>") == [" é 2"])
    // Precomposed and decomposed é are two keys, as lookup answers them.
    #expect(try repeats("<dict><key>\u{E9}</key><true/><key>e\u{301}</key><true/></dict>") == [])
  }

  /// A built tree's repeated keys (`PlistNode.repeatedKeys`, what `convert` to binary warns
  /// of) are those a walk of it finds, in the same order, with the same paths.
  @Test func aTreesRepeatedKeysAreTheWalksFindings() throws {
    let repeats = "<key>a</key><true/><key>b</key><true/><key>a</key><false/>"
    let texts =
      XMLRewriteTests.hostile + [
        "<plist><dict>\(repeats)<key>x.y</key><array><string>s</string><dict>\(repeats)"
          + "<key>in</key><dict>\(repeats)</dict></dict></array>\(repeats)</dict></plist>",
        "<plist><array><dict/><dict>\(repeats)</dict><array><dict>\(repeats)</dict></array>"
          + "</array></plist>",
      ]
    var withRepeats = 0
    for text in texts {
      guard let document = try? XMLPlistReader.read(text: Array(text.utf8), encoding: .utf8)
      else { continue }
      let found = document.root.repeatedKeys.map {
        "\($0.path.description) \($0.key) \($0.count)"
      }
      #expect(found == XMLRewriteTests.repeatedKeys(in: document.root), "\(text)")
      if !found.isEmpty { withRepeats += 1 }
    }
    #expect(withRepeats == 3)
  }

  /// A dictionary deeper than 64 levels has its repeats reported with the ends of its path
  /// (`KeyPath.abbreviated`), by the one-pass path and the tree alike, at a cost that does not
  /// grow with the depth (100,000 nested dictionaries each repeating a key made gigabytes).
  @Test func deepRepeatsKeepTheEndsOfTheirPaths() throws {
    let depth = 200
    let text =
      "<plist>" + String(repeating: "<dict><key>k</key><true/><key>k</key>", count: depth)
      + "<true/>" + String(repeating: "</dict>", count: depth) + "</plist>"
    let bytes = Array(text.utf8)
    let document = try XMLPlistReader.read(text: bytes, encoding: .utf8)
    var expected: [String] = []
    document.root.walk { node, path in
      for repeated in node.value.dictionaryValue?.duplicateKeys ?? [] {
        expected.append("\(path.abbreviated) \(repeated.key) \(repeated.indices.count)")
      }
      return true
    }
    #expect(expected.count == depth)
    #expect(expected.last?.contains(" … 167 more levels … ") == true)
    let streamed = try #require(try PlistRewrite.rewrite(bytes, to: .binary)).repeats
    #expect(streamed.map { "\($0.pathText) \($0.key) \($0.count)" } == expected)
    #expect(streamed.last?.elidedLevels == depth - 1 - 32)
    #expect(streamed.last?.path.components.count == 32)
    #expect(
      document.root.repeatedKeys.map { "\($0.pathText) \($0.key) \($0.count)" } == expected)
  }

  @Test func utf8ValidationAgreesWithTheStandardLibrary() {
    var random = SplitMix64(seed: SplitMix64.seed(for: "utf8-validation"))
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0,
      0x90, 0xF4, 0x8F, 0xF5, 0xFF,
    ]
    for _ in 0..<20_000 {
      let count = Int(random.next() % 12)
      let bytes = (0..<count).map { _ in interesting[Int(random.next() % UInt64(interesting.count))]
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      let actual = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
      #expect(actual == expected, "\(bytes.map { String($0, radix: 16) })")
    }
    let long = Array("ASCII text longer than a word, then é and 😀 and \u{10FFFF}".utf8)
    #expect(long.withUnsafeBufferPointer { UTF8Validation.isValid($0) })
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func everyXMLCorpusFileRewritesAsTheTreePathWrites() throws {
    var checked = 0
    for entry in XMLCorpusTests.xmlEntries {
      let bytes = [UInt8](try entry.data())
      let text = try PlistReader.text(of: bytes).text
      LargeStack.run { XMLRewriteTests.expectSame(text, "\(entry.path)") }
      checked += 1
    }
    #expect(checked > 50)
  }
}
