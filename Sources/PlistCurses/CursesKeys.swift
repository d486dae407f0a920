import CNcurses
import PlistUI

/// Decoding of what `wget_wch` returns into ``Key`` and ``MouseEvent`` values.
///
/// Pure functions over the codes, so every table entry is testable without a terminal. Codes
/// with no meaning here give `nil`, and the caller drops them: unknown input is never an error.
enum CursesKeys {
  /// The key for an ncurses key code (`wget_wch` returned `KEY_CODE_YES`); `nil` for codes
  /// handled elsewhere (`KEY_RESIZE`, `KEY_MOUSE`) or unknown.
  static func key(forKeyCode code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_HOME, KEY_A1: return .home
    case KEY_END, KEY_C1: return .end
    case KEY_PPAGE, KEY_A3: return .pageUp
    case KEY_NPAGE, KEY_C3: return .pageDown
    case KEY_BTAB: return .backTab
    case KEY_DC: return .delete
    case KEY_IC: return .insert
    case KEY_BACKSPACE: return .backspace
    case KEY_ENTER: return .enter
    case (KEY_F0 + 1)...(KEY_F0 + 12): return .function(Int(code - KEY_F0))
    default: return nil
    }
  }

  /// The key for a character code (`wget_wch` returned `OK`); `nil` for codes that are not
  /// keys (NUL, the control codes without a letter, invalid scalars).
  ///
  /// 27 gives ``Key/escape``; the caller decides whether a character that follows it makes an
  /// Alt key. Ctrl-H (8) and DEL (127) are both Backspace, as terminals disagree on which one
  /// the key sends; Ctrl-I is Tab and Ctrl-J / Ctrl-M are Enter.
  static func key(forCharacter code: UInt32) -> Key? {
    switch code {
    case 9: return .tab
    case 10, 13: return .enter
    case 8, 127: return .backspace
    case 27: return .escape
    case 1...26:
      guard let scalar = Unicode.Scalar(code + 0x60) else { return nil }
      return .control(Character(scalar))
    case 0..<32, 128..<160: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      if VisibleText.mustEscape(scalar) { return nil }
      return .character(Character(scalar))
    }
  }

  /// The Alt key for a character code that came right after an Esc; `nil` when the code is not
  /// a printable character (the Esc then stands alone).
  static func altKey(forCharacter code: UInt32) -> Key? {
    guard case .character(let c)? = key(forCharacter: code) else { return nil }
    return .alt(c)
  }

  /// The kind of mouse event for an ncurses button state; `nil` for events the program does not
  /// use (releases, motion, other buttons).
  ///
  /// A press of button 1 is a click (the program asks for presses, with `mouseinterval(0)`, so
  /// that clicks are not delayed); ncurses' own click and double-click states are mapped too,
  /// for terminals where it reports them.
  static func mouseKind(forState state: mmask_t) -> MouseEvent.Kind? {
    if state & cn_button4_pressed() != 0 { return .wheelUp }
    if state & cn_button5_pressed() != 0 { return .wheelDown }
    if state & cn_button1_double_clicked() != 0 { return .doubleClick }
    if state & (cn_button1_pressed() | cn_button1_clicked()) != 0 { return .click }
    if state & (cn_button3_pressed() | cn_button3_clicked()) != 0 { return .rightClick }
    return nil
  }
}
