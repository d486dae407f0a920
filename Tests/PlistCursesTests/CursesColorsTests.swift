import PlistUI
import Testing

@testable import PlistCurses

@Suite struct CursesColorsTests {
  @Test(arguments: [
    (ThemeColor.index(9), 8, Int16(1), true),
    (ThemeColor.index(15), 8, Int16(7), true),
    (ThemeColor.index(9), 16, Int16(9), false),
    (ThemeColor.index(3), 8, Int16(3), false),
    (ThemeColor.index(196), 256, Int16(196), false),
    (ThemeColor.index(196), 16, Int16(9), false),
    (ThemeColor.index(196), 8, Int16(1), false),
    (ThemeColor.index(21), 8, Int16(4), false),
    (ThemeColor.index(255), 8, Int16(7), false),
    (ThemeColor.default, 8, Int16(-1), false),
  ])
  func foldsColorsTheTerminalLacks(
    color: ThemeColor, colorCount: Int, number: Int16, brightened: Bool
  ) {
    let folded = CursesColors.fold(color, colorCount: colorCount, hasDefault: true)
    #expect(folded.number == number)
    #expect(folded.brightened == brightened)
  }

  @Test func sharesOnePairPerDistinctColourCombination() {
    let theme = Theme(
      name: "t", minimumColors: 8,
      styles: [
        .normal: TextStyle(),
        .key: TextStyle(.index(6)),
        .note: TextStyle(.index(6), .default, .bold),
        .selection: TextStyle(.index(0), .index(6)),
      ])
    let colors = CursesColors(theme: theme, colorCount: 8, pairLimit: 64, hasDefaultColors: true)
    #expect(
      colors.pairs == [.init(foreground: 6, background: -1), .init(foreground: 0, background: 6)])
    #expect(colors.style(.key) == .init(pair: 1, attributes: []))
    #expect(colors.style(.note) == .init(pair: 1, attributes: .bold))
    #expect(colors.style(.selection) == .init(pair: 2, attributes: []))
    #expect(colors.style(.normal) == .init(pair: 0, attributes: []))
  }

  @Test func foldedBrightForegroundGainsBold() {
    let theme = Theme(name: "t", minimumColors: 16, styles: [.error: TextStyle(.index(9))])
    let colors = CursesColors(theme: theme, colorCount: 8, pairLimit: 64, hasDefaultColors: true)
    #expect(colors.style(.error) == .init(pair: 1, attributes: .bold))
    #expect(colors.pairs == [.init(foreground: 1, background: -1)])
  }

  @Test func withoutColoursKeepsAttributesAndReversesBackgrounds() {
    let colors = CursesColors(
      theme: .builtInDefault, colorCount: 0, pairLimit: 0, hasDefaultColors: false)
    #expect(colors.pairs.isEmpty)
    #expect(colors.style(.selection) == .init(pair: 0, attributes: .reverse))
    #expect(colors.style(.error) == .init(pair: 0, attributes: .bold))
    #expect(colors.style(.string) == .init(pair: 0, attributes: []))
  }

  @Test func withoutDefaultColoursUsesWhiteOnBlack() {
    let theme = Theme(name: "t", minimumColors: 8, styles: [.key: TextStyle(.index(6))])
    let colors = CursesColors(theme: theme, colorCount: 8, pairLimit: 64, hasDefaultColors: false)
    #expect(
      colors.pairs == [.init(foreground: 7, background: 0), .init(foreground: 6, background: 0)])
    #expect(colors.style(.key).pair == 2)
  }

  @Test func rolesBeyondThePairLimitFallBackToPairZero() {
    let theme = Theme(
      name: "t", minimumColors: 8,
      styles: [.key: TextStyle(.index(1)), .string: TextStyle(.index(2), .default, .bold)])
    let colors = CursesColors(theme: theme, colorCount: 8, pairLimit: 2, hasDefaultColors: true)
    #expect(colors.pairs.count == 1)
    let styles = [colors.style(.key), colors.style(.string)]
    #expect(styles.filter { $0.pair == 0 }.count == 1)
    #expect(colors.style(.string).attributes == .bold)
  }
}
