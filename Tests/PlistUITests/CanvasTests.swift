import Testing

@testable import PlistUI

@Suite struct CanvasTests {
  @Test func putCutsWithEllipsis() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let end = canvas.put("CFBundleIdentifier", x: 0, y: 0, role: .key)
    #expect(canvas.line(0) == "CFBundleI…")
    #expect(end == 10)
  }

  @Test func wideCharactersTakeTwoColumns() {
    var canvas = Canvas(size: Size(width: 8, height: 1))
    let end = canvas.put("相机ab", x: 0, y: 0, role: .string)
    #expect(end == 6)
    #expect(canvas.line(0) == "相机ab")
    #expect(canvas[x: 1, y: 0].text == "")
    #expect(canvas[x: 4, y: 0].text == "a")
  }

  @Test func wideCharacterThatDoesNotFitLeavesPaddingAndEllipsis() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.put("a相机", x: 0, y: 0, role: .string)
    #expect(canvas.line(0) == "a相…")
    canvas = Canvas(size: Size(width: 3, height: 1))
    canvas.put("a相机", x: 0, y: 0, role: .string)
    #expect(canvas.line(0) == "a …")
  }

  @Test func hostileStringIsDrawnInert() {
    var canvas = Canvas(size: Size(width: 80, height: 1))
    let hostile = "ok\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{202E}evil\u{9B}31m\r\n"
    canvas.put(hostile, x: 0, y: 0, role: .string)
    #expect(canvas.line(0) == #"ok\e]52;c;aGk=\u{7}\e[2J\u{202E}evil\u{9B}31m\r\n"#)
    #expect(
      canvas.cells.allSatisfy { cell in
        !cell.text.unicodeScalars.contains(where: VisibleText.mustEscape)
      })
    #expect(canvas[x: 2, y: 0].role == .escape)
    #expect(canvas[x: 4, y: 0].role == .string)
  }

  @Test func emojiSequencesStayWhole() {
    #expect(TextWidth.of("👨‍👩‍👧") == 2)
    #expect(TextWidth.of("🇺🇿") == 2)
    #expect(TextWidth.of("é") == 1)
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(VisibleText.segments(of: "\u{200B}x").first?.text == #"\u{200B}"#)
  }

  @Test func roleMarkedTextNamesRuns() {
    var canvas = Canvas(size: Size(width: 12, height: 1))
    let x = canvas.put("key", x: 0, y: 0, role: .key)
    canvas.put("true", x: x + 1, y: 0, role: .boolean)
    #expect(canvas.roleMarkedText == "[tree.key]key[normal] [value.boolean]true")
  }
}
