import PlistCore
import Testing

@testable import PlistEditing

/// Every `Edit` case on a tree read from XML: the exact tree it makes, the exact inverse it
/// returns, and that the inverse restores the tree with every location; every refusal with its
/// kind and message, the tree unchanged.
@Suite struct EditTests {
  /// Root entries: 0 Name (string), 1 Items (array a, b, c), 2 Count (integer).
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>Name</key>
    \t<string>App</string>
    \t<key>Items</key>
    \t<array>
    \t\t<string>a</string>
    \t\t<string>b</string>
    \t\t<string>c</string>
    \t</array>
    \t<key>Count</key>
    \t<integer>3</integer>
    </dict>
    </plist>

    """

  static func root() throws -> PlistNode {
    try PlistReader.read(bytes: Array(xml.utf8)).root
  }

  static func node(_ path: [Int], in root: PlistNode) throws -> PlistNode {
    try TreeAccess.node(at: path, in: root)
  }

  static func keyLocation(_ index: Int, in root: PlistNode) throws -> PlistCore.SourceLocation {
    let dictionary = try #require(root.value.dictionaryValue)
    return dictionary.entries[index].keyLocation
  }

  /// Applies `edit` to the sample and checks the tree, the inverse, that the inverse restores
  /// the sample with its locations, and that the inverse's inverse is `edit` again.
  @discardableResult
  func check(
    _ edit: Edit, gives expected: PlistNode, inverse expectedInverse: Edit,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> PlistNode {
    let original = try Self.root()
    var root = original
    let inverse = try edit.apply(to: &root)
    #expect(root == expected, sourceLocation: sourceLocation)
    #expect(inverse == expectedInverse, sourceLocation: sourceLocation)
    let edited = root
    let again = try inverse.apply(to: &root, restoring: true)
    #expect(Located.difference(root, original) == nil, sourceLocation: sourceLocation)
    #expect(again == edit, sourceLocation: sourceLocation)
    return edited
  }

  // MARK: replace

  @Test func replaceSetsTheNodeAndReturnsTheOldOne() throws {
    let original = try Self.root()
    let edited = try check(
      .replace(at: [0], with: "Other"),
      gives: ["Name": "Other", "Items": ["a", "b", "c"], "Count": 3],
      inverse: .replace(at: [0], with: "App"))
    // The inverse carries the old node with its location; the untouched nodes keep theirs.
    var root = original
    let inverse = try Edit.replace(at: [0], with: "Other").apply(to: &root)
    guard case .replace(_, let restored) = inverse else {
      Issue.record("replace returned \(inverse)")
      return
    }
    #expect(restored.location.line == 5 && restored.location.column == 2)
    #expect(Located.same(restored, try Self.node([0], in: original)))
    #expect(Located.same(try Self.node([1], in: edited), try Self.node([1], in: original)))
    #expect(try Self.keyLocation(0, in: edited) == Self.keyLocation(0, in: original))
  }

  @Test func replaceSwapsAContainerForAScalarAndBack() throws {
    try check(
      .replace(at: [1], with: 7),
      gives: ["Name": "App", "Items": 7, "Count": 3],
      inverse: .replace(at: [1], with: ["a", "b", "c"]))
  }

  @Test func replaceInsideAnArray() throws {
    try check(
      .replace(at: [1, 2], with: ["x": true]),
      gives: ["Name": "App", "Items": ["a", "b", ["x": true]], "Count": 3],
      inverse: .replace(at: [1, 2], with: "c"))
  }

  @Test func replaceTheRoot() throws {
    try check(
      .replace(at: [], with: ["z"]), gives: ["z"],
      inverse: .replace(at: [], with: ["Name": "App", "Items": ["a", "b", "c"], "Count": 3]))
  }

  // MARK: insert

  @Test(arguments: [
    (0, ["New": 1, "Name": "App", "Items": ["a", "b", "c"], "Count": 3] as PlistNode),
    (2, ["Name": "App", "Items": ["a", "b", "c"], "New": 1, "Count": 3] as PlistNode),
    (3, ["Name": "App", "Items": ["a", "b", "c"], "Count": 3, "New": 1] as PlistNode),
  ])
  func insertIntoADictionary(index: Int, expected: PlistNode) throws {
    let edited = try check(
      .insert(parent: [], index: index, key: "New", node: 1, keyLocation: .none),
      gives: expected, inverse: .remove(at: [index]))
    let dictionary = try #require(edited.value.dictionaryValue)
    #expect(dictionary.entries[index].keyLocation == .none)
    #expect(dictionary.keys.firstIndex(of: "New") == index)
  }

  @Test(arguments: [
    (0, ["n", "a", "b", "c"] as PlistNode),
    (1, ["a", "n", "b", "c"] as PlistNode),
    (3, ["a", "b", "c", "n"] as PlistNode),
  ])
  func insertIntoAnArray(index: Int, items: PlistNode) throws {
    try check(
      .insert(parent: [1], index: index, key: nil, node: "n", keyLocation: .none),
      gives: ["Name": "App", "Items": items, "Count": 3], inverse: .remove(at: [1, index]))
  }

  @Test func insertAContainerKeepsItsChildren() throws {
    try check(
      .insert(
        parent: [], index: 1, key: "Nested", node: ["k": ["v", 2]], keyLocation: .none),
      gives: ["Name": "App", "Nested": ["k": ["v", 2]], "Items": ["a", "b", "c"], "Count": 3],
      inverse: .remove(at: [1]))
  }

  // MARK: remove

  @Test func removeFromADictionaryReturnsTheEntryWithItsKeyLocation() throws {
    let original = try Self.root()
    let keyLocation = try Self.keyLocation(1, in: original)
    #expect(keyLocation.line == 6 && keyLocation.column == 2)
    try check(
      .remove(at: [1]), gives: ["Name": "App", "Count": 3],
      inverse: .insert(
        parent: [], index: 1, key: "Items", node: ["a", "b", "c"], keyLocation: keyLocation))
  }

  @Test(arguments: [
    (0, ["b", "c"] as PlistNode, "a"),
    (1, ["a", "c"] as PlistNode, "b"),
    (2, ["a", "b"] as PlistNode, "c"),
  ])
  func removeFromAnArray(index: Int, items: PlistNode, removed: String) throws {
    try check(
      .remove(at: [1, index]), gives: ["Name": "App", "Items": items, "Count": 3],
      inverse: .insert(
        parent: [1], index: index, key: nil, node: PlistNode(.string(removed)),
        keyLocation: .none))
  }

  @Test func removeTheLastEntryOfTheRoot() throws {
    let keyLocation = try Self.keyLocation(2, in: try Self.root())
    try check(
      .remove(at: [2]), gives: ["Name": "App", "Items": ["a", "b", "c"]],
      inverse: .insert(parent: [], index: 2, key: "Count", node: 3, keyLocation: keyLocation))
  }

  // MARK: rename

  @Test func renameChangesTheKeyAndKeepsItsLocation() throws {
    let edited = try check(
      .rename(at: [2], to: "Total"),
      gives: ["Name": "App", "Items": ["a", "b", "c"], "Total": 3],
      inverse: .rename(at: [2], to: "Count"))
    #expect(try Self.keyLocation(2, in: edited) == Self.keyLocation(2, in: try Self.root()))
  }

  @Test func renameToTheSameKeyIsAllowed() throws {
    try check(
      .rename(at: [0], to: "Name"), gives: ["Name": "App", "Items": ["a", "b", "c"], "Count": 3],
      inverse: .rename(at: [0], to: "Name"))
  }

  // MARK: move

  @Test(arguments: [
    // down one, up one, to the end, to the start
    (0, 1, ["b", "a", "c"] as PlistNode),
    (2, 1, ["a", "c", "b"] as PlistNode),
    (0, 2, ["b", "c", "a"] as PlistNode),
    (2, 0, ["c", "a", "b"] as PlistNode),
    (1, 1, ["a", "b", "c"] as PlistNode),
  ])
  func moveInAnArray(from: Int, to: Int, items: PlistNode) throws {
    let edited = try check(
      .move(at: [1, from], to: to), gives: ["Name": "App", "Items": items, "Count": 3],
      inverse: .move(at: [1, to], to: from))
    // The moved node keeps its location, so the writer copies its bytes.
    let original = try Self.root()
    #expect(
      Located.same(try Self.node([1, to], in: edited), try Self.node([1, from], in: original)))
  }

  @Test(arguments: [
    (0, 1, ["Items": ["a", "b", "c"], "Name": "App", "Count": 3] as PlistNode),
    (2, 1, ["Name": "App", "Count": 3, "Items": ["a", "b", "c"]] as PlistNode),
    (0, 2, ["Items": ["a", "b", "c"], "Count": 3, "Name": "App"] as PlistNode),
    (2, 0, ["Count": 3, "Name": "App", "Items": ["a", "b", "c"]] as PlistNode),
  ])
  func moveInADictionary(from: Int, to: Int, expected: PlistNode) throws {
    let edited = try check(
      .move(at: [from], to: to), gives: expected, inverse: .move(at: [to], to: from))
    let original = try Self.root()
    #expect(try Self.keyLocation(to, in: edited) == Self.keyLocation(from, in: original))
  }

  // MARK: refusals

  static let refusals: [(Edit, EditError)] = [
    (
      .insert(parent: [], index: 0, key: "Name", node: 1, keyLocation: .none),
      EditError(.duplicateKey, "the dictionary already has the key Name")
    ),
    (
      .insert(parent: [], index: 0, key: "", node: 1, keyLocation: .none),
      EditError(.emptyKey, "a key cannot be empty")
    ),
    (
      .insert(parent: [1], index: 0, key: "k", node: 1, keyLocation: .none),
      EditError(.notAContainer, "an array item has no key")
    ),
    (
      .insert(parent: [], index: 0, key: nil, node: 1, keyLocation: .none),
      EditError(.notAContainer, "a dictionary entry needs a key")
    ),
    (
      .insert(parent: [], index: 4, key: "New", node: 1, keyLocation: .none),
      EditError(.indexOutOfRange, "index 4 is outside the dictionary's 3 entries")
    ),
    (
      .insert(parent: [], index: -1, key: "New", node: 1, keyLocation: .none),
      EditError(.indexOutOfRange, "index -1 is outside the dictionary's 3 entries")
    ),
    (
      .insert(parent: [1], index: 4, key: nil, node: 1, keyLocation: .none),
      EditError(.indexOutOfRange, "index 4 is outside the array's 3 items")
    ),
    (
      .insert(parent: [0], index: 0, key: nil, node: 1, keyLocation: .none),
      EditError(.notAContainer, "only a dictionary or an array can hold a new item")
    ),
    (
      .insert(parent: [0, 0], index: 0, key: nil, node: 1, keyLocation: .none),
      EditError(.noSuchNode, "no node at step 2 of the path [0, 0]")
    ),
    (
      .insert(parent: [5], index: 0, key: nil, node: 1, keyLocation: .none),
      EditError(.noSuchNode, "no node at step 1 of the path [5]")
    ),
    (.remove(at: []), EditError(.rootNotEditable, "the root of a property list cannot be removed")),
    (.remove(at: [3]), EditError(.noSuchNode, "there is no entry 3 to remove")),
    (.remove(at: [1, 3]), EditError(.noSuchNode, "there is no item 3 to remove")),
    (.remove(at: [1, -1]), EditError(.noSuchNode, "there is no item -1 to remove")),
    (.remove(at: [0, 0]), EditError(.noSuchNode, "there is nothing at that path to remove")),
    (.remove(at: [1, 0, 0]), EditError(.noSuchNode, "there is nothing at that path to remove")),
    (
      .rename(at: [], to: "X"),
      EditError(.rootNotEditable, "the root of a property list has no key")
    ),
    (
      .rename(at: [0], to: "Count"),
      EditError(.duplicateKey, "the dictionary already has the key Count")
    ),
    (.rename(at: [0], to: ""), EditError(.emptyKey, "a key cannot be empty")),
    (.rename(at: [3], to: "X"), EditError(.noSuchNode, "there is no entry 3 to rename")),
    (
      .rename(at: [1, 0], to: "X"),
      EditError(.notAContainer, "only a dictionary entry has a key to rename")
    ),
    (
      .rename(at: [0, 0], to: "X"),
      EditError(.notAContainer, "only a dictionary entry has a key to rename")
    ),
    (.move(at: [], to: 0), EditError(.rootNotEditable, "the root of a property list cannot move")),
    (.move(at: [0], to: 3), EditError(.indexOutOfRange, "cannot move item 0 to 3 of 3")),
    (.move(at: [3], to: 0), EditError(.indexOutOfRange, "cannot move item 3 to 0 of 3")),
    (.move(at: [1, 0], to: -1), EditError(.indexOutOfRange, "cannot move item 0 to -1 of 3")),
    (
      .move(at: [0, 0], to: 0),
      EditError(.notAContainer, "only items of a dictionary or an array can move")
    ),
    (
      .replace(at: [0, 0], with: 1), EditError(.noSuchNode, "no node at step 2 of the path [0, 0]")
    ),
    (
      .replace(at: [1, 3], with: 1), EditError(.noSuchNode, "no node at step 2 of the path [1, 3]")
    ),
    (
      .replace(at: [1, 0, 2], with: 1),
      EditError(.noSuchNode, "no node at step 3 of the path [1, 0, 2]")
    ),
  ]

  @Test(arguments: EditTests.refusals)
  func refusesAndLeavesTheTreeUnchanged(edit: Edit, expected: EditError) throws {
    let original = try Self.root()
    var root = original
    let error = #expect(throws: EditError.self) { _ = try edit.apply(to: &root) }
    #expect(error?.kind == expected.kind)
    #expect(error?.message == expected.message)
    #expect(error?.description == expected.message)
    #expect(error?.message.hasSuffix(".") == false)
    #expect(Located.difference(root, original) == nil)
  }

  @Test func insertIntoADictionaryWithADoubledKeyRefusesThatKeyOnly() throws {
    var root: PlistNode = ["A": 1, "B": 2]
    var d = try #require(root.value.dictionaryValue)
    d.entries.append(PlistEntry(key: "A", node: 3))
    root.value = .dictionary(d)
    let before = root
    let error = #expect(throws: EditError.self) {
      _ = try Edit.insert(parent: [], index: 0, key: "A", node: 4, keyLocation: .none)
        .apply(to: &root)
    }
    #expect(error?.kind == .duplicateKey)
    #expect(root == before)
    // Renaming one of the doubled entries to the key it already has is no conflict.
    _ = try Edit.rename(at: [0], to: "A").apply(to: &root)
    #expect(root == before)
    let inverse = try Edit.rename(at: [2], to: "C").apply(to: &root)
    #expect(root.value.dictionaryValue?.keys == ["A", "B", "C"])
    #expect(inverse == .rename(at: [2], to: "A"))
  }

  // MARK: inverses of doubled and empty keys

  static let doubledAndEmpty =
    "<plist version=\"1.0\"><dict><key>A</key><integer>1</integer><key></key><integer>2</integer>"
    + "<key>A</key><integer>3</integer></dict></plist>"

  /// Regression: the inverse of removing or renaming an entry whose key is doubled or empty was
  /// refused as a duplicate or empty key, so undo silently left the tree edited.
  @Test(arguments: [
    Edit.remove(at: [0]), .remove(at: [1]), .remove(at: [2]), .rename(at: [0], to: "B"),
    .rename(at: [1], to: "C"), .rename(at: [2], to: "D"),
  ])
  func inversesPutBackDoubledAndEmptyKeys(edit: Edit) throws {
    let original = try PlistReader.read(bytes: Array(Self.doubledAndEmpty.utf8)).root
    var root = original
    let inverse = try edit.apply(to: &root)
    // As a new edit, the inverse would make a doubled or empty key, which is refused.
    var plain = root
    let error = #expect(throws: EditError.self) { _ = try inverse.apply(to: &plain) }
    #expect(error?.kind == .duplicateKey || error?.kind == .emptyKey)
    #expect(Located.same(plain, root))
    // Restoring puts the file's keys back as they were.
    #expect(try inverse.apply(to: &root, restoring: true) == edit)
    #expect(Located.difference(root, original) == nil)
  }
}
