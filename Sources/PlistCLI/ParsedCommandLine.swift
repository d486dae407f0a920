/// A command line read against a command's declaration: its operands and the values of the
/// options it gave, each checked against the `OptionSpec` that declares it.
///
/// One parse step serves every command, as swift-argument-parser's declarations do: `--opt
/// VALUE` and `--opt=VALUE`, short names (`-o OUT`; not `-oOUT`), `--` ending the options and
/// `-` as an operand (standard input). An option the spec does not declare is refused; one
/// takes a value exactly when the spec gives it one; a second occurrence of an option that
/// takes a value is refused unless it is `repeatable` or `lastWins`; and a value is checked
/// against `choices` (and `aliases`, each part of a comma-separated list) when the option
/// declares a `refusal`. Each command then reads typed values by the same `OptionSpec`s and
/// makes only its own checks.
struct ParsedCommandLine {
  /// The command whose usage a usage error shows; nil for the inspector.
  let subcommand: Subcommand?
  /// The arguments that are not options, in order.
  private(set) var operands: [String] = []
  /// Whether `-h` or `--help` came before any value the parser refused.
  private(set) var helpRequested = false
  /// The values given to each option, by its last name; a flag's are empty strings.
  private var given: [String: [String]] = [:]

  /// Reads `arguments` (without the command name) as `spec` declares them.
  ///
  /// An undeclared option is refused first, wherever it is; then the options are checked in
  /// order (given twice, value missing, value refused) up to the first `-h` or `--help`.
  ///
  /// - Throws: `UsageError` for an unknown option (or a flag given a value with `=`), a missing
  ///   or refused value, or an option given twice that may be given once.
  init(_ spec: CommandSpec, _ arguments: [String]) throws(UsageError) {
    subcommand = spec.subcommand
    let options = spec.options + [CommandTable.helpOption]
    var found: [(option: OptionSpec, name: String, value: String?)] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-"
        || (spec.negativeNumbersAreOperands && Self.isNegativeNumber(argument))
      {
        operands.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var value: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }),
        option.value != nil || value == nil
      else {
        let command = spec.name.isEmpty ? "" : " for " + spec.name
        // `-txml` or `-t=xml`: a short option with its value joined on.
        if !argument.hasPrefix("--"), argument.count > 2,
          options.contains(where: {
            $0.value != nil && $0.names.contains(String(argument.prefix(2)))
          })
        {
          var joined = argument.dropFirst(2)
          if joined.first == "=" { joined = joined.dropFirst() }
          throw error(
            "unknown option '\(argument)'\(command); give \(argument.prefix(2))'s value apart: "
              + "\(argument.prefix(2)) \(joined)")
        }
        throw error("unknown option '\(argument)'\(command)")
      }
      if option.value != nil, value == nil, index < arguments.count {
        value = arguments[index]
        index += 1
      }
      found.append((option, name, value))
    }
    for (option, name, value) in found {
      guard option.names != CommandTable.helpOption.names else {
        helpRequested = true
        return
      }
      try record(option, name: name, value: value)
    }
  }

  /// Whether the flag (or option) `option` was given.
  func has(_ option: OptionSpec) -> Bool { given[option.key] != nil }

  /// The value of `option` (the last one given), or nil when it was not given.
  func value(_ option: OptionSpec) -> String? { given[option.key]?.last }

  /// The value of `option` as the case of `T` whose raw value is the choice it names.
  func value<T: RawRepresentable>(_ option: OptionSpec, as _: T.Type) -> T?
  where T.RawValue == String {
    value(option).flatMap(T.init(rawValue:))
  }

  /// Every value of `option`, in order; each part on its own for a comma-separated list.
  func values(_ option: OptionSpec) -> [String] {
    let values = given[option.key] ?? []
    guard option.commaSeparated else { return values }
    return values.flatMap { $0.split(separator: ",").map(String.init) }
  }

  /// A usage error about this command line, showing its command's usage.
  func error(_ message: String) -> UsageError { UsageError(message, subcommand: subcommand) }

  /// Keeps one occurrence of `option`, typed as `name`, with its value.
  private mutating func record(
    _ option: OptionSpec, name: String, value: String?
  ) throws(UsageError) {
    guard option.value != nil else {
      given[option.key, default: []].append("")
      return
    }
    if given[option.key] != nil, !option.repeatable, !option.lastWins {
      throw error("\(name) is given twice")
    }
    guard let value else {
      if let missing = option.missing { throw error(missing) }
      if case .takes? = option.refusal { throw error(option.refusal(of: "")) }
      throw error("\(name) needs a value")
    }
    given[option.key, default: []].append(try accepted(value, by: option))
  }

  /// `value` as its choice is spelled (each part, for a comma-separated list; empty parts
  /// left out), or as it is when `option` takes any value.
  private func accepted(_ value: String, by option: OptionSpec) throws(UsageError) -> String {
    guard option.refusal != nil else { return value }
    let choices = option.choices
    let parts = option.commaSeparated ? value.split(separator: ",").map(String.init) : [value]
    var spelled: [String] = []
    for part in parts {
      let lowered = part.lowercased()
      guard
        let choice = choices.first(where: { $0.lowercased() == lowered })
          ?? option.aliases[lowered]
      else { throw error(option.refusal(of: part)) }
      spelled.append(choice)
    }
    return spelled.joined(separator: ",")
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

extension OptionSpec {
  /// The name its values are kept under: its last (long) name.
  var key: String { names.last ?? "" }

  /// What a usage error says of `value`, which is none of the choices.
  func refusal(of value: String) -> String {
    let choices = self.choices
    var expected = choices.dropLast().joined(separator: ", ")
    expected += (expected.isEmpty ? "" : " or ") + (choices.last ?? "")
    switch refusal {
    case .takes?: return "\(key) takes \(expected)" + (value.isEmpty ? "" : ", not '\(value)'")
    case .unknown(let noun)?: return "unknown \(noun) '\(value)' (expected \(expected))"
    case .message(let message)?: return message(value, expected)
    case nil: return "\(key) needs a value"
    }
  }
}
