import PlistRules

/// The glyph and role of a severity marker.
///
/// Glyphs differ by severity, so a terminal without
/// colour still tells them apart.
package enum Marker {
  /// `✖` error, `▲` warning, `●` note.
  package static func glyph(_ severity: Severity) -> String {
    switch severity {
    case .error: "✖"
    case .warning: "▲"
    case .note: "●"
    }
  }

  /// The role a severity draws in.
  package static func role(_ severity: Severity) -> ThemeRole {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .note: .note
    }
  }
}

extension Canvas {
  /// Draws a pane's header row: its title, then a rule to the edge.
  package mutating func paneHeader(_ rect: Rect, title: String, focused: Bool, info: String = "") {
    guard rect.height > 0 else { return }
    fill(rect.top(1), role: .border)
    var x = rect.x
    for _ in 0..<rect.width { x = put("─", x: x, y: rect.y, role: .border, limit: rect.maxX) }
    var column = put(
      " \(title) ", x: rect.x + 1, y: rect.y, role: focused ? .paneTitleFocused : .paneTitle,
      limit: rect.maxX)
    if !info.isEmpty {
      column = put(" \(info) ", x: column + 1, y: rect.y, role: .border, limit: rect.maxX)
    }
  }
}
