import CNcurses
import PlistUI

/// OSC 8 hyperlinks over the frame ncurses drew.
///
/// ncurses knows nothing of OSC 8 and would count its bytes as characters, so the frame is
/// drawn as always and the linked cells are written again afterwards, straight to the
/// terminal: cursor saved (`ESC 7`), moved (`CUP`), the cells' own style, `ESC ] 8 ; id=… ;
/// URL ESC \`, the same text ncurses drew, `ESC ] 8 ; ; ESC \`, cursor and style restored
/// (`ESC 8`). What ncurses believes is on the screen stays true, so it never redraws because
/// of them. Runs are written only when they appear or when ncurses may have drawn over them
/// (their row changed, the screen was cleared); a row that lost a link is handed back to
/// ncurses to draw whole (`wredrawln`). With links on, ncurses does not shift characters
/// (`idcok` off), which would move a link away from its text.
extension CursesTerminal {
  /// The bytes that end a link: `ESC ] 8 ; ; ESC \`.
  static let hyperlinkClose: [UInt8] = Array("\u{1B}]8;;\u{1B}\\".utf8)

  /// The bytes that start a link to `url` (`ESC ] 8 ; id=ID ; URL ESC \`), or `nil` when
  /// ``Hyperlink/isLinkable(_:)`` refuses it (a control character, `ESC` or BEL among them).
  static func hyperlinkOpen(_ url: String) -> [UInt8]? {
    guard Hyperlink.isLinkable(url) else { return nil }
    return Array("\u{1B}]8;id=\(Hyperlink.id(for: url));\(url)\u{1B}\\".utf8)
  }

  /// What writes `runs` as links over a screen of `size`, cursor and style kept: for each run
  /// the cursor move, `style(role)`, the opening sequence, its text and the closing one.
  ///
  /// A run whose link is refused, or whose text is not one printable ASCII character a column,
  /// is left as ncurses drew it; the bottom-right cell is never written (the terminal could
  /// scroll). Empty when nothing is written.
  static func hyperlinkBytes(
    _ runs: [Hyperlink.Run], size: Size, style: (ThemeRole) -> [UInt8], reset: [UInt8]
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    for run in runs {
      guard run.y >= 0, run.y < size.height, run.x >= 0, run.x < size.width,
        let open = hyperlinkOpen(run.target),
        run.text.utf8.count == run.width, run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
      else { continue }
      var text = Array(run.text.utf8.prefix(size.width - run.x))
      if run.y == size.height - 1, run.x + text.count == size.width { text.removeLast() }
      guard !text.isEmpty else { continue }
      bytes += Array("\u{1B}[\(run.y + 1);\(run.x + 1)H".utf8)
      bytes += style(run.role) + open + text + hyperlinkClose
    }
    guard !bytes.isEmpty else { return [] }
    return Array("\u{1B}7".utf8) + bytes + reset + Array("\u{1B}8".utf8)
  }

  /// The rows of `canvas` that differ from `previous` (every row when there is none or its
  /// size differs).
  static func changedRows(_ canvas: Canvas, since previous: Canvas?) -> Set<Int> {
    let all = Set(0..<canvas.size.height)
    guard let previous, previous.size == canvas.size else { return all }
    let width = canvas.size.width
    return all.filter { y in
      canvas.cells[(y * width)..<((y + 1) * width)]
        != previous.cells[(y * width)..<((y + 1) * width)]
    }
  }

  /// The rows that lose a link from `shown` to `runs`: ncurses must draw them whole, as it
  /// would not rewrite a cell whose text stays the same and the old link would stay on it.
  static func rowsLosingLinks(shown: [Hyperlink.Run], runs: [Hyperlink.Run]) -> Set<Int> {
    Set(shown.filter { !runs.contains($0) }.map(\.y))
  }

  /// The runs of `runs` to write after ncurses drew the frame.
  ///
  /// Those not on the screen yet, and those on a row ncurses drew (its text `changed`, or it
  /// lost a link and was drawn whole), which may have lost their link; nothing when the links
  /// and their rows stay as they were.
  static func runsToWrite(
    shown: [Hyperlink.Run], runs: [Hyperlink.Run], changed: Set<Int>
  ) -> [Hyperlink.Run] {
    let redrawn = rowsLosingLinks(shown: shown, runs: runs).union(changed)
    return runs.filter { !shown.contains($0) || redrawn.contains($0.y) }
  }

  /// Before ncurses draws `canvas`: hands every row that loses a link back to ncurses to draw
  /// whole (``rowsLosingLinks(shown:runs:)``).
  ///
  /// - Returns: the link runs of `canvas` on a screen of `size`.
  func prepareHyperlinks(_ canvas: Canvas, size: Size) -> [Hyperlink.Run] {
    guard hyperlinks else { return [] }
    let runs = canvas.linkRuns(width: size.width, height: size.height)
    let window = cn_stdscr()
    for y in Self.rowsLosingLinks(shown: shownLinks, runs: runs) where y < size.height {
      _ = curses.wredrawln(window, Int32(y), 1)
    }
    return runs
  }

  /// After ncurses drew `canvas`: writes the link runs that are new or that ncurses may have
  /// drawn over (``runsToWrite(shown:runs:changed:)``), and remembers what is on the screen.
  func writeHyperlinks(_ runs: [Hyperlink.Run], canvas: Canvas, size: Size) {
    guard hyperlinks else { return }
    let due = Self.runsToWrite(
      shown: shownLinks, runs: runs, changed: Self.changedRows(canvas, since: linkedCanvas))
    let bytes = Self.hyperlinkBytes(
      due, size: size, style: styleBytes, reset: Self.capability("sgr0") ?? Self.plainStyle)
    if !bytes.isEmpty { Self.writeRaw(bytes, to: fd) }
    shownLinks = runs
    linkedCanvas = canvas
  }

  /// `ESC [ 0 m`, for a terminal whose terminfo entry lacks `sgr0`.
  static let plainStyle: [UInt8] = Array("\u{1B}[0m".utf8)

  /// A terminfo string capability's bytes, or `nil`.
  static func capability(_ name: String) -> [UInt8]? {
    cn_tigetstr(name).map { Array(String(cString: $0).utf8) }
  }

  /// The bytes that draw in `role`'s style as ncurses does (from terminfo): attributes off,
  /// then its colours and attributes.
  func styleBytes(_ role: ThemeRole) -> [UInt8] {
    var bytes = Self.capability("sgr0") ?? Self.plainStyle
    guard let style = roleColors[role] else { return bytes }
    if style.foreground >= 0, let cap = cn_tiparm1("setaf", Int32(style.foreground)) {
      bytes += Array(String(cString: cap).utf8)
    }
    if style.background >= 0, let cap = cn_tiparm1("setab", Int32(style.background)) {
      bytes += Array(String(cString: cap).utf8)
    }
    let names: [(TextAttributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.underline, "smul"), (.reverse, "rev"), (.italic, "sitm"),
    ]
    for (attribute, name) in names where style.attributes.contains(attribute) {
      bytes += Self.capability(name) ?? []
    }
    return bytes
  }
}
