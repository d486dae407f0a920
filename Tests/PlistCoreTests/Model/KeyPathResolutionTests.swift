import Testing

@testable import PlistCore

/// The one walk from a key path to a node: complete, partial (as deep as it goes), with a
/// doubled key, and with array indices translated by the caller.
@Suite struct KeyPathResolutionTests {
  /// Root entries: 0 Name, 1 Dup (first), 2 List [x, {Deep: true}], 3 Dup (second).
  static let root = PlistNode(
    .dictionary(
      PlistDictionary([
        PlistEntry(key: "Name", node: "App"),
        PlistEntry(key: "Dup", node: "first"),
        PlistEntry(
          key: "List",
          node: PlistNode(
            .array([
              "x",
              PlistNode(.dictionary(PlistDictionary([PlistEntry(key: "Deep", node: true)]))),
            ]))),
        PlistEntry(key: "Dup", node: PlistNode(.dictionary(PlistDictionary()))),
      ])))

  static func path(_ text: String) throws -> KeyPath { try KeyPath(parsing: text) }

  @Test func resolvesEveryStepToIndicesAndNode() throws {
    let resolution = Self.root.resolve(try Self.path("List[1].Deep"))
    #expect(resolution.isComplete)
    #expect(resolution.indexPath == [2, 1, 0])
    #expect(resolution.node.value == .boolean(true))
    #expect(Self.root.indexPath(of: try Self.path("List[1].Deep")) == [2, 1, 0])
    #expect(Self.root.indexPath(of: .root) == [])
  }

  @Test func followsTheLastEntryOfADoubledKey() throws {
    #expect(Self.root.indexPath(of: try Self.path("Dup")) == [3])
    #expect(Self.root.node(at: try Self.path("Dup"))?.value == .dictionary(PlistDictionary()))
  }

  @Test(arguments: [
    ("Missing", [Int](), 0), ("List[2]", [2], 1),
    ("List[1].Gone.Deeper", [2, 1], 2), ("Name.Sub", [0], 1), ("Name[0]", [0], 1),
    ("Dup.New", [3], 1),
  ])
  func stopsWhereAStepNamesNothing(text: String, indices: [Int], resolved: Int) throws {
    let path = try Self.path(text)
    let resolution = Self.root.resolve(path)
    #expect(!resolution.isComplete)
    #expect(resolution.indexPath == indices)
    #expect(resolution.resolvedSteps == resolved)
    #expect(Self.root.indexPath(of: path) == nil)
    #expect(Self.root.node(at: path) == nil)
    #expect(Self.root.explainMissing(path) != nil)
  }

  @Test func translatesArrayIndicesThroughTheCaller() throws {
    var asked: [[Int]] = []
    let resolution = Self.root.resolve(try Self.path("List[0].Deep")) { parent, index in
      asked.append(parent)
      return index + 1
    }
    #expect(asked == [[2]])
    #expect(resolution.isComplete)
    #expect(resolution.indexPath == [2, 1, 0])
    // A translated index past the end stops the walk at the array.
    let past = Self.root.resolve(try Self.path("List[1]")) { _, index in index + 1 }
    #expect(past.indexPath == [2])
    #expect(!past.isComplete)
    // A negative index names nothing and is never translated.
    let negative = Self.root.resolve(KeyPath([.key("List"), .index(-1)])) { _, _ in 0 }
    #expect(negative.indexPath == [2])
    #expect(!negative.isComplete)
  }

  @Test func keyPathEditsCompareByValueAndHashByKind() throws {
    let path = try Self.path("Name")
    let set = KeyPathEdit.set(path, .string("a"))
    #expect(set == .set(path, .string("a")))
    #expect(set != .set(path, .string("b")))
    #expect(set != .rename(path, to: "a"))
    #expect(Set([set, .set(path, .string("a")), .remove(path)]).count == 2)
    #expect(set.keyPath == path)
    #expect(KeyPathEdit.rename(path, to: "B").keyPath == path)
  }
}
