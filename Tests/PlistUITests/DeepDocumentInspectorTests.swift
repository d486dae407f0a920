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
