import PlistCore
import Testing

@testable import PlistEditing

/// Where an index path goes through an edit (`Edit.mapping`), for views that keep state by
/// path; checked against the tree itself for every edit kind.
@Suite struct EditPathMappingTests {
  /// `{a: 1, b: [x, y, z], c: {d: 2}, e: 3}`.
  static let tree = PlistNode(
    .dictionary(
      PlistDictionary([
        PlistEntry(key: "a", node: PlistNode(.integer(PlistInteger(1)))),
        PlistEntry(
          key: "b",
          node: PlistNode(
            .array([PlistNode(.string("x")), PlistNode(.string("y")), PlistNode(.string("z"))]))),
        PlistEntry(
          key: "c",
          node: PlistNode(
            .dictionary(
              PlistDictionary([PlistEntry(key: "d", node: PlistNode(.integer(PlistInteger(2))))])))),
        PlistEntry(key: "e", node: PlistNode(.integer(PlistInteger(3)))),
      ])))

  /// Every node's index path before `edit`, with the node, and whether the mapped path holds
  /// the same node after it.
  static func check(_ edit: Edit) throws -> [String] {
    var after = tree
    _ = try edit.apply(to: &after)
    var wrong: [String] = []
    var stack: [[Int]] = [[]]
    while let path = stack.popLast() {
      let node = try TreeAccess.node(at: path, in: tree)
      for i in 0..<(node.value.childCount ?? 0) { stack.append(path + [i]) }
      // The containers above the edit hold it: they change, in place.
      let anchor = edit.anchor
      if path.count < anchor.count, anchor.starts(with: path) { continue }
      guard let mapped = edit.mapping(path) else { continue }
      let moved = try? TreeAccess.node(at: mapped, in: after)
      // A replaced node changes value but keeps its place.
      if case .replace(let at, _) = edit, at == path { continue }
      if moved != node { wrong.append("\(path) → \(mapped)") }
    }
    return wrong
  }

  @Test func everyKeptNodeIsFoundWhereTheMappingSays() throws {
    let edits: [Edit] = [
      .insert(
        parent: [], index: 1, key: "new", node: PlistNode(.integer(PlistInteger(9))),
        keyLocation: .none),
      .insert(parent: [1], index: 0, key: nil, node: PlistNode(.string("w")), keyLocation: .none),
      .remove(at: [1]), .remove(at: [1, 1]), .remove(at: [0]),
      .rename(at: [2], to: "renamed"),
      .replace(at: [2], with: PlistNode(.integer(PlistInteger(0)))),
      .move(at: [0], to: 3), .move(at: [3], to: 0), .move(at: [1, 2], to: 0),
    ]
    for edit in edits {
      #expect(try Self.check(edit) == [], "\(edit)")
    }
  }

  @Test func removedAndReplacedNodesMapToNothing() {
    #expect(Edit.remove(at: [1]).mapping([1]) == nil)
    #expect(Edit.remove(at: [1]).mapping([1, 2]) == nil)
    #expect(Edit.remove(at: [1]).mapping([2, 0]) == [1, 0])
    #expect(
      Edit.replace(at: [2], with: PlistNode(.integer(PlistInteger(0)))).mapping([2, 0]) == nil)
    #expect(Edit.replace(at: [2], with: PlistNode(.integer(PlistInteger(0)))).mapping([2]) == [2])
    #expect(Edit.remove(at: [1]).anchor == [1])
    #expect(
      Edit.insert(
        parent: [1], index: 2, key: nil, node: PlistNode(.integer(PlistInteger(0))),
        keyLocation: .none
      )
      .anchor == [1, 2])
  }
}
