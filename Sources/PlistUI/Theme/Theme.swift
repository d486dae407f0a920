/// A terminal colour: the terminal's default, one of the 16 named colours, or an index into the
/// 256-colour palette.
package enum ThemeColor: Sendable, Hashable, CustomStringConvertible {
  /// The terminal's own foreground or background.
  case `default`
  /// A palette index, 0…255 (0…7 are the basic colours, 8…15 their bright forms).
  case index(UInt8)

  /// The 16 names theme files may use, in palette order.
  package static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
    "bright-magenta", "bright-cyan", "bright-white",
  ]

  /// Parses `default`, a name from ``names`` (also `gray`/`grey` for bright black), or `0`…`255`.
  package init?(name: String) {
    let lower = name.lowercased()
    if lower == "default" {
      self = .default
    } else if lower == "gray" || lower == "grey" {
      self = .index(8)
    } else if let i = Self.names.firstIndex(of: lower) {
      self = .index(UInt8(i))
    } else if let n = UInt8(lower) {
      self = .index(n)
    } else {
      return nil
    }
  }

  /// The name a theme file would use.
  package var description: String {
    switch self {
    case .default: "default"
    case .index(let i): i < 16 ? Self.names[Int(i)] : String(i)
    }
  }
}

/// Text attributes a role may carry, as a bit set.
package struct TextAttributes: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (or bright).
  package static let bold = TextAttributes(rawValue: 1)
  /// Dim.
  package static let dim = TextAttributes(rawValue: 2)
  /// Underlined.
  package static let underline = TextAttributes(rawValue: 4)
  /// Foreground and background swapped.
  package static let reverse = TextAttributes(rawValue: 8)
  /// Italic, where the terminal has it.
  package static let italic = TextAttributes(rawValue: 16)

  /// Names as theme files write them, in a fixed order.
  package static let named: [(String, TextAttributes)] = [
    ("bold", .bold), ("dim", .dim), ("underline", .underline), ("reverse", .reverse),
    ("italic", .italic),
  ]
}

/// A complete mapping from every ``ThemeRole`` to a ``TextStyle``.
///
/// Themes are data: files in `Themes/` read by ``ThemeParser``, each inheriting what it leaves
/// out from the built-in default (``Theme/builtInDefault``).
package struct Theme: Sendable, Hashable {
  /// The theme's name (`default`, `dark`).
  package var name: String
  /// The fewest colours the terminal must show for this theme; with fewer, the monochrome
  /// theme is used instead.
  package var minimumColors: Int
  /// The style of every role; roles missing here draw as ``ThemeRole/normal``.
  package var styles: [ThemeRole: TextStyle]

  /// Creates a theme.
  package init(name: String, minimumColors: Int, styles: [ThemeRole: TextStyle]) {
    self.name = name
    self.minimumColors = minimumColors
    self.styles = styles
  }

  /// The style for `role`.
  package func style(_ role: ThemeRole) -> TextStyle {
    styles[role] ?? styles[.normal] ?? TextStyle()
  }
}
