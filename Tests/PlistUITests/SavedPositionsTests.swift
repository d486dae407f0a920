import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import PlistRules
import TestSupport
import Testing

@testable import PlistUI

/// After a save, findings and the detail pane show the lines the file has now (a tester saw
/// `PrivacyInfo.xcprivacy:18` for a key a paste had moved to line 29), and the history still
/// undoes and writes correctly.
@Suite struct SavedPositionsTests {
  static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>Lines</string>
    \t<key>NSCameraUsageDescription</key>
    \t<string></string>
    </dict>
    </plist>

    """

  func finding(_ state: AppState) -> Finding? {
    state.session.findings.first { $0.keyPath.description == "NSCameraUsageDescription" }
  }

  @Test func findingsFollowTheLinesWrittenAndUndoStillWrites() throws {
    let file = try TemporaryFolder("saved-lines").write("Info.plist", Self.text)
    var state = AppState(
      session: Session(title: file, bundle: try BundleLoader.load(path: file)),
      size: Size(width: 120, height: 40))
    #expect(finding(state)?.line == 6)
    // A key added first: two lines above the purpose string once written.
    state.select(.node(file: 0, path: [0]), reveal: .center)
    state.flow.copy(
      CopiedRow(key: "CFBundleName", node: PlistNode(.string("Lines")), name: "CFBundleName"))
    for event in VirtualTerminal.keys("P w y") { _ = Inspector.handle(event, on: &state) }
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.split(separator: "\n")[7] == "\t<key>NSCameraUsageDescription</key>")
    #expect(finding(state)?.line == 8)
    #expect(state.session.documents[0]?.original.text == Array(written.utf8))
    // Undone past the save: the key goes, and the next save writes exactly the file before.
    for event in VirtualTerminal.keys("u w y") { _ = Inspector.handle(event, on: &state) }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.text)
    #expect(finding(state)?.line == 6)
    #expect(!state.session.hasUnsavedChanges)
  }

  @Test func aRebasedDocumentKeepsItsHistoryWithoutPositions() throws {
    let before = try PlistReader.read(bytes: Array(Self.text.utf8))
    var document = Document(before)
    try document.perform(
      "add",
      [
        .insert(parent: [], index: 0, key: "A", node: PlistNode(.boolean(true)), keyLocation: .none)
      ])
    let bytes = try document.bytes(as: .xml)
    let written = try PlistReader.read(bytes: bytes)
    let rebased = document.rebase(onto: written)
    #expect(rebased)
    #expect(document.original.text == bytes)
    #expect(try document.bytes(as: .xml) == bytes)
    #expect(document.canUndo)
    // A tree that is not the one written is refused.
    let refused = !document.rebase(onto: before)
    #expect(refused)
    _ = try document.undo()
    #expect(document.root == before.root)
    #expect(try document.bytes(as: .xml) == Array(Self.text.utf8))
  }
}
