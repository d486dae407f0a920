import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

/// One declaration per command: the help, the usage, the parsers, the completions and the man
/// page agree on every command and option (issue 13 item 4, issue 17 item 2).
@Suite struct CommandTableTests {
  static let commands = CommandTable.commands

  /// A command line that gives `option` to `command`, with a value where it takes one.
  static func line(_ command: CommandSpec, _ option: OptionSpec, _ name: String) -> [String] {
    var arguments = [command.name]
    switch command.subcommand {
    case .lint?, .files?: arguments.append("x.plist")
    case .print?: arguments.append("x.plist")
    case .convert?:
      arguments += ["x.plist"] + (option.names.contains("--to") ? [] : ["--to", "xml"])
    case .get?: arguments += ["x.plist", "K"]
    case .set?: arguments += ["x.plist", "K", "v"]
    case .remove?: arguments += ["x.plist", "K"]
    case .rename?: arguments += ["x.plist", "K", "N"]
    default: break
    }
    arguments.append(name)
    if option.value != nil {
      arguments.append(option.choices.first ?? "value")
    }
    return arguments
  }

  @Test func everySubcommandHasOneDeclaration() {
    for subcommand in Subcommand.allCases {
      #expect(Self.commands.filter { $0.subcommand == subcommand }.count == 1, "\(subcommand)")
    }
  }

  @Test func everyDeclaredOptionIsAcceptedByItsCommandAndListedInItsHelp() throws {
    for command in Self.commands {
      let help = CLI.help(for: command.subcommand)
      for option in command.options {
        if !option.hidden {
          #expect(help.contains(option.label), "\(command.name): \(option.label)")
        }
        for name in option.names {
          let arguments = Self.line(command, option, name)
          do {
            _ = try Arguments.parse(arguments)
          } catch {
            #expect(!error.message.contains("unknown option"), "\(arguments): \(error.message)")
          }
        }
      }
      #expect(help.contains("-h, --help"))
    }
  }

  /// The OPTIONS section of a command's help.
  static func optionsSection(_ command: CommandSpec) -> String {
    let help = CLI.help(for: command.subcommand)
    return help.components(separatedBy: "OPTIONS:\n").last?.components(separatedBy: "\n\n")
      .first ?? ""
  }

  /// The part of `text` after the first `start`, up to the next `end`.
  static func part(of text: String, from start: String, to end: String) -> String {
    guard let lower = text.range(of: start) else { return "" }
    let rest = text[lower.upperBound...]
    return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
  }

  /// Whether `shell`'s completions of `command` offer `option`.
  static func offers(
    _ shell: ShellCompletions.Shell, _ command: CommandSpec, _ option: OptionSpec
  ) -> Bool {
    let script = ShellCompletions.script(shell)
    switch shell {
    case .bash:
      // The words offered after a `-`, in the command's branch of the `case`.
      let branch = part(of: script, from: "\n    \(command.name))\n", to: "\n      ;;\n")
      let offered = part(of: branch, from: "if [[ \"$cur\" == -* ]]; then", to: "))")
      let words = part(of: offered, from: "compgen -W \"", to: "\"").split(separator: " ")
      return option.names.allSatisfy { words.contains(Substring($0)) }
    case .zsh:
      let branch = part(
        of: script, from: "\n    \(command.name))\n      _arguments", to: "\n      ;;\n")
      if option.names.count > 1 {
        return branch.contains("{" + option.names.joined(separator: ",") + "}")
      }
      return option.names.allSatisfy { branch.contains("\($0)'\"[") }
    case .fish:
      let lines = script.split(separator: "\n").filter {
        $0.contains("-n '__fish_seen_subcommand_from \(command.name)'")
      }
      let words = option.names.map { name in
        name.hasPrefix("--") ? " -l " + name.dropFirst(2) : " -s " + name.dropFirst(1)
      }
      return lines.contains { line in words.allSatisfy { line.contains($0 + " ") } }
    }
  }

  /// Every declared option of every command is in its help, in each shell's completions of
  /// that command and in its part of the man page, under every name; a hidden one in none.
  @Test(arguments: CommandTable.commands.map(\.name))
  func eachCommandListsItsOwnOptionsEverywhereAndNoHiddenOne(name commandName: String) throws {
    let command = try #require(CommandTable.commands.first { $0.name == commandName })
    let section = Self.optionsSection(command)
    let manual = Self.part(
      of: ShellCompletions.manPage(), from: ".SS \"" + commandName, to: ".RE\n")
    for option in command.options + [CommandTable.helpOption] {
      let label = "\(command.name) \(option.label)"
      let roff = ".B " + option.label.replacingOccurrences(of: "-", with: "\\-") + "\n"
      #expect(section.contains("  " + option.label) == !option.hidden, "help: \(label)")
      #expect(manual.contains(roff) == !option.hidden, "man page: \(label)")
      for shell in ShellCompletions.Shell.allCases {
        #expect(Self.offers(shell, command, option) == !option.hidden, "\(shell): \(label)")
      }
    }
    for shell in ShellCompletions.Shell.allCases {
      #expect(Self.offers(shell, command, .markdown) == (command.subcommand == .rules), "\(shell)")
    }
  }

  @Test func anOptionOfAnotherCommandIsNeitherListedNorAccepted() throws {
    let all = Set(Self.commands.flatMap { $0.options.flatMap(\.names) })
    for command in Self.commands where command.subcommand != .help {
      let own = Set(command.acceptedNames)
      // The OPTIONS section (prose may name another command's option, as files does print's).
      let help = CLI.help(for: command.subcommand)
      let section =
        help.components(separatedBy: "OPTIONS:\n").last?
        .components(separatedBy: "\n\n").first ?? ""
      for name in all.subtracting(own) where name.hasPrefix("--") {
        #expect(
          !section.contains("  " + name + " ") && !section.contains("  " + name + "\n")
            && !section.contains(", " + name), "\(command.name) lists \(name)")
        let option = OptionSpec([name], help: "")
        let error = #expect(throws: UsageError.self) {
          try Arguments.parse(Self.line(command, option, name))
        }
        #expect(error?.message.contains("unknown option") == true, "\(command.name) \(name)")
      }
    }
    #expect(!CLI.help(for: .remove).contains("--type"))
  }

  @Test(arguments: Subcommand.allCases)
  func helpCommandDashDashHelpAndDashHAgree(subcommand: Subcommand) throws {
    #expect(try Arguments.parse(["help", subcommand.rawValue]) == .help(subcommand))
    #expect(try Arguments.parse([subcommand.rawValue, "--help"]) == .help(subcommand))
    #expect(try Arguments.parse([subcommand.rawValue, "-h"]) == .help(subcommand))
    let console = BufferConsole()
    #expect(CLI.run(["help", subcommand.rawValue], console: console) == 0)
    let other = BufferConsole()
    #expect(CLI.run([subcommand.rawValue, "-h"], console: other) == 0)
    #expect(console.outputText == other.outputText)
    #expect(console.outputText.hasPrefix("USAGE: infoscope \(subcommand.rawValue)"))
  }

  /// Every command and every option of the table, as a shell word.
  static var everyName: [String] {
    Self.commands.map(\.name) + Self.commands.flatMap { $0.visibleOptions.flatMap(\.names) }
      + CommandTable.inspector.visibleOptions.flatMap(\.names) + ["--version"]
  }

  @Test(arguments: ShellCompletions.Shell.allCases)
  func completionsListEveryCommandAndOption(shell: ShellCompletions.Shell) throws {
    let script = ShellCompletions.script(shell)
    for name in Self.everyName {
      let word: String
      switch shell {
      case .fish where name.hasPrefix("--"): word = "-l " + name.dropFirst(2)
      case .fish where name.hasPrefix("-"): word = "-s " + name.dropFirst(1)
      case .fish: word = "-a " + name
      default: word = name
      }
      #expect(script.contains(word), "\(shell) lacks \(word)")
    }
    for command in Self.commands {
      for option in command.visibleOptions where !option.choices.isEmpty {
        #expect(script.contains(option.choices.joined(separator: " ")), "\(shell): \(option.label)")
      }
    }
    let console = BufferConsole()
    #expect(CLI.run(["completions", shell.rawValue], console: console) == 0)
    #expect(console.outputText == script)
    // The shell itself reads the script, where it is installed.
    let path = TemporaryFolder.uniqueURL("completion").path
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    if let result = try? SARIFSchema.run([shell.rawValue, "-n", path]) {
      if result.status != 127 { #expect(result.status == 0, "\(shell) -n: \(result.output)") }
    }
  }

  /// Whether bash runs here (the bash completion tests are skipped without it).
  static let hasBash = (try? SARIFSchema.run(["bash", "-c", "true"]).status) == 0

  /// What bash's completion function offers for `words` (the last one being completed), one
  /// word a line.
  static func bashCompletions(_ words: [String]) throws -> String {
    let path = TemporaryFolder.uniqueURL("completion").path
    try Data(ShellCompletions.script(.bash).utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let script =
      "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
      + "_infoscope; printf '%s\\n' \"${COMPREPLY[@]}\""
    return try SARIFSchema.run(["bash", "-c", script]).output
  }

  /// Each command's completions offer every option it declares (not hidden), so an option
  /// added to the table is completed without touching the completion script.
  @Test(
    .enabled(if: hasBash, "bash is not installed"),
    arguments: CommandTable.commands.map(\.name))
  func bashOffersEveryDeclaredOptionOfTheCommand(name commandName: String) throws {
    let command = try #require(CommandTable.commands.first { $0.name == commandName })
    let offered = Set(
      try Self.bashCompletions(["infoscope", command.name, "-"]).split(separator: "\n"))
    for name in command.visibleOptions.flatMap(\.names) {
      #expect(offered.contains(Substring(name)), "\(command.name) does not offer \(name)")
    }
  }

  @Test(.enabled(if: hasBash, "bash is not installed"))
  func bashCompletesAsItShould() throws {
    func complete(_ words: [String]) throws -> String { try Self.bashCompletions(words) }
    #expect(try complete(["infoscope", "li"]).contains("lint"))
    #expect(try complete(["infoscope", "lint", "--form"]) == "--format\n")
    #expect(try complete(["infoscope", "lint", "--format", "s"]) == "sarif\n")
    #expect(try complete(["infoscope", "remove", "--"]).contains("--dry-run"))
    #expect(!(try complete(["infoscope", "remove", "--"])).contains("--type"))
    #expect(try complete(["infoscope", "completions", "z"]) == "zsh\n")
  }

  @Test func theManPageListsEveryCommandAndOptionAndGroffReadsIt() throws {
    let page = ShellCompletions.manPage()
    for name in Self.everyName {
      #expect(
        page.contains(name.replacingOccurrences(of: "-", with: "\\-")), "man page lacks \(name)")
    }
    #expect(page.hasPrefix(".\\\""))
    #expect(page.contains(".TH INFOSCOPE 1"))
    let console = BufferConsole()
    #expect(CLI.run(["manpage"], console: console) == 0)
    #expect(console.outputText == page)
    let path = TemporaryFolder.uniqueURL("infoscope", suffix: ".1").path
    try Data(page.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    if let result = try? SARIFSchema.run(["groff", "-man", "-Tutf8", "-ww", "-z", path]),
      result.status != 127
    {
      #expect(result.status == 0 && result.output.isEmpty, "groff: \(result.output)")
    }
  }
}

/// The command-line conventions users expect (issue 13, item 4).
@Suite struct CommandLineConventionsTests {
  @Test func lintOfAMissingAndAPresentPathLintsTheOneAndReportsTheOther() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let present = harness.path("Info.plist")
    try Data(LintCommandTests.duplicate.utf8).write(to: URL(fileURLWithPath: present))
    let missing = harness.path("Missing.plist")
    let run = harness.run(["lint", missing, present])
    #expect(run.status == 66)
    #expect(run.console.errorText.contains("Missing.plist"))
    #expect(run.console.outputText.contains("[duplicate_key]"))
    #expect(harness.run(["lint", present]).status == 0)
  }

  @Test func aDashReadsStandardInputInLintFilesPrintAndConvert() throws {
    let harness = try CLIHarness()
    let input = Array(LintCommandTests.duplicate.utf8)
    defer { harness.remove() }
    let lint = harness.run(["lint", "-"], input: input)
    #expect(lint.console.outputText.hasPrefix("<stdin>:4:2: warning:"))
    let files = harness.run(["files", "-"], input: input)
    #expect(files.status == 0)
    #expect(files.console.outputText.contains("<stdin>"))
    #expect(harness.run(["print", "-"], input: input).console.outputText.hasPrefix("dictionary"))
    #expect(harness.run(["convert", "-", "--to", "json"], input: input).status == 0)
    #expect(harness.run(["lint", "-", "-"], input: input).status == 64)
  }

  @Test func doubleDashEndsTheOptions() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    try Data(LintCommandTests.duplicate.utf8).write(
      to: harness.folder.appendingPathComponent("-odd.plist"))
    // The binary, run in the folder (the tests' own working folder is shared by all).
    let lint = try EndToEndTests.runBinary(["lint", "--", "-odd.plist"], in: harness.folder)
    #expect(lint.outputText.hasPrefix("-odd.plist:4"))
    #expect(
      try EndToEndTests.runBinary(["files", "--", "-odd.plist"], in: harness.folder).status == 0)
    #expect(
      try EndToEndTests.runBinary(["print", "--", "-odd.plist"], in: harness.folder).status == 0)
    #expect(try EndToEndTests.runBinary(["lint", "-odd.plist"], in: harness.folder).status == 64)
  }

  @Test func twoPathsForTheInspectorSaySo() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let a = harness.path("A.plist")
    try Data("<plist><dict/></plist>".utf8).write(to: URL(fileURLWithPath: a))
    let error = #expect(throws: UsageError.self) { try Arguments.parse([a, a]) }
    #expect(error?.message.hasPrefix("the inspector opens one PATH, and 2 were given") == true)
  }

  @Test func colourFollowsTheFlagTheTerminalAndNoColor() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = harness.path("Info.plist")
    try Data(LintCommandTests.duplicate.utf8).write(to: URL(fileURLWithPath: file))
    func colored(_ arguments: [String], terminal: Bool, noColor: String? = nil) -> Bool {
      let console = BufferConsole(terminal: terminal)
      if let noColor { console.variables["NO_COLOR"] = noColor }
      _ = CLI.run(["lint", file] + arguments, console: console)
      return console.output.contains(0x1B)
    }
    #expect(colored([], terminal: true))
    #expect(!colored([], terminal: false))
    #expect(!colored([], terminal: true, noColor: "1"))
    #expect(colored([], terminal: true, noColor: ""))
    #expect(colored(["--color", "always"], terminal: false, noColor: "1"))
    #expect(!colored(["--color=never"], terminal: true))
    #expect(!colored(["--format", "json", "--color", "always"], terminal: true))
    let console = BufferConsole(terminal: true)
    _ = CLI.run(["lint", file], console: console)
    #expect(console.outputText.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
  }
}
