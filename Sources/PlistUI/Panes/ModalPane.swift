/// Draws whatever modal is open: the line editor and its completions, a pick list, a question,
/// or the review of a save.
package enum ModalPane {
  /// Draws the open modal of `state` over the screen (the status row included).
  package static func draw(_ state: AppState, layout: Layout, on canvas: inout Canvas) {
    guard let modal = state.modal else { return }
    let status = layout.status
    switch modal {
    case .input(let prompt):
      // A reason too long for the prompt's line goes on the row above it, whole.
      let above = drawInput(prompt, in: status, on: &canvas)
      if !prompt.suggestions.isEmpty {
        let lines = prompt.suggestions.enumerated().map { n, s in
          (s.key + (s.name.map { "  " + $0 } ?? ""), n == prompt.choice)
        }
        popup(
          title: "keys from the catalog (Tab picks, Enter takes)", lines: lines, above: above,
          on: &canvas)
      }
    case .choice(let prompt):
      canvas.fill(status, role: .status)
      let typed = prompt.filter.isEmpty ? "type to filter" : "filter: " + prompt.filter
      canvas.put(
        " \(prompt.title) · \(typed) · ↑/↓ move · Enter chooses · Esc cancels", x: status.x,
        y: status.y, role: .statusMessage, limit: status.maxX)
      let visible = prompt.visible
      var lines = visible.map { (prompt.options[$0], $0 == prompt.choice) }
      if lines.isEmpty {
        lines = [
          (
            prompt.acceptsOther
              ? "(not in the list: Enter takes \"\(prompt.filter)\")"
              : "(nothing matches \"\(prompt.filter)\")", false
          )
        ]
      }
      popup(
        title: prompt.title, lines: lines, above: status, on: &canvas,
        focus: visible.firstIndex(of: prompt.choice) ?? 0)
    case .confirm(let prompt):
      drawQuestion(prompt, above: status, on: &canvas)
    case .review(let review):
      drawReview(review, state: state, size: canvas.size, on: &canvas)
      canvas.fill(status, role: .status)
      var x = status.x + 1
      let answers =
        review.quitting.isEmpty
        ? [
          ("y", "write \(review.format == .xml ? "XML" : "binary")"),
          review.format == .xml ? ("b", "binary instead") : ("x", "XML instead"),
          ("j/k", "scroll"), ("Esc", "cancel"),
        ]
        : [("y", "write them and quit"), ("j/k", "scroll"), ("Esc", "cancel")]
      for (key, meaning) in answers {
        x = canvas.put(key, x: x, y: status.y, role: .statusKey, limit: status.maxX)
        x = canvas.put(" \(meaning)  ", x: x, y: status.y, role: .status, limit: status.maxX)
      }
    }
  }

  /// A question and its answer keys on the status row; when they do not fit on one row, they
  /// wrap onto rows above it, so the answer keys always show.
  private static func drawQuestion(
    _ prompt: ConfirmPrompt, above status: Rect, on canvas: inout Canvas
  ) {
    // Units that do not break: each word of the question, each answer ("s save and quit").
    var units: [(parts: [(String, ThemeRole)], gap: Int)] = prompt.question.split(separator: " ")
      .map { ([(String($0), .statusMessage)], 1) }
    for answer in prompt.answers {
      units.append(([(String(answer.key), .statusKey), (" " + answer.meaning, .status)], 2))
    }
    let width = max(1, status.width - 2)
    var rows: [[(String, ThemeRole)]] = [[]]
    var used = 0
    for unit in units {
      let w = unit.parts.reduce(0) { $0 + TextWidth.of($1.0) }
      if used > 0, used + unit.gap + w > width {
        rows.append([])
        used = 0
      } else if used > 0 {
        rows[rows.count - 1].append((String(repeating: " ", count: unit.gap), .status))
        used += unit.gap
      }
      rows[rows.count - 1] += unit.parts
      used += w
    }
    // The last rows win when the screen is too short for all: they hold the answers.
    let shown = rows.suffix(max(1, status.y + 1))
    for (n, row) in shown.enumerated() {
      let y = status.y - (shown.count - 1) + n
      let line = Rect(x: status.x, y: y, width: status.width, height: 1)
      canvas.fill(line, role: .status)
      var x = status.x + 1
      for (text, role) in row { x = canvas.put(text, x: x, y: y, role: role, limit: status.maxX) }
    }
  }

  /// Draws the prompt on `rect`'s row; a refusal that does not fit after the text goes on the
  /// row above, across the screen.
  ///
  /// - Returns: the row the prompt's drawing reaches up to (`rect`, or the row above it).
  @discardableResult
  private static func drawInput(
    _ prompt: InputPrompt, in rect: Rect, on canvas: inout Canvas
  ) -> Rect {
    canvas.fill(rect, role: .status)
    var x = canvas.put(
      " \(prompt.label): ", x: rect.x, y: rect.y, role: .statusKey, limit: rect.maxX)
    let editor = prompt.editor
    // Keep the cursor on screen: show the end of a long text.
    // The typed text keeps at least half the room; the reason gets the rest (cut if need be).
    let free = rect.maxX - x - 1
    let errorWidth = prompt.error.map { TextWidth.of($0) + 3 } ?? 0
    let errorAbove = errorWidth > free / 2 && rect.y > 0
    let room = max(1, free - (errorAbove ? 0 : errorWidth))
    var before = String(editor.characters[..<editor.cursor])
    while TextWidth.of(before) > room - 1, !before.isEmpty { before.removeFirst() }
    let after = String(editor.characters[editor.cursor...])
    x = canvas.put(before, x: x, y: rect.y, role: .input, limit: rect.maxX)
    let under = after.first.map(String.init) ?? " "
    x = canvas.put(under, x: x, y: rect.y, role: .selection, limit: rect.maxX)
    x = canvas.put(String(after.dropFirst()), x: x, y: rect.y, role: .input, limit: rect.maxX)
    guard let error = prompt.error else { return rect }
    guard errorAbove else {
      canvas.put("  " + error, x: x, y: rect.y, role: .statusError, limit: rect.maxX)
      return rect
    }
    let row = Rect(x: rect.x, y: rect.y - 1, width: rect.width, height: 1)
    canvas.fill(row, role: .status)
    canvas.put(" " + error, x: row.x, y: row.y, role: .statusError, limit: row.maxX)
    return row
  }

  /// A box of lines just above `row`, the highlighted one drawn selected.
  private static func popup(
    title: String, lines: [(String, Bool)], above row: Rect, on canvas: inout Canvas,
    focus: Int = 0
  ) {
    let height = min(lines.count, max(1, row.y - 3))
    guard height > 0 else { return }
    // The whole width: nothing of the panes below shows beside the list.
    let box = Rect(x: 0, y: row.y - height - 1, width: canvas.size.width, height: height + 1)
    canvas.fill(box, role: .normal)
    canvas.paneHeader(box.top(1), title: title, focused: true)
    let first = max(0, min(focus - height + 1, lines.count - height))
    for (n, line) in lines.dropFirst(first).prefix(height).enumerated() {
      let y = box.y + 1 + n
      let role: ThemeRole = line.1 ? .selection : .normal
      canvas.fill(Rect(x: box.x, y: y, width: box.width, height: 1), role: role)
      canvas.put(" " + line.0, x: box.x, y: y, role: role, limit: box.maxX)
    }
  }

  private static func drawReview(
    _ review: SaveReview, state: AppState, size: Size, on canvas: inout Canvas
  ) {
    let box = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
    guard box.height > 3 else { return }
    canvas.fill(box, role: .normal)
    let target = review.entry.map { "\($0) in a copy at \(review.path)" } ?? review.path
    if review.quitting.isEmpty {
      canvas.paneHeader(
        box.top(1),
        title: "Save \(target) as "
          + (review.format == .xml ? "XML" : "binary (the diff shows it as XML)"),
        focused: true,
        info: "y writes · \(review.format == .xml ? "b binary" : "x XML") · Esc cancels")
    } else {
      let names = review.quitting.map { state.session.files[$0.file].path }
      let count = review.quitting.count == 1 ? "1 file" : "\(review.quitting.count) files"
      canvas.paneHeader(
        box.top(1), title: "Save \(count), then quit: " + names.joined(separator: ", "),
        focused: true, info: "y writes and quits · Esc cancels")
    }
    var body = box.droppingTop(1)
    if let warning = review.warning {
      // Wrapped whole: the last clause (a copy that replaces a file) matters as much as the
      // first.
      let lines = StyledText.wrap(
        [Span("⚠ " + warning, .warning)], width: body.width - 2, indent: 2)
      for line in lines.prefix(max(1, body.height / 3)) {
        StyledText.draw(line, x: body.x + 1, y: body.y, limit: body.maxX, on: &canvas)
        body = body.droppingTop(1)
      }
    }
    for (n, line) in review.lines.dropFirst(review.scroll).prefix(body.height).enumerated() {
      let role: ThemeRole
      if line.hasPrefix("+++") || line.hasPrefix("---") {
        role = .label
      } else if line.hasPrefix("@@") {
        role = .code
      } else if line.hasPrefix("+") {
        role = .string
      } else if line.hasPrefix("-") {
        role = .error
      } else {
        role = .normal
      }
      canvas.put(" " + expandingTabs(line), x: body.x, y: body.y + n, role: role, limit: body.maxX)
    }
  }

  /// A diff line with tabs turned into spaces up to the next multiple of 4 columns (after the
  /// one-column `+`/`-`/` ` marker), as a pager would show the file.
  static func expandingTabs(_ line: String) -> String {
    guard line.contains("\t") else { return line }
    var out = ""
    var column = -1  // the marker is not part of the file's columns
    for c in line {
      if c == "\t" {
        let spaces = 4 - (column % 4)
        out += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        out.append(c)
        column += 1
      }
    }
    return out
  }
}
