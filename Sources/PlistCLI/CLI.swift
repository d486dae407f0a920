import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// The `infoscope` command line: parses the arguments, runs the command, returns the exit status.
///
/// Exit statuses (`ExitStatus`): 0 success; 1 a key path names nothing; 64 bad usage (a one-line
/// error and the usage on standard error); 66 the input cannot be read or parsed
/// (`file:line:column: error: message` on standard error); 73 the output cannot be written.
///
/// Error lines on standard error follow one rule in every command: an error about a file starts
/// with the file (`path[:line:column]: error: …`, as compilers print), any other error with
/// the program's name (`infoscope: error: …`).
package enum CLI {
  /// The version `--version` prints.
  package static let version = "0.1.0"

  /// Reads a property list from bytes, naming `file` in errors (`PlistReader.read(bytes:file:)`
  /// unless a caller passes another).
  package typealias DocumentReader = ([UInt8], String?) throws(PlistError) -> PlistDocument

  /// What a command runs against: the console and the reader.
  struct Context {
    let console: any Console
    let read: DocumentReader

    /// Reads `path` (`-` for standard input) and parses it; on failure writes the error to
    /// standard error and returns nil.
    func readInput(_ path: String) -> PlistDocument? {
      guard let bytes = readBytes(path) else { return nil }
      do {
        return try read(bytes, CLI.displayName(path))
      } catch {
        console.write("\(error.inFile(CLI.displayName(path)))\n", to: .error)
        return nil
      }
    }

    /// The bytes of `path` (`-` for standard input), or nil after writing the error.
    ///
    /// An empty input is read, with a warning that it reads as an empty
    /// dictionary.
    func readBytes(_ path: String) -> [UInt8]? {
      let name = CLI.displayName(path)
      let bytes: [UInt8]
      if path == "-" {
        guard let input = console.readStandardInput() else {
          console.write("\(name): error: cannot read standard input\n", to: .error)
          return nil
        }
        bytes = input
      } else {
        do {
          bytes = try PlistReader.readFile(path)
        } catch {
          console.write("\(error.inFile(name))\n", to: .error)
          return nil
        }
      }
      if bytes.isEmpty {
        console.write(
          "\(name): warning: the input is empty; read as an empty dictionary, as an empty "
            + ".strings file reads\n", to: .error)
      }
      return bytes
    }
  }

  /// What the executable does once the command line is read: exit with a status (the command
  /// ran, or failed), or start the terminal inspector on a loaded bundle.
  package enum Plan: Sendable {
    /// The command ran (or could not): exit with this status.
    case exit(Int32)
    /// Standard output is a terminal and `infoscope PATH` or `--demo` asked to open a bundle:
    /// start the inspector on it, with these options (`--theme`).
    case interactive(AppBundle, OpenOptions)
    /// Standard output is a terminal and `infoscope diff OLD NEW` asked for no `--format`:
    /// start the inspector on NEW with what changed since OLD marked.
    case comparison(BuildComparison, DiffOptions)
  }

  /// Reads the command line and runs every headless command; decides, for `infoscope PATH` and
  /// `infoscope --demo`, between the inspector and the lint report.
  ///
  /// The command runs on a `LargeStack` thread, so that documents nested as deep as the
  /// readers accept can be printed, converted, edited and linted.
  ///
  /// The inspector is planned only when `console.isTerminal(.output)` (a terminal, and `TERM`
  /// not `dumb`); otherwise the input's lint report is printed as `infoscope lint` prints it
  /// (text format), with lint's exit status, and no UI starts.
  ///
  /// - Parameters:
  ///   - arguments: the command line after the program name.
  ///   - console: where input is read and output written, and whether output is a terminal;
  ///     the process's own by default.
  ///   - read: how bytes become a document; `PlistReader.read(bytes:file:)` by default.
  /// - Returns: `.exit` with the status for the process, or `.interactive` with the loaded
  ///   bundle (a path that cannot be opened is reported on standard error and exits 66).
  package static func plan(
    _ arguments: [String], console: any Console = StandardConsole(),
    read: @escaping DocumentReader = { (bytes, file) throws(PlistError) in
      try PlistReader.read(bytes: bytes, file: file)
    }
  ) -> Plan {
    // Trees as deep as the readers accept (`PlistLimits.maxDepth`) are compared, linted,
    // reported and released by code that recurses: every command runs on a large stack.
    LargeStack.run { () -> Plan in
      let context = Context(console: console, read: read)
      let command: CLICommand
      do throws(UsageError) {
        command = try Arguments.parse(arguments)
      } catch {
        return .exit(usageError(error, console: console))
      }
      if case .open(let options) = command { return open(options, context: context) }
      if case .diff(let options) = command, !options.formatIsExplicit,
        console.isTerminal(.output)
      {
        return DiffCommand.plan(options, context: context)
      }
      return .exit(execute(command, context: context).rawValue)
    }
  }

  /// Runs `infoscope` with `arguments` (without the program name) to the end: where `plan`
  /// would start the inspector, prints the lint report instead (`lintReport`).
  ///
  /// - Parameters:
  ///   - arguments: the command line after the program name.
  ///   - console: where input is read and output written; the process's own by default.
  ///   - read: how bytes become a document; `PlistReader.read(bytes:file:)` by default.
  /// - Returns: the exit status for the process.
  package static func run(
    _ arguments: [String], console: any Console = StandardConsole(),
    read: @escaping DocumentReader = { (bytes, file) throws(PlistError) in
      try PlistReader.read(bytes: bytes, file: file)
    }
  ) -> Int32 {
    // The bundle a plan holds is reported and released on the large stack too.
    LargeStack.run {
      switch plan(arguments, console: console, read: read) {
      case .exit(let status): status
      case .interactive(let bundle, _): lintReport(bundle, console: console)
      case .comparison(let comparison, let options):
        DiffCommand.report(
          comparison, options, context: Context(console: console, read: read)
        ).rawValue
      }
    }
  }

  /// Prints the lint report of a loaded bundle as `infoscope lint` does (text format, default
  /// options), under the name `bundle.inputPath`.
  ///
  /// - Returns: lint's exit status: 0 no error found, 1 an error found, 73 output not written.
  package static func lintReport(
    _ bundle: AppBundle, console: any Console = StandardConsole()
  )
    -> Int32
  {
    let context = Context(console: console) { (bytes, file) throws(PlistError) in
      try PlistReader.read(bytes: bytes, file: file)
    }
    return report(bundle, context: context).rawValue
  }

  /// The lint report of a loaded bundle, default options, text format.
  private static func report(_ bundle: AppBundle, context: Context) -> ExitStatus {
    let input = LintCommand.Input(name: bundle.inputPath) { () throws(BundleError) in bundle }
    return LintCommand.run(LintOptions(inputs: []), inputs: [input], context: context)
  }

  /// Writes a usage error and the usage it concerns to standard error; returns 64.
  private static func usageError(_ error: UsageError, console: any Console) -> Int32 {
    console.write(
      "infoscope: error: \(error.message)\n\n" + usage(for: error.subcommand), to: .error)
    return ExitStatus.usage.rawValue
  }

  /// `infoscope PATH` / `--demo`: the inspector's bundle on a terminal, the lint report
  /// otherwise.
  private static func open(_ options: OpenOptions, context: Context) -> Plan {
    var path: String?
    if case .path(let typed) = options.source {
      let given = withoutTrailingSlashes(typed)
      if given == "-" {
        // The inspector edits files in place: standard input has no file to save to.
        return .exit(
          usageError(
            UsageError(
              "the inspector opens a file, not standard input; "
                + "infoscope lint - or print - read one from it"),
            console: context.console))
      }
      // A lone word that names no file is a mistyped command more likely than a file.
      if !given.contains("/"), !given.contains("."), !FileManager.default.fileExists(atPath: given)
      {
        return .exit(
          usageError(
            UsageError("unknown command '\(given)', and no file of that name"),
            console: context.console))
      }
      path = given
    }
    guard context.console.isTerminal(.output) else {
      if context.console.environment("TERM") == "dumb" {
        // Said, so that a user at a terminal without cursor movement knows why no inspector.
        context.console.write(
          "infoscope: TERM is dumb, a terminal that cannot move the cursor, so the inspector "
            + "did not start; the lint report follows (set TERM, e.g. xterm-256color, to "
            + "browse)\n", to: .error)
      }
      var lint = LintOptions(inputs: path.map { [$0] } ?? [])
      lint.demo = path == nil
      return .exit(LintCommand.run(lint, context: context).rawValue)
    }
    guard let path else { return .interactive(DemoBundle.load(), options) }
    do {
      return .interactive(try BundleLoader.load(path: path), options)
    } catch {
      context.console.write("\(error)\n", to: .error)
      return .exit(ExitStatus.noInput.rawValue)
    }
  }

  /// Runs a headless command.
  private static func execute(_ command: CLICommand, context: Context) -> ExitStatus {
    let console = context.console
    switch command {
    case .help(let subcommand):
      return console.write(help(for: subcommand), to: .output) ? .success : .cannotCreate
    case .version:
      return console.write("infoscope \(version)\n", to: .output) ? .success : .cannotCreate
    case .open(let options):
      // `plan` handles this before coming here; without an inspector, the report stands in.
      switch open(options, context: context) {
      case .exit(let status): return ExitStatus(rawValue: status) ?? .usage
      case .interactive(let bundle, _): return report(bundle, context: context)
      case .comparison(let comparison, let options):
        return DiffCommand.report(comparison, options, context: context)
      }
    case .print(let options):
      return PrintCommand.run(options, context: context)
    case .convert(let options):
      return ConvertCommand.run(options, context: context)
    case .files(let options):
      return FilesCommand.run(options, context: context)
    case .lint(let options):
      return LintCommand.run(options, context: context)
    case .diff(let options):
      return DiffCommand.run(options, context: context)
    case .get(let options):
      return GetCommand.run(options, context: context)
    case .edit(let options):
      return EditCommand.run(options, context: context)
    case .rules(let markdown):
      return console.write(RulesCommand.list(markdown: markdown), to: .output)
        ? .success : .cannotCreate
    case .completions(let shell):
      return console.write(ShellCompletions.script(shell), to: .output) ? .success : .cannotCreate
    case .manpage:
      return console.write(ShellCompletions.manPage(), to: .output) ? .success : .cannotCreate
    case .explain(let name):
      guard let text = RulesCommand.explain(name) else {
        console.write(
          RuleCatalog.itmsCode(name).map {
            "infoscope: error: no rule anticipates \($0); 'infoscope rules' lists the rules "
              + "with their ITMS codes\n"
          }
            ?? "infoscope: error: no rule or catalog key named '\(name)'; 'infoscope rules' "
            + "lists the rules\n", to: .error)
        return .notFound
      }
      return console.write(text, to: .output) ? .success : .cannotCreate
    }
  }

  /// The name errors give an input: the path, or `<stdin>` for `-`.
  static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// `path` without trailing slashes (`App.app/` from tab completion), one spelling per input;
  /// `/` stays.
  static func withoutTrailingSlashes(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }

  /// The short usage shown after a usage error, from `CommandTable`.
  package static func usage(for subcommand: Subcommand?) -> String {
    guard let subcommand, subcommand != .help else {
      var out = "USAGE: infoscope " + CommandTable.inspector.usage + "\n"
      for command in CommandTable.commands {
        out +=
          "       infoscope " + command.name + (command.usage.isEmpty ? "" : " ")
          + command.usage + "\n"
      }
      return out + "       infoscope --help | --version\n\nSee 'infoscope --help'.\n"
    }
    return CommandTable.usage(CommandTable.spec(subcommand))
  }

  /// The full help text of `--help`, `help` and `help COMMAND`, from `CommandTable`.
  package static func help(for subcommand: Subcommand?) -> String {
    guard let subcommand else { return CommandTable.generalHelp() }
    return CommandTable.help(CommandTable.spec(subcommand))
  }
}
