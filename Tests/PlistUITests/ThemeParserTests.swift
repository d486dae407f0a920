import Foundation
import Testing

@testable import PlistUI

/// The theme files in the repository's `Themes/` folder, found from this file's path.
enum ThemeFiles {
  /// `<package root>/Themes`.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Themes")

  /// The names of the `.theme` files, sorted.
  static var names: [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return entries.filter { $0.hasSuffix(".theme") }.map { String($0.dropLast(6)) }.sorted()
  }

  /// The parsed theme `name`, and the roles its file styles itself.
  static func load(_ name: String) throws -> (theme: Theme, roles: Set<ThemeRole>) {
    let url = folder.appendingPathComponent(name + ".theme")
    let bytes = [UInt8](try Data(contentsOf: url))
    let theme = try ThemeParser.parse(bytes, file: url.path)
    // Parsing over an empty base shows which roles the file names itself.
    let own = try ThemeParser.parse(
      bytes, file: url.path, base: Theme(name: "", minimumColors: 0, styles: [:]))
    return (theme, Set(own.styles.keys))
  }
}

@Suite struct ThemeParserTests {
  // MARK: The files in Themes/

  @Test func themesFolderHoldsTheFiveThemes() {
    #expect(
      ThemeFiles.names == ["dark", "default", "high-contrast", "light", "monochrome"])
  }

  @Test(arguments: ThemeFiles.names)
  func everyThemeFileStylesEveryRoleAndIsNamedAfterItsFile(name: String) throws {
    let (theme, roles) = try ThemeFiles.load(name)
    #expect(theme.name == name)
    #expect(roles == Set(ThemeRole.allCases))
    #expect(theme.minimumColors >= theme.requiredColors)
  }

  @Test(arguments: ThemeFiles.names)
  func everyThemeKeepsKeyRolesApart(name: String) throws {
    let theme = try ThemeFiles.load(name).theme
    let apart: [(ThemeRole, ThemeRole)] = [
      (.normal, .selection), (.selection, .selectionInactive), (.selection, .match),
      (.normal, .match), (.error, .warning), (.warning, .note), (.error, .note),
      (.normal, .error), (.normal, .warning), (.paneTitle, .paneTitleFocused),
      (.normal, .title), (.normal, .status), (.title, .titleError), (.title, .titleWarning),
      (.status, .statusError), (.normal, .escape), (.key, .string), (.normal, .input),
    ]
    for (a, b) in apart {
      #expect(theme.style(a) != theme.style(b), "\(name): \(a.rawValue) looks like \(b.rawValue)")
    }
  }

  /// The selection replaces a row's own styles, so it must show text on its own: the
  /// terminal's own colours, or a background of its own with a different foreground; and the
  /// active selection must show as a bar (a background or reverse video) even on blank cells.
  @Test(arguments: ThemeFiles.names)
  func selectionIsReadableOnItsOwn(name: String) throws {
    let theme = try ThemeFiles.load(name).theme
    for role in [ThemeRole.selection, .selectionInactive, .match] {
      let style = theme.style(role)
      let terminalColours = style.foreground == .default && style.background == .default
      let ownColours = style.background != .default && style.foreground != style.background
      #expect(terminalColours || ownColours, "\(name): \(role.rawValue)")
    }
    let selection = theme.style(.selection)
    #expect(selection.background != .default || selection.attributes.contains(.reverse))
  }

  @Test func defaultFileEqualsTheBuiltInDefault() throws {
    let (theme, _) = try ThemeFiles.load("default")
    #expect(theme.name == Theme.builtInDefault.name)
    #expect(theme.minimumColors == Theme.builtInDefault.minimumColors)
    #expect(Set(theme.styles.keys) == Set(Theme.builtInDefault.styles.keys))
    for role in ThemeRole.allCases {
      #expect(theme.style(role) == Theme.builtInDefault.style(role), "\(role.rawValue)")
    }
  }

  @Test func monochromeFileEqualsTheBuiltInMonochromeAndUsesNoColour() throws {
    let (theme, _) = try ThemeFiles.load("monochrome")
    #expect(theme.name == "monochrome")
    #expect(theme.minimumColors == 0)
    #expect(Set(Theme.builtInMonochrome.styles.keys) == Set(ThemeRole.allCases))
    for role in ThemeRole.allCases {
      #expect(theme.style(role) == Theme.builtInMonochrome.style(role), "\(role.rawValue)")
      #expect(theme.style(role).foreground == .default, "\(role.rawValue)")
      #expect(theme.style(role).background == .default, "\(role.rawValue)")
    }
  }

  @Test func themesDeclareTheColoursTheyNeed() throws {
    #expect(try ThemeFiles.load("dark").theme.minimumColors == 256)
    #expect(try ThemeFiles.load("light").theme.minimumColors == 256)
    #expect(try ThemeFiles.load("high-contrast").theme.minimumColors == 16)
    #expect(try ThemeFiles.load("default").theme.minimumColors == 8)
    #expect(try ThemeFiles.load("high-contrast").theme.requiredColors == 16)
  }

  @Test(arguments: ThemeFiles.names)
  func writtenThemeReadsBackEqual(name: String) throws {
    let theme = try ThemeFiles.load(name).theme
    #expect(try ThemeParser.parse(theme.fileText(comment: ["a comment"])) == theme)
  }

  // MARK: The format

  @Test func leftOutRolesComeFromTheDefault() throws {
    let theme = try ThemeParser.parse(
      "# name: mine\n\ntree.key  bright-red  default  bold underline\n")
    #expect(theme.name == "mine")
    #expect(theme.style(.key) == TextStyle(.index(9), .default, [.bold, .underline]))
    #expect(theme.minimumColors == 16)
    for role in ThemeRole.allCases where role != .key {
      #expect(theme.style(role) == Theme.builtInDefault.style(role), "\(role.rawValue)")
    }
  }

  @Test func nameComesFromTheFileWithoutAHeader() throws {
    let theme = try ThemeParser.parse("", file: "/home/me/.config/infoscope/themes/ocean.theme")
    #expect(theme.name == "ocean")
    #expect(theme.minimumColors == 8)
    #expect(theme.styles == Theme.builtInDefault.styles)
  }

  @Test func colourSpellingsAreAccepted() throws {
    let theme = try ThemeParser.parse(
      """
      tree.key        Bright-Magenta   default
      value.string    grey             0
      value.number    gray             255
      value.date      007              white    BOLD  Italic
      """)
    #expect(theme.style(.key) == TextStyle(.index(13), .default))
    #expect(theme.style(.string) == TextStyle(.index(8), .index(0)))
    #expect(theme.style(.number) == TextStyle(.index(8), .index(255)))
    #expect(theme.style(.date) == TextStyle(.index(7), .index(7), [.bold, .italic]))
    #expect(theme.minimumColors == 256)
  }

  @Test func toleratesByteOrderMarkCRLFTabsAndTrailingComments() throws {
    let text = "\u{FEFF}# name: crlf\r\n\ttree.key\tred\tdefault\tbold # keys in red\r\n\r\n"
    let theme = try ThemeParser.parse(text)
    #expect(theme.name == "crlf")
    #expect(theme.style(.key) == TextStyle(.index(1), .default, .bold))
  }

  @Test func headersAfterTheFirstRoleAreOrdinaryComments() throws {
    let theme = try ThemeParser.parse("tree.key red default\n# min-colors: lots\n# name: x y\n")
    #expect(theme.name == "custom")
    #expect(theme.minimumColors == 8)
  }

  @Test func minimumColoursZeroWithEveryRoleStyledIsMonochrome() throws {
    let text = Theme.builtInMonochrome.fileText()
    let theme = try ThemeParser.parse(text)
    #expect(theme == Theme.builtInMonochrome)
  }

  // MARK: Errors

  /// A file with one mistake, and where and what the error must say.
  struct Mistake: Sendable, CustomTestStringConvertible {
    var text: String
    var kind: ThemeError.Kind
    var line: Int
    var column: Int
    var mentions: String
    var testDescription: String { "\(kind)@\(line):\(column)" }
  }

  static let mistakes: [Mistake] = [
    Mistake(
      text: "normal default default\ntree.kye cyan default\n", kind: .unknownRole, line: 2,
      column: 1, mentions: "did you mean tree.key?"),
    Mistake(
      text: "  frobnicate red default", kind: .unknownRole, line: 1, column: 3,
      mentions: "expected a role such as tree.key"),
    Mistake(
      text: "tree.key  cyna default", kind: .unknownColor, line: 1, column: 11,
      mentions: "did you mean cyan?"),
    Mistake(
      text: "tree.key red pink", kind: .unknownColor, line: 1, column: 14,
      mentions: "a number from 0 to 255"),
    Mistake(
      text: "tree.key 256 default", kind: .unknownColor, line: 1, column: 10,
      mentions: "out of range"),
    Mistake(
      text: "tree.key -1 default", kind: .unknownColor, line: 1, column: 10,
      mentions: "unknown colour '-1'"),
    Mistake(
      text: "tree.key cyan default bold blod", kind: .unknownAttribute, line: 1, column: 28,
      mentions: "did you mean bold?"),
    Mistake(
      text: "tree.key\tcyan\tdefault\tblinking", kind: .unknownAttribute, line: 1, column: 23,
      mentions: "bold, dim, underline, reverse or italic"),
    Mistake(
      text: "# a theme\ntree.key", kind: .missingField, line: 2, column: 9,
      mentions: "expected a foreground colour"),
    Mistake(
      text: "tree.key   cyan   # no background", kind: .missingField, line: 1, column: 16,
      mentions: "expected a background colour"),
    Mistake(
      text: "tree.key cyan default\n\ntree.key red default", kind: .duplicateRole, line: 3,
      column: 1, mentions: "already styled on line 1"),
    Mistake(
      text: "tree.key cyan default bold bold", kind: .duplicateAttribute, line: 1, column: 28,
      mentions: "bold is given twice"),
    Mistake(
      text: "# min-colors: lots", kind: .badHeader, line: 1, column: 15,
      mentions: "from 0 to 256"),
    Mistake(
      text: "# min-colors: 1000", kind: .badHeader, line: 1, column: 15,
      mentions: "from 0 to 256"),
    Mistake(
      text: "#name:   my theme", kind: .badHeader, line: 1, column: 10,
      mentions: "letters, digits"),
    Mistake(
      text: "# name: a\n# name: b", kind: .badHeader, line: 2, column: 9,
      mentions: "already given on line 1"),
    Mistake(
      text: "# min-colors: 16\ntree.key 208 default", kind: .needsMoreColors, line: 2,
      column: 10, mentions: "raise min-colors or pick a colour below 16"),
    Mistake(
      text: "# min-colors: 0\ntree.key red default", kind: .needsMoreColors, line: 2,
      column: 10, mentions: "may use only default"),
    Mistake(
      text: "# name: partial\n# min-colors: 0\nnormal default default", kind: .needsMoreColors,
      line: 2, column: 15, mentions: "first: title"),
  ]

  @Test(arguments: mistakes)
  func mistakeIsReportedWhereItIs(mistake: Mistake) throws {
    let error = try #require(throws: ThemeError.self) {
      try ThemeParser.parse(mistake.text, file: "t.theme")
    }
    #expect(error.kind == mistake.kind)
    #expect(error.line == mistake.line)
    #expect(error.column == mistake.column)
    #expect(error.message.contains(mistake.mentions), "\(error.message)")
    #expect(error.description.hasPrefix("t.theme:\(mistake.line):\(mistake.column): error: "))
    #expect(!error.message.hasSuffix("."))
  }

  @Test func invalidUTF8NamesItsLineAndColumn() throws {
    let bytes = Array("# fine\ntree.key c".utf8) + [0xFF] + Array("an default\n".utf8)
    let error = try #require(throws: ThemeError.self) {
      try ThemeParser.parse(bytes, file: "bad.theme")
    }
    #expect(error.kind == .encoding)
    #expect(error.line == 2)
    #expect(error.column == 11)
  }

  @Test func oversizedFileIsRefusedBeforeParsing() throws {
    let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: ThemeParser.maximumBytes + 1)
    let error = try #require(throws: ThemeError.self) {
      try ThemeParser.parse(bytes, file: "huge.theme")
    }
    #expect(error.kind == .tooLarge)
    #expect(
      error.description
        == "huge.theme: error: the file has 65537 bytes, more than the 65536 a theme may have")
    // Exactly the limit is fine.
    let theme = try ThemeParser.parse(Array(bytes.dropLast()))
    #expect(theme.styles == Theme.builtInDefault.styles)
  }

  @Test func hostileWordsAreEscapedInMessages() throws {
    let error = try #require(throws: ThemeError.self) {
      try ThemeParser.parse("\u{1B}]52;c;aGk=\u{07}\u{202E} red default")
    }
    #expect(error.kind == .unknownRole)
    #expect(error.message.contains(#"\e]52;c;aGk=\u{7}\u{202E}"#))
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
  }

  @Test func arbitraryBytesNeverTrap() {
    // A cheap stand-in for the fuzz target: every prefix of a mixed input, every byte value.
    let seed =
      Array(Theme.builtInDefault.fileText().utf8.prefix(400))
      + [0x00, 0xC0, 0x80, 0xF5, 0xED, 0xA0, 0x80, 0x09, 0x0D, 0x23]
    var parsed = 0
    for end in seed.indices {
      if (try? ThemeParser.parse(Array(seed[...end]))) != nil { parsed += 1 }
    }
    for byte in UInt8.min...UInt8.max {
      _ = try? ThemeParser.parse([byte, 0x20, byte, 0x0A, byte])
    }
    #expect(parsed > 0)
  }
}

/// Foreground against the background a light theme assumes (white), by WCAG's contrast ratio.
@Suite struct LightThemeContrastTests {
  /// The sRGB of xterm's 256-colour palette entry `n` (16…255; the 16 system colours vary by
  /// terminal and are not used for this check).
  static func rgb(_ n: Int) -> (Double, Double, Double) {
    if n >= 232 {
      let v = Double(8 + 10 * (n - 232))
      return (v, v, v)
    }
    let levels: [Double] = [0, 95, 135, 175, 215, 255]
    let i = n - 16
    return (levels[i / 36], levels[i / 6 % 6], levels[i % 6])
  }

  static func luminance(_ c: (Double, Double, Double)) -> Double {
    func channel(_ v: Double) -> Double {
      let s = v / 255
      return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
  }

  /// The fold marks (and the other dim text of the tree) read at 3:1 or more on white; the
  /// fold marks were 250, about 1.9:1.
  @Test func foldMarksAndDimTextAreReadableOnWhite() throws {
    let theme = try ThemeFiles.load("light").theme
    for role in [ThemeRole.guide, .type, .index] {
      guard case .index(let n) = theme.style(role).foreground, n >= 16 else {
        Issue.record("\(role.rawValue) is not a palette colour")
        continue
      }
      let ratio = 1.05 / (Self.luminance(Self.rgb(Int(n))) + 0.05)
      #expect(ratio >= 3, "\(role.rawValue): \(n) is \(ratio):1 on white")
    }
  }
}
