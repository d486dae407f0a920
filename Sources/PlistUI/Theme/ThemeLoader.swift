/// Chooses the theme to draw with: from `--theme NAME|PATH`, the environment and the number of
/// colours the terminal shows.
///
/// Pure apart from its ``FileSystem``, which tests replace with a dictionary. Look-up order for
/// a name:
///
/// 1. the user's themes, `$XDG_CONFIG_HOME/infoscope/themes` (or `~/.config/infoscope/themes`);
/// 2. the installed themes, `<prefix>/share/infoscope/themes` where the executable is
///    `<prefix>/bin/infoscope`;
/// 3. the repository's `Themes/` when the executable was built there (`<root>/.build/…`, as
///    with `swift run`);
/// 4. the compiled-in `default` and `monochrome`.
///
/// A name is `NAME` looked up as `NAME.theme` in each folder; a request containing `/` or
/// ending in `.theme` is a path read as it is. The first file found is used, and a broken file
/// is an error, not a reason to look further.
package struct ThemeLoader: Sendable {
  /// What the loader may ask of the file system.
  package struct FileSystem: Sendable {
    /// The contents of the file at a path, reading at most the given number of bytes plus
    /// one (so an oversized file is seen as such), or `nil` when there is no file there.
    package var read: @Sendable (_ path: String, _ limit: Int) throws(ThemeError) -> [UInt8]?
    /// The names of the entries in a folder, or `[]` when it does not exist.
    package var list: @Sendable (_ directory: String) -> [String]

    /// Creates a file system from its two operations.
    package init(
      read: @escaping @Sendable (_ path: String, _ limit: Int) throws(ThemeError) -> [UInt8]?,
      list: @escaping @Sendable (_ directory: String) -> [String]
    ) {
      self.read = read
      self.list = list
    }
  }

  /// The theme chosen, and why another was used when the request could not be honoured.
  package struct Resolution: Sendable, Equatable {
    /// The theme to draw with.
    package var theme: Theme
    /// Why the theme is not the one requested (NO_COLOR, too few colours), for the status line;
    /// `nil` when it is.
    package var note: String?
  }

  /// The names of the built-in themes, which need no file.
  package static let builtInNames = ["default", "monochrome"]

  /// The file system the loader reads.
  package var fileSystem: FileSystem

  /// Creates a loader reading `fileSystem` (the real one unless a test says otherwise).
  package init(fileSystem: FileSystem = .local) {
    self.fileSystem = fileSystem
  }

  /// The theme to draw with.
  ///
  /// `NO_COLOR` set to any non-empty value (https://no-color.org) gives the built-in monochrome
  /// theme whatever was requested, and no theme file is read. Otherwise the requested theme (or
  /// `default` when there is no request) is found as the type's documentation describes, and
  /// if the terminal shows fewer colours than its `min-colors` (0 included), the built-in
  /// monochrome theme is used instead.
  ///
  /// - Parameters:
  ///   - requested: The `--theme` argument: a name or a path; `nil` for the default.
  ///   - environment: The process environment (`NO_COLOR`, `XDG_CONFIG_HOME`, `HOME`).
  ///   - colorCount: How many colours the terminal shows (ncurses' `COLORS`, 0 without
  ///     colour).
  ///   - executablePath: The absolute path of the running executable, to find installed and
  ///     repository themes; `nil` skips them.
  /// - Returns: The theme.
  /// - Throws: ``ThemeError`` when the request names no theme or its file is unreadable or
  ///   malformed.
  package func resolve(
    requested: String?, environment: [String: String], colorCount: Int, executablePath: String?
  ) throws(ThemeError) -> Theme {
    try resolution(
      requested: requested, environment: environment, colorCount: colorCount,
      executablePath: executablePath
    ).theme
  }

  /// The theme to draw with, and a note when it is not the one requested; see
  /// ``resolve(requested:environment:colorCount:executablePath:)``.
  ///
  /// - Throws: ``ThemeError`` when the request names no theme or its file is unreadable or
  ///   malformed.
  package func resolution(
    requested: String?, environment: [String: String], colorCount: Int, executablePath: String?
  ) throws(ThemeError) -> Resolution {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return Resolution(
        theme: .builtInMonochrome, note: "NO_COLOR is set, so the monochrome theme is used")
    }
    let theme = try load(
      requested ?? "default", environment: environment, executablePath: executablePath)
    guard colorCount >= theme.minimumColors else {
      let shown = colorCount <= 0 ? "no colours" : "\(colorCount) colours"
      return Resolution(
        theme: .builtInMonochrome,
        note: "the terminal shows \(shown) and the \(theme.name) theme needs "
          + "\(theme.minimumColors), so the monochrome theme is used")
    }
    return Resolution(theme: theme, note: nil)
  }

  /// The theme a name or path stands for, without regard to the terminal.
  ///
  /// - Parameters:
  ///   - request: A theme name (`dark`) or a path (`./mine.theme`).
  ///   - environment: The process environment (`XDG_CONFIG_HOME`, `HOME`).
  ///   - executablePath: The absolute path of the running executable, or `nil`.
  /// - Returns: The theme, with roles its file leaves out taken from the default.
  /// - Throws: ``ThemeError`` when no theme has that name, or its file is unreadable or
  ///   malformed.
  package func load(
    _ request: String, environment: [String: String], executablePath: String?
  ) throws(ThemeError) -> Theme {
    if Self.isPath(request) {
      guard let bytes = try fileSystem.read(request, ThemeParser.maximumBytes) else {
        throw ThemeError(
          .unreadable, "there is no theme file at \(ThemeError.quoted(request, limit: 200))")
      }
      return try ThemeParser.parse(bytes, file: request)
    }
    if ThemeParser.isValidName(request) {
      for directory in searchDirectories(environment: environment, executablePath: executablePath) {
        let path = directory + "/" + request + ".theme"
        if let bytes = try fileSystem.read(path, ThemeParser.maximumBytes) {
          return try ThemeParser.parse(bytes, file: path)
        }
      }
      if request == "default" { return .builtInDefault }
      if request == "monochrome" { return .builtInMonochrome }
    }
    let names = availableThemes(environment: environment, executablePath: executablePath)
    let folders = searchDirectories(environment: environment, executablePath: executablePath)
    throw ThemeError(
      .unknownTheme,
      "there is no theme named '\(ThemeError.quoted(request))'; choose one of "
        + names.joined(separator: ", ") + ", or give the path of a .theme file (searched "
        + folders.map { ThemeError.quoted($0, limit: 200) }.joined(separator: ", ") + ")")
  }

  /// The names of every theme a name could select, sorted and without repeats: the `.theme`
  /// files in the search folders and the built-in themes.
  ///
  /// - Parameters:
  ///   - environment: The process environment (`XDG_CONFIG_HOME`, `HOME`).
  ///   - executablePath: The absolute path of the running executable, or `nil`.
  /// - Returns: Names such as `dark`, `default`, `monochrome`.
  package func availableThemes(
    environment: [String: String], executablePath: String?
  )
    -> [String]
  {
    var names = Set(Self.builtInNames)
    for directory in searchDirectories(environment: environment, executablePath: executablePath) {
      for entry in fileSystem.list(directory) where entry.hasSuffix(".theme") {
        let name = String(entry.dropLast(".theme".count))
        if ThemeParser.isValidName(name) { names.insert(name) }
      }
    }
    return names.sorted()
  }

  /// The folders searched for `NAME.theme`, in order: the user's, the installed, the
  /// repository's.
  ///
  /// - Parameters:
  ///   - environment: The process environment (`XDG_CONFIG_HOME`, `HOME`).
  ///   - executablePath: The absolute path of the running executable, or `nil`.
  /// - Returns: Absolute folder paths without a trailing `/`, each once.
  package func searchDirectories(
    environment: [String: String], executablePath: String?
  )
    -> [String]
  {
    var directories: [String] = []
    // XDG says a relative XDG_CONFIG_HOME is invalid and to be ignored.
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      directories.append(Self.normalized(config + "/infoscope/themes"))
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directories.append(Self.normalized(home + "/.config/infoscope/themes"))
    }
    if let executablePath, executablePath.hasPrefix("/") {
      let parts = Self.normalized(executablePath).split(separator: "/").map(String.init)
      if parts.count >= 2 {
        // <prefix>/bin/infoscope → <prefix>/share/infoscope/themes
        let prefix = parts.dropLast(2).joined(separator: "/")
        directories.append("/" + prefix + (prefix.isEmpty ? "" : "/") + "share/infoscope/themes")
      }
      if let build = parts.lastIndex(of: ".build") {
        // <root>/.build/<triple>/<config>/infoscope → <root>/Themes
        let root = parts[..<build].joined(separator: "/")
        directories.append("/" + root + (root.isEmpty ? "" : "/") + "Themes")
      }
    }
    var seen = Set<String>()
    return directories.filter { seen.insert($0).inserted }
  }

  /// Whether a `--theme` argument is a path rather than a name: it contains `/` or ends in
  /// `.theme`.
  package static func isPath(_ request: String) -> Bool {
    request.contains("/") || request.hasSuffix(".theme")
  }

  /// `path` with `.` and `..` components and repeated or trailing slashes removed (without
  /// looking at the file system, so symbolic links are not followed).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        _ = parts.popLast()
      } else {
        parts.append(part)
      }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }
}
