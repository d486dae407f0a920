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
      OptionSpec(
        ["--format"], value: "F", choices: lintFormats,
        help: "text (file:line:column: severity: message [rule]), json,\n"
          + "sarif (SARIF 2.1.0) or github (workflow annotations)"),
      OptionSpec(
        ["--min-severity"], value: "S", choices: Severity.allCases.map(\.rawValue),
        help: "leave out findings below note, warning or error"),
      OptionSpec(
        ["--disable"], value: "RULE", choices: ruleIdentifiers,
        repeatable: true, help: "turn a rule off (repeatable, or RULE,RULE)"),
      OptionSpec(
        ["--enable"], value: "RULE", choices: ruleIdentifiers,
        repeatable: true, help: "turn a disabled rule back on (repeatable)"),
      OptionSpec(
        ["--baseline"], value: "FILE", takesPath: true,
        help: "record the current findings in FILE when it does not exist;\n"
          + "afterwards report only findings not in it (SARIF: the\n"
          + "others as suppressed results)"),
      OptionSpec(["--strict"], help: "warnings fail too"),
      OptionSpec(
        ["--platform"], value: "P[,P]", choices: Platform.allCases.map(\.rawValue),
        help: "take the input to target these platforms"),
      OptionSpec(
        ["--distribution"], value: "D",
        choices: LintContext.Distribution.allCases.map(\.rawValue),
        help: "app-store, developer-id, ad-hoc, enterprise or development"),
      OptionSpec(
        ["--role"], value: "ROLE", choices: LintOptions.roles.map(LintOptions.roleName),
        help: "lint single files as this role, whatever their name and\n"
          + "content say: infoPlist, entitlements, privacyManifest,\n"
          + "infoPlistStrings or propertyList"),
      OptionSpec(
        ["--color"], value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
        help: "colour the text report: auto (on a terminal, unless\n"
          + "NO_COLOR is set), always or never"),
      OptionSpec(["--demo"], hidden: true, help: "lint the built-in sample first"),
    ],
    footer: """
      Exit status: 0 nothing at the failing level (errors, or warnings with --strict);
      1 something was found; 64 bad usage; 66 a PATH cannot be opened (the worst status
      wins when there are several PATHs).

      """)
}
