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
}
