/// The help overlay, generated from the command table and the keymap, so it cannot drift from
/// what the keys do.
package enum HelpPane {
  /// The help text as styled lines: a heading per command group, then `keys  what` per command,
  /// groups separated by a blank line, and a closing note.
  package static func lines(_ keymap: Keymap) -> [[Span]] {
    var lines: [[Span]] = []
    for group in groups(keymap) {
      if !lines.isEmpty { lines.append([]) }
      lines += group
    }
    return lines + footer
  }

  /// The closing note.
  static let footer: [[Span]] = [
    [],
    [
      Span(
        "A count before a move repeats it (5j). j/k and PgDn/PgUp scroll this help; any other "
          + "key closes it.", .label)
    ],
  ]

  /// The help per command group: its heading, then one line per command with keys; then
  /// one section per overlay and prompt, with the keys bound there (every key of every
  /// context is in the keymap, so help lists them all).
  package static func groups(_ keymap: Keymap) -> [[[Span]]] {
    var rows: [[(String, [Span])]] = []
    let panes = KeyContext.allCases.filter { !$0.isModal && $0 != .global }
    for group in Command.groups {
      var lines: [(String, [Span])] = [("", [Span(group, .helpGroup)])]
      for command in Command.allCases where command.group == group {
        var keys = keymap.keys(for: command)
        for context in panes {
          for key in keymap.keys(for: command, in: context) where !keys.contains(key) {
            keys.append(key)
          }
        }
        let names = keys.map(\.description) + keymap.sequenceNames(for: command)
        guard !names.isEmpty else { continue }
        lines.append((names.joined(separator: " "), [Span("  " + command.help)]))
      }
      rows.append(lines)
    }
    for context in KeyContext.allCases where context.isModal {
      guard let title = context.title else { continue }
      var lines: [(String, [Span])] = [("", [Span(title, .helpGroup)])]
      for command in Command.allCases {
        let keys = keymap.keys(for: command, in: context)
        guard !keys.isEmpty else { continue }
        lines.append(
          (keys.map(\.description).joined(separator: " "), [Span("  " + command.help(in: context))])
        )
      }
      if lines.count > 1 { rows.append(lines) }
    }
    // One key column, as wide as the longest list of keys.
    let width = rows.joined().map { TextWidth.of($0.0) }.max() ?? 0
    return rows.map { group in
      group.map { keys, rest in
        guard !keys.isEmpty else { return rest }
        let pad = String(repeating: " ", count: width - TextWidth.of(keys))
        return [Span("  " + keys + pad, .helpKey)] + rest
      }
    }
  }

  /// Draws the overlay over everything between the title and status bars, in two columns when
  /// the screen is wide enough.
  package static func draw(_ state: AppState, on canvas: inout Canvas) {
    let size = canvas.size
    // The whole body, between the title and status bars: nothing shows through.
    let box = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
    guard box.width > 10, box.height > 3 else { return }
    canvas.fill(box, role: .normal)
    canvas.paneHeader(box.top(1), title: "Keys", focused: true, info: "j/k scroll · Esc closes")
    let body = box.droppingTop(1).droppingLeft(1)
    let groups = groups(state.keymap)
    var columns: [[[Span]]]
    if body.width >= 100 {
      // Groups fill the left column up to half the lines, the rest go right.
      let total = groups.reduce(0) { $0 + $1.count + 1 }
      var left: [[Span]] = []
      var right: [[Span]] = []
      for group in groups {
        if left.count + group.count <= (total + 1) / 2 || left.isEmpty {
          left += (left.isEmpty ? [] : [[]]) + group
        } else {
          right += (right.isEmpty ? [] : [[]]) + group
        }
      }
      columns = [left + footer, right]
    } else {
      columns = [lines(state.keymap)]
    }
    let columnWidth = body.width / columns.count
    var longest = 0
    var screens: [[[Span]]] = []
    for column in columns {
      var screen: [[Span]] = []
      for line in column {
        let indent = line.count > 1 ? line.first.map { TextWidth.of($0.text) + 2 } ?? 0 : 0
        screen += StyledText.wrap(
          line, width: columnWidth - 2, indent: min(indent, columnWidth / 2))
      }
      longest = max(longest, screen.count)
      screens.append(screen)
    }
    // When the lines do not fit, the last row is kept for the hint, so it covers none.
    let rows = longest > body.height ? body.height - 1 : body.height
    let first = min(state.helpScroll ?? 0, max(0, longest - rows))
    for (c, screen) in screens.enumerated() {
      let x = body.x + c * columnWidth
      for (n, line) in screen.dropFirst(first).prefix(rows).enumerated() {
        StyledText.draw(line, x: x, y: body.y + n, limit: x + columnWidth - 1, on: &canvas)
      }
    }
    if first + rows < longest {
      let more = " more below: j or PgDn "
      canvas.put(more, x: box.maxX - TextWidth.of(more) - 1, y: body.y + rows, role: .statusKey)
    }
  }
}
