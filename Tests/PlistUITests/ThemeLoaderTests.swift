import Foundation
import TestSupport
import Testing

@testable import PlistUI

/// A file system made of a dictionary from absolute paths to file contents.
private func fakeFileSystem(_ files: [String: String]) -> ThemeLoader.FileSystem {
  ThemeLoader.FileSystem(
    read: { path, limit in files[path].map { Array($0.utf8.prefix(limit + 1)) } },
    list: { directory in
      files.keys.compactMap { path in
        guard path.hasPrefix(directory + "/") else { return nil }
        let rest = path.dropFirst(directory.count + 1)
        return rest.contains("/") ? nil : String(rest)
      }
    })
}

/// A theme file named `name` that colours tree keys with palette index `key`.
private func themeFile(_ name: String, key: Int, minColors: Int = 256) -> String {
  "# name: \(name)\n# min-colors: \(minColors)\ntree.key \(key) default\n"
}

@Suite struct ThemeLoaderTests {
  static let user = "/home/me/.config/infoscope/themes"
  static let xdg = "/xdg/infoscope/themes"
  static let installed = "/opt/infoscope/share/infoscope/themes"
  static let executable = "/opt/infoscope/bin/infoscope"
  static let repository = "/src/infoscope/Themes"
  static let builtExecutable = "/src/infoscope/.build/x86_64-unknown-linux-gnu/debug/infoscope"
  static let home = ["HOME": "/home/me"]

  /// Resolves with 256 colours and no NO_COLOR.
  private func resolve(
    _ request: String?, files: [String: String], environment: [String: String] = home,
    colors: Int = 256, executable: String? = executable
  ) throws(ThemeError) -> Theme {
    try ThemeLoader(fileSystem: fakeFileSystem(files)).resolve(
      requested: request, environment: environment, colorCount: colors,
      executablePath: executable)
  }

  @Test func searchesUserThenInstalledThenRepository() {
    let loader = ThemeLoader(fileSystem: fakeFileSystem([:]))
    #expect(
      loader.searchDirectories(environment: Self.home, executablePath: Self.executable)
        == [Self.user, Self.installed])
    #expect(
      loader.searchDirectories(
        environment: ["HOME": "/home/me", "XDG_CONFIG_HOME": "/xdg/"],
        executablePath: Self.builtExecutable)
        == [
          Self.xdg, "/src/infoscope/.build/x86_64-unknown-linux-gnu/share/infoscope/themes",
          Self.repository,
        ])
    // A relative XDG_CONFIG_HOME is ignored, as the XDG specification asks.
    #expect(
      loader.searchDirectories(
        environment: ["HOME": "/home/me", "XDG_CONFIG_HOME": "rel"], executablePath: nil)
        == [Self.user])
    #expect(loader.searchDirectories(environment: [:], executablePath: "infoscope") == [])
    #expect(
      loader.searchDirectories(environment: [:], executablePath: "/usr/bin/../bin/./infoscope")
        == ["/usr/share/infoscope/themes"])
  }

  @Test func firstFolderHoldingTheNameWins() throws {
    var files = [
      Self.user + "/dark.theme": themeFile("dark", key: 1),
      Self.installed + "/dark.theme": themeFile("dark", key: 2),
      Self.repository + "/dark.theme": themeFile("dark", key: 3),
    ]
    let exe = "/opt/infoscope/.build/debug/infoscope"
    files[
      Self.installed.replacingOccurrences(of: "/opt/infoscope", with: "/opt/infoscope/.build")
        + "/dark.theme"] = themeFile("dark", key: 4)
    #expect(try resolve("dark", files: files).style(.key).foreground == .index(1))
    files[Self.user + "/dark.theme"] = nil
    #expect(try resolve("dark", files: files).style(.key).foreground == .index(2))
    files[Self.installed + "/dark.theme"] = nil
    #expect(throws: ThemeError.self) { try resolve("dark", files: files) }
    #expect(
      try resolve("dark", files: files, executable: Self.builtExecutable).style(.key).foreground
        == .index(3))
    #expect(try resolve("dark", files: files, executable: exe).style(.key).foreground == .index(4))
  }

  @Test func builtInNamesNeedNoFiles() throws {
    #expect(try resolve(nil, files: [:]) == .builtInDefault)
    #expect(
      try resolve("default", files: [:], environment: [:], executable: nil) == .builtInDefault)
    #expect(try resolve("monochrome", files: [:]) == .builtInMonochrome)
  }

  @Test func userFileOverridesABuiltInName() throws {
    let files = [Self.user + "/default.theme": "tree.key red default bold\n"]
    let theme = try resolve(nil, files: files)
    #expect(theme.name == "default")
    #expect(theme.style(.key) == TextStyle(.index(1), .default, .bold))
    #expect(theme.style(.string) == Theme.builtInDefault.style(.string))
  }

  @Test func pathIsReadDirectly() throws {
    let files = [
      "/tmp/mine.theme": themeFile("mine", key: 5), "rel/x": themeFile("x", key: 6),
      "here.theme": themeFile("here", key: 7),
      Self.user + "/mine.theme": themeFile("mine", key: 9),
    ]
    #expect(try resolve("/tmp/mine.theme", files: files).style(.key).foreground == .index(5))
    #expect(try resolve("rel/x", files: files).style(.key).foreground == .index(6))
    #expect(try resolve("here.theme", files: files).style(.key).foreground == .index(7))
    let error = try #require(throws: ThemeError.self) {
      try resolve("/tmp/missing.theme", files: files)
    }
    #expect(error.kind == .unreadable)
    #expect(error.description == "error: there is no theme file at /tmp/missing.theme")
  }

  @Test func unknownNameListsTheThemesThereAre() throws {
    let files = [
      Self.user + "/ocean.theme": themeFile("ocean", key: 1),
      Self.user + "/notes.txt": "not a theme",
      Self.user + "/bad name.theme": themeFile("x", key: 1),
      Self.installed + "/dark.theme": themeFile("dark", key: 2),
      Self.installed + "/ocean.theme": themeFile("ocean", key: 3),
    ]
    let error = try #require(throws: ThemeError.self) { try resolve("oceam", files: files) }
    #expect(error.kind == .unknownTheme)
    #expect(
      error.message
        == "there is no theme named 'oceam'; choose one of dark, default, monochrome, ocean, "
        + "or give the path of a .theme file (searched /home/me/.config/infoscope/themes, "
        + "/opt/infoscope/share/infoscope/themes)")
    let loader = ThemeLoader(fileSystem: fakeFileSystem(files))
    #expect(
      loader.availableThemes(environment: Self.home, executablePath: Self.executable)
        == ["dark", "default", "monochrome", "ocean"])
    #expect(throws: ThemeError.self) { try resolve("", files: files) }
    #expect(throws: ThemeError.self) { try resolve("..", files: files) }
  }

  @Test func brokenFileIsAnErrorNotAFallThrough() throws {
    let files = [
      Self.user + "/dark.theme": "# name: dark\ntree.key cyan\n",
      Self.installed + "/dark.theme": themeFile("dark", key: 2),
    ]
    let error = try #require(throws: ThemeError.self) { try resolve("dark", files: files) }
    #expect(error.kind == .missingField)
    #expect(error.file == Self.user + "/dark.theme")
    #expect(error.line == 2)
  }

  @Test func oversizedFileIsRefused() throws {
    let files = ["/big.theme": String(repeating: "#", count: 100_000)]
    let error = try #require(throws: ThemeError.self) { try resolve("/big.theme", files: files) }
    #expect(error.kind == .tooLarge)
  }

  @Test func noColorGivesMonochromeWhateverWasAsked() throws {
    let files = [Self.user + "/dark.theme": themeFile("dark", key: 1)]
    let loader = ThemeLoader(fileSystem: fakeFileSystem(files))
    for request in [nil, "dark", "nonexistent", "/no/such.theme"] {
      let resolution = try loader.resolution(
        requested: request, environment: ["HOME": "/home/me", "NO_COLOR": "1"], colorCount: 256,
        executablePath: nil)
      #expect(resolution.theme == .builtInMonochrome)
      #expect(resolution.note == "NO_COLOR is set, so the monochrome theme is used")
    }
    // An empty NO_COLOR does not count.
    let theme = try resolve(
      "dark", files: files, environment: ["HOME": "/home/me", "NO_COLOR": ""])
    #expect(theme.name == "dark")
  }

  @Test func tooFewColoursFallBackToMonochrome() throws {
    let files = [Self.user + "/dark.theme": themeFile("dark", key: 100)]
    let loader = ThemeLoader(fileSystem: fakeFileSystem(files))
    let eight = try loader.resolution(
      requested: "dark", environment: Self.home, colorCount: 8, executablePath: nil)
    #expect(eight.theme == .builtInMonochrome)
    #expect(
      eight.note
        == "the terminal shows 8 colours and the dark theme needs 256, so the monochrome theme "
        + "is used")
    let none = try loader.resolution(
      requested: nil, environment: Self.home, colorCount: 0, executablePath: nil)
    #expect(none.theme == .builtInMonochrome)
    #expect(none.note?.hasPrefix("the terminal shows no colours") == true)
    #expect(try resolve("dark", files: files, colors: 256).name == "dark")
    #expect(try resolve(nil, files: files, colors: 8) == .builtInDefault)
    #expect(try resolve("monochrome", files: files, colors: 0) == .builtInMonochrome)
    // A broken request is still reported on a colourless terminal.
    #expect(throws: ThemeError.self) { try resolve("nonexistent", files: files, colors: 0) }
  }

  // MARK: The real file system

  @Test func findsTheRepositoryThemesFromABuildDirectory() throws {
    let root = ThemeFiles.folder.deletingLastPathComponent().path
    let loader = ThemeLoader()
    let exe = root + "/.build/x86_64-unknown-linux-gnu/debug/infoscope"
    let env = ["HOME": "/nonexistent-home-for-tests"]
    let theme = try loader.resolve(
      requested: "high-contrast", environment: env, colorCount: 256, executablePath: exe)
    #expect(theme == (try ThemeFiles.load("high-contrast").theme))
    #expect(
      loader.availableThemes(environment: env, executablePath: exe)
        == ["dark", "default", "high-contrast", "light", "monochrome"])
  }

  @Test func localFileSystemReportsFoldersAndMissingFiles() throws {
    let read = ThemeLoader.FileSystem.local.read
    #expect(try read("/nonexistent/x.theme", 10) == nil)
    let error = try #require(throws: ThemeError.self) {
      try read(ThemeFiles.folder.path, 10)
    }
    #expect(error.kind == .unreadable)
    #expect(error.message.contains("is a folder"))
    let dark = try #require(
      try read(ThemeFiles.folder.appendingPathComponent("dark.theme").path, 10))
    #expect(dark.count == 11)
  }

  /// A FIFO given as the theme is refused at once: opening it would wait for a writer.
  @Test func localFileSystemRefusesAFIFOWithoutBlocking() throws {
    let folder = try TemporaryFolder("theme-fifo").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("t.theme").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let error = try #require(throws: ThemeError.self) {
      try ThemeLoader.FileSystem.local.read(fifo, 10)
    }
    #expect(error.kind == .unreadable)
    #expect(error.message.contains("is not a regular file"))
  }

  @Test func currentExecutableIsAnAbsolutePath() throws {
    let path = try #require(ThemeLoader.currentExecutablePath())
    #expect(path.hasPrefix("/"))
  }
}
