import Foundation
import PlistCore

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

  /// Runs `infoscope` with `arguments` (without the program name).
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
    let context = Context(console: console, read: read)
    let command: Command
    do {
      command = try Arguments.parse(arguments)
    } catch {
      console.write(
        "infoscope: error: \(error.message)\n\n" + usage(for: error.subcommand), to: .error)
      return ExitStatus.usage.rawValue
    }
    let status: ExitStatus
    switch command {
    case .help(let subcommand):
      status = console.write(help(for: subcommand), to: .output) ? .success : .cannotCreate
    case .version:
      status = console.write("infoscope \(version)\n", to: .output) ? .success : .cannotCreate
    case .demo:
      // Later the terminal UI opens the sample when standard output is a terminal; printing
      // the tree stays the behaviour when it is not.
      status = DemoBundle.print(context: context)
    case .print(let options):
      status = PrintCommand.run(options, context: context)
    case .convert(let options):
      status = ConvertCommand.run(options, context: context)
    case .files(let options):
      status = FilesCommand.run(options, context: context)
    case .lint(let options):
      status = LintCommand.run(options, context: context)
    case .rules(let markdown):
      status =
        console.write(RulesCommand.list(markdown: markdown), to: .output) ? .success : .cannotCreate
    case .explain(let name):
      guard let text = RulesCommand.explain(name) else {
        console.write(
          "infoscope: error: no rule or catalog key named '\(name)'; 'infoscope rules' lists "
            + "the rules\n", to: .error)
        return ExitStatus.notFound.rawValue
      }
      status = console.write(text, to: .output) ? .success : .cannotCreate
    }
    return status.rawValue
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
      "USAGE: infoscope explain RULE_ID|KEY\n"
    case .convert?:
      "USAGE: infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]\n\n"
        + "See 'infoscope help convert'.\n"
    case .help?, nil:
      """
      USAGE: infoscope lint PATH... [--format text|json|sarif|github] [options]
             infoscope files PATH [--format text|json]
             infoscope print PATH [--file REL] [KEYPATH]
             infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]
             infoscope --demo | --help | --version

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
      USAGE: infoscope explain RULE_ID|KEY

      Shows what a rule checks and the Apple page it rests on, or what the catalog knows of
      a key (by raw name or Xcode display name): type, platforms, deprecation, values.

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
    case .help?, nil:
      """
      infoscope \(version): lint, read, print and convert the property lists of Apple app
      bundles.

      USAGE: infoscope <command> [arguments]

      COMMANDS:
        lint PATH...                   the findings of every rule (text, json, sarif, github)
        rules                          list the rules; explain RULE_ID|KEY shows one
        files PATH                     list the bundles and files of an app, ipa, archive or
                                       project, with their roles
        print PATH [KEYPATH]           show a property list as a tree with types, in source
                                       order (--file REL picks a file inside a bundle)
        convert FILE --to FORMAT       write as xml, binary or json (-o OUT, --in-place)
        help [COMMAND]                 show help for a command

      OPTIONS:
        --demo                         show a sample Info.plist built into infoscope
        -h, --help                     show this help
        --version                      show the version

      EXIT STATUS:
        0 success, 1 lint findings at the failing level or a key path / rule not found,
        64 bad usage, 66 input unreadable or malformed,
        73 output could not be written.

      """
    }
  }
}
