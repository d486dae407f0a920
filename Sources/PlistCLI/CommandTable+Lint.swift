import PlistBundle
import PlistRules

extension CommandTable {
  /// `infoscope lint`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let lintCommand = CommandSpec(
    "lint", .lint, usage: "PATH... [--format text|json|sarif|github] [options]",
    synopsis: "lint PATH...",
    summary: "the findings of every rule (text, json, sarif, github)",
    discussion: """
      Checks every property list in each PATH (an .app, .ipa, .xcarchive, Xcode project or
      single file; - reads one from standard input) against infoscope's rules: what App
      Store Connect, App Review or the system would reject or trip over, each finding on the
      key it concerns with the Apple page that says so. A PATH that cannot be opened is
      reported and the others are still linted.

      """,
    options: [
      .lintFormat, .minSeverity, .disable, .enable, .baseline, .strict, .lintPlatform,
      .distribution, .role, .color, .lintDemo,
    ],
    footer: """
      Exit status: 0 nothing at the failing level (errors, or warnings with --strict);
      1 something was found; 64 bad usage; 66 a PATH cannot be opened (the worst status
      wins when there are several PATHs).

      """)
}

extension OptionSpec {
  /// `lint --format`.
  static let lintFormat = OptionSpec(
    ["--format"], value: "F", choices: CommandTable.lintFormats, lastWins: true,
    refusal: .unknown("format"),
    help: "text (file:line:column: severity: message [rule]), json,\n"
      + "sarif (SARIF 2.1.0) or github (workflow annotations)")

  /// `lint --min-severity`.
  static let minSeverity = OptionSpec(
    ["--min-severity"], value: "S", choices: Severity.allCases.map(\.rawValue), lastWins: true,
    refusal: .unknown("severity"), help: "leave out findings below note, warning or error")

  /// `lint --disable`: rules are checked by `lint` itself, which takes deprecated aliases too.
  static let disable = OptionSpec(
    ["--disable"], value: "RULE", choices: CommandTable.ruleIdentifiers, commaSeparated: true,
    repeatable: true, help: "turn a rule off (repeatable, or RULE,RULE)")

  /// `lint --enable`.
  static let enable = OptionSpec(
    ["--enable"], value: "RULE", choices: CommandTable.ruleIdentifiers, commaSeparated: true,
    repeatable: true, help: "turn a disabled rule back on (repeatable)")

  /// `lint --baseline`.
  static let baseline = OptionSpec(
    ["--baseline"], value: "FILE", takesPath: true, lastWins: true,
    help: "record the current findings in FILE when it does not exist;\n"
      + "afterwards report only findings not in it (SARIF: the\n"
      + "others as suppressed results)")

  /// `lint --platform`.
  static let lintPlatform = platform(help: "take the input to target these platforms")

  /// `lint --role`.
  static let role = OptionSpec(
    ["--role"], value: "ROLE", choices: LintOptions.roles.map(LintOptions.roleName),
    lastWins: true,
    refusal: .message { value, _ in
      "unknown role '\(value)' (expected "
        + LintOptions.roles.map(LintOptions.roleName).joined(separator: ", ") + ")"
    },
    help: "lint single files as this role, whatever their name and\n"
      + "content say: infoPlist, entitlements, privacyManifest,\n"
      + "infoPlistStrings or propertyList")

  /// `lint --color`.
  static let color = OptionSpec(
    ["--color"], value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue), lastWins: true,
    refusal: .unknown("--color"),
    help: "colour the text report: auto (on a terminal, unless\n"
      + "NO_COLOR is set), always or never")

  /// `lint --demo`, hidden: lint the built-in sample (for its tests and for trying the rules).
  static let lintDemo = OptionSpec(
    ["--demo"], hidden: true, help: "lint the built-in sample first")
}
