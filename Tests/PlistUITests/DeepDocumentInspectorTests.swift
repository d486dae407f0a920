import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// The inspector's state on documents nested to the depth limit: opened, expanded, taken to
/// the deepest row and back, and drawn, in XML, binary and ASCII.
@Suite struct DeepDocumentInspectorTests {
  typealias Format = DeepDocument.Format

  @Test(arguments: [Format.xml, .binary, .ascii])
  func opensExpandsAndReachesTheBottom(_ format: Format) throws {
    let folder = try TemporaryFolder("deep").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("deep.plist")
    let depth = PlistLimits.maxDepth
    try Data(DeepDocument.bytes(format, depth: depth)).write(to: file)
    try LargeStack.run { () throws in
      let bundle = try BundleLoader.load(path: file.path)
      var state = AppState(
        session: Session(title: file.path, bundle: bundle), size: Size(width: 100, height: 30))
      #expect(ScreenRenderer.render(state).text.contains("Dictionary (1 item)"))
      for event in VirtualTerminal.keys("E G") { _ = state.handle(event) }
      let selection = try #require(state.selection)
      #expect(state.session.depth(selection) == depth)
      #expect(state.session.node(selection)?.value.stringValue == "leaf")
      #expect(state.session.keyPath(selection) == DeepDocument.leafPath(depth: depth))
      let bottom = ScreenRenderer.render(state).text
      #expect(bottom.contains("\"leaf\""))
      // The deepest rows are indented from the shallowest on screen, so their keys show.
      #expect(bottom.contains("▾ k"))
      for event in VirtualTerminal.keys("g") { _ = state.handle(event) }
      #expect(state.selection.map { state.session.depth($0) } == 0)
    }
  }

  /// A row's node is found from where the previous lookup left off, and gives what a walk
  /// from the root gives whatever the order of the lookups, across files and after an edit
  /// replaces the files.
  @Test func lookupsFromThePreviousPathGiveWhatAWalkFromTheRootGives() throws {
    let tree = TreeBuilder.dict([
      (
        "a", TreeBuilder.array([TreeBuilder.int(0), TreeBuilder.dict([("b", TreeBuilder.int(1))])])
      ),
      ("c", TreeBuilder.array([TreeBuilder.array([TreeBuilder.string("deep")])])),
    ])
    func walk(_ path: [Int]) -> PlistNode? {
      var node = tree
      for i in path {
        switch node.value {
        case .dictionary(let d) where i < d.entries.count: node = d.entries[i].node
        case .array(let a) where i < a.count: node = a[i]
        default: return nil
        }
      }
      return node
    }
    let lookup = NodeLookup()
    let paths: [[Int]] = [
      [0, 1, 0], [0, 1], [], [1, 0, 0], [1, 0], [0, 0], [0, 0, 0], [0, 1, 0], [5], [1, 0, 0, 0],
      [1, 0, 0], [0],
    ]
    for path in paths + paths.reversed() {
      #expect(lookup.node(file: 0, path: path, root: tree) == walk(path), "\(path)")
    }
    // Another file's root is never walked from this one's nodes.
    let other = TreeBuilder.array([TreeBuilder.string("other")])
    #expect(lookup.node(file: 1, path: [0], root: other)?.value.stringValue == "other")
    #expect(lookup.node(file: 0, path: [1, 0, 0], root: tree)?.value.stringValue == "deep")
  }

  /// The detail pane shows a key path of more than 64 components by its ends and the number
  /// of levels between; shorter ones whole.
  @Test func theDetailPaneShortensOnlyVeryDeepKeyPaths() {
    let shallow = KeyPath([.key("a"), .index(0), .key("b")])
    #expect(DetailPane.shownKeyPath(shallow) == "a[0].b")
    let deep = KeyPath([.key("top")] + Array(repeating: .index(0), count: 98) + [.key("leaf")])
    #expect(
      DetailPane.shownKeyPath(deep)
        == "top" + String(repeating: "[0]", count: 15) + " … 68 more levels … "
        + String(repeating: "[0]", count: 15) + ".leaf")
  }

  /// Revealing a row thousands of levels down from a collapsed tree (f, n, ]c) opens every
  /// row instead of keeping one path per level above it: a tester's 100,000-level file held
  /// about 10 GB and hung.
  @Test func revealingADeepRowFromACollapsedTreeKeepsNoPathPerLevel() throws {
    let folder = try TemporaryFolder("deep-reveal").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("deep.plist")
    let depth = 5_000
    try Data(DeepDocument.bytes(.xml, depth: depth)).write(to: file)
    try LargeStack.run { () throws in
      let bundle = try BundleLoader.load(path: file.path)
      var state = AppState(
        session: Session(title: file.path, bundle: bundle), size: Size(width: 100, height: 30))
      #expect(!state.expansion.allExpanded)
      let leaf = state.session.indexPath(of: DeepDocument.leafPath(depth: depth), in: 0)
      #expect(leaf.count == depth)
      state.select(.node(file: 0, path: leaf), reveal: .center)
      #expect(state.expansion.allExpanded)
      #expect(state.expansion.toggled.count <= 2)
      #expect(
        state.message?.text.hasPrefix("expanded every row to reach one 5000 levels deep") == true)
      #expect(state.visibleRows.contains(.node(file: 0, path: leaf)))
      // A row collapsed above it opens again when it is revealed once more.
      let above = OutlineItem.node(file: 0, path: Array(leaf.prefix(10)))
      state.select(above, reveal: .center)
      _ = state.apply(.toggle)
      #expect(!state.expansion.isExpanded(above))
      state.select(.node(file: 0, path: leaf), reveal: .center)
      #expect(state.expansion.isExpanded(above))
      // A shallow row is still revealed row by row.
      var shallow = AppState(
        session: Session(title: file.path, bundle: bundle), size: Size(width: 100, height: 30))
      shallow.select(.node(file: 0, path: Array(leaf.prefix(20))), reveal: .center)
      #expect(!shallow.expansion.allExpanded)
      #expect(shallow.expansion.isExpanded(.node(file: 0, path: Array(leaf.prefix(19)))))
    }
  }
}
