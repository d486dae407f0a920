import PlistBundle
import PlistCore
import PlistRules

/// The subcommands, by the name typed on the command line.
package enum Subcommand: String, Sendable, CaseIterable {
  case lint, diff, files, print, convert, rules, explain, help
  case get, set, remove, rename
  case completions, manpage
}

/// Options of `print`.
package struct PrintOptions: Sendable, Equatable {
  /// The file to read; `-` for standard input.
  package var input: String
  /// The subtree to show; the root when nil.
  package var keyPath: KeyPath?
  /// The file inside a bundle, archive or project to show (`--file REL`, as `files` lists it).
  package var file: String? = nil
}

/// Options of `files`.
package struct FilesOptions: Sendable, Equatable {
  /// The bundle, archive, project or file to list.
  package var input: String
  /// True for `--format json`.
  package var json: Bool
}

/// Options of `convert`.
package struct ConvertOptions: Sendable, Equatable {
  /// The formats `convert` writes, by their `--to` names (`xml1` and `binary1`, plutil's names,
  /// are accepted too).
  package enum Format: String, Sendable, CaseIterable {
    case xml, binary, json
  }

  /// Where the converted bytes go.
  package enum Destination: Sendable, Equatable {
    /// Standard output (no `-o`, or `-o -`).
    case standardOutput
    /// A file, written atomically.
    case file(String)
    /// Over the input file, atomically (`--in-place`).
    case inPlace
  }

  /// The file to read; `-` for standard input.
  package var input: String
  /// The format to write.
  package var format: Format
  /// Where to write it.
  package var destination: Destination
  /// Replace a file nobody may write (mode 0444) rather than refuse it (`--force`).
  package var force = false
}

/// A command line that cannot be followed; the message is one line, and usage follows it.
package struct UsageError: Error, Sendable, Equatable {
  /// What is wrong, without a trailing period.
  package var message: String
  /// The subcommand whose usage to show, or nil for the general usage.
  package var subcommand: Subcommand?

  /// Creates an error.
  package init(_ message: String, subcommand: Subcommand? = nil) {
    self.message = message
    self.subcommand = subcommand
  }
}

/// Walks a command line one argument at a time, giving each option its value whether it is
/// written `--opt VALUE` or `--opt=VALUE`.
struct ArgumentCursor {
  let arguments: [String]
  var index = -1

  init(_ arguments: [String]) { self.arguments = arguments }

  /// The next argument, with its option name and inline value split (`--to=xml` → `--to`,
  /// `xml`; `-oOUT` is not accepted: write `-o OUT`), or nil at the end.
  mutating func next() -> (argument: String, name: String, inline: String?)? {
    index += 1
    guard index < arguments.count else { return nil }
    let argument = arguments[index]
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, argument, nil)
    }
    return (
      argument, String(argument[..<equals]), String(argument[argument.index(after: equals)...])
    )
  }

  /// The value of the option just read: its inline value, or the next argument.
  ///
  /// - Throws: `missing` when the command line ends first.
  mutating func value(_ inline: String?, missing: UsageError) throws(UsageError) -> String {
    if let inline { return inline }
    index += 1
    guard index < arguments.count else { throw missing }
    return arguments[index]
  }
}

/// Parses the arguments after the program name.
package enum Arguments {
  /// The command the arguments ask for.
  ///
  /// - Parameter arguments: the arguments without the program name.
  /// - Returns: the command and its options.
  /// - Throws: `UsageError` for an empty command line, an unknown command or option, a missing
  ///   or extra operand, a bad key path or format, or options that contradict each other.
  package static func parse(_ arguments: [String]) throws(UsageError) -> CLICommand {
    guard let first = arguments.first else { throw UsageError("missing a command") }
    let rest = Array(arguments.dropFirst())
    if let subcommand = Subcommand(rawValue: first), subcommand != .help {
      try checkOptions(rest, subcommand)
    }
    switch first {
    case "-h", "--help":
      try expectNothing(rest, after: first)
      return .help(nil)
    case "--version":
      try expectNothing(rest, after: first)
      return .version
    case "help":
      guard let topic = rest.first else { return .help(nil) }
      if topic == "-h" || topic == "--help" { return .help(.help) }
      guard let subcommand = Subcommand(rawValue: topic) else {
        throw UsageError("unknown command '\(topic)'")
      }
      try expectNothing(Array(rest.dropFirst()), after: topic)
      return .help(subcommand)
    case "completions":
      guard let operands = try simpleOperands(rest, .completions) else {
        return .help(.completions)
      }
      guard operands.count == 1, let shell = ShellCompletions.Shell(rawValue: operands[0]) else {
        throw UsageError(
          operands.count > 1
            ? "unexpected argument '\(operands[1])'"
            : "completions needs a shell: bash, zsh or fish", subcommand: .completions)
      }
      return .completions(shell)
    case "manpage":
      guard let operands = try simpleOperands(rest, .manpage) else { return .help(.manpage) }
      if let extra = operands.first {
        throw UsageError("unexpected argument '\(extra)'", subcommand: .manpage)
      }
      return .manpage
    case "print":
      return try parsePrint(rest)
    case "convert":
      return try parseConvert(rest)
    case "files":
      return try parseFiles(rest)
    case "lint":
      return try parseLint(rest)
    case "diff":
      return try parseDiff(rest)
    case "rules":
      let markdown = rest.contains("--markdown")
      guard let operands = try simpleOperands(rest.filter { $0 != "--markdown" }, .rules) else {
        return .help(.rules)
      }
      if let extra = operands.first {
        throw UsageError("unexpected argument '\(extra)' for rules", subcommand: .rules)
      }
      return .rules(markdown: markdown)
    case "get":
      return try parseGet(rest)
    case "set", "remove", "rename":
      return try parseEdit(Subcommand(rawValue: first) ?? .set, rest)
    case "explain":
      guard let operands = try simpleOperands(rest, .explain) else { return .help(.explain) }
      guard operands.count == 1 else {
        throw UsageError("explain needs one RULE_ID or KEY", subcommand: .explain)
      }
      return .explain(operands[0])
    default:
      return try parseOpen(arguments)
    }
  }

  /// The operands of a command that takes no option but `-h`/`--help`; `--` ends the options.
  ///
  /// - Returns: the operands, or nil when `-h` or `--help` asks for the command's help.
  /// - Throws: `UsageError` for any other option.
  private static func simpleOperands(
    _ arguments: [String], _ subcommand: Subcommand
  ) throws(UsageError) -> [String]? {
    var operands: [String] = []
    var optionsEnded = false
    for argument in arguments {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return nil
      } else {
        throw UsageError(
          "unknown option '\(argument)' for \(subcommand.rawValue)", subcommand: subcommand)
      }
    }
    return operands
  }

  /// Refuses an option the command table does not declare for `subcommand`, so the table is
  /// what decides which options a command has (its help, completions and man page list the
  /// same); the command's parser then reads the declared ones.
  ///
  /// `--` ends the options, `-` is an operand, the value of an option that takes one is
  /// skipped (`-o -`), and for `set`, `remove` and `rename` a negative number is an operand.
  ///
  /// - Throws: `UsageError` naming the first undeclared option.
  static func checkOptions(_ arguments: [String], _ subcommand: Subcommand) throws(UsageError) {
    let spec = CommandTable.spec(subcommand)
    let numbersAreOperands = [.set, .remove, .rename].contains(subcommand)
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return }
      guard argument.hasPrefix("-"), argument != "-" else { continue }
      if numbersAreOperands && isNegativeNumber(argument) { continue }
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard let option = spec.options.first(where: { $0.names.contains(name) })
      else {
        if CommandTable.helpOption.names.contains(argument) { continue }
        throw UsageError(
          "unknown option '\(argument)' for \(subcommand.rawValue)", subcommand: subcommand)
      }
      if option.value != nil, !argument.contains("=") { index += 1 }
    }
  }

  private static func expectNothing(_ rest: [String], after: String) throws(UsageError) {
    if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after \(after)") }
  }

  /// Splits `print` arguments: two operands at most, `--file REL`; `--` ends the options.
  private static func parsePrint(_ arguments: [String]) throws(UsageError) -> CLICommand {
    var operands: [String] = []
    var file: String?
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    while let (argument, name, inline) = cursor.next() {
      if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && (argument == "-h" || argument == "--help") {
        return .help(.print)
      } else if !optionsEnded && name == "--file" {
        guard file == nil else { throw UsageError("--file is given twice", subcommand: .print) }
        file = try cursor.value(
          inline,
          missing: UsageError(
            "--file needs a path, as 'infoscope files' lists it", subcommand: .print))
      } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        throw UsageError("unknown option '\(argument)' for print", subcommand: .print)
      } else {
        operands.append(argument)
      }
    }
    guard let input = operands.first else {
      throw UsageError("print needs a FILE to read", subcommand: .print)
    }
    if operands.count > 2 {
      throw UsageError("unexpected argument '\(operands[2])'", subcommand: .print)
    }
    var keyPath: KeyPath?
    if operands.count == 2 {
      do {
        keyPath = try KeyPath(parsing: operands[1])
      } catch {
        throw UsageError(
          "invalid key path '\(operands[1])' at column \(error.column): \(keyPathReason(error))",
          subcommand: .print)
      }
    }
    return .print(PrintOptions(input: input, keyPath: keyPath, file: file))
  }

  /// `lint PATH... [--format F] [--min-severity S] [--enable R] [--disable R] [--baseline FILE]
  /// [--strict] [--platform P] [--distribution D]`.
  private static func parseLint(_ arguments: [String]) throws(UsageError) -> CLICommand {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: .lint) }
    var options = LintOptions(inputs: [])
    var enabled: Set<String> = []
    var cursor = ArgumentCursor(arguments)
    func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
      try cursor.value(inline, missing: fail("\(name) needs a value"))
    }
    var optionsEnded = false
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        options.inputs.append(argument)
        continue
      }
      switch name {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        return .help(.lint)
      case "--color":
        let text = try value(name, inline)
        guard let choice = ColorChoice(rawValue: text.lowercased()) else {
          throw fail("unknown --color '\(text)' (expected auto, always or never)")
        }
        options.color = choice
      case "--format":
        let text = try value(name, inline)
        guard let format = LintOptions.Format(rawValue: text.lowercased()) else {
          throw fail("unknown format '\(text)' (expected text, json, sarif or github)")
        }
        options.format = format
      case "--min-severity":
        let text = try value(name, inline)
        guard let severity = Severity(rawValue: text.lowercased()) else {
          throw fail("unknown severity '\(text)' (expected note, warning or error)")
        }
        options.minimumSeverity = severity
      case "--disable", "--enable":
        for part in try value(name, inline).split(separator: ",") {
          let rule = String(part)
          guard RuleCatalog.rule(rule) != nil else {
            throw fail("unknown rule '\(rule)'; 'infoscope rules' lists them")
          }
          if name == "--disable" { options.disabled.insert(rule) } else { enabled.insert(rule) }
        }
      case "--baseline":
        options.baseline = try value(name, inline)
      case "--strict":
        options.strict = true
      case "--demo":
        // Hidden: lint the built-in sample (for its tests and for trying the rules).
        options.demo = true
      case "--platform":
        options.platforms = try platforms(try value(name, inline), subcommand: .lint)
      case "--role":
        let text = try value(name, inline)
        guard
          let role = LintOptions.roles.first(where: {
            LintOptions.roleName($0).lowercased() == text.lowercased()
          })
        else {
          throw fail(
            "unknown role '\(text)' (expected "
              + LintOptions.roles.map(LintOptions.roleName).joined(separator: ", ") + ")")
        }
        options.role = role
      case "--distribution":
        options.distribution = try distribution(try value(name, inline), subcommand: .lint)
      default:
        throw fail("unknown option '\(argument)' for lint")
      }
    }
    guard !options.inputs.isEmpty || options.demo else {
      throw fail("lint needs a PATH: a bundle, .ipa, .xcarchive, project or file")
    }
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw fail("standard input (-) can be linted once")
    }
    options.disabled.subtract(enabled)
    return .lint(options)
  }

  /// `files PATH [--format text|json]`.
  private static func parseFiles(_ arguments: [String]) throws(UsageError) -> CLICommand {
    var operands: [String] = []
    var json = false
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help(.files)
      } else if name == "--format" {
        let missing = UsageError("--format takes text or json", subcommand: .files)
        switch try cursor.value(inline, missing: missing).lowercased() {
        case "json": json = true
        case "text": json = false
        default: throw missing
        }
      } else if argument.hasPrefix("-") {
        throw UsageError("unknown option '\(argument)' for files", subcommand: .files)
      } else {
        operands.append(argument)
      }
    }
    guard let input = operands.first else {
      throw UsageError(
        "files needs a PATH: a bundle, .ipa, .xcarchive, project or file",
        subcommand: .files)
    }
    if operands.count > 1 {
      throw UsageError("unexpected argument '\(operands[1])'", subcommand: .files)
    }
    return .files(FilesOptions(input: input, json: json))
  }

  /// `KeyPath`'s message without its `key path: ` prefix.
  private static func keyPathReason(_ error: PlistError) -> String {
    let prefix = "key path: "
    return error.message.hasPrefix(prefix)
      ? String(error.message.dropFirst(prefix.count)) : error.message
  }

  private static func parseConvert(_ arguments: [String]) throws(UsageError) -> CLICommand {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: .convert) }
    var operands: [String] = []
    var format: ConvertOptions.Format?
    var output: String?
    var inPlace = false
    var force = false
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
      try cursor.value(inline, missing: fail("\(name) needs a value"))
    }
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help(.convert)
      } else if name == "--to" || name == "-t" {
        guard format == nil else { throw fail("--to is given twice") }
        let text = try value("--to", inline)
        guard let parsed = parseFormat(text) else {
          throw fail("unknown format '\(text)' for --to (expected xml, binary or json)")
        }
        format = parsed
      } else if name == "-o" || name == "--output" {
        guard output == nil else { throw fail("-o is given twice") }
        output = try value("-o", inline)
      } else if argument == "--in-place" {
        inPlace = true
      } else if argument == "--force" {
        force = true
      } else {
        throw fail("unknown option '\(argument)' for convert")
      }
    }
    guard let input = operands.first else { throw fail("convert needs a FILE to read") }
    if operands.count > 1 { throw fail("unexpected argument '\(operands[1])'") }
    guard let format else { throw fail("convert needs --to xml, binary or json") }
    let destination: ConvertOptions.Destination
    switch (output, inPlace) {
    case (.some, true):
      throw fail("-o and --in-place cannot be used together")
    case (nil, true):
      guard input != "-" else { throw fail("--in-place needs a FILE, not standard input") }
      destination = .inPlace
    case (let path?, false):
      guard !path.isEmpty else { throw fail("-o needs a file name, or - for standard output") }
      destination = path == "-" ? .standardOutput : .file(path)
    case (nil, false):
      destination = .standardOutput
    }
    var options = ConvertOptions(input: input, format: format, destination: destination)
    options.force = force
    return .convert(options)
  }

  private static func parseFormat(_ text: String) -> ConvertOptions.Format? {
    switch text.lowercased() {
    case "xml", "xml1": .xml
    case "binary", "binary1", "bplist": .binary
    case "json": .json
    default: nil
    }
  }
}
