import Foundation
import PlistCore
import Testing

@testable import PlistEditing

/// `Document`'s steps: undo, redo, dirty state against the last save, all-or-nothing steps,
/// read-only formats and the save formats.
@Suite struct DocumentUndoTests {
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

  static func document() throws -> Document {
    Document(try PlistReader.read(bytes: Array(xml.utf8)), path: "/tmp/Info.plist")
  }

  static let setA = Edit.replace(at: [0], with: "two")
  static let addC = Edit.insert(parent: [], index: 2, key: "C", node: true, keyLocation: .none)

  /// A step that cannot be undone or redone says so and stays.
  ///
  /// An undo step that cannot be applied (a bug in an inverse) used to be dropped with
  /// `_ = try?`, the step lost and the tree half restored; it is now an error that names the
  /// step, and the step and the tree stay as they were. Redo alike.
  @Test func aStepThatCannotBeUndoneOrRedoneSaysSoAndStays() throws {
    var document = try Self.document()
    try document.perform("set A, add C", [Self.setA, Self.addC])
    let edited = document.root
    // The second inverse to run (setting A back) now names a row that does not exist.
    document.undoStack[0].inverses[1] = .replace(at: [7], with: "one")
    #expect(throws: EditError.self) { try document.undo() }
    do {
      try document.undo()
    } catch {
      #expect(error.message.hasPrefix("could not undo set A, add C: "))
    }
    #expect(document.root == edited)
    #expect(document.undoStack.count == 1 && document.redoStack.isEmpty)

    var other = try Self.document()
    try other.perform("add C", [Self.addC])
    try other.undo()
    let before = other.root
    other.redoStack[0].edits = [Self.setA, .remove(at: [9])]
    do {
      try other.redo()
      Issue.record("the redo should have failed")
    } catch {
      #expect(error.message.hasPrefix("could not redo add C: "))
    }
    #expect(other.root == before)
    #expect(other.redoStack.count == 1 && other.undoStack.isEmpty)
  }

  @Test func startsCleanWithNothingToUndoOrRedo() throws {
    var document = try Self.document()
    #expect(!document.isDirty && !document.canUndo && !document.canRedo)
    #expect(try document.undo() == nil)
    #expect(try document.redo() == nil)
    #expect(document.path == "/tmp/Info.plist")
    #expect(document.readOnlyReason == nil)
  }

  @Test func dirtyStateFollowsUndoRedoAndSaves() throws {
    var document = try Self.document()
    try document.perform("set A", [Self.setA])
    #expect(document.isDirty && document.canUndo && !document.canRedo)
    #expect(try document.undo() == "set A")
    #expect(!document.isDirty && !document.canUndo && document.canRedo)
    #expect(try document.redo() == "set A")
    #expect(document.isDirty)
    document.markSaved()
    #expect(!document.isDirty)
    // Undoing past the save is a change; redoing back to it is not.
    try document.undo()
    #expect(document.isDirty)
    try document.redo()
    #expect(!document.isDirty)
    // Saving after an undo makes the earlier state the saved one: redo is dirty again.
    try document.undo()
    document.markSaved()
    #expect(!document.isDirty)
    #expect(try document.redo() == "set A")
    #expect(document.isDirty)
    #expect(try document.undo() == "set A")
    #expect(!document.isDirty)
  }

  @Test func aNewStepAfterUndoIsDirtyEvenWhereTheSavedStepWas() throws {
    var document = try Self.document()
    try document.perform("set A", [Self.setA])
    document.markSaved()
    try document.undo()
    try document.perform("add C", [Self.addC])
    #expect(document.isDirty)
    try document.undo()
    // Back at the state as read, which is not the saved state.
    #expect(document.isDirty)
  }

  @Test func aNewStepClearsRedo() throws {
    var document = try Self.document()
    try document.perform("set A", [Self.setA])
    try document.undo()
    #expect(document.canRedo)
    try document.perform("add C", [Self.addC])
    #expect(!document.canRedo)
    #expect(try document.redo() == nil)
    #expect(document.undoStack.map(\.name) == ["add C"])
    #expect(document.root == ["A": "one", "B": [1], "C": true])
  }

  @Test func stepsUndoAndRedoInOrder() throws {
    var document = try Self.document()
    let original = document.root
    try document.perform("set A", [Self.setA])
    try document.perform("add C", [Self.addC])
    try document.perform("move C up, remove B", [.move(at: [2], to: 0), .remove(at: [2])])
    let edited = document.root
    #expect(edited == ["C": true, "A": "two"])
    #expect(try document.undo() == "move C up, remove B")
    #expect(document.root == ["A": "two", "B": [1], "C": true])
    #expect(try document.undo() == "add C")
    #expect(try document.undo() == "set A")
    #expect(Located.difference(document.root, original) == nil)
    #expect(try document.bytes(as: .xml) == Array(Self.xml.utf8))
    #expect(try document.redo() == "set A")
    #expect(try document.redo() == "add C")
    #expect(try document.redo() == "move C up, remove B")
    #expect(Located.difference(document.root, edited) == nil)
    #expect(document.undoStack.map(\.id) == [1, 2, 3])
  }

  @Test func aStepRecordsItsEditsAndTheirInversesInUndoOrder() throws {
    var document = try Self.document()
    try document.perform("two", [Self.setA, Self.addC])
    let step = try #require(document.undoStack.last)
    #expect(step.edits == [Self.setA, Self.addC])
    #expect(step.inverses == [.remove(at: [2]), .replace(at: [0], with: "one")])
  }

  @Test func aFailingStepLeavesNothing() throws {
    var document = try Self.document()
    try document.perform("set A", [Self.setA])
    try document.undo()
    let before = document.root
    let error = #expect(throws: EditError.self) {
      try document.perform("bad", [Self.addC, .remove(at: [0, 0]), .rename(at: [0], to: "Z")])
    }
    #expect(error?.message == "there is nothing at that path to remove")
    #expect(Located.difference(document.root, before) == nil)
    #expect(!document.canUndo && !document.isDirty)
    // The redo stack is untouched by a step that did not happen.
    #expect(document.redoStack.map(\.name) == ["set A"])
  }

  @Test func anEmptyStepIsNoStep() throws {
    var document = try Self.document()
    try document.perform("nothing", [])
    #expect(!document.canUndo && !document.isDirty)
  }

  @Test func asciiDocumentsAreReadOnly() throws {
    let original = try PlistReader.read(bytes: Array("{ A = one; }".utf8))
    #expect(original.format == .ascii)
    var document = Document(original)
    let reason = "old-style ASCII property lists (.strings, project.pbxproj) are read-only here"
    #expect(document.readOnlyReason == reason)
    let error = #expect(throws: EditError.self) { try document.perform("set A", [Self.setA]) }
    #expect(error?.kind == .rootNotEditable)
    #expect(error?.message == reason)
    #expect(document.root == ["A": "one"])
    #expect(!document.canUndo)
  }

  @Test func jsonDocumentsAreReadOnly() throws {
    // Saving would write XML over a JSON file that asset-catalog tools read as JSON.
    let original = try PlistReader.read(bytes: Array(#"{"A": "one"}"#.utf8))
    #expect(original.format == .json)
    var document = Document(original)
    let reason = "JSON property lists (such as an asset catalog's Contents.json) are read-only here"
    #expect(document.readOnlyReason == reason)
    let error = #expect(throws: EditError.self) { try document.perform("set A", [Self.setA]) }
    #expect(error?.kind == .rootNotEditable)
    #expect(document.root == ["A": "one"])
  }

  @Test func binaryBytesReadBackEqual() throws {
    var document = try Self.document()
    try document.perform("set A", [Self.setA, Self.addC])
    let bytes = try document.bytes(as: .binary)
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    let back = try PlistReader.read(bytes: bytes)
    #expect(back.format == .binary)
    #expect(back.root == document.root)
  }

  @Test func aBinaryOriginalIsWrittenAsCanonicalXML() throws {
    let binary = try BinaryPlistWriter.write(["A": "one", "B": [1]])
    var document = Document(try PlistReader.read(bytes: binary))
    #expect(document.readOnlyReason == nil)
    try document.perform("set A", [Self.setA])
    let xml = try document.bytes(as: .xml)
    #expect(xml == (try XMLPlistWriter.write(["A": "two", "B": [1]])))
    try document.undo()
    #expect(try document.bytes(as: .binary) == binary)
  }

  @Test(arguments: [PlistFormat.ascii, .json])
  func asciiAndJSONAreNotSaveFormats(format: PlistFormat) throws {
    let document = try Self.document()
    let error = #expect(throws: PlistError.self) { try document.bytes(as: format) }
    #expect(error?.kind == .unsupported)
    #expect(
      error?.message
        == "\(format.rawValue) is not a format infoscope saves; choose xml or binary")
  }

  /// Regression: undoing the removal or rename of a doubled or empty key left the tree edited
  /// (the inverse was refused as a new duplicate or empty key, and undo ignored the failure).
  @Test func undoPutsBackDoubledAndEmptyKeys() throws {
    let text = """
      <plist version="1.0">
      <dict>
        <key>A</key>
        <integer>1</integer>
        <key></key>
        <integer>2</integer>
        <key>A</key>
        <integer>3</integer>
      </dict>
      </plist>

      """
    let original = try PlistReader.read(bytes: Array(text.utf8))
    var document = Document(original)
    try document.perform("rename", [.rename(at: [0], to: "B"), .rename(at: [1], to: "C")])
    try document.perform("remove", [.remove(at: [2]), .remove(at: [0])])
    #expect(document.root == ["C": 2])
    try document.undo()
    #expect(document.root == ["B": 1, "C": 2, "A": 3])
    try document.undo()
    #expect(Located.difference(document.root, original.root) == nil)
    #expect(try document.bytes(as: .xml) == Array(text.utf8))
    try document.redo()
    try document.redo()
    #expect(document.root == ["C": 2])
  }
}
