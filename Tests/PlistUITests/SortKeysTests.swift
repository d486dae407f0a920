import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// `S` shows dictionaries sorted by key, for viewing only (issue 14, part 2): moves, siblings,
/// first and last rows follow the sorted order, index paths still name the entries where the
/// file has them, and a save never reorders the file.
@Suite struct SortKeysTests {
  static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>b</key>
      <string>2</string>
      <key>A</key>
      <dict>
        <key>z</key>
        <true/>
        <key>y</key>
        <array>
          <string>second</string>
          <string>first</string>
        </array>
      </dict>
      <key>c</key>
      <string>3</string>
      <key>a</key>
      <string>1</string>
      <key>b</key>
      <string>again</string>
    </dict>
    </plist>

    """

  func open() throws -> (String, AppState) {
    let file = try TemporaryFolder("sort").write("Sort.plist", Self.text)
    let state = AppState(
      session: Session(title: file, bundle: try BundleLoader.load(path: file)),
      size: Size(width: 100, height: 30))
    return (file, state)
  }

  func keys(_ state: inout AppState, _ script: String) {
    for event in VirtualTerminal.keys(script) { _ = Inspector.handle(event, on: &state) }
  }

  /// The visible rows' labels, below the file's row.
  func labels(_ state: AppState) -> [String] {
    state.visibleRows.dropFirst().map { item in
      guard let key = state.session.key(item) else {
        return "[\(state.session.siblingIndex(item))]"
      }
      return key
    }
  }

  @Test func rowsFollowTheSortedOrderAndTheFileKeepsItsOwn() throws {
    var (file, state) = try open()
    keys(&state, "E")
    #expect(labels(state) == ["b", "A", "z", "y", "[0]", "[1]", "c", "a", "b"])
    keys(&state, "S")
    #expect(state.message?.text.hasPrefix("keys sorted A to Z in the view") == true)
    // Uppercase before lowercase (Unicode order); a key written twice keeps its file order;
    // an array's items are never sorted.
    #expect(labels(state) == ["A", "y", "[0]", "[1]", "z", "a", "b", "b", "c"])
    // j walks the shown order; G is the last row shown; J and K step over siblings as shown.
    keys(&state, "g j")
    #expect(state.session.key(state.selection!) == "A")
    #expect(state.selection == .node(file: 0, path: [1]))
    keys(&state, "J")
    #expect(state.selection == .node(file: 0, path: [3]))  // a
    keys(&state, "J J")
    #expect(state.selection == .node(file: 0, path: [4]))  // the second b
    keys(&state, "K")
    #expect(state.selection == .node(file: 0, path: [0]))  // the first b
    keys(&state, "G")
    #expect(state.selection == .node(file: 0, path: [2]))  // c
    keys(&state, "k")
    #expect(state.selection == .node(file: 0, path: [4]))
    keys(&state, "k")
    #expect(state.selection == .node(file: 0, path: [0]))
    // l on an open dictionary goes to its first key as shown.
    state.select(.node(file: 0, path: [1]), reveal: .center)
    keys(&state, "l")
    #expect(state.selection == .node(file: 0, path: [1, 1]))  // y
    // An edit while sorted: the renamed row moves to its new place, the file keeps the order.
    state.select(.node(file: 0, path: [3]), reveal: .center)
    keys(&state, "r Ctrl-U d Enter")
    #expect(labels(state) == ["A", "y", "[0]", "[1]", "z", "b", "b", "c", "d"])
    #expect(state.selection == .node(file: 0, path: [3]))
    keys(&state, "w y")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written == Self.text.replacingOccurrences(of: "<key>a</key>", with: "<key>d</key>"))
    // S again: file order.
    keys(&state, "S")
    #expect(state.message?.text == "keys in file order")
    #expect(labels(state) == ["b", "A", "z", "y", "[0]", "[1]", "c", "d", "b"])
  }

  @Test func theShownNeighboursOfAnEntryAreFoundInOnePass() {
    let dictionary = PlistDictionary(
      ["m", "B", "a", "B", "z"].map { PlistEntry(key: $0, node: PlistNode(.boolean(true))) })
    // Shown: B(1) B(3) a(2) m(0) z(4).
    #expect(Outline.shown(in: dictionary, after: nil) == 1)
    #expect(Outline.shown(in: dictionary, after: 1) == 3)
    #expect(Outline.shown(in: dictionary, after: 3) == 2)
    #expect(Outline.shown(in: dictionary, after: 4) == nil)
    #expect(Outline.shown(in: dictionary, before: nil) == 4)
    #expect(Outline.shown(in: dictionary, before: 2) == 3)
    #expect(Outline.shown(in: dictionary, before: 1) == nil)
    #expect(Outline.shown(in: PlistDictionary([]), after: nil) == nil)
  }
}
