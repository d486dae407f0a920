import PlistCore
import Testing

@testable import PlistEditing

/// Key-path edits (fixes and the `set`/`remove`/`rename` commands): the index-path edit each
/// resolves to, against a tree read from XML with a doubled key.
@Suite struct KeyPathEditTests {
  /// Root entries: 0 CFBundleName, 1 Dup (first), 2 Nested, 3 List, 4 Dup (second).
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleName</key>
    \t<string>App</string>
    \t<key>Dup</key>
    \t<string>first</string>
    \t<key>Nested</key>
    \t<dict>
    \t\t<key>Inner</key>
    \t\t<integer>1</integer>
    \t</dict>
    \t<key>List</key>
    \t<array>
    \t\t<string>x</string>
    \t\t<dict>
    \t\t\t<key>Deep</key>
    \t\t\t<true/>
    \t\t</dict>
    \t</array>
    \t<key>Dup</key>
    \t<string>second</string>
    </dict>
    </plist>

    """

  static func document() throws -> PlistDocument { try PlistReader.read(bytes: Array(xml.utf8)) }

  static func path(_ text: String) throws -> KeyPath { try KeyPath(parsing: text) }

  func edit(_ keyPathEdit: KeyPathEdit) throws -> Edit {
    try keyPathEdit.edit(in: Self.document().root)
  }

  @Test func setOnAnExistingScalarKeepsItsLocation() throws {
    let root = try Self.document().root
    let edit = try edit(.set(Self.path("CFBundleName"), .string("Other")))
    #expect(edit == .replace(at: [0], with: "Other"))
    guard case .replace(_, let node) = edit else {
      Issue.record("expected a replace, got \(edit)")
      return
    }
    #expect(node.location == (try TreeAccess.node(at: [0], in: root)).location)
    #expect(node.location.line == 5)

    var document = Document(try Self.document())
    try document.perform("set", keyPathEdits: [.set(Self.path("CFBundleName"), .string("Other"))])
    let text = String(decoding: try document.bytes(as: .xml), as: UTF8.self)
    #expect(text == Self.xml.replacingOccurrences(of: ">App<", with: ">Other<"))
  }

  @Test func setAContainerOverAScalarMakesANewNode() throws {
    let edit = try edit(.set(Self.path("CFBundleName"), .array([PlistNode(.string("a"))])))
    #expect(edit == .replace(at: [0], with: ["a"]))
    guard case .replace(_, let node) = edit else {
      Issue.record("expected a replace, got \(edit)")
      return
    }
    #expect(node.location == .none)
  }

  @Test func setAScalarOverAContainerMakesANewNode() throws {
    let edit = try edit(.set(Self.path("Nested"), .boolean(false)))
    #expect(edit == .replace(at: [2], with: false))
    guard case .replace(_, let node) = edit else {
      Issue.record("expected a replace, got \(edit)")
      return
    }
    #expect(node.location == .none)
  }

  @Test func setAMissingTopLevelKeyAppendsIt() throws {
    #expect(
      try edit(.set(Self.path("CFBundleVersion"), .string("12")))
        == .insert(parent: [], index: 5, key: "CFBundleVersion", node: "12", keyLocation: .none))
    var document = Document(try Self.document())
    try document.perform(
      "add", keyPathEdits: [.set(Self.path("CFBundleVersion"), .string("12"))])
    #expect(document.root.value.dictionaryValue?.keys.last == "CFBundleVersion")
    let text = String(decoding: try document.bytes(as: .xml), as: UTF8.self)
    #expect(
      text
        == Self.xml.replacingOccurrences(
          of: "\t<string>second</string>\n",
          with: "\t<string>second</string>\n\t<key>CFBundleVersion</key>\n\t<string>12</string>\n"
        ))
  }

  @Test func setAMissingNestedKeyAppendsItToItsDictionary() throws {
    #expect(
      try edit(.set(Self.path("Nested.Other"), .integer(PlistInteger(2))))
        == .insert(parent: [2], index: 1, key: "Other", node: 2, keyLocation: .none))
    #expect(
      try edit(.set(Self.path("List[1].Shallow"), .boolean(false)))
        == .insert(parent: [3, 1], index: 1, key: "Shallow", node: false, keyLocation: .none))
    #expect(
      try edit(.set(Self.path("\"com.apple.security.app-sandbox\""), .boolean(true)))
        == .insert(
          parent: [], index: 5, key: "com.apple.security.app-sandbox", node: true,
          keyLocation: .none))
  }

  @Test(arguments: [
    ("Missing.Key", "nothing at Missing.Key or at the dictionary that would hold it"),
    ("List[2]", "nothing at List[2] or at the dictionary that would hold it"),
    ("List.Key", "nothing at List.Key or at the dictionary that would hold it"),
    ("CFBundleName.Key", "nothing at CFBundleName.Key or at the dictionary that would hold it"),
    ("Nested[0]", "nothing at Nested[0] or at the dictionary that would hold it"),
  ])
  func setThroughAMissingParentIsRefused(path: String, message: String) throws {
    let error = #expect(throws: EditError.self) {
      try edit(.set(Self.path(path), .string("v")))
    }
    #expect(error?.kind == .noSuchNode)
    #expect(error?.message == message)
  }

  @Test func removeAndRenameByKeyPath() throws {
    #expect(try edit(.remove(Self.path("Nested.Inner"))) == .remove(at: [2, 0]))
    #expect(try edit(.remove(Self.path("List[1].Deep"))) == .remove(at: [3, 1, 0]))
    #expect(
      try edit(.rename(Self.path("Nested.Inner"), to: "Outer")) == .rename(at: [2, 0], to: "Outer")
    )
    var document = Document(try Self.document())
    try document.perform(
      "tidy",
      keyPathEdits: [
        .rename(Self.path("Nested.Inner"), to: "Outer"), .remove(Self.path("List[0]")),
      ])
    #expect(
      document.root
        == [
          "CFBundleName": "App", "Dup": "first", "Nested": ["Outer": 1],
          "List": [["Deep": true]], "Dup": "second",
        ])
  }

  @Test(arguments: [
    (KeyPathEdit.remove(KeyPath([.key("Missing")])), "nothing at Missing to remove"),
    (KeyPathEdit.remove(KeyPath([.key("List"), .index(9)])), "nothing at List[9] to remove"),
    (KeyPathEdit.rename(KeyPath([.key("Missing")]), to: "X"), "nothing at Missing to rename"),
  ])
  func removeAndRenameOfMissingKeysAreRefused(
    edit keyPathEdit: KeyPathEdit, message: String
  )
    throws
  {
    let error = #expect(throws: EditError.self) { try edit(keyPathEdit) }
    #expect(error?.kind == .noSuchNode)
    #expect(error?.message == message)
  }

  @Test(arguments: [
    (KeyPathEdit.remove(.root), "the root of a property list cannot be removed"),
    (KeyPathEdit.rename(.root, to: "X"), "the root of a property list has no key"),
  ])
  func removeAndRenameOfTheRootAreRefused(edit keyPathEdit: KeyPathEdit, message: String) throws {
    let error = #expect(throws: EditError.self) { try edit(keyPathEdit) }
    #expect(error?.kind == .rootNotEditable)
    #expect(error?.message == message)
  }

  @Test func setOnTheRootReplacesIt() throws {
    #expect(try edit(.set(.root, .string("v"))) == .replace(at: [], with: "v"))
  }

  @Test func doubledKeysAffectTheLastEntry() throws {
    let dup = try Self.path("Dup")
    #expect(try edit(.set(dup, .string("third"))) == .replace(at: [4], with: "third"))
    #expect(try edit(.remove(dup)) == .remove(at: [4]))
    #expect(try edit(.rename(dup, to: "Single")) == .rename(at: [4], to: "Single"))
    var document = Document(try Self.document())
    try document.perform("remove Dup", keyPathEdits: [.remove(dup)])
    // The earlier entry is now the one lookup answers with; a second remove takes it.
    #expect(document.root.value.dictionaryValue?["Dup"] == "first")
    try document.perform("remove Dup", keyPathEdits: [.remove(dup)])
    #expect(document.root.value.dictionaryValue?["Dup"] == nil)
    #expect(document.root.value.dictionaryValue?.keys == ["CFBundleName", "Nested", "List"])
  }

  @Test func arrayIndexPaths() throws {
    #expect(try edit(.set(Self.path("List[0]"), .string("y"))) == .replace(at: [3, 0], with: "y"))
    #expect(
      try edit(.set(Self.path("List[1].Deep"), .boolean(false)))
        == .replace(at: [3, 1, 0], with: false))
    #expect(
      try Self.document().root.indexPath(of: try Self.path("List[1].Deep"))
        == [3, 1, 0])
    #expect(
      try Self.document().root.indexPath(of: try Self.path("List[2]")) == nil)
  }

  @Test func laterEditsOfAStepSeeTheEarlierOnes() throws {
    var document = Document(try Self.document())
    let key = try Self.path("CFBundleVersion")
    try document.perform(
      "add then set", keyPathEdits: [.set(key, .string("1")), .set(key, .string("2"))])
    #expect(document.undoStack.last?.edits.count == 2)
    #expect(
      document.undoStack.last?.edits.last
        == .replace(at: [5], with: "2"))
    #expect(document.root.value.dictionaryValue?["CFBundleVersion"] == "2")
    #expect(try document.undo() == "add then set")
    #expect(Located.same(document.root, try Self.document().root))
  }

  @Test func aFailingKeyPathEditLeavesTheDocumentUnchanged() throws {
    var document = Document(try Self.document())
    let error = #expect(throws: EditError.self) {
      try document.perform(
        "two",
        keyPathEdits: [.set(Self.path("CFBundleName"), .string("X")), .remove(Self.path("Nope"))])
    }
    #expect(error?.message == "nothing at Nope to remove")
    #expect(Located.same(document.root, try Self.document().root))
    #expect(!document.canUndo && !document.isDirty)
  }
}
