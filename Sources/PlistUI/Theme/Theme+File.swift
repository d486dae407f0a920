extension TextStyle {
  /// The fewest colours a terminal must show to draw this style: 0 when both colours are
  /// `default`, else 8, 16 or 256 for the highest palette index used.
  package var requiredColors: Int {
    [foreground, background].map { color in
      switch color {
      case .default: 0
      case .index(let i): i < 8 ? 8 : i < 16 ? 16 : 256
      }
    }.max() ?? 0
  }
}

extension Theme {
  /// The fewest colours a terminal must show to draw every role of this theme (0, 8, 16 or
  /// 256); the parser uses it when a file has no `min-colors:` header.
  package var requiredColors: Int {
    styles.values.map(\.requiredColors).max() ?? 0
  }

  /// The theme written in the theme-file format, one line per role in ``ThemeRole`` order, so
  /// that ``ThemeParser`` reads it back as an equal theme.
  ///
  /// - Parameter comment: Lines put first as `#` comments (a title, what the theme is for).
  /// - Returns: The file's text, ending in a newline.
  package func fileText(comment: [String] = []) -> String {
    var lines = comment.map { $0.isEmpty ? "#" : "# " + $0 }
    if !lines.isEmpty { lines.append("#") }
    lines.append("# name: \(name)")
    lines.append("# min-colors: \(minimumColors)")
    lines.append("")
    lines.append(Self.row("# role", "foreground", "background", "attributes"))
    for role in ThemeRole.allCases {
      let style = style(role)
      let attributes = TextAttributes.named.filter { style.attributes.contains($0.1) }
        .map(\.0).joined(separator: " ")
      lines.append(
        Self.row(
          role.rawValue, style.foreground.description, style.background.description, attributes))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One aligned line of a theme file.
  private static func row(_ role: String, _ fg: String, _ bg: String, _ rest: String) -> String {
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(1, width - text.count))
    }
    let line = pad(role, 21) + pad(fg, 16) + (rest.isEmpty ? bg : pad(bg, 16) + rest)
    return line
  }
}

extension TextStyle: CustomStringConvertible {
  /// The style as a theme file writes it after the role: `cyan default bold underline`.
  package var description: String {
    ([foreground.description, background.description]
      + TextAttributes.named.filter { attributes.contains($0.1) }.map(\.0))
      .joined(separator: " ")
  }
}
