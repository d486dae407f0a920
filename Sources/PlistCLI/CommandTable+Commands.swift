import PlistBundle
import PlistRules

extension CommandTable {
  /// `infoscope PATH` and `infoscope --demo`: the inspector.
  static let inspector = CommandSpec(
    "", nil, usage: "PATH [--theme NAME|PATH] | --demo [--theme NAME|PATH]",
    summary: "open the terminal inspector",
    discussion: """
      With no command, PATH (an .app, .ipa, .xcarchive, Xcode project or single file) opens in
      the terminal inspector: every property list as a tree, each finding on its key. When
      standard output is not a terminal (or TERM is dumb), nothing interactive starts: the
      lint report is printed as 'infoscope lint PATH' prints it, with its exit status. The
      inspector opens one PATH at a time.

      """,
    options: [.demo, .theme])

  /// Every rule's identifier, for `--disable` and `--enable`.
  static let ruleIdentifiers: [String] = RuleCatalog.all.map { rule in
    rule.description.identifier
  }

  /// The formats of `lint --format`.
  static let lintFormats = LintOptions.Format.allCases.map(\.rawValue)

  /// Every command, in the order the general help lists them.
  package static let commands: [CommandSpec] = [
    lintCommand, diffCommand, rulesCommand, explainCommand, filesCommand, printCommand,
    convertCommand, getCommand, setCommand, removeCommand, renameCommand, completionsCommand,
    manpageCommand, helpCommand,
  ]

  /// The options of `set`, `remove` and `rename` that say how they write.
  static let writingOptions: [OptionSpec] = [.dryRun, .force, .writeFormat]

  /// How `set`, `remove` and `rename` write, in their help.
  static let writingHelp = """
    An XML file keeps its layout: only the lines of the changed node differ. The file is
    written atomically (a temporary file beside it, flushed and renamed over it) with its
    permissions kept, and not at all when it changed on disk since it was read. FILE - reads
    standard input and writes the result to standard output. Old-style ASCII files (.strings,
    project.pbxproj) are read-only; inside a bundle or .ipa, name the file itself. An empty
    FILE counts as an empty dictionary, so 'touch' then 'set' makes a new property list.

    """

  /// The key-path syntax, in the help of the commands that take one.
  static let keyPathHelp = """
    KEYPATH: keys joined by '.', array items in brackets, keys holding dots or brackets in
    double quotes (in a shell, quote the whole key path):
      CFBundleURLTypes[0].CFBundleURLSchemes[0]
      '"com.apple.security.application-groups"[0]'

    """

  /// The exit statuses of `set`, `remove` and `rename`.
  static let editExitStatus = """
    Exit status: 0 written (or nothing to change, or the diff printed); 1 nothing at KEYPATH,
    or the value, key or file refused; 64 bad usage; 66 FILE unreadable or not a property
    list; 73 FILE not written (it is left as it was).

    """
}

extension OptionSpec {
  /// `infoscope --demo`.
  static let demo = OptionSpec(
    ["--demo"],
    help: "open the sample built into infoscope: Trailhead.app,\n"
      + "an iOS app and its widget extension, with faults to find")

  /// `infoscope --theme`.
  static let theme = OptionSpec(
    ["--theme"], value: "NAME|PATH", takesPath: true,
    missing: "--theme needs a theme name or a theme file",
    help: "the inspector's colours: a theme name or a theme file")

  /// `--strict` of `lint` and `diff`.
  static let strict = OptionSpec(["--strict"], help: "warnings fail too")

  /// `--platform` of `lint` and `diff`, with their help.
  static func platform(help: String) -> OptionSpec {
    OptionSpec(
      ["--platform"], value: "P[,P]", choices: Platform.allCases.map(\.rawValue),
      commaSeparated: true, lastWins: true, refusal: .unknown("platform"), help: help)
  }

  /// `--distribution` of `lint` and `diff`.
  static let distribution = OptionSpec(
    ["--distribution"], value: "D", choices: LintContext.Distribution.allCases.map(\.rawValue),
    lastWins: true, refusal: .unknown("distribution"),
    help: "app-store, developer-id, ad-hoc, enterprise or development")

  /// `--file` of `print` and `get`.
  static let file = OptionSpec(
    ["--file"], value: "REL", missing: "--file needs a path, as 'infoscope files' lists it",
    help: "the file inside a bundle, as 'infoscope files' lists it")

  /// `--dry-run` of `set`, `remove` and `rename`.
  static let dryRun = OptionSpec(
    ["--dry-run"],
    help: "print the unified diff of the change (a/FILE, b/FILE)\n"
      + "instead of writing; for a binary file, the diff of its XML form")

  /// `--force` of `set`, `remove` and `rename`.
  static let force = OptionSpec(
    ["--force"], help: "replace a read-only file (mode 0444) instead of refusing it")

  /// `--format` of `set`, `remove` and `rename`.
  static let writeFormat = OptionSpec(
    ["--format"], value: "F", choices: ["xml", "binary"],
    aliases: ["xml1": "xml", "binary1": "binary"], refusal: .takes,
    help: "write xml or binary; by default the file keeps its own\n"
      + "format (a binary file stays binary, as the inspector keeps it)")
}
