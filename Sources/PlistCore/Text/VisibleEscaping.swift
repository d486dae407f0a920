/// The one rule for showing text taken from a file: characters that a terminal would obey or
/// that a reader cannot see become visible escapes.
///
/// Escaped, wherever they stand:
/// - C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F), which move
///   the cursor, set the window title or write the clipboard (OSC 52);
/// - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which
///   reorder what is drawn ("Trojan Source", CVE-2021-42574), the line and paragraph
///   separators U+2028 and U+2029, and the interlinear annotation marks U+FFF9–U+FFFB;
/// - every other format character (Unicode general category Cf: U+00AD, U+200B, U+2060–U+2064,
///   U+FEFF, the tag characters, …), which draw nothing, except the joiners U+200C and U+200D
///   inside a character that starts with a non-ASCII scalar (emoji sequences, Arabic and Indic
///   words need them) and the tag characters U+E0020–U+E007F after U+1F3F4 (subdivision
///   flags);
/// - a combining mark with nothing to combine with (the first scalar of a character).
///
/// An escape is Swift's spelling: `\n`, `\t`, `\r`, `\0`, `\e` for ESC, `\u{202E}` for the
/// rest. Escaped text is printable ASCII plus characters that draw as themselves, so escaping
/// it again changes nothing. A backslash is left as it is.
///
/// JSON carries the same characters as `\uXXXX` escapes (`json(_:)`), which decode to the
/// original text: nothing is lost, and nothing invisible reaches a terminal that shows the
/// JSON.
package enum VisibleEscaping {
  /// A run of text: drawn as it is, or an escape (which a terminal view draws in its escape
  /// colour).
  package struct Run: Sendable, Hashable {
    /// The text to draw.
    package var text: String
    /// Whether it stands for invisible or dangerous characters.
    package var isEscape: Bool

    /// Creates a run.
    package init(text: String, isEscape: Bool) {
      self.text = text
      self.isEscape = isEscape
    }
  }

  /// Whether a scalar must never reach a terminal as itself, whatever surrounds it: controls,
  /// bidirectional controls, line and paragraph separators, interlinear annotation marks.
  package static func isAlwaysEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
    switch v {
    case 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFFF9...0xFFFB: return true
    default: return false
    }
  }

  /// Whether a scalar is one that `json(_:)` writes as a `\u` escape: the always-escaped ones
  /// and every format character (Cf).
  package static func isEscapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
    isAlwaysEscaped(scalar) || isFormat(scalar)
  }

  /// Whether a scalar is a format character (Unicode general category Cf).
  static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xAD && scalar.properties.generalCategory == .format
  }

  /// Whether a scalar draws nothing on its own when it starts a character: a combining mark,
  /// or a Hangul medial or final jamo.
  static func needsABase(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x300 { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    default: return scalar.value >= 0x1160 && scalar.value <= 0x11FF
    }
  }

  /// Whether `scalar`, inside a character whose first scalar is `first`, is escaped.
  static func isEscaped(
    _ scalar: Unicode.Scalar, in first: Unicode.Scalar, isFirst: Bool
  )
    -> Bool
  {
    if isAlwaysEscaped(scalar) { return true }
    if isFirst && needsABase(scalar) { return true }
    guard isFormat(scalar) else { return false }
    if isFirst { return true }
    switch scalar.value {
    case 0x200C, 0x200D: return first.value < 0x80
    case 0xE0020...0xE007F: return first.value != 0x1F3F4
    default: return true
    }
  }

  /// The escape for one scalar.
  package static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x0A: "\\n"
    case 0x09: "\\t"
    case 0x0D: "\\r"
    case 0x00: "\\0"
    case 0x1B: "\\e"
    default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }

  /// Splits `text` into runs drawn as they are and escapes.
  ///
  /// - Parameters:
  ///   - text: text from a file.
  ///   - keepingLineBreaks: keep line feeds and tabs as they are (for multi-line text, such as
  ///     a diff or an XML document, where they are the layout); every other character
  ///     follows the rule.
  /// - Returns: the runs, in order; their texts joined are the escaped text.
  package static func runs(of text: String, keepingLineBreaks: Bool = false) -> [Run] {
    if isPlain(text, keepingLineBreaks: keepingLineBreaks) {
      return text.isEmpty ? [] : [Run(text: text, isEscape: false)]
    }
    var result: [Run] = []
    var plain = ""
    func flush() {
      if !plain.isEmpty {
        result.append(Run(text: plain, isEscape: false))
        plain = ""
      }
    }
    for character in text {
      let scalars = character.unicodeScalars
      guard let first = scalars.first else { continue }
      if keepingLineBreaks, character == "\n" || character == "\t" {
        plain.append(character)
        continue
      }
      var index = 0
      var needsEscape = false
      for scalar in scalars {
        if isEscaped(scalar, in: first, isFirst: index == 0) {
          needsEscape = true
          break
        }
        index += 1
      }
      guard needsEscape else {
        plain.append(character)
        continue
      }
      flush()
      // Keep the safe scalars of the character drawable on their own; escape the rest. A
      // combining mark right after an escape has lost its base (it would sit on the escape's
      // last letter), so it is escaped too.
      var escaped = ""
      index = 0
      var afterEscape = false
      for scalar in scalars {
        let escapeIt =
          isEscaped(scalar, in: first, isFirst: index == 0)
          || (afterEscape && needsABase(scalar))
        escaped += escapeIt ? escape(scalar) : String(Character(scalar))
        afterEscape = escapeIt
        index += 1
      }
      result.append(Run(text: escaped, isEscape: true))
    }
    flush()
    return result
  }

  /// `text` on one line with every character the rule names escaped (line breaks included).
  ///
  /// - Parameter text: text from a file: a key, a value, a path, an element name.
  /// - Returns: the text with escapes, safe to print on a terminal.
  package static func line(_ text: String) -> String {
    if isPlain(text, keepingLineBreaks: false) { return text }
    return runs(of: text).map(\.text).joined()
  }

  /// `text` with line feeds and tabs kept and every other character the rule names escaped.
  ///
  /// - Parameter text: multi-line text that quotes a file (a diff, an XML document, a report).
  /// - Returns: the text with escapes, safe to print on a terminal.
  package static func lines(_ text: String) -> String {
    if isPlain(text, keepingLineBreaks: true) { return text }
    // Line by line, so that one line needing the character-level pass does not send a whole
    // report through it. A line feed after anything but a carriage return is a character of
    // its own (Unicode's grapheme rules break on both sides of it), so cutting there changes
    // no character; CR LF stays inside its piece, where both are escaped.
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    func append(_ piece: Substring) {
      let piece = String(piece)
      if isPlain(piece, keepingLineBreaks: true) {
        out += piece
      } else {
        for run in runs(of: piece, keepingLineBreaks: true) { out += run.text }
      }
    }
    let utf8 = text.utf8
    var start = utf8.startIndex
    var previous: UInt8 = 0
    var index = start
    while index != utf8.endIndex {
      let byte = utf8[index]
      let next = utf8.index(after: index)
      if byte == 0x0A && previous != 0x0D {
        append(text[start..<index])
        out += "\n"
        start = next
      }
      previous = byte
      index = next
    }
    append(text[start...])
    return out
  }

  /// JSON text with every scalar `isEscapedInJSON` names written as a `\uXXXX` escape (a
  /// UTF-16 surrogate pair above U+FFFF), as RFC 8259 allows for any character in a string.
  ///
  /// Those scalars can only stand inside strings in JSON (its syntax is ASCII), so the result
  /// is the same JSON value; Foundation's encoder escapes C0 controls but writes DEL, C1
  /// controls, bidirectional controls and format characters as they are.
  ///
  /// - Parameter json: a JSON text.
  /// - Returns: the same JSON with those scalars escaped.
  package static func json(_ json: String) -> String {
    if json.utf8.allSatisfy({ $0 < 0x7F }) { return json }
    var out = ""
    out.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      guard isEscapedInJSON(scalar), scalar.value >= 0x20 || scalar.value == 0x7F else {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }

  /// Whether `text` holds any scalar that a terminal must not receive raw: the always-escaped
  /// ones and format characters, wherever they stand (for tests of output).
  package static func containsUnsafeScalar(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar != "\n" && scalar != "\t" && isEscapedInJSON(scalar)
    }
  }

  /// True when no character of `text` is escaped: every byte is printable ASCII (or, with
  /// `keepingLineBreaks`, a line feed or a tab), and no other scalar is one the rule can name
  /// (an always-escaped scalar, a format character, a combining mark).
  ///
  /// ASCII text is settled byte by byte; only text with other scalars is read scalar by
  /// scalar, and a combining mark sends it to the character-level path even where it has a
  /// base, so this never calls text plain that `runs(of:)` would escape.
  private static func isPlain(_ text: String, keepingLineBreaks: Bool) -> Bool {
    var ascii = true
    for byte in text.utf8 {
      if byte >= 0x20 && byte < 0x7F { continue }
      if keepingLineBreaks && (byte == 0x0A || byte == 0x09) { continue }
      if byte < 0x80 { return false }
      ascii = false
      break
    }
    if ascii { return true }
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v < 0x80 {
        if (v >= 0x20 && v < 0x7F) || (keepingLineBreaks && (v == 0x0A || v == 0x09)) {
          continue
        }
        return false
      }
      if isAlwaysEscaped(scalar) || isFormat(scalar) || needsABase(scalar) { return false }
    }
    return true
  }
}
