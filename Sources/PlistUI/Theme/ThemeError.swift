import PlistCore

/// An error reading a theme file or choosing a theme, with where it happened.
///
/// `description` has the form compilers use, `file:line:column: error: message`, leaving out
/// what is unknown, so editors and terminals can jump to the mistake. Columns count UTF-8 bytes
/// from 1, as in ``PlistError``. Words quoted from the file are shown with control characters
/// escaped, so a hostile file cannot reach the terminal through an error message.
package struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, for callers (and tests) that branch on it.
  package enum Kind: String, Sendable, Equatable {
    /// The file is larger than ``ThemeParser/maximumBytes``.
    case tooLarge
    /// A line is not valid UTF-8.
    case encoding
    /// The first word of a line is not a ``ThemeRole``.
    case unknownRole
    /// A colour is not `default`, a colour name or a number 0–255.
    case unknownColor
    /// A word after the two colours is not an attribute.
    case unknownAttribute
    /// A line stops before its foreground or background colour.
    case missingField
    /// A role is styled twice in one file.
    case duplicateRole
    /// An attribute is given twice on one line.
    case duplicateAttribute
    /// A `# name:` or `# min-colors:` header is malformed or repeated.
    case badHeader
    /// A colour needs more colours than the header's `min-colors` promises.
    case needsMoreColors
    /// No theme file or built-in theme has the requested name.
    case unknownTheme
    /// The theme file could not be read (missing, a directory, no permission).
    case unreadable
  }

  /// What went wrong.
  package var kind: Kind
  /// One sentence a person can act on, without a trailing period.
  package var message: String
  /// The file, when known.
  package var file: String?
  /// 1-based line, or 0 when no line applies.
  package var line: Int
  /// 1-based column in UTF-8 bytes, or 0 when no column applies.
  package var column: Int

  /// Creates an error.
  package init(
    _ kind: Kind, _ message: String, file: String? = nil, line: Int = 0, column: Int = 0
  ) {
    self.kind = kind
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column: error: message`, leaving out what is unknown.
  package var description: String {
    var prefix = ""
    if let file {
      prefix = ThemeError.quoted(file, limit: 200)
      if line > 0 { prefix += ":\(line)" }
      if line > 0, column > 0 { prefix += ":\(column)" }
      prefix += ": "
    } else if line > 0 {
      prefix = "<theme>:\(line)" + (column > 0 ? ":\(column)" : "") + ": "
    }
    return prefix + "error: " + message
  }

  /// `text` made safe to print: control characters, bidirectional overrides and other
  /// invisible scalars become escapes by the one rule (`VisibleEscaping.line`), and text past
  /// `limit` characters is cut with `…`.
  package static func quoted(_ text: String, limit: Int = 40) -> String {
    let cut = text.count > limit ? String(text.prefix(limit)) : text
    return VisibleEscaping.line(cut) + (cut.count < text.count ? "…" : "")
  }
}
