/// Reads theme files: line-oriented text that gives each ``ThemeRole`` its colours and
/// attributes.
///
/// The format (like tig's `color` lines):
///
/// ```
/// # name: dark
/// # min-colors: 256
/// # role              foreground  background  attributes…
/// tree.key            110         default     bold
/// finding.error       red         default     bold underline   # a trailing comment
/// ```
///
/// - Fields are separated by spaces or tabs; a word starting with `#` starts a comment that runs
///   to the end of the line. Lines may end in LF or CRLF; a leading UTF-8 byte-order mark is
///   skipped.
/// - Comment lines before the first role line may carry the headers `name:` (letters, digits,
///   `-`, `_`, `.`) and `min-colors:` (0–256). Without `name:` the theme takes its file's name;
///   without `min-colors:` it needs as many colours as its highest colour index asks for (0, 8,
///   16 or 256).
/// - A colour is `default` (the terminal's own), one of ``ThemeColor/names`` (or `gray`/`grey`),
///   or a palette index `0`…`255`. With a `min-colors:` header every index must be below it.
/// - Attributes are `bold`, `dim`, `underline`, `reverse` and `italic`.
/// - Roles the file leaves out are inherited from `base` (the built-in default theme).
///
/// Anything else is an error naming the line and column and what was expected. Input is
/// bounded by ``maximumBytes`` and any byte sequence gives a theme or a ``ThemeError``, never a
/// trap.
package enum ThemeParser {
  /// The largest theme file accepted, in bytes (64 KiB; a full theme is about 3 KiB).
  package static let maximumBytes = 64 * 1024

  /// Parses theme-file text.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The path or name shown in errors; its base name (without `.theme`) names a theme
  ///     that has no `name:` header.
  ///   - base: The theme that supplies every role the file leaves out.
  /// - Returns: A theme styling every role `base` styles, and every role the file names.
  /// - Throws: ``ThemeError`` with the line and column of the first mistake.
  package static func parse(
    _ text: String, file: String? = nil, base: Theme = .builtInDefault
  ) throws(ThemeError) -> Theme {
    try parse(Array(text.utf8), file: file, base: base)
  }

  /// Parses the bytes of a theme file, which must be UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents, at most ``maximumBytes``.
  ///   - file: The path or name shown in errors; its base name (without `.theme`) names a theme
  ///     that has no `name:` header.
  ///   - base: The theme that supplies every role the file leaves out.
  /// - Returns: A theme styling every role `base` styles, and every role the file names.
  /// - Throws: ``ThemeError`` with the line and column of the first mistake.
  package static func parse(
    _ bytes: [UInt8], file: String? = nil, base: Theme = .builtInDefault
  ) throws(ThemeError) -> Theme {
    guard bytes.count <= maximumBytes else {
      throw ThemeError(
        .tooLarge,
        "the file has \(bytes.count) bytes, more than the \(maximumBytes) a theme may have",
        file: file)
    }
    var reader = Reader(file: file)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let lines = bytes[start...].split(separator: 0x0A, omittingEmptySubsequences: false)
    for (number, rawLine) in zip(1..., lines) {
      var line = rawLine
      if line.last == 0x0D { line = line.dropLast() }
      try reader.read(line: line, number: number)
    }
    return try reader.theme(base: base)
  }

  /// Whether `name` can name a theme: 1 to 64 ASCII letters, digits, `-`, `_` and `.`.
  package static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
          UInt8(ascii: "."):
          true
        default: false
        }
      }
  }
}

/// One whitespace-separated word of a line and the 1-based byte column where it starts.
private struct Word {
  var text: String
  var column: Int
}

/// The parser's state across the lines of one file.
private struct Reader {
  let file: String?
  /// The `name:` header and its line.
  var name: (value: String, line: Int)?
  /// The `min-colors:` header, its line and the column of its value.
  var minimumColors: (value: Int, line: Int, column: Int)?
  /// Styles the file gives.
  var styles: [ThemeRole: TextStyle] = [:]
  /// The line that styled each role, for duplicate-role errors.
  var lines: [ThemeRole: Int] = [:]

  init(file: String?) { self.file = file }

  /// Every role by its name in files.
  static let roles = Dictionary(uniqueKeysWithValues: ThemeRole.allCases.map { ($0.rawValue, $0) })

  /// An error at `line`, `column` of this file.
  func error(_ kind: ThemeError.Kind, _ message: String, _ line: Int, _ column: Int) -> ThemeError {
    ThemeError(kind, message, file: file, line: line, column: column)
  }

  /// Reads one line (without its line ending).
  mutating func read(line: ArraySlice<UInt8>, number: Int) throws(ThemeError) {
    try validate(line, number: number)
    // Separators and `#` are ASCII, so the line splits on bytes; columns count bytes from 1.
    var words: [Word] = []
    var commentColumn: Int?
    var wordStart: Int?
    for index in line.indices {
      let byte = line[index]
      if byte == 0x20 || byte == 0x09 {
        if let start = wordStart {
          words.append(word(line[start..<index], column: start - line.startIndex + 1))
          wordStart = nil
        }
      } else if wordStart == nil, byte == UInt8(ascii: "#") {
        commentColumn = index - line.startIndex + 1
        break
      } else if wordStart == nil {
        wordStart = index
      }
    }
    if commentColumn == nil, let start = wordStart {
      words.append(word(line[start...], column: start - line.startIndex + 1))
    }
    guard let last = words.last else {
      if let commentColumn, lines.isEmpty {
        try readHeader(line, hashColumn: commentColumn, number: number)
      }
      return
    }
    try readRole(words, end: last.column + last.text.utf8.count, number: number)
  }

  /// A word of already validated UTF-8.
  func word(_ bytes: ArraySlice<UInt8>, column: Int) -> Word {
    Word(text: String(decoding: bytes, as: UTF8.self), column: column)
  }

  /// Throws an encoding error at the first byte of `line` that is not valid UTF-8.
  func validate(_ line: ArraySlice<UInt8>, number: Int) throws(ThemeError) {
    guard line.contains(where: { $0 >= 0x80 }) else { return }
    var iterator = line.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return
      case .error:
        throw error(
          .encoding, "the line is not valid UTF-8; save the theme as UTF-8 text", number,
          offset + 1)
      }
    }
  }

  /// Reads `# name: …` and `# min-colors: …` from a comment line; other comments are ignored.
  mutating func readHeader(
    _ line: ArraySlice<UInt8>, hashColumn: Int, number: Int
  ) throws(ThemeError) {
    let utf8 = Array(line)
    let body = utf8[hashColumn...]  // after the `#`
    guard let colon = body.firstIndex(of: UInt8(ascii: ":")) else { return }
    let key = String(decoding: body[..<colon], as: UTF8.self).trimmingSpaces
    guard key == "name" || key == "min-colors" else { return }
    var valueStart = colon + 1
    while valueStart < utf8.count, utf8[valueStart] == 0x20 || utf8[valueStart] == 0x09 {
      valueStart += 1
    }
    let value = String(decoding: utf8[valueStart...], as: UTF8.self).trimmingSpaces
    let column = valueStart + 1
    if key == "name" {
      if let name {
        throw error(.badHeader, "the name is already given on line \(name.line)", number, column)
      }
      guard ThemeParser.isValidName(value) else {
        throw error(
          .badHeader,
          "the theme name '\(ThemeError.quoted(value))' may use only letters, digits, "
            + "'-', '_' and '.'", number, column)
      }
      name = (value, number)
    } else {
      if let minimumColors {
        throw error(
          .badHeader, "min-colors is already given on line \(minimumColors.line)", number, column)
      }
      guard value.utf8.count <= 3, value.utf8.allSatisfy(\.isASCIIDigit), let count = Int(value),
        count <= 256
      else {
        throw error(
          .badHeader,
          "min-colors '\(ThemeError.quoted(value))' should be a number of colours from 0 to 256",
          number, column)
      }
      minimumColors = (count, number, column)
    }
  }

  /// Reads `role foreground background attributes…`.
  mutating func readRole(_ words: [Word], end: Int, number: Int) throws(ThemeError) {
    let roleWord = words[0]
    guard let role = Self.roles[roleWord.text] else {
      let names = ThemeRole.allCases.map(\.rawValue)
      throw error(
        .unknownRole,
        "unknown role '\(ThemeError.quoted(roleWord.text))'; "
          + Suggestion.hint(for: roleWord.text, among: names, otherwise: "a role such as tree.key"),
        number, roleWord.column)
    }
    if let first = lines[role] {
      throw error(
        .duplicateRole,
        "the role \(role.rawValue) is already styled on line \(first); give each role once",
        number, roleWord.column)
    }
    guard words.count >= 2 else {
      throw error(
        .missingField, "expected a foreground colour after the role \(role.rawValue)", number, end)
    }
    let foreground = try color(words[1], number: number)
    guard words.count >= 3 else {
      throw error(
        .missingField,
        "expected a background colour after the foreground \(words[1].text)", number, end)
    }
    let background = try color(words[2], number: number)
    var attributes: TextAttributes = []
    for word in words.dropFirst(3) {
      let lower = word.text.lowercased()
      guard let attribute = TextAttributes.named.first(where: { $0.0 == lower })?.1 else {
        throw error(
          .unknownAttribute,
          "unknown attribute '\(ThemeError.quoted(word.text))'; "
            + Suggestion.hint(
              for: lower, among: TextAttributes.named.map(\.0),
              otherwise: "bold, dim, underline, reverse or italic"),
          number, word.column)
      }
      guard !attributes.contains(attribute) else {
        throw error(
          .duplicateAttribute, "the attribute \(lower) is given twice", number, word.column)
      }
      attributes.insert(attribute)
    }
    styles[role] = TextStyle(foreground, background, attributes)
    lines[role] = number
  }

  /// One colour word, checked against the `min-colors` header when there is one.
  func color(_ word: Word, number: Int) throws(ThemeError) -> ThemeColor {
    let text = word.text
    let parsed: ThemeColor?
    if text.utf8.allSatisfy(\.isASCIIDigit) {
      guard text.utf8.count <= 3, let value = Int(text), value <= 255 else {
        throw error(
          .unknownColor,
          "the colour \(ThemeError.quoted(text)) is out of range; expected a palette index from 0 "
            + "to 255", number, word.column)
      }
      parsed = .index(UInt8(value))
    } else if text.utf8.allSatisfy({ $0.isASCIILetter || $0 == UInt8(ascii: "-") }) {
      parsed = ThemeColor(name: text)
    } else {
      parsed = nil
    }
    guard let color = parsed else {
      throw error(
        .unknownColor,
        "unknown colour '\(ThemeError.quoted(text))'; "
          + Suggestion.hint(
            for: text.lowercased(), among: ["default", "gray", "grey"] + ThemeColor.names,
            otherwise: "default, a name such as cyan or bright-red, or a number from 0 to 255"),
        number, word.column)
    }
    if let minimumColors, case .index(let index) = color, Int(index) >= minimumColors.value {
      throw error(
        .needsMoreColors,
        minimumColors.value == 0
          ? "this theme says min-colors: 0, so it may use only default; raise min-colors to "
            + "use \(text)"
          : "the colour \(text) needs more than the \(minimumColors.value) colours this theme "
            + "asks for; raise min-colors or pick a colour below \(minimumColors.value)",
        number, word.column)
    }
    return color
  }

  /// The theme: `base` with the file's styles laid over it.
  func theme(base: Theme) throws(ThemeError) -> Theme {
    var merged = base.styles
    for (role, style) in styles { merged[role] = style }
    if let minimumColors {
      let inherited = ThemeRole.allCases.filter { styles[$0] == nil }
      let tooMany = { (color: ThemeColor) -> Bool in
        if case .index(let index) = color { return Int(index) >= minimumColors.value }
        return false
      }
      if let role = inherited.first(where: { role in
        guard let style = base.styles[role] else { return false }
        return tooMany(style.foreground) || tooMany(style.background)
      }) {
        throw error(
          .needsMoreColors,
          "roles left out inherit colours from the \(base.name) theme that need more than "
            + "min-colors: \(minimumColors.value); style every role (first: \(role.rawValue))",
          minimumColors.line, minimumColors.column)
      }
    }
    let themeName =
      name?.value ?? Self.fileStem(file).flatMap { ThemeParser.isValidName($0) ? $0 : nil }
      ?? "custom"
    var theme = Theme(name: themeName, minimumColors: 0, styles: merged)
    theme.minimumColors = minimumColors?.value ?? theme.requiredColors
    return theme
  }

  /// The last path component of `file` without a `.theme` extension.
  static func fileStem(_ file: String?) -> String? {
    guard let file, let last = file.split(separator: "/").last else { return nil }
    return last.hasSuffix(".theme") ? String(last.dropLast(6)) : String(last)
  }
}

/// Near-miss suggestions for unknown words (an edit distance of 1, or 2 for words of four or
/// more characters).
private enum Suggestion {
  /// `did you mean x?` when one of `candidates` is close to `word`, else `expected <otherwise>`.
  static func hint(for word: String, among candidates: [String], otherwise: String) -> String {
    let chars = Array(word.utf8)
    guard chars.count <= 32 else { return "expected " + otherwise }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(chars, Array(candidate.utf8))
      if distance <= (chars.count >= 4 ? 2 : 1), distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    guard let best else { return "expected " + otherwise }
    return "did you mean \(best.name)?"
  }

  /// Levenshtein distance between two short strings.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(
          Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII digit.
  fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
  /// Whether the byte is an ASCII letter.
  fileprivate var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
