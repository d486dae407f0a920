import PlistCore
import Testing

@testable import PlistCLI

@Suite struct ArgumentsTests {
  @Test(arguments: [
    (["--help"], CLICommand.help(nil)),
    (["-h"], .help(nil)),
    (["help"], .help(nil)),
    (["help", "convert"], .help(.convert)),
    (["print", "--help"], .help(.print)),
    (["convert", "-h"], .help(.convert)),
    (["--version"], .version),
    (["--demo"], .open(OpenOptions(source: .demo))),
    (["--demo", "--theme", "dark"], .open(OpenOptions(source: .demo, theme: "dark"))),
    (
      ["--theme=Themes/light.theme", "--demo"],
      .open(OpenOptions(source: .demo, theme: "Themes/light.theme"))
    ),
    (["App.ipa"], .open(OpenOptions(source: .path("App.ipa")))),
    (["lint-all"], .open(OpenOptions(source: .path("lint-all")))),
    (["App.app", "--theme", "mono"], .open(OpenOptions(source: .path("App.app"), theme: "mono"))),
    (["--", "--demo"], .open(OpenOptions(source: .path("--demo")))),
    (["App.app", "--help"], .help(nil)),
    (["lint", "--demo"], .lint(LintOptions(inputs: [], demo: true))),
    (["print", "Info.plist"], .print(PrintOptions(input: "Info.plist", keyPath: nil))),
    (["print", "-"], .print(PrintOptions(input: "-", keyPath: nil))),
    (["print", "--", "-odd"], .print(PrintOptions(input: "-odd", keyPath: nil))),
    (
      ["print", "Info.plist", "CFBundleURLTypes[0].CFBundleURLSchemes[1]"],
      .print(
        PrintOptions(
          input: "Info.plist",
          keyPath: KeyPath([
            .key("CFBundleURLTypes"), .index(0), .key("CFBundleURLSchemes"), .index(1),
          ])))
    ),
    (
      ["print", "a.entitlements", "\"com.apple.security.app-sandbox\""],
      .print(
        PrintOptions(
          input: "a.entitlements",
          keyPath: KeyPath([
            .key("com.apple.security.app-sandbox")
          ])))
    ),
    (
      ["convert", "in.plist", "--to", "json"],
      .convert(ConvertOptions(input: "in.plist", format: .json, destination: .standardOutput))
    ),
    (
      ["convert", "--to=xml1", "in.plist", "-o", "out.plist"],
      .convert(ConvertOptions(input: "in.plist", format: .xml, destination: .file("out.plist")))
    ),
    (
      ["convert", "in.plist", "--to", "binary", "-o", "-"],
      .convert(ConvertOptions(input: "in.plist", format: .binary, destination: .standardOutput))
    ),
    (
      ["convert", "in.plist", "--in-place", "--to", "binary1"],
      .convert(ConvertOptions(input: "in.plist", format: .binary, destination: .inPlace))
    ),
    (
      ["convert", "-", "--output=x.json", "-t", "json"],
      .convert(ConvertOptions(input: "-", format: .json, destination: .file("x.json")))
    ),
    (
      ["lint", "a", "--format", "json", "--format=SARIF", "--platform", "ios,MACOS"],
      .lint(LintOptions(inputs: ["a"], format: .sarif, platforms: [.iOS, .macOS]))
    ),
    (["rules", "--markdown", "--markdown"], .rules(markdown: true)),
  ])
  func parsesGoodCommandLines(arguments: [String], command: CLICommand) throws {
    #expect(try Arguments.parse(arguments) == command)
  }

  @Test(arguments: [
    ([], "missing a command", nil),
    (["lint"], "lint needs a PATH: a bundle, .ipa, .xcarchive, project or file", .lint),
    (["lint-all", "App.app"], "unknown command 'lint-all'", nil),
    (["--demo", "App.app"], "--demo opens the built-in sample; give it no PATH ('App.app')", nil),
    (["--theme", "dark"], "nothing to open: give a PATH, --demo or a command", nil),
    (["--demo", "--theme"], "--theme needs a theme name or a theme file", nil),
    (["--demo", "--theme="], "--theme needs a theme name or a theme file", nil),
    (["--demo", "--theme", "a", "--theme", "b"], "--theme is given twice", nil),
    (["App.app", "--frobnicate"], "unknown option '--frobnicate'", nil),
    (["--frobnicate"], "unknown option '--frobnicate'", nil),
    (["--version", "x"], "unexpected argument 'x' after --version", nil),
    (["help", "nope"], "unknown command 'nope'", nil),
    (["print"], "print needs a FILE to read", Subcommand.print),
    (["print", "a", "b", "c"], "unexpected argument 'c'", .print),
    (["print", "-x", "a"], "unknown option '-x' for print", .print),
    (
      ["print", "a", "b..c"],
      "invalid key path 'b..c' at column 3: empty key before '.' (quote an empty key as \"\")",
      .print
    ),
    (["convert", "a"], "convert needs --to xml, binary or json", .convert),
    (["convert", "--to", "xml"], "convert needs a FILE to read", .convert),
    (["convert", "a", "--to"], "--to needs a value", .convert),
    (
      ["convert", "a", "--to", "yaml"],
      "unknown format 'yaml' for --to (expected xml, binary or json)", .convert
    ),
    (["convert", "a", "--to", "xml", "--to", "json"], "--to is given twice", .convert),
    (["convert", "a", "b", "--to", "xml"], "unexpected argument 'b'", .convert),
    (
      ["convert", "a", "--to", "xml", "-o", "b", "--in-place"],
      "-o and --in-place cannot be used together", .convert
    ),
    (
      ["convert", "-", "--to", "xml", "--in-place"],
      "--in-place needs a FILE, not standard input", .convert
    ),
    (
      ["convert", "a", "--to", "xml", "-o", ""],
      "-o needs a file name, or - for standard output", .convert
    ),
    (["convert", "a", "--to", "xml", "--forse"], "unknown option '--forse' for convert", .convert),
    (["lint", "a", "--strict=yes"], "unknown option '--strict=yes' for lint", .lint),
    (["lint", "a", "-h", "--nope"], "unknown option '--nope' for lint", .lint),
    (["rules", "--", "--markdown"], "unexpected argument '--markdown' for rules", .rules),
    (["--theme", "a", "--theme", "b", "--nope"], "unknown option '--nope'", nil),
  ])
  func rejectsBadCommandLines(arguments: [String], message: String, subcommand: Subcommand?) {
    let error = #expect(throws: UsageError.self) { try Arguments.parse(arguments) }
    #expect(error?.message == message)
    #expect(error?.subcommand == subcommand)
  }
}
