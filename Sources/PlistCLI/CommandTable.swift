/// One option of a command, as the command table declares it.
package struct OptionSpec: Sendable {
  /// Its names, short ones first (`-o`, `--output`).
  package var names: [String]
  /// The value's placeholder (`FORMAT`), or nil for a flag.
  package var value: String?
  /// Makes `choices`; called by help, completions and the man page, and by the parser for an
  /// option with a `refusal`.
  private let makeChoices: @Sendable () -> [String]
  /// Whether the value is a path (completed as a file name).
  package var takesPath: Bool
  /// What it does: lines of help text, without the option column.
  package var help: String
  /// Whether it may be given more than once, every value kept (`--disable`).
  package var repeatable: Bool
  /// Hidden from help, completions and the man page (`lint --demo`, for tests).
  package var hidden: Bool
  /// Other spellings the parser takes for a choice, lower-case (`xml1` for `xml`); help and
  /// completions offer only `choices`.
  package var aliases: [String: String]
  /// Whether the value is a list joined by commas (`--platform iOS,macOS`), each part a value.
  package var commaSeparated: Bool
  /// Whether a second occurrence replaces the first (`lint --format`, so a script can append
  /// an override) instead of being refused; a flag may always be repeated, and a `repeatable`
  /// option keeps every value.
  package var lastWins: Bool
  /// What a usage error says when the value is missing; nil for `NAME needs a value` (or for
  /// what `refusal` says, when it is `.takes`).
  package var missing: String?
  /// How the parser refuses a value that is none of `choices` (or of `aliases`); nil when it
  /// takes any value, and the command checks it if need be.
  package var refusal: Refusal?

  /// What a usage error says of a value that is none of an option's choices.
  package enum Refusal: Sendable {
    /// `--format takes text or json`, said of a missing value too.
    case takes
    /// `unknown NOUN 'VALUE' (expected a, b or c)`.
    case unknown(String)
    /// A message of the option's own, given the value and its choices (`a, b or c`).
    case message(@Sendable (_ value: String, _ expected: String) -> String)
  }

  /// Creates an option.
  ///
  /// `choices` is taken unevaluated (`@autoclosure`): the list of rule identifiers reads every
  /// rule's description, which no command but help and completions needs, and the table is
  /// built whenever a command line is parsed; the parser reads it only for an option with a
  /// `refusal`.
  package init(
    _ names: [String], value: String? = nil,
    choices: @autoclosure @escaping @Sendable () -> [String] = [], aliases: [String: String] = [:],
    commaSeparated: Bool = false, takesPath: Bool = false, repeatable: Bool = false,
    lastWins: Bool = false, hidden: Bool = false, missing: String? = nil,
    refusal: Refusal? = nil, help: String
  ) {
    self.names = names
    self.value = value
    makeChoices = choices
    self.aliases = aliases
    self.commaSeparated = commaSeparated
    self.takesPath = takesPath
    self.help = help
    self.repeatable = repeatable
    self.lastWins = lastWins
    self.hidden = hidden
    self.missing = missing
    self.refusal = refusal
  }

  /// The values it takes, when they are a fixed list (for help, completions and the parser).
  package var choices: [String] { makeChoices() }

  /// The option column of help: `-o, --output OUT`.
  var label: String {
    names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }
}

/// One command: its name, usage, help text and options, declared once and used by the help,
/// the usage shown after a bad command line, the shell completions, the man page and the
/// parser (`ParsedCommandLine`), from which each command reads the values of its options.
package struct CommandSpec: Sendable {
  /// The name typed (`lint`); empty for the inspector (`infoscope PATH`).
  package var name: String
  /// The subcommand, or nil for the inspector.
  package var subcommand: Subcommand?
  /// The arguments after the name, as the usage line shows them.
  package var usage: String
  /// The form shown in the general help's command list (`convert FILE --to FORMAT`).
  package var synopsis: String
  /// One line, or a few, for the command list and the man page.
  package var summary: String
  /// The help's description, before the options.
  package var discussion: String
  /// The options; `-h, --help` is added to every command.
  package var options: [OptionSpec]
  /// Text after the options (syntax notes, exit status).
  package var footer: String
  /// Whether the operands are paths (completed as file names).
  package var operandsArePaths: Bool
  /// Whether an argument that reads as a negative number (`-5`, `-0.5`) is an operand, not an
  /// option (`set`, `remove` and `rename`, whose values and key paths may be one).
  package var negativeNumbersAreOperands: Bool

  /// Creates a command.
  package init(
    _ name: String, _ subcommand: Subcommand?, usage: String, synopsis: String? = nil,
    summary: String, discussion: String, options: [OptionSpec] = [], footer: String = "",
    operandsArePaths: Bool = true, negativeNumbersAreOperands: Bool = false
  ) {
    self.name = name
    self.subcommand = subcommand
    self.usage = usage
    self.synopsis = synopsis ?? (name + " " + usage)
    self.summary = summary
    self.discussion = discussion
    self.options = options
    self.footer = footer
    self.operandsArePaths = operandsArePaths
    self.negativeNumbersAreOperands = negativeNumbersAreOperands
  }

  /// The options shown: the declared ones that are not hidden, then `-h, --help`.
  package var visibleOptions: [OptionSpec] {
    options.filter { !$0.hidden } + [CommandTable.helpOption]
  }

  /// Every option name the command accepts, hidden ones and `-h`/`--help` included.
  package var acceptedNames: [String] {
    (options + [CommandTable.helpOption]).flatMap(\.names)
  }

  /// `USAGE: infoscope lint PATH... [options]`.
  var usageLine: String {
    "USAGE: infoscope " + [name, usage].filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// The commands of `infoscope`, in the order help lists them.
package enum CommandTable {
  /// `-h, --help`, which every command takes.
  package static let helpOption = OptionSpec(["-h", "--help"], help: "show this help")

  /// The spec of `subcommand`, or of the inspector for nil.
  package static func spec(_ subcommand: Subcommand?) -> CommandSpec {
    guard let subcommand else { return inspector }
    return commands.first { $0.subcommand == subcommand } ?? inspector
  }

  /// The full help of a command: usage, description, options, then its footer.
  static func help(_ spec: CommandSpec) -> String {
    var out = spec.usageLine + "\n\n" + spec.discussion
    if !out.hasSuffix("\n") { out += "\n" }
    out += "\nOPTIONS:\n" + optionLines(spec.visibleOptions)
    if !spec.footer.isEmpty { out += "\n" + spec.footer }
    if !out.hasSuffix("\n") { out += "\n" }
    return out
  }

  /// The short usage shown after a usage error.
  static func usage(_ spec: CommandSpec) -> String {
    spec.usageLine + "\n\nSee 'infoscope help " + spec.name + "'.\n"
  }

  /// Option lines: the label in a column of 22, the help beside it, continued under it.
  static func optionLines(_ options: [OptionSpec]) -> String {
    var out = ""
    for option in options {
      var label = "  " + option.label
      let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      if label.count > 23 {
        out += label + "\n"
        label = ""
      }
      for (index, line) in lines.enumerated() {
        let lead = index == 0 ? label : ""
        out += lead + String(repeating: " ", count: max(1, 24 - lead.count)) + line + "\n"
      }
    }
    return out
  }

  /// The general help: what infoscope is, its usage, the commands and the top-level options.
  static func generalHelp() -> String {
    var out = """
      infoscope \(CLI.version): inspect, lint, print, edit and convert the property lists of Apple
      app bundles.

      USAGE: infoscope PATH [--theme NAME|PATH]
             infoscope --demo [--theme NAME|PATH]
             infoscope <command> [arguments]

      \(inspector.discussion)
      COMMANDS:

      """
    for command in commands {
      let lines = command.summary.split(separator: "\n")
      var lead = "  " + command.synopsis
      if lead.count > 32 {
        out += lead + "\n"
        lead = ""
      }
      for (index, line) in lines.enumerated() {
        let start = index == 0 ? lead : ""
        out += start + String(repeating: " ", count: max(1, 33 - start.count)) + line + "\n"
      }
    }
    out += "\nOPTIONS:\n" + optionLines(inspector.visibleOptions + [versionOption])
    out += "\n" + exitStatus
    return out
  }

  /// `--version`, a top-level option of its own.
  static let versionOption = OptionSpec(["--version"], help: "show the version")

  /// The exit statuses every command shares.
  static let exitStatus = """
    EXIT STATUS:
      0 success, 1 lint or diff findings at the failing level, a key path / rule not found
      or a value refused, 64 bad usage, 66 input unreadable or malformed,
      73 output could not be written.

    """
}
