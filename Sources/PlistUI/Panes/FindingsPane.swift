import PlistRules

/// Every finding in a list: severity marker, file and line, message.
///
/// `Enter` goes to the key.
package enum FindingsPane {
  /// Draws the findings pane of `state` into `rect` (header row included).
  package static func draw(_ state: AppState, in rect: Rect, on canvas: inout Canvas) {
    let focused = state.focus == .findings
    let findings = state.session.findings
    // A comparison splits the list: new, unchanged, then OLD's resolved ones (`+`, `=`, `✓`).
    let groups = state.session.comparison?.groups
    var title = "Findings (\(findings.count))"
    if let groups {
      let count = { (group: SessionComparison.FindingGroup) in groups.count { $0 == group } }
      title =
        "Findings +\(count(.new)) new =\(count(.unchanged)) unchanged "
        + "✓\(count(.resolved)) resolved"
      let outside = count(.notCompared)
      if outside > 0 { title += " ·\(outside) not compared" }
    }
    canvas.paneHeader(
      rect, title: title, focused: focused,
      info: findings.isEmpty ? "" : "by \(state.findings.order.rawValue)")
    let body = rect.droppingTop(1)
    guard !body.isEmpty else { return }
    if findings.isEmpty {
      canvas.put(" No findings.", x: body.x, y: body.y, role: .label, limit: body.maxX)
      return
    }
    let order = state.findings.sorted
    for n in 0..<body.height {
      let position = state.findings.top + n
      guard position < order.count else { break }
      let finding = findings[order[position]]
      let y = body.y + n
      let selected = position == state.findings.cursor
      let rowRole: ThemeRole? = selected ? (focused ? .selection : .selectionInactive) : nil
      canvas.fill(Rect(x: body.x, y: y, width: body.width, height: 1), role: rowRole ?? .normal)
      var x = canvas.put(
        " " + Marker.glyph(finding.severity) + " ", x: body.x, y: y,
        role: Marker.role(finding.severity), limit: body.maxX)
      if let group = groups?[order[position]] {
        x = canvas.put(
          group.glyph + " ", x: x, y: y, role: rowRole ?? group.role, limit: body.maxX)
      }
      // The file's last two components: enough to tell the app's Info.plist from an
      // extension's.
      var place = finding.file.split(separator: "/").suffix(2).joined(separator: "/")
      if finding.line > 0 { place += ":\(finding.line)" }
      // At most a third of the row, cut in the middle so the file name and line stay: the
      // message is what the row is for.
      let room = min(TextWidth.of(place), max(26, body.width / 2))
      let name = place.split(separator: "/").last.map(String.init) ?? place
      x = canvas.put(
        place, x: x, y: y, role: rowRole ?? .file, limit: min(body.maxX, x + room),
        keepingEnd: TextWidth.of(name) + 1)
      x = canvas.put("  ", x: x, y: y, role: rowRole ?? .normal, limit: body.maxX)
      var text = finding.message
      if let itms = finding.itms { text += " (\(itms))" }
      canvas.put(text, x: x, y: y, role: rowRole ?? .normal, limit: body.maxX)
    }
  }
}
