/// Word wrapping of styled lines to a width in columns, after making the text safe.
package enum StyledText {
  /// Characters after which a word without spaces (a URL, a key path) may break.
  static let separators: Set<Character> = ["/", ".", ",", "-", "_", "~", "?", "&", "=", "#", ":"]

  /// Wraps one logical line into screen lines of at most `width` columns, breaking after
  /// spaces where possible, else after a separator (`/`, `.`, `-`, …), else inside a
  /// camel-case word, and anywhere as a last resort.
  ///
  /// `indent` columns start every continuation
  /// line.
  package static func wrap(_ spans: [Span], width: Int, indent: Int = 0) -> [[Span]] {
    guard width > 0 else { return [] }
    var cells: [(Character, ThemeRole, Int)] = []
    for span in spans {
      for segment in VisibleText.segments(of: span.text) {
        let role = segment.isEscape ? ThemeRole.escape : span.role
        for c in segment.text {
          let w = TextWidth.of(c)
          if w > 0 { cells.append((c, role, w)) }
        }
      }
    }
    var lines: [[Span]] = []
    var start = 0
    var first = true
    while start < cells.count || lines.isEmpty {
      let room = first ? width : max(1, width - indent)
      var used = 0
      var end = start
      var lastBreak: Int?
      // Without a space: after a separator of a URL or key path, else inside a camel-case
      // word (before `Upside` in `…PortraitUpsideDown`).
      var separatorBreak: Int?
      var caseBreak: Int?
      while end < cells.count, used + cells[end].2 <= room {
        used += cells[end].2
        // A break inside the first line's label column would leave the label alone.
        let breakable = !first || used > indent
        let c = cells[end].0
        if c == " ", breakable { lastBreak = end + 1 }
        if breakable, Self.separators.contains(c) { separatorBreak = end + 1 }
        if breakable, end > start, c.isUppercase, cells[end - 1].0.isLowercase { caseBreak = end }
        end += 1
      }
      if end < cells.count {
        if let lastBreak, lastBreak > start {
          end = lastBreak
        } else if let separatorBreak, separatorBreak > start {
          end = separatorBreak
        } else if let caseBreak, caseBreak > start {
          end = caseBreak
        }
      }
      if end == start, start < cells.count { end = start + 1 }  // a character wider than room
      var line: [Span] = first || indent == 0 ? [] : [Span(String(repeating: " ", count: indent))]
      for cell in cells[start..<end] {
        if let last = line.last, last.role == cell.1 {
          line[line.count - 1].text.append(cell.0)
        } else {
          line.append(Span(String(cell.0), cell.1))
        }
      }
      lines.append(line)
      start = end
      first = false
      // Drop the spaces a break leaves at the start of the next line.
      while start < cells.count, cells[start].0 == " " { start += 1 }
      if start >= cells.count { break }
    }
    return lines
  }

  /// Draws one screen line of spans from column `x`, never past `limit`.
  package static func draw(
    _ line: [Span], x: Int, y: Int, limit: Int, on canvas: inout Canvas,
    override role: ThemeRole? = nil
  ) {
    var column = x
    for span in line {
      column = canvas.put(span.text, x: column, y: y, role: role ?? span.role, limit: limit)
    }
  }
}
