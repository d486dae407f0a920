/// The bottom row: the search prompt while it is open, else a message or the selection's key
/// path, with key hints on the right.
package enum StatusLine {
  /// The hints shown when there is room, as (keys, what).
  static let hints: [(String, String)] = [
    ("?", "help"), ("/", "search"), ("f", "finding"), ("Tab", "pane"), ("y", "copy path"),
    ("q", "quit"),
  ]

  /// Draws the status line of `state` into `rect` (one row).
  package static func draw(_ state: AppState, in rect: Rect, on canvas: inout Canvas) {
    canvas.fill(rect, role: .status)
    if let prompt = state.search.line {
      var x = canvas.put("/", x: rect.x, y: rect.y, role: .statusKey, limit: rect.maxX)
      let before = String(prompt.characters[..<prompt.cursor])
      let after = String(prompt.characters[prompt.cursor...])
      x = canvas.put(before, x: x, y: rect.y, role: .input, limit: rect.maxX)
      // The cursor: a reversed cell (the terminal cursor stays hidden).
      let under = after.first.map(String.init) ?? " "
      x = canvas.put(under, x: x, y: rect.y, role: .selection, limit: rect.maxX)
      canvas.put(String(after.dropFirst()), x: x, y: rect.y, role: .input, limit: rect.maxX)
      return
    }
    // Hints from the right, as many as fit in a third of the row; none while a message shows,
    // so the message (a copied path in three forms, a finding) is read whole.
    var hintText: [(String, String)] = []
    var hintWidth = 0
    for (keys, what) in hints where state.message == nil {
      let w = TextWidth.of(keys) + 1 + TextWidth.of(what) + 2
      if hintWidth + w > rect.width / 3 { break }
      hintText.append((keys, what))
      hintWidth += w
    }
    var x = rect.maxX - hintWidth
    for (keys, what) in hintText {
      x = canvas.put(keys, x: x, y: rect.y, role: .statusKey, limit: rect.maxX)
      x = canvas.put(" " + what + "  ", x: x, y: rect.y, role: .status, limit: rect.maxX)
    }
    let leftLimit = rect.maxX - hintWidth - 1
    if let message = state.message {
      canvas.put(
        " " + message.text, x: rect.x, y: rect.y,
        role: message.isError ? .statusError : .statusMessage, limit: leftLimit)
    } else if state.focus == .findings, let index = state.selectedFinding {
      let finding = state.session.findings[index]
      let text =
        " \(state.findings.cursor + 1)/\(state.findings.sorted.count) "
        + "\(finding.severity.rawValue): \(finding.message)"
      canvas.put(text, x: rect.x, y: rect.y, role: .statusMessage, limit: leftLimit)
    } else if let selection = state.selection {
      var text: String
      switch selection {
      case .branch(let b): text = state.session.branches[b].path
      case .node(let file, let path):
        text = state.session.files[file].path
        if state.session.documents[file]?.isDirty == true { text += " [+]" }
        if !path.isEmpty { text += "  " + state.session.keyPath(selection).description }
      }
      if let count = state.pendingCount { text = "\(count)  " + text }
      canvas.put(" " + text, x: rect.x, y: rect.y, role: .status, limit: leftLimit)
    }
  }
}
