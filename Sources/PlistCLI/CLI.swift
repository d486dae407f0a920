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
      do {
        return try read(bytes, name)
      } catch {
        console.write("\(error.inFile(name))\n", to: .error)
        return nil
      }
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
  }

  /// Reads the command line and runs every headless command; decides, for `infoscope PATH` and
  /// `infoscope --demo`, between the inspector and the lint report.
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
    let context = Context(console: console, read: read)
    let command: Command
    do {
      command = try Arguments.parse(arguments)
    } catch {
      return .exit(usageError(error, console: console))
    }
    if case .open(let options) = command { return open(options, context: context) }
    return .exit(execute(command, context: context).rawValue)
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
    switch plan(arguments, console: console, read: read) {
    case .exit(let status): status
    case .interactive(let bundle, _): lintReport(bundle, console: console)
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
    if case .path(var given) = options.source {
      while given.count > 1, given.hasSuffix("/") { given.removeLast() }
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
  private static func execute(_ command: Command, context: Context) -> ExitStatus {
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
      }
    case .print(let options):
      return PrintCommand.run(options, context: context)
    case .convert(let options):
      return ConvertCommand.run(options, context: context)
    case .files(let options):
      return FilesCommand.run(options, context: context)
    case .lint(let options):
      return LintCommand.run(options, context: context)
    case .get(let options):
      return GetCommand.run(options, context: context)
    case .edit(let options):
      return EditCommand.run(options, context: context)
    case .rules(let markdown):
      return console.write(RulesCommand.list(markdown: markdown), to: .output)
        ? .success : .cannotCreate
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

  /// The short usage shown after a usage error.
  package static func usage(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case .print?:
      "USAGE: infoscope print PATH [--file REL] [KEYPATH]\n\nSee 'infoscope help print'.\n"
    case .files?:
      "USAGE: infoscope files PATH [--format text|json]\n\nSee 'infoscope help files'.\n"
    case .lint?:
      "USAGE: infoscope lint PATH... [--format text|json|sarif|github] [options]\n\n"
        + "See 'infoscope help lint'.\n"
    case .rules?:
      "USAGE: infoscope rules [--markdown]\n"
    case .explain?:
      "USAGE: infoscope explain RULE_ID|KEY|ITMS-CODE\n"
    case .convert?:
      "USAGE: infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]\n\n"
        + "See 'infoscope help convert'.\n"
    case .get?, .set?, .remove?, .rename?:
      editUsage(for: subcommand)
    case .help?, nil:
      """
      USAGE: infoscope lint PATH... [--format text|json|sarif|github] [options]
             infoscope files PATH [--format text|json]
             infoscope print PATH [--file REL] [KEYPATH]
             infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]
             infoscope get PATH KEYPATH [--format raw|xml|json]
             infoscope set|remove|rename FILE KEYPATH [VALUE|NEWKEY] [--dry-run]
             infoscope PATH | --demo [--theme NAME|PATH]
             infoscope --help | --version

      See 'infoscope --help'.

      """
    }
  }

  /// The full help text of `--help`, `help` and `help COMMAND`.
  package static func help(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case .lint?:
      """
      USAGE: infoscope lint PATH... [--format text|json|sarif|github] [options]

      Checks every property list in each PATH (an .app, .ipa, .xcarchive, Xcode project or
      single file) against infoscope's rules: what App Store Connect, App Review or the system
      would reject or trip over, each finding on the key it concerns with the Apple page
      that says so.

      OPTIONS:
        --format F            text (file:line:column: severity: message [rule]), json,
                              sarif (SARIF 2.1.0) or github (workflow annotations)
        --min-severity S      leave out findings below note, warning or error
        --disable RULE        turn a rule off (repeatable); --enable RULE turns it back on
        --baseline FILE       record the current findings in FILE when it does not exist;
                              afterwards report only findings not in it
        --strict              warnings fail too
        --platform P[,P]      take the input to target these platforms
        --distribution D      app-store, developer-id, ad-hoc, enterprise or development

      Exit status: 0 nothing at the failing level (errors, or warnings with --strict);
      1 something was found; 64 bad usage; 66 a PATH cannot be opened.

      """
    case .rules?:
      """
      USAGE: infoscope rules [--markdown]

      Lists every rule: identifier, default severity and what it checks (--markdown: a
      table for documentation).

      """
    case .explain?:
      """
      USAGE: infoscope explain RULE_ID|KEY|ITMS-CODE

      Shows what a rule checks and the Apple page it rests on, what the catalog knows of
      a key (by raw name or Xcode display name): type, platforms, deprecation, values, or
      which rules anticipate an App Store Connect error (ITMS-90474).

      Exit status: 0 shown; 1 no such rule or key.

      """
    case .files?:
      """
      USAGE: infoscope files PATH [--format text|json]

      Lists what infoscope finds in PATH: an .app (or any bundle folder), an .ipa (read in
      memory), an .xcarchive, an Xcode project (an .xcodeproj or the folder holding one), or
      a single file. Each bundle is shown with its kind, identifier, version and platforms,
      each file with its role (Info.plist, entitlements, provisioning profile, privacy
      manifest, ...) and format; files that cannot be read say why. The paths shown are what
      'infoscope print PATH --file REL' takes.

      OPTIONS:
        --format json   one JSON document, for scripts

      Exit status: 0 listed; 64 bad usage; 66 PATH cannot be opened.

      """
    case .print?:
      """
      USAGE: infoscope print PATH [--file REL] [KEYPATH]

      Shows a property list as a tree with the type of every value, in the order of the
      file (duplicate keys included). PATH is a property-list file (or - for standard input;
      its format, XML, binary or old-style ASCII, is read from its bytes), or a bundle, .ipa,
      .xcarchive or project, whose main Info.plist is shown unless --file names another file
      inside it (as 'infoscope files' lists it: a provisioning profile shows the property
      list inside its envelope).

      KEYPATH selects a subtree: keys joined by '.', array items in brackets, keys holding
      dots or brackets in double quotes, e.g.
        CFBundleURLTypes[0].CFBundleURLSchemes[0]
        "com.apple.security.application-groups"[0]

      In a shell, quote a key path that holds quotes or brackets:
        infoscope print App.entitlements '"com.apple.security.application-groups"[0]'

      Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 FILE unreadable or
      not a property list.

      """
    case .convert?:
      """
      USAGE: infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]

      Writes the property list in FILE in another format: xml (Apple's canonical layout, key
      order kept), binary (bplist00) or json (for reading; dates as ISO 8601 strings, data as
      base64, UIDs as {"CF$UID": n}).

      OPTIONS:
        --to FORMAT     xml, binary or json (also xml1, binary1)
        -o OUT          write to the file OUT (- for standard output, the default)
        --in-place      replace FILE itself

      Files are written atomically: a temporary file beside the target is flushed and
      renamed over it, keeping its permissions, so a failed write leaves the old file
      whole. FILE is never overwritten without --in-place.

      Binary output is not written to a terminal: give -o OUT. A dictionary with a key
      written twice is converted with both entries and a warning, since readers disagree on
      which one counts.

      Exit status: 0 written; 64 bad usage; 66 FILE unreadable or not a property list;
      73 output not written.

      """
    case .get?, .set?, .remove?, .rename?:
      editHelp(for: subcommand)
    case .help?, nil:
      """
      infoscope \(version): inspect, lint, print, edit and convert the property lists of Apple
      app bundles.

      USAGE: infoscope PATH [--theme NAME|PATH]
             infoscope --demo [--theme NAME|PATH]
             infoscope <command> [arguments]

      With no command, PATH (an .app, .ipa, .xcarchive, Xcode project or single file) opens in
      the terminal inspector: every property list as a tree, each finding on its key. When
      standard output is not a terminal (or TERM is dumb), nothing interactive starts: the
      lint report is printed as 'infoscope lint PATH' prints it, with its exit status.

      COMMANDS:
        lint PATH...                   the findings of every rule (text, json, sarif, github)
        rules                          list the rules; explain RULE_ID|KEY shows one
        files PATH                     list the bundles and files of an app, ipa, archive or
                                       project, with their roles
        print PATH [KEYPATH]           show a property list as a tree with types, in source
                                       order (--file REL picks a file inside a bundle)
        convert FILE --to FORMAT       write as xml, binary or json (-o OUT, --in-place)
        get PATH KEYPATH               print one value, for scripts (--format raw|xml|json)
        set FILE KEYPATH VALUE         set a value, adding the last key when it is missing
                                       (--type TYPE); the file keeps its format and layout
        remove FILE KEYPATH            remove a key or an array item
        rename FILE KEYPATH NEWKEY     rename a key (set, remove and rename: --dry-run prints
                                       the diff instead of writing)
        help [COMMAND]                 show help for a command

      OPTIONS:
        --demo                         open the sample built into infoscope: Trailhead.app,
                                       an iOS app and its widget extension, with faults to find
        --theme NAME|PATH              the inspector's colours: a theme name or a theme file
        -h, --help                     show this help
        --version                      show the version

      EXIT STATUS:
        0 success, 1 lint findings at the failing level, a key path / rule not found or a
        value refused, 64 bad usage, 66 input unreadable or malformed,
        73 output could not be written.

      """
    }
  }
}
