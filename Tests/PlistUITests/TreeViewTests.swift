import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import TestSupport
import Testing

@testable import PlistUI

/// The tree pane's view on its own (issue 14, part 1): selecting opens the rows above,
/// revealing keeps a margin, scrolling keeps the selection on screen, and edits move the
/// expanded rows, the selection and the first row with the nodes they were on.
@Suite struct TreeViewTests {
  /// A single file: a root dictionary of `count` keys `k0`…, each a dictionary holding one
  /// key `inner`.
  func session(_ count: Int) throws -> Session {
    let entries = (0..<count).map {
      "<key>k\($0)</key><dict><key>inner</key><string>v\($0)</string></dict>"
    }
    let text = "<plist version=\"1.0\"><dict>\(entries.joined())</dict></plist>\n"
    let file = try TemporaryFolder("treeview").write("Tree.plist", text)
    return Session(title: file, bundle: try BundleLoader.load(path: file))
  }

  @Test func selectingADeepRowOpensEveryRowAboveIt() throws {
    let session = try session(5)
    var view = TreeView()
    let target = OutlineItem.node(file: 0, path: [3, 0])
    let expandedAll = view.select(target, in: session, rows: 10, reveal: .center)
    #expect(!expandedAll)
    #expect(view.selection == target)
    #expect(view.expansion.isExpanded(.node(file: 0, path: [])))
    #expect(view.expansion.isExpanded(.node(file: 0, path: [3])))
    #expect(!view.expansion.isExpanded(.node(file: 0, path: [2])))
    #expect(view.outline(session).isVisible(target))
  }

  @Test func revealingKeepsAMarginAndScrollingKeepsTheSelectionOnScreen() throws {
    let session = try session(40)
    var view = TreeView()
    view.select(.node(file: 0, path: []), in: session, rows: 10, reveal: .top)
    view.expansion.set(.node(file: 0, path: []), expanded: true)
    // The 20th key, nearest: it lands with the margin below it.
    view.select(.node(file: 0, path: [20]), in: session, rows: 10, reveal: .nearest)
    let rows = view.outline(session).rows(from: view.top!, count: 10)
    #expect(rows.firstIndex(of: .node(file: 0, path: [20])) == 10 - 1 - TreeView.scrollMargin)
    // Ctrl-E three times: the view moves, and the selection stays while it is on screen.
    view.scroll(by: 3, in: session, rows: 10)
    #expect(view.selection == .node(file: 0, path: [20]))
    view.scroll(by: 10, in: session, rows: 10)
    #expect(view.selection == view.top)
    // Collapsing the root hides the selection: reveal climbs to the root.
    view.expansion.set(.node(file: 0, path: []), expanded: false)
    view.reveal(.keep, in: session, rows: 10)
    #expect(view.selection == .node(file: 0, path: []))
  }

  @Test func editsMoveTheViewWithTheNodes() throws {
    let session = try session(5)
    var view = TreeView()
    view.expansion.set(.node(file: 0, path: [3]), expanded: true)
    view.selection = .node(file: 0, path: [4, 0])
    view.top = .node(file: 0, path: [2])
    // A key inserted first: every index below shifts by one.
    view.follow(
      [
        .insert(
          parent: [], index: 0, key: "new", node: PlistNode(.string("x")), keyLocation: .none)
      ], in: 0)
    #expect(view.expansion.isExpanded(.node(file: 0, path: [4])))
    #expect(!view.expansion.isExpanded(.node(file: 0, path: [3])))
    #expect(view.selection == .node(file: 0, path: [5, 0]))
    #expect(view.top == .node(file: 0, path: [3]))
    // The expanded row removed: its expansion goes; the selection below it moves up.
    view.follow([.remove(at: [4])], in: 0)
    #expect(view.expansion.toggled.isEmpty)
    #expect(view.selection == .node(file: 0, path: [4, 0]))
    // Another file's edits leave this one alone; a file read again keeps rows by place.
    view.follow([.remove(at: [0])], in: 1)
    view.follow(nil, in: 0)
    #expect(view.selection == .node(file: 0, path: [4, 0]))
  }
}
