import PlistUI
import Testing

@testable import PlistCurses

/// OSC 8 links over ncurses' frame (`CursesTerminal+Links.swift`): the sequences, the refusal
/// of an unsafe URL, where runs are written, and which rows and runs are written again.
@Suite struct CursesTerminalLinksTests {
  static let page = "https://developer.apple.com/documentation/bundleresources"

  @Test func opensALinkWithAnIDAndClosesIt() throws {
    let open = try #require(CursesTerminal.hyperlinkOpen(Self.page))
    let id = Hyperlink.id(for: Self.page)
    #expect(String(decoding: open, as: UTF8.self) == "\u{1B}]8;id=\(id);\(Self.page)\u{1B}\\")
    #expect(String(decoding: CursesTerminal.hyperlinkClose, as: UTF8.self) == "\u{1B}]8;;\u{1B}\\")
  }

  @Test(arguments: [
    "https://developer.apple.com/a\u{1B}\\b", "https://developer.apple.com/a\u{07}b",
    "https://developer.apple.com/a\u{9C}b", "https://developer.apple.com/a\rb",
    "https://example.com/",
  ])
  func refusesToLinkAnUnsafeURL(_ url: String) {
    #expect(CursesTerminal.hyperlinkOpen(url) == nil)
    let run = Hyperlink.Run(x: 0, y: 0, width: 3, target: url, text: "abc", role: .link)
    let bytes = CursesTerminal.hyperlinkBytes(
      [run], size: Size(width: 10, height: 5), style: { _ in [] }, reset: [])
    #expect(bytes.isEmpty)
  }

  @Test func writesEachRunWhereItStandsAndPutsTheCursorBack() {
    let runs = [
      Hyperlink.Run(x: 2, y: 3, width: 5, target: Self.page, text: "https", role: .link),
      Hyperlink.Run(x: 2, y: 4, width: 3, target: Self.page, text: "://", role: .link),
    ]
    let bytes = CursesTerminal.hyperlinkBytes(
      runs, size: Size(width: 80, height: 24), style: { _ in Array("<S>".utf8) },
      reset: Array("<R>".utf8))
    let open = "\u{1B}]8;id=\(Hyperlink.id(for: Self.page));\(Self.page)\u{1B}\\"
    let close = "\u{1B}]8;;\u{1B}\\"
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\u{1B}7" + "\u{1B}[4;3H<S>" + open + "https" + close + "\u{1B}[5;3H<S>" + open
        + "://" + close + "<R>\u{1B}8")
  }

  @Test func neverWritesTheBottomRightCellOrPastTheEdge() {
    let run = Hyperlink.Run(x: 7, y: 4, width: 5, target: Self.page, text: "https", role: .link)
    let bytes = CursesTerminal.hyperlinkBytes(
      [run], size: Size(width: 10, height: 5), style: { _ in [] }, reset: [])
    // Columns 7 and 8 only: 9 is the bottom-right cell, 10 and 11 are off the screen.
    #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\\ht\u{1B}]8;;\u{1B}\\\u{1B}8"))
  }

  @Test func findsTheRowsThatChanged() {
    var old = Canvas(size: Size(width: 4, height: 3))
    old.put("ab", x: 0, y: 1, role: .normal)
    var new = old
    new.put("x", x: 3, y: 2, role: .normal)
    #expect(CursesTerminal.changedRows(new, since: old) == [2])
    #expect(CursesTerminal.changedRows(new, since: nil) == [0, 1, 2])
    #expect(
      CursesTerminal.changedRows(new, since: Canvas(size: Size(width: 5, height: 3))) == [0, 1, 2])
  }

  @Test func writesLinksOnlyWhenTheyChangeOrTheirRowWasDrawn() {
    func run(_ x: Int, _ y: Int, _ text: String) -> Hyperlink.Run {
      Hyperlink.Run(x: x, y: y, width: text.count, target: Self.page, text: text, role: .link)
    }
    let shown = [run(2, 5, "https://"), run(2, 6, "developer")]
    // The same links, their rows untouched: nothing to write, no row to redraw.
    #expect(CursesTerminal.runsToWrite(shown: shown, runs: shown, changed: [1, 7]) == [])
    #expect(CursesTerminal.rowsLosingLinks(shown: shown, runs: shown) == [])
    // A row ncurses drew again (text beside the link changed): its link is written again.
    #expect(CursesTerminal.runsToWrite(shown: shown, runs: shown, changed: [6]) == [shown[1]])
    // Scrolled up a row: both old rows are drawn whole, every new run is written.
    let scrolled = [run(2, 4, "https://"), run(2, 5, "developer")]
    #expect(CursesTerminal.rowsLosingLinks(shown: shown, runs: scrolled) == [5, 6])
    #expect(CursesTerminal.runsToWrite(shown: shown, runs: scrolled, changed: []) == scrolled)
    // Gone (another key selected): the rows are drawn whole, nothing is written.
    #expect(CursesTerminal.rowsLosingLinks(shown: shown, runs: []) == [5, 6])
    #expect(CursesTerminal.runsToWrite(shown: shown, runs: [], changed: [5, 6]) == [])
  }
}
