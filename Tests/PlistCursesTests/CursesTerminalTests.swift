import Glibc
import Testing

@testable import PlistCurses

@Suite struct CursesTerminalTests {
  /// Appends one cell the way ``CursesTerminal/present(_:)`` does and returns the scalars.
  ///
  /// `wcwidth` needs a UTF-8 locale, as ``CursesTerminal`` sets one when it starts.
  private func cell(_ text: String, width: Int) -> [UInt32] {
    CursesTerminal.useUTF8Locale()
    var run: [wchar_t] = []
    CursesTerminal.append(text, width: width, to: &run)
    return run.map { UInt32(bitPattern: $0) }
  }

  @Test func keepsNarrowAndWideCharactersAsTheyAre() {
    #expect(cell("a", width: 1) == [0x61])
    #expect(cell("日", width: 2) == [0x65E5])
  }

  @Test func keepsCombiningMarksWithTheirBase() {
    #expect(cell("e\u{301}", width: 1) == [0x65, 0x301])
  }

  @Test func padsACharacterTheCLibraryDrawsNarrower() {
    // The canvas gave "a" two columns; ncurses would draw one, so a space keeps the row aligned.
    #expect(cell("a", width: 2) == [0x61, 0x20])
  }

  @Test func replacesACharacterTheCLibraryDrawsWider() {
    #expect(cell("日", width: 1) == [0xFFFD])
  }

  @Test func cutsAJoinedSequenceToItsColumns() {
    // Man, zero-width joiner, woman: drawn as one two-column cell, never four columns.
    let scalars = cell("\u{1F468}\u{200D}\u{1F469}", width: 2)
    #expect(scalars.first == 0x1F468)
    #expect(!scalars.contains(0x1F469))
  }
}
