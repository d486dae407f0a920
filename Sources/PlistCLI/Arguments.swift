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
    let help = CommandTable.helpOption.names
    switch first {
    case _ where help.contains(first):
      try expectNothing(rest, after: first)
      return .help(nil)
    case _ where CommandTable.versionOption.names.contains(first):
      try expectNothing(rest, after: first)
      return .version
    case Subcommand.help.rawValue:
      guard let topic = rest.first else { return .help(nil) }
      if help.contains(topic) { return .help(.help) }
      guard let subcommand = Subcommand(rawValue: topic) else {
        throw UsageError("unknown command '\(topic)'")
      }
      try expectNothing(Array(rest.dropFirst()), after: topic)
      return .help(subcommand)
    default:
      break
    }
    guard let subcommand = Subcommand(rawValue: first) else {
      let line = try ParsedCommandLine(CommandTable.inspector, arguments)
      return line.helpRequested ? .help(nil) : try parseOpen(line)
    }
    let line = try ParsedCommandLine(CommandTable.spec(subcommand), rest)
    if line.helpRequested { return .help(subcommand) }
    let operands = line.operands
    switch subcommand {
    case .lint: return try parseLint(line)
    case .diff: return try parseDiff(line)
    case .files: return try parseFiles(line)
    case .print: return try parsePrint(line)
    case .convert: return try parseConvert(line)
    case .get: return try parseGet(line)
    case .set, .remove, .rename: return try parseEdit(line)
    case .rules:
      if let extra = operands.first { throw line.error("unexpected argument '\(extra)' for rules") }
      return .rules(markdown: line.has(.markdown))
    case .explain:
      guard operands.count == 1 else {
        throw line.error("explain needs one RULE_ID, KEY or ITMS-CODE")
      }
      return .explain(operands[0])
    case .completions:
      guard operands.count == 1, let shell = ShellCompletions.Shell(rawValue: operands[0]) else {
        throw line.error(
          operands.count > 1
            ? "unexpected argument '\(operands[1])'"
            : "completions needs a shell: bash, zsh or fish")
      }
      return .completions(shell)
    case .manpage:
      if let extra = operands.first { throw line.error("unexpected argument '\(extra)'") }
      return .manpage
    case .help:
      return .help(nil)  // answered above
    }
  }

  private static func expectNothing(_ rest: [String], after: String) throws(UsageError) {
    if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after \(after)") }
  }

  /// `print PATH [--file REL] [KEYPATH]`.
  private static func parsePrint(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let operands = line.operands
    guard let input = operands.first else { throw line.error("print needs a FILE to read") }
    if operands.count > 2 { throw line.error("unexpected argument '\(operands[2])'") }
    let keyPath = operands.count == 2 ? try parseKeyPath(operands[1], line) : nil
    return .print(PrintOptions(input: input, keyPath: keyPath, file: line.value(.file)))
  }

  /// `lint PATH... [--format F] [--min-severity S] [--enable R] [--disable R] [--baseline FILE]
  /// [--strict] [--platform P] [--distribution D] [--role ROLE] [--color WHEN]`.
  private static func parseLint(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    var options = LintOptions(inputs: line.operands)
    options.format = line.value(.lintFormat, as: LintOptions.Format.self) ?? .text
    options.minimumSeverity = line.value(.minSeverity, as: Severity.self) ?? .note
    for rule in line.values(.disable) + line.values(.enable) where RuleCatalog.rule(rule) == nil {
      throw line.error("unknown rule '\(rule)'; 'infoscope rules' lists them")
    }
    options.disabled = Set(line.values(.disable)).subtracting(line.values(.enable))
    options.baseline = line.value(.baseline)
    options.strict = line.has(.strict)
    options.demo = line.has(.lintDemo)
    options.platforms = platforms(line.value(.lintPlatform))
    options.distribution = line.value(.distribution, as: LintContext.Distribution.self)
    options.role = line.value(.role).flatMap { name in
      LintOptions.roles.first { LintOptions.roleName($0) == name }
    }
    options.color = line.value(.color, as: ColorChoice.self) ?? .auto
    guard !options.inputs.isEmpty || options.demo else {
      throw line.error("lint needs a PATH: a bundle, .ipa, .xcarchive, project or file")
    }
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw line.error("standard input (-) can be linted once")
    }
    return .lint(options)
  }

  /// `files PATH [--format text|json]`.
  private static func parseFiles(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    guard let input = line.operands.first else {
      throw line.error("files needs a PATH: a bundle, .ipa, .xcarchive, project or file")
    }
    if line.operands.count > 1 { throw line.error("unexpected argument '\(line.operands[1])'") }
    return .files(FilesOptions(input: input, json: line.value(.filesFormat) == "json"))
  }

  /// `convert FILE --to FORMAT [-o OUT | --in-place] [--force]`.
  private static func parseConvert(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let operands = line.operands
    guard let input = operands.first else { throw line.error("convert needs a FILE to read") }
    if operands.count > 1 { throw line.error("unexpected argument '\(operands[1])'") }
    guard let format = line.value(.convertTo, as: ConvertOptions.Format.self) else {
      throw line.error("convert needs --to xml, binary or json")
    }
    let destination: ConvertOptions.Destination
    switch (line.value(.output), line.has(.inPlace)) {
    case (.some, true):
      throw line.error("-o and --in-place cannot be used together")
    case (nil, true):
      guard input != "-" else { throw line.error("--in-place needs a FILE, not standard input") }
      destination = .inPlace
    case (let path?, false):
      guard !path.isEmpty else {
        throw line.error("-o needs a file name, or - for standard output")
      }
      destination = path == "-" ? .standardOutput : .file(path)
    case (nil, false):
      destination = .standardOutput
    }
    var options = ConvertOptions(input: input, format: format, destination: destination)
    options.force = line.has(.convertForce)
    return .convert(options)
  }

  /// A key path operand, or a usage error saying where it goes wrong.
  static func parseKeyPath(
    _ text: String, _ line: ParsedCommandLine
  ) throws(UsageError) -> KeyPath {
    do {
      return try KeyPath(parsing: text)
    } catch {
      let prefix = "key path: "
      let reason =
        error.message.hasPrefix(prefix)
        ? String(error.message.dropFirst(prefix.count)) : error.message
      throw line.error("invalid key path '\(text)' at column \(error.column): \(reason)")
    }
  }
}
