import PlistCore
import Testing

@testable import PlistEditing

@Suite struct DocumentTests {
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>A</key>
    \t<string>one</string>
    \t<key>B</key>
    \t<array>
    \t\t<integer>1</integer>
    \t</array>
    </dict>
    </plist>

    """

  @Test func setThenUndoGivesBackTheBytes() throws {
    let original = try PlistReader.read(bytes: Array(Self.xml.utf8))
    var document = Document(original)
    try document.perform("set A", keyPathEdits: [.set(KeyPath(parsing: "A"), .string("two"))])
    #expect(document.isDirty)
    let edited = String(decoding: try document.bytes(as: .xml), as: UTF8.self)
    #expect(edited == Self.xml.replacingOccurrences(of: "one", with: "two"))
    #expect(try document.undo() == "set A")
    #expect(!document.isDirty)
    #expect(try document.bytes(as: .xml) == Array(Self.xml.utf8))
    #expect(try document.redo() == "set A")
    #expect(String(decoding: try document.bytes(as: .xml), as: UTF8.self) == edited)
  }

  @Test func aFailingStepChangesNothing() throws {
    let original = try PlistReader.read(bytes: Array(Self.xml.utf8))
    var document = Document(original)
    #expect(throws: EditError.self) {
      try document.perform(
        "two edits", [.rename(at: [0], to: "C"), .rename(at: [1], to: "C")])
    }
    #expect(document.root == original.root)
    #expect(!document.canUndo)
  }
}
