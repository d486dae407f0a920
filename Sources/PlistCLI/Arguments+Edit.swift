import PlistCore

/// Options of `get`.
package struct GetOptions: Sendable, Equatable {
  /// How `get` prints the value.
  package enum Format: String, Sendable, CaseIterable {
    /// `plutil -extract KEYPATH raw`'s conventions: scalars as plain text, a dictionary's keys
    /// one per line, an array's count.
    case raw
    /// The subtree as an XML property list.
    case xml
    /// The subtree as JSON.
    case json
  }

  /// The file to read; `-` for standard input; or a bundle, archive or project.
  package var input: String
  /// The node to print.
  package var keyPath: KeyPath
  /// How to print it.
  package var format: Format = .raw
  /// The file inside a bundle, archive or project (`--file REL`, as `files` lists it).
  package var file: String? = nil
}

/// Options of `set`, `remove` and `rename`.
package struct EditOptions: Sendable, Equatable {
  /// The change to make.
  package enum Action: Sendable, Equatable {
    /// `set FILE KEYPATH VALUE [--type TYPE]`: `value` is nil only for an empty container
    /// (`--type array` or `--type dictionary` with no VALUE); `type` is nil when not given.
    case set(KeyPath, value: String?, type: PlistKind?)
    /// `remove FILE KEYPATH`.
    case remove(KeyPath)
    /// `rename FILE KEYPATH NEWKEY`.
    case rename(KeyPath, to: String)
  }

  /// The file to change; `-` reads standard input and writes the result to standard output.
  package var input: String
  /// The change.
  package var action: Action
  /// Print the unified diff instead of writing (`--dry-run`).
  package var dryRun: Bool = false
  /// The format to write (`--format xml|binary`): `.xml` or `.binary`; nil keeps the file's own.
  package var format: PlistFormat? = nil
  /// Replace a file nobody may write (mode 0444) rather than refuse it (`--force`).
  package var force = false

  /// The subcommand that makes this action.
  package var subcommand: Subcommand {
    switch action {
    case .set: .set
    case .remove: .remove
    case .rename: .rename
    }
  }
}

extension Arguments {
  /// `get PATH [--file REL] KEYPATH [--format raw|xml|json]`; `--` ends the options.
  static func parseGet(_ arguments: [String]) throws(UsageError) -> CLICommand {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: .get) }
    var operands: [String] = []
    var format: GetOptions.Format?
    var file: String?
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help(.get)
      } else if name == "--format" {
        guard format == nil else { throw fail("--format is given twice") }
        let missing = fail("--format takes raw, xml or json")
        guard let parsed = GetOptions.Format(rawValue: try cursor.value(inline, missing: missing))
        else { throw missing }
        format = parsed
      } else if name == "--file" {
        guard file == nil else { throw fail("--file is given twice") }
        file = try cursor.value(
          inline, missing: fail("--file needs a path, as 'infoscope files' lists it"))
      } else {
        throw fail("unknown option '\(argument)' for get")
      }
    }
    guard operands.count >= 2 else {
      throw fail(operands.isEmpty ? "get needs a FILE and a KEYPATH" : "get needs a KEYPATH")
    }
    if operands.count > 2 { throw fail("unexpected argument '\(operands[2])'") }
    let keyPath = try parseKeyPath(operands[1], subcommand: .get)
    return .get(
      GetOptions(input: operands[0], keyPath: keyPath, format: format ?? .raw, file: file))
  }

  /// `set FILE KEYPATH [VALUE] [--type T]`, `remove FILE KEYPATH`, `rename FILE KEYPATH NEWKEY`,
  /// each with `[--dry-run] [--format xml|binary]`; `--` ends the options, and an operand that
  /// reads as a negative number (`-5`, `-0.5`) is taken as one.
  static func parseEdit(
    _ subcommand: Subcommand, _ arguments: [String]
  ) throws(UsageError) -> CLICommand {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: subcommand) }
    var operands: [String] = []
    var type: PlistKind?
    var format: PlistFormat?
    var dryRun = false
    var force = false
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-"
        || isNegativeNumber(argument)
      {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help(subcommand)
      } else if argument == "--dry-run" {
        dryRun = true
      } else if argument == "--force" {
        force = true
      } else if name == "--format" {
        guard format == nil else { throw fail("--format is given twice") }
        let missing = fail("--format takes xml or binary")
        switch try cursor.value(inline, missing: missing).lowercased() {
        case "xml", "xml1": format = .xml
        case "binary", "binary1": format = .binary
        default: throw missing
        }
      } else if name == "--type", subcommand == .set {
        guard type == nil else { throw fail("--type is given twice") }
        let missing = fail(
          "--type takes string, integer, real, boolean, date, data, array or dictionary")
        guard let kind = parseKind(try cursor.value(inline, missing: missing)) else {
          throw missing
        }
        type = kind
      } else {
        throw fail("unknown option '\(argument)' for \(subcommand.rawValue)")
      }
    }
    let names: [String]
    switch subcommand {
    case .set: names = ["a FILE", "a KEYPATH", "a VALUE"]
    case .rename: names = ["a FILE", "a KEYPATH", "a NEWKEY"]
    default: names = ["a FILE", "a KEYPATH"]
    }
    let containerType = type == .array || type == .dictionary
    // `set FILE KEYPATH --type array` needs no VALUE.
    let required = subcommand == .set && containerType ? 2 : names.count
    guard operands.count >= required else {
      throw fail("\(subcommand.rawValue) needs \(names[operands.count])")
    }
    if operands.count > names.count {
      throw fail("unexpected argument '\(operands[names.count])'")
    }
    let input = operands[0]
    let keyPath = try parseKeyPath(operands[1], subcommand: subcommand)
    let action: EditOptions.Action
    switch subcommand {
    case .set:
      let value = operands.count > 2 ? operands[2] : nil
      if containerType, let type, let value, !value.isEmpty {
        throw fail(
          "--type \(type.rawValue) makes an empty \(type.rawValue); give no VALUE, then set its "
            + "items one by one")
      }
      action = .set(keyPath, value: containerType ? nil : value, type: type)
    case .rename:
      action = .rename(keyPath, to: operands[2])
    default:
      action = .remove(keyPath)
    }
    var options = EditOptions(input: input, action: action, dryRun: dryRun, format: format)
    options.force = force
    return .edit(options)
  }

  /// A key path operand, or a usage error saying where it goes wrong.
  private static func parseKeyPath(
    _ text: String, subcommand: Subcommand
  ) throws(UsageError) -> KeyPath {
    do {
      return try KeyPath(parsing: text)
    } catch {
      let prefix = "key path: "
      let reason =
        error.message.hasPrefix(prefix)
        ? String(error.message.dropFirst(prefix.count)) : error.message
      throw UsageError(
        "invalid key path '\(text)' at column \(error.column): \(reason)", subcommand: subcommand)
    }
  }

  /// A `--type` name: the kinds' names, and plutil's `bool`, `int`, `float`, `dict`.
  static func parseKind(_ text: String) -> PlistKind? {
    switch text.lowercased() {
    case "string": .string
    case "integer", "int": .integer
    case "real", "float": .real
    case "boolean", "bool": .boolean
    case "date": .date
    case "data": .data
    case "array": .array
    case "dictionary", "dict": .dictionary
    default: nil
    }
  }

  /// True for `-5`, `-0.5`, `-.5`, `-inf`, `-1e3`: a value, not an option.
  static func isNegativeNumber(_ argument: String) -> Bool {
    let rest = argument.dropFirst()
    guard argument.hasPrefix("-"), let first = rest.first else { return false }
    if rest.lowercased() == "inf" || rest.lowercased() == "infinity" { return true }
    let digits: ClosedRange<Character> = "0"..."9"
    return digits.contains(first)
      || (first == "." && rest.dropFirst().first.map(digits.contains) == true)
  }
}
