import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// Comparing two trees by key path (issue 16, item 1).
@Suite struct ValueDiffTests {
  typealias T = TreeBuilder

  static func read(_ xml: String) throws -> PlistNode {
    try PlistReader.read(bytes: Array(xml.utf8)).root
  }

  static func lines(_ changes: [ValueChange]) -> [String] {
    changes.map { "\($0.kind.rawValue) \($0.path): \($0.summary)" }
  }

  @Test func aReorderedDictionaryIsNoChange() {
    let old = T.dict([("a", T.int(1)), ("b", T.dict([("x", T.string("1")), ("y", T.bool(true))]))])
    let new = T.dict([("b", T.dict([("y", T.bool(true)), ("x", T.string("1"))])), ("a", T.int(1))])
    #expect(ValueDiff.changes(old: old, new: new).isEmpty)
  }

  @Test func aChangedValueIsTypedWithBothLocations() throws {
    let old = try Self.read(
      "<plist><dict>\n<key>CFBundleVersion</key>\n<integer>318</integer>\n</dict></plist>")
    let new = try Self.read(
      "<plist><dict>\n<key>A</key><true/>\n\n<key>CFBundleVersion</key>\n<integer>319</integer>\n"
        + "</dict></plist>")
    let changes = ValueDiff.changes(old: old, new: new)
    #expect(
      Self.lines(changes) == [
        "added A: Boolean true", "changed CFBundleVersion: Integer 318 → 319",
      ])
    let change = try #require(changes.last)
    #expect(change.oldLocation.line == 2)
    #expect(change.newLocation.line == 4)
    #expect(change.oldPath?.description == "CFBundleVersion")
  }

  @Test func aTypeChangeNamesBothTypes() {
    let changes = ValueDiff.changes(
      old: T.dict([("CFBundleVersion", T.int(318))]),
      new: T.dict([("CFBundleVersion", T.string("319"))]))
    #expect(Self.lines(changes) == ["changed CFBundleVersion: Integer 318 → String \"319\""])
  }

  @Test func anAddedPurposeStringIsOneAddition() {
    let old = T.dict([("CFBundleIdentifier", T.string("com.example.app"))])
    let new = T.dict([
      ("CFBundleIdentifier", T.string("com.example.app")),
      ("NSCameraUsageDescription", T.string("Scans tickets")),
    ])
    #expect(
      Self.lines(ValueDiff.changes(old: old, new: new))
        == ["added NSCameraUsageDescription: String \"Scans tickets\""])
  }

  @Test func removedEntriesStandWhereTheyWereInSourceOrder() {
    let old = T.dict([("a", T.int(1)), ("b", T.int(2)), ("c", T.int(3)), ("d", T.int(4))])
    let new = T.dict([("a", T.int(1)), ("c", T.int(30)), ("e", T.int(5))])
    #expect(
      Self.lines(ValueDiff.changes(old: old, new: new)) == [
        "removed b: Integer 2", "changed c: Integer 3 → 30", "added e: Integer 5",
        "removed d: Integer 4",
      ])
  }

  @Test func arrayItemsMatchByValueThenInOrder() {
    let old = T.dict([
      ("UIBackgroundModes", T.array([T.string("audio"), T.string("fetch")])),
      ("CFBundleURLTypes", T.array([T.dict([("CFBundleURLSchemes", T.array([T.string("a")]))])])),
    ])
    let new = T.dict([
      ("UIBackgroundModes", T.array([T.string("location"), T.string("audio")])),
      ("CFBundleURLTypes", T.array([T.dict([("CFBundleURLSchemes", T.array([T.string("b")]))])])),
    ])
    #expect(
      Self.lines(ValueDiff.changes(old: old, new: new)) == [
        "added UIBackgroundModes[0]: String \"location\"",
        "removed UIBackgroundModes[1]: String \"fetch\"",
        "added CFBundleURLTypes[0].CFBundleURLSchemes[0]: String \"b\"",
        "removed CFBundleURLTypes[0].CFBundleURLSchemes[0]: String \"a\"",
      ])
  }

  @Test func anArrayInAnotherOrderIsOneReordering() {
    let changes = ValueDiff.changes(
      old: T.dict([("o", T.array([T.string("a"), T.string("b"), T.string("c")]))]),
      new: T.dict([("o", T.array([T.string("c"), T.string("a"), T.string("b")]))]))
    #expect(Self.lines(changes) == ["reordered o: the same 3 items in another order"])
  }

  @Test func anItemThatMovedKeepsItsOldPath() throws {
    let old = T.array([T.dict([("k", T.int(1))]), T.string("x")])
    let new = T.array([T.string("y"), T.string("x"), T.dict([("k", T.int(2))])])
    let changes = ValueDiff.changes(old: old, new: new)
    #expect(Self.lines(changes).contains("changed [2].k: Integer 1 → 2"))
    let moved = try #require(changes.first { $0.kind == .changed })
    #expect(moved.oldPath?.description == "[0].k")
    #expect(moved.moved)
  }

  @Test func aChangedDictionaryIsFoundByTheEntriesItKeepsWhenOneIsInsertedBeforeIt() {
    func type(_ name: String, _ scheme: String) -> PlistNode {
      T.dict([
        ("CFBundleURLName", T.string(name)), ("CFBundleURLSchemes", T.array([T.string(scheme)])),
      ])
    }
    let old = T.dict([("CFBundleURLTypes", T.array([type("a", "a1"), type("b", "b1")]))])
    let new = T.dict([
      ("CFBundleURLTypes", T.array([type("new", "n1"), type("a", "a1"), type("b", "b2")]))
    ])
    let changes = ValueDiff.changes(old: old, new: new)
    #expect(
      Self.lines(changes) == [
        "added CFBundleURLTypes[0]: Dictionary (2 entries)",
        "added CFBundleURLTypes[2].CFBundleURLSchemes[0]: String \"b2\"",
        "removed CFBundleURLTypes[1].CFBundleURLSchemes[0]: String \"b1\"",
      ])
  }

  /// Of a key written more than once, equal values match first, then the rest from the last
  /// (the value Apple's parsers read) backwards.
  @Test func aKeyWrittenTwiceMatchesEqualValuesThenFromTheLast() {
    let old = T.dict([("a", T.int(1)), ("a", T.int(2))])
    let new = T.dict([("a", T.int(1)), ("a", T.int(3)), ("a", T.int(4))])
    #expect(
      Self.lines(ValueDiff.changes(old: old, new: new)) == [
        "added a: Integer 3", "changed a: Integer 2 → 4",
      ])
  }

  /// A duplicate dropped is one removal: the value read (the last) did not change.
  @Test func aDroppedDuplicateIsOneRemovalNotAChange() {
    let old = T.dict([("K", T.string("first")), ("K", T.string("second"))])
    let new = T.dict([("K", T.string("second"))])
    #expect(Self.lines(ValueDiff.changes(old: old, new: new)) == ["removed K: String \"first\""])
  }

  @Test func nanEqualsNanAndMinusZeroIsNotZero() {
    #expect(ValueDiff.changes(old: T.real(.nan), new: T.real(.nan)).isEmpty)
    #expect(ValueDiff.changes(old: T.real(0.0), new: T.real(-0.0)).count == 1)
  }

  @Test func aBinaryDocumentAndItsXMLTwinHaveNoChange() throws {
    let tree = T.dict([
      ("CFBundleIdentifier", T.string("com.example.app")),
      ("UIDeviceFamily", T.array([T.int(1), T.int(2)])),
      ("Date", T.date(2024, 5, 1, 12)), ("Blob", T.data([1, 2, 3])),
      ("Big", T.uint(UInt64.max)), ("Pi", T.real(3.25)),
    ])
    let binary = try PlistReader.read(bytes: try BinaryPlistWriter.write(tree)).root
    let xml = try PlistReader.read(bytes: try XMLPlistWriter.write(tree)).root
    #expect(ValueDiff.changes(old: binary, new: xml).isEmpty)
  }

  @Test func deepTreesCostNoCallStack() {
    // Ten times deeper than the readers allow, built in memory.
    let old = T.nested(T.string("a"), levels: 5_000)
    let new = T.nested(T.string("b"), levels: 5_000)
    let changes = ValueDiff.changes(old: old, new: new)
    // A scalar item is added and removed, not changed: its array is 4,999 levels down.
    #expect(changes.map(\.kind) == [.added, .removed])
    #expect(changes.first?.path.components.count == 5_000)
    #expect(ValueDiff.changes(old: old, new: old).isEmpty)
  }

  @Test func containersAddedOrRemovedAreOneChangeWithTheirCount() {
    let changes = ValueDiff.changes(
      old: T.dict([("gone", T.array([T.int(1), T.int(2)]))]),
      new: T.dict([("NSAppTransportSecurity", T.dict([("NSAllowsArbitraryLoads", T.bool(true))]))]))
    #expect(
      Self.lines(changes) == [
        "added NSAppTransportSecurity: Dictionary (1 entry)", "removed gone: Array (2 items)",
      ])
  }
}

/// The corpus's Info.plists compared with edited copies made in the test.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct ValueDiffCorpusTests {
  static let files = Corpus.entries(in: "info-plist").filter { $0.path.hasSuffix("Info.plist") }

  @Test(arguments: files)
  func everyInfoPlistEqualsItsReorderedAndBinaryTwins(entry: Corpus.Entry) throws {
    let document = try PlistReader.read(bytes: try Corpus.bytes(entry.path))
    guard case .dictionary(var dictionary) = document.root.value else { return }
    dictionary.entries.reverse()
    let reordered = PlistNode(.dictionary(dictionary))
    #expect(ValueDiff.changes(old: document.root, new: reordered).isEmpty)
    let binary = try PlistReader.read(bytes: try BinaryPlistWriter.write(document.root))
    #expect(ValueDiff.changes(old: document.root, new: binary.root).isEmpty)
  }

  @Test func aChangedBuildNumberInARealInfoPlistIsTheOneChange() throws {
    let document = try PlistReader.read(
      bytes: try Corpus.bytes("info-plist/Swiftfin__iOS__Info.plist"))
    var edited = document.root
    guard case .dictionary(var dictionary) = edited.value else {
      Issue.record("not a dictionary")
      return
    }
    dictionary.set("CFBundleVersion", PlistNode(.string("999")))
    edited.value = .dictionary(dictionary)
    let changes = ValueDiff.changes(old: document.root, new: edited)
    #expect(changes.map(\.path.description) == ["CFBundleVersion"])
    #expect(changes.first?.kind == .changed)
    #expect(changes.first?.oldLocation.line == 30)
    #expect(changes.first?.newLocation.line == 30)
  }
}

extension ValueDiffTests {
  /// A removed node says where NEW would hold it, so the inspector can put it back in place.
  @Test func aRemovedNodeSaysWhereItStoodInNew() throws {
    let old = T.dict([
      ("a", T.int(1)), ("gone", T.int(2)), ("b", T.int(3)),
      ("list", T.array([T.string("x"), T.string("y"), T.string("z")])), ("last", T.int(4)),
    ])
    let new = T.dict([
      ("b", T.int(3)), ("a", T.int(1)), ("list", T.array([T.string("x"), T.string("z")])),
    ])
    let changes = ValueDiff.changes(old: old, new: new)
    #expect(
      Self.lines(changes) == [
        "removed gone: Integer 2", "removed list[1]: String \"y\"", "removed last: Integer 4",
      ])
    let places = changes.map { $0.newPlace.map { "\($0.parent)@\($0.index)" } ?? "-" }
    // gone stood before b (NEW's first entry), y before z (item 1), last after everything.
    #expect(places == ["@0", "list@1", "@3"])
    #expect(changes.allSatisfy { $0.kind == .removed })
  }

  @Test func onlyRemovedNodesHaveANewPlace() throws {
    let old = T.dict([("a", T.int(1))])
    let new = T.dict([("a", T.int(2)), ("b", T.int(3))])
    #expect(ValueDiff.changes(old: old, new: new).allSatisfy { $0.newPlace == nil })
  }
}
