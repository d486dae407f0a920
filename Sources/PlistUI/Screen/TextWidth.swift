import PlistCore

/// Column widths of characters as a terminal draws them, and the visible form of characters a
/// terminal must never receive.
///
/// Widths follow Unicode's East Asian Width (wide and fullwidth = 2) and emoji presentation
/// (2); marks and format characters are 0. The table holds the wide blocks of Unicode 15; a
/// terminal with older tables may draw a rare character one column narrower.
package enum TextWidth {
  /// Wide ranges (East Asian Width W or F), sorted, as closed intervals.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
    0x1AFF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
    0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  /// Whether a scalar lies in a wide range.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x1100 { return false }
    var low = 0
    var high = wide.count - 1
    while low <= high {
      let mid = (low + high) / 2
      if wide[mid].upperBound < v {
        low = mid + 1
      } else if wide[mid].lowerBound > v {
        high = mid - 1
      } else {
        return true
      }
    }
    return false
  }

  /// Whether a scalar draws nothing by itself (a combining mark or format character).
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: true
    default: scalar.value >= 0x1160 && scalar.value <= 0x11FF  // Hangul jamo medial/final
    }
  }

  /// Columns one character (a grapheme cluster) takes: 0, 1 or 2.
  ///
  /// Characters that
  /// ``VisibleText`` escapes are measured in their escaped form by their callers.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
    if isZeroWidth(first) { return 0 }
    if isWide(first) || first.properties.isEmojiPresentation { return 2 }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    if first.properties.isEmoji && scalars.contains(where: { $0.value == 0x200D }) { return 2 }
    return 1
  }

  /// Columns a string takes once drawn (after ``VisibleText`` escaping).
  package static func of(_ text: String) -> Int {
    var total = 0
    for segment in VisibleText.segments(of: text) {
      for c in segment.text { total += of(c) }
    }
    return total
  }
}

/// Turns text from a file into text that is safe to send to a terminal: the inspector's view of
/// the one rule, `VisibleEscaping` in PlistCore, which every command of the command line uses
/// too.
///
/// Control characters (C0, DEL, C1), bidirectional controls, format characters (zero-width
/// space, word joiner, byte-order mark, …), line separators, and a mark with nothing to combine
/// with become visible escapes in Swift's spelling: `\n`, `\t`, `\r`, `\0`, `\e` for ESC,
/// `\u{202E}` for the rest. A hostile string therefore cannot move the cursor, set the title,
/// write the clipboard (OSC 52) or reorder what is drawn. The segments keep the drawing roles:
/// an escape is drawn in the escape colour.
package enum VisibleText {
  /// A run of text, either drawn as is or an escape to draw in the escape role.
  package typealias Segment = VisibleEscaping.Run

  /// Whether a scalar must never reach the terminal as itself, wherever it stands: controls,
  /// bidirectional controls and line separators.
  package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    VisibleEscaping.isAlwaysEscaped(scalar)
  }

  /// The escape for one scalar.
  package static func escape(_ scalar: Unicode.Scalar) -> String {
    VisibleEscaping.escape(scalar)
  }

  /// Splits `text` into plain runs and escapes.
  package static func segments(of text: String) -> [Segment] {
    VisibleEscaping.runs(of: text)
  }
}
