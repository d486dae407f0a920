import PlistCore
import Testing

@testable import PlistEditing

/// The edits from one tree to another: applied, they give the second tree, and they are as
/// deep as the change.
@Suite struct TreeDiffTests {
  func apply(_ edits: [Edit], to root: PlistNode) throws -> PlistNode {
    var document = Document(PlistDocument(root: root, format: .xml), path: "/tmp/x.plist")
    try document.perform("diff", edits)
    return document.root
  }

  static let old: PlistNode = [
    "A": "one",
    "B": ["x", "y", "z"],
    "C": ["D": 1, "E": true],
    "F": "gone",
  ]

  @Test func equalTreesNeedNoEdit() {
    #expect(TreeDiff.edits(from: Self.old, to: Self.old).isEmpty)
  }

  @Test(arguments: [
    // A changed scalar.
    ["A": "two", "B": ["x", "y", "z"], "C": ["D": 1, "E": true], "F": "gone"] as PlistNode,
    // A removed key and an added one.
    ["A": "one", "B": ["x", "y", "z"], "C": ["D": 1, "E": true, "G": 2], "H": "new"],
    // Items inserted and removed in an array.
    ["A": "one", "B": ["x", "q", "r", "z"], "C": ["D": 1, "E": true], "F": "gone"],
    // A changed type, and reordered keys.
    ["C": ["E": true, "D": 1], "A": 1, "B": [], "F": "gone"],
  ])
  func appliedEditsGiveTheNewTree(new: PlistNode) throws {
    let edits = TreeDiff.edits(from: Self.old, to: new)
    #expect(!edits.isEmpty)
    #expect(try apply(edits, to: Self.old) == new)
  }

  @Test func aChangedScalarIsOneReplaceInPlace() {
    var new = Self.old
    guard case .dictionary(var d) = new.value else { return }
    d.set("A", PlistNode(.string("two")))
    new = PlistNode(.dictionary(d))
    let edits = TreeDiff.edits(from: Self.old, to: new)
    #expect(edits.count == 1)
    guard case .replace(let path, let node)? = edits.first else {
      Issue.record("not a replace: \(edits)")
      return
    }
    #expect(path == [0])
    #expect(node.value == .string("two"))
  }
}
