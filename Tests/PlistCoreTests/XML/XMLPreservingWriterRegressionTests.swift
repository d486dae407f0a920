import Foundation
import PlistCore
import Testing

/// Bugs of the format-preserving writer found by the random edit/undo property test
/// (`RandomEditPropertyTests` in PlistEditingTests), each pinned here.
@Suite struct XMLPreservingWriterRegressionTests {
  /// Writes `root`, an edit of `text`, over it and reads the bytes back.
  func write(_ root: PlistNode, over text: String) throws -> (String, PlistNode) {
    let original = try PlistReader.read(bytes: Array(text.utf8))
    let out = try XMLPreservingWriter.write(root, over: original)
    return (String(decoding: out, as: UTF8.self), try PlistReader.read(bytes: out).root)
  }

  /// The tree of `text` with the entry `key` appended to its root dictionary.
  func appending(_ key: String, _ node: PlistNode, to text: String) throws -> PlistNode {
    var root = try PlistReader.read(bytes: Array(text.utf8)).root
    guard case .dictionary(var d) = root.value else {
      Issue.record("the root is not a dictionary")
      return root
    }
    d.entries.append(PlistEntry(key: key, node: node))
    root.value = .dictionary(d)
    return root
  }

  /// A new string with a line break, written into a CRLF document, came back with CRLF inside
  /// the string: the document's line ending replaced every LF of the new element, text
  /// included.
  @Test func aLineBreakInANewStringStaysLFInACRLFDocument() throws {
    let text =
      "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n"
      + "</dict>\r\n</plist>\r\n"
    let root = try appending("B", ["x\ny", ["k\nk": "v\n"]], to: text)
    let (out, back) = try write(root, over: text)
    #expect(back == root)
    #expect(
      out
        == "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n"
        + "\t<key>B</key>\r\n\t<array>\r\n\t\t<string>x\ny</string>\r\n\t\t<dict>\r\n"
        + "\t\t\t<key>k\nk</key>\r\n\t\t\t<string>v\n</string>\r\n\t\t</dict>\r\n\t</array>\r\n"
        + "</dict>\r\n</plist>\r\n")
  }

  /// With siblings indented by something other than whole units of the document's indentation,
  /// the same loop also indented the lines inside a new string.
  @Test func aLineBreakInANewStringGetsNoIndentationInMixedIndentation() throws {
    // The unit is a tab (first indented line); the dictionary's children use three spaces.
    let text =
      "<plist version=\"1.0\">\n<array>\n\t<dict>\n   <key>A</key>\n   <string>a</string>\n"
      + "\t</dict>\n</array>\n</plist>\n"
    var root = try PlistReader.read(bytes: Array(text.utf8)).root
    guard case .array(var items) = root.value, case .dictionary(var d) = items[0].value else {
      Issue.record("unexpected tree")
      return
    }
    d.entries.append(PlistEntry(key: "B", node: ["x\n  y"]))
    items[0].value = .dictionary(d)
    root.value = .array(items)
    let (out, back) = try write(root, over: text)
    #expect(back == root)
    #expect(
      out
        == "<plist version=\"1.0\">\n<array>\n\t<dict>\n   <key>A</key>\n   <string>a</string>\n"
        + "   <key>B</key>\n   <array>\n   \t<string>x\n  y</string>\n   </array>\n"
        + "\t</dict>\n</array>\n</plist>\n")
  }

  /// A new data element's base64 lines are structure, not text: they take the document's line
  /// ending like every other new line.
  @Test func newDataLinesTakeTheDocumentsLineEnding() throws {
    let text =
      "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n"
      + "</dict>\r\n</plist>\r\n"
    let root = try appending("D", PlistNode(.data(Data([0, 1, 2]))), to: text)
    let (out, back) = try write(root, over: text)
    #expect(back == root)
    #expect(!out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }
}
