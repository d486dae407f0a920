/// The help overlay, generated from the command table and the keymap, so it cannot drift from
/// what the keys do.
package enum HelpPane {
  /// The help text as styled lines: a heading per command group, then `keys  what` per command.
  package static func lines(_ keymap: Keymap) -> [[Span]] {
    var lines: [[Span]] = []
    for group in Command.groups {
      if !lines.isEmpty { lines.append([]) }
      lines.append([Span(group, .helpGroup)])
      for command in Command.allCases where command.group == group {
        var keys = keymap.keys(for: command)
        for context in KeyContext.allCases where context != .global {
          for key in keymap.keys(for: command, in: context) where !keys.contains(key) {
            keys.append(key)
          }
        }
        guard !keys.isEmpty else { continue }
        let keyText = keys.map(\.description).joined(separator: " ")
        lines.append([
          Span(
            "  " + keyText.padding(toLength: max(18, keyText.count), withPad: " ", startingAt: 0),
            .helpKey),
          Span("  " + command.help),
        ])
      }
    }
    lines.append([])
    lines.append([
      Span("A count before a move repeats it (5j). Esc or any other key closes.", .label)
    ])
    return lines
  }

  /// Draws the overlay over everything between the title and status bars.
  package static func draw(_ state: AppState, on canvas: inout Canvas) {
    let size = canvas.size
    // The whole body, between the title and status bars: nothing shows through.
    let box = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
    guard box.width > 10, box.height > 3 else { return }
    canvas.fill(box, role: .normal)
    canvas.paneHeader(box.top(1), title: "Keys", focused: true, info: "Esc closes")
    let body = box.droppingTop(1).droppingLeft(1)
    var screen: [[Span]] = []
    for line in lines(state.keymap) {
      screen += StyledText.wrap(line, width: body.width - 1, indent: 22)
    }
    let first = min(state.helpScroll ?? 0, max(0, screen.count - body.height))
    for (n, line) in screen.dropFirst(first).prefix(body.height).enumerated() {
      StyledText.draw(line, x: body.x, y: body.y + n, limit: body.maxX, on: &canvas)
    }
  }
}
