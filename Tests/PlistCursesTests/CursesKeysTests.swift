import CNcurses
import PlistUI
import Testing

@testable import PlistCurses

@Suite struct CursesKeysTests {
  @Test(arguments: [
    (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
    (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
    (KEY_BTAB, .backTab), (KEY_DC, .delete), (KEY_IC, .insert), (KEY_BACKSPACE, .backspace),
    (KEY_ENTER, .enter), (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)),
  ])
  func decodesKeyCodes(code: Int32, key: Key) {
    #expect(CursesKeys.key(forKeyCode: code) == key)
  }

  @Test(arguments: [KEY_F0 + 13, KEY_RESIZE, KEY_MOUSE, Int32(0x7FFF), -1])
  func dropsUnknownKeyCodes(code: Int32) {
    #expect(CursesKeys.key(forKeyCode: code) == nil)
  }

  @Test(arguments: [
    (UInt32(9), Key.tab), (10, .enter), (13, .enter), (8, .backspace), (127, .backspace),
    (27, .escape), (1, .control("a")), (4, .control("d")), (21, .control("u")),
    (26, .control("z")), (32, .character(" ")), (106, .character("j")),
    (0xE9, .character("é")), (0x65E5, .character("日")),
  ])
  func decodesCharacters(code: UInt32, key: Key) {
    #expect(CursesKeys.key(forCharacter: code) == key)
  }

  @Test(arguments: [UInt32(0), 28, 31, 0x85, 0x9B, 0x202E, 0xD800, 0x110000, UInt32.max])
  func dropsControlsAndInvalidScalars(code: UInt32) {
    #expect(CursesKeys.key(forCharacter: code) == nil)
  }

  @Test func altNeedsAPrintableCharacter() {
    #expect(CursesKeys.altKey(forCharacter: 120) == .alt("x"))
    #expect(CursesKeys.altKey(forCharacter: 27) == nil)
    #expect(CursesKeys.altKey(forCharacter: 13) == nil)
  }

  @Test func decodesMouseButtons() {
    #expect(CursesKeys.mouseKind(forState: cn_button1_pressed()) == .click)
    #expect(CursesKeys.mouseKind(forState: cn_button1_double_clicked()) == .doubleClick)
    #expect(CursesKeys.mouseKind(forState: cn_button3_pressed()) == .rightClick)
    #expect(CursesKeys.mouseKind(forState: cn_button4_pressed()) == .wheelUp)
    #expect(CursesKeys.mouseKind(forState: cn_button5_pressed()) == .wheelDown)
    #expect(CursesKeys.mouseKind(forState: cn_button1_released()) == nil)
    #expect(CursesKeys.mouseKind(forState: 0) == nil)
  }
}
