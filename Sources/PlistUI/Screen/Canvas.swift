/// One cell of the screen: the character drawn there and the role that styles it.
///
/// A double-width character fills its first cell; the cell to its right holds an empty string
/// (a continuation) and is skipped when drawing.
package struct Cell: Sendable, Hashable {
  /// One character, already made safe by ``VisibleText``; empty for a continuation cell.
  package var text: String
  /// How it is styled.
  package var role: ThemeRole
  /// The address it links to (an OSC 8 hyperlink where the terminal shows them), or `nil`;
  /// only ever a URL ``Hyperlink/isLinkable(_:)`` accepts.
  package var link: String?

  /// Creates a cell.
  package init(_ text: String = " ", _ role: ThemeRole = .normal, link: String? = nil) {
    self.text = text
    self.role = role
    self.link = link
  }

  /// A blank cell.
  package static let blank = Cell()
}

/// An in-memory grid of cells that views draw into; the terminal shows it with
/// ``Terminal/present(_:)``.
///
/// Every way of writing text goes through ``VisibleText``, so no byte from a file can reach the
/// terminal as a control sequence, and double-width characters keep the columns aligned.
package struct Canvas: Sendable, Hashable {
  /// The size in cells.
  package private(set) var size: Size
  /// Cells, row by row.
  package private(set) var cells: [Cell]

  /// A blank canvas.
  package init(size: Size) {
    self.size = size
    self.cells = Array(repeating: .blank, count: size.width * size.height)
  }

  /// The whole canvas as a rectangle.
  package var bounds: Rect { Rect(size) }

  /// The cell at column `x`, row `y`; a blank cell outside the canvas.
  package subscript(x x: Int, y y: Int) -> Cell {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
    return cells[y * size.width + x]
  }

  /// Fills `rect` (clipped to the canvas) with blanks of `role`.
  package mutating func fill(_ rect: Rect, role: ThemeRole = .normal) {
    let x0 = max(0, rect.x)
    let x1 = min(size.width, rect.maxX)
    let y0 = max(0, rect.y)
    let y1 = min(size.height, rect.maxY)
    guard x0 < x1, y0 < y1 else { return }
    for y in y0..<y1 {
      for x in x0..<x1 { cells[y * size.width + x] = Cell(" ", role) }
    }
  }

  /// Sets the role of the cells in `rect` without changing their text.
  package mutating func restyle(_ rect: Rect, role: ThemeRole) {
    let x0 = max(0, rect.x)
    let x1 = min(size.width, rect.maxX)
    let y0 = max(0, rect.y)
    let y1 = min(size.height, rect.maxY)
    guard x0 < x1, y0 < y1 else { return }
    for y in y0..<y1 {
      for x in x0..<x1 { cells[y * size.width + x].role = role }
    }
  }

  /// Draws `text` from column `x` on row `y`, never past column `limit`.
  ///
  /// `limit` is exclusive (the canvas's right edge when `nil`). Text that does not fit is cut
  /// with `…`: at the end, or, with `keepingEnd` columns, in the middle so that its last
  /// `keepingEnd` columns still show (`UISupported…tions~ipad`). Escapes are drawn in
  /// ``ThemeRole/escape`` unless `escapeRole` says otherwise. The cells of the text carry
  /// `link` when ``Hyperlink/isLinkable(_:)`` accepts it (the ellipsis and padding never do).
  ///
  /// - Returns: the column after the last cell written.
  @discardableResult
  package mutating func put(
    _ text: String, x: Int, y: Int, role: ThemeRole, limit: Int? = nil,
    escapeRole: ThemeRole = .escape, keepingEnd: Int = 0, link: String? = nil
  ) -> Int {
    let link = link.flatMap { Hyperlink.isLinkable($0) ? $0 : nil }
    let end = min(limit ?? size.width, size.width)
    guard y >= 0, y < size.height, x < end else { return x }
    // Every cell to draw, measured first, so a cut can keep one column for the ellipsis.
    var glyphs: [(text: Character, role: ThemeRole, width: Int)] = []
    var total = 0
    for segment in VisibleText.segments(of: text) {
      let segmentRole = segment.isEscape ? escapeRole : role
      for c in segment.text {
        let w = TextWidth.of(c)
        if w == 0 { continue }
        glyphs.append((c, segmentRole, w))
        total += w
      }
    }
    let room = end - x
    let cut = total > room
    let usable = cut ? room - 1 : room
    // The tail kept after the ellipsis: whole glyphs, leaving the head half the room or at
    // least 4 columns.
    var tail: ArraySlice<(text: Character, role: ThemeRole, width: Int)> = []
    if cut, keepingEnd > 0 {
      var width = 0
      var start = glyphs.endIndex
      while start > glyphs.startIndex,
        width + glyphs[start - 1].width <= min(keepingEnd, max(usable / 2, usable - 4))
      {
        start -= 1
        width += glyphs[start].width
      }
      tail = glyphs[start...]
    }
    let tailWidth = tail.reduce(0) { $0 + $1.width }
    var column = x
    var used = 0
    func draw(_ glyph: (text: Character, role: ThemeRole, width: Int)) {
      if column >= 0 {
        cells[y * size.width + column] = Cell(String(glyph.text), glyph.role, link: link)
        if glyph.width == 2, column + 1 < size.width {
          cells[y * size.width + column + 1] = Cell("", glyph.role, link: link)
        }
      }
      column += glyph.width
      used += glyph.width
    }
    for glyph in glyphs {
      if used + glyph.width > usable - tailWidth { break }
      draw(glyph)
    }
    if cut {
      // A wide character that did not fit leaves a gap; pad it, then the ellipsis.
      while used < usable - tailWidth {
        if column >= 0 { cells[y * size.width + column] = Cell(" ", role) }
        column += 1
        used += 1
      }
      if column >= 0, column < size.width { cells[y * size.width + column] = Cell("…", role) }
      column += 1
      for glyph in tail { draw(glyph) }
    }
    return column
  }

  /// The text of row `y`, continuation cells skipped, trailing blanks removed.
  package func line(_ y: Int) -> String {
    guard y >= 0, y < size.height else { return "" }
    var text = ""
    for x in 0..<size.width {
      let cell = cells[y * size.width + x]
      text += cell.text
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The whole screen as text, one line per row: what a snapshot test compares.
  package var text: String { (0..<size.height).map(line).joined(separator: "\n") }

  /// The screen with role markers: each run of one role starts with `[role]`, so a snapshot
  /// checks theming without colours (runs of ``ThemeRole/normal`` blanks are left bare).
  package var roleMarkedText: String {
    var lines: [String] = []
    for y in 0..<size.height {
      var text = ""
      var current: ThemeRole? = nil
      for x in 0..<size.width {
        let cell = cells[y * size.width + x]
        if cell.text.isEmpty { continue }
        if cell.role != current {
          if !(cell.role == .normal && cell.text == " " && current == nil) {
            text += "[\(cell.role.rawValue)]"
          }
          current = cell.role
        }
        text += cell.text
      }
      while text.last == " " || text.hasSuffix("[normal]") {
        if text.last == " " { text.removeLast() } else { text.removeLast(8) }
      }
      lines.append(text)
    }
    return lines.joined(separator: "\n")
  }
}
