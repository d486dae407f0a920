/// Word wrapping of styled lines to a width in columns, after making the text safe.
package enum StyledText {
  /// Characters after which a word without spaces (a URL, a key path, a `file:line` place) may
  /// break.
  static let separators: Set<Character> = ["/", ".", ",", "-", "_", "~", "?", "&", "=", "#", ":"]

  /// Characters before which such a word may break: the `[` of an array index in a key path
  /// (`CFBundleURLTypes` / `[0].CFBundleURLSchemes`).
  static let leadingSeparators: Set<Character> = ["["]

  /// One column-measured character of a line being wrapped.
  private struct Glyph {
    var character: Character
    var role: ThemeRole
    var width: Int
    var link: String?
    /// Part of a visible escape (`\e`, `\u{202E}`), which is never broken.
    var isEscape: Bool
    /// Inside double quotes (a quoted key in a key path, `"example.com"`), whose separators
    /// are not breaks.
    var isQuoted = false
  }

  /// Wraps one logical line into screen lines of at most `width` columns, breaking after
  /// spaces where possible, else at a separator of a URL, key path or place (after `/`, `.`,
  /// `-`, `?`, `&`, `=`, `#`, `_`, `:`, before `[`), else inside a camel-case word, and
  /// anywhere only for a piece longer than the line.
  ///
  /// `indent` columns start every continuation line. Text is made safe first (``VisibleText``);
  /// an escape is never split, and neither is a quoted key or a `\.` (an escaped dot) in a key
  /// path. Each piece of a linked span keeps its link.
  package static func wrap(_ spans: [Span], width: Int, indent: Int = 0) -> [[Span]] {
    guard width > 0 else { return [] }
    var cells: [Glyph] = []
    for span in spans {
      for segment in VisibleText.segments(of: span.text) {
        let role = segment.isEscape ? ThemeRole.escape : span.role
        for c in segment.text {
          let w = TextWidth.of(c)
          if w > 0 {
            cells.append(
              Glyph(character: c, role: role, width: w, link: span.link, isEscape: segment.isEscape)
            )
          }
        }
      }
    }
    var quoted = false
    for n in cells.indices where !cells[n].isEscape {
      if cells[n].character == "\"", n == 0 || cells[n - 1].character != "\\" {
        quoted.toggle()
      } else {
        cells[n].isQuoted = quoted
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
      // Without a space: at a separator of a URL or key path, else inside a camel-case word
      // (before `Upside` in `…PortraitUpsideDown`).
      var separatorBreak: Int?
      var caseBreak: Int?
      while end < cells.count, used + cells[end].width <= room {
        used += cells[end].width
        // A break inside the first line's label column would leave the label alone.
        let breakable = (!first || used > indent) && !cells[end].isEscape
        let c = cells[end].character
        if c == " ", breakable { lastBreak = end + 1 }
        if breakable, !cells[end].isQuoted, Self.separators.contains(c), end + 1 < cells.count,
          !(c == "." && end > start && cells[end - 1].character == "\\")
        {
          separatorBreak = end + 1
        }
        if breakable, !cells[end].isQuoted, end > start, Self.leadingSeparators.contains(c) {
          separatorBreak = end
        }
        if breakable, end > start, c.isUppercase, cells[end - 1].character.isLowercase {
          caseBreak = end
        }
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
        if let last = line.last, last.role == cell.role, last.link == cell.link {
          line[line.count - 1].text.append(cell.character)
        } else {
          line.append(Span(String(cell.character), cell.role, link: cell.link))
        }
      }
      lines.append(line)
      start = end
      first = false
      // Drop the spaces a break leaves at the start of the next line.
      while start < cells.count, cells[start].character == " " { start += 1 }
      if start >= cells.count { break }
    }
    return lines
  }

  /// Draws one screen line of spans from column `x`, never past `limit`; linked spans keep
  /// their link.
  package static func draw(
    _ line: [Span], x: Int, y: Int, limit: Int, on canvas: inout Canvas,
    override role: ThemeRole? = nil
  ) {
    var column = x
    for span in line {
      column = canvas.put(
        span.text, x: column, y: y, role: role ?? span.role, limit: limit, link: span.link)
    }
  }
}
