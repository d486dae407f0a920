import PlistBundle
import PlistRules

/// The top row: what is open, its platforms, built or source, and the counts of findings.
package enum TitleBar {
  /// Draws the title bar of `state` into `rect` (one row).
  package static func draw(_ state: AppState, in rect: Rect, on canvas: inout Canvas) {
    canvas.fill(rect, role: .title)
    let session = state.session
    let bundle = session.bundle
    var parts = ["infoscope", session.title]
    let platforms = bundle.platforms.map(\.rawValue)
    if !platforms.isEmpty { parts.append(platforms.joined(separator: ", ")) }
    if bundle.inputKind != .file { parts.append(bundle.isBuilt ? "built" : "source") }
    // Counts on the right, the description on the left, cut first.
    var counts: [(String, ThemeRole)] = []
    // Below 100 columns the counts go without their words, so the title keeps some room.
    let compact = rect.width < 100
    let unsaved = session.unsavedFiles.count
    if unsaved > 0 {
      counts.append((compact ? "[+]\(unsaved)" : "[+] \(unsaved) unsaved", .titleWarning))
    }
    for severity in [Severity.error, .warning, .note] {
      let n = session.counts[severity] ?? 0
      let word = n == 1 ? severity.rawValue : severity.rawValue + "s"
      let text =
        compact ? "\(Marker.glyph(severity)) \(n)" : "\(Marker.glyph(severity)) \(n) \(word)"
      counts.append((text, role(severity, n)))
    }
    let countsWidth = counts.reduce(0) { $0 + TextWidth.of($1.0) + 2 }
    let room = rect.width - countsWidth - 1
    if room > 10 {
      canvas.put(
        " " + parts.joined(separator: " · "), x: rect.x, y: rect.y, role: .title,
        limit: rect.x + room)
      var x = rect.maxX - countsWidth
      for (text, role) in counts {
        x = canvas.put(text, x: x, y: rect.y, role: role, limit: rect.maxX)
        x = canvas.put("  ", x: x, y: rect.y, role: .title, limit: rect.maxX)
      }
    } else {
      var x = canvas.put(" ", x: rect.x, y: rect.y, role: .title)
      for (text, role) in counts {
        x = canvas.put(text, x: x, y: rect.y, role: role, limit: rect.maxX)
        x = canvas.put(" ", x: x, y: rect.y, role: .title, limit: rect.maxX)
      }
    }
  }

  private static func role(_ severity: Severity, _ n: Int) -> ThemeRole {
    guard n > 0 else { return .title }
    switch severity {
    case .error: return .titleError
    case .warning: return .titleWarning
    case .note: return .titleNote
    }
  }
}
