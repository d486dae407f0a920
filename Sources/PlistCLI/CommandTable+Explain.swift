extension CommandTable {
  /// `infoscope explain`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let explainCommand = CommandSpec(
    "explain", .explain, usage: "RULE_ID|KEY|ITMS-CODE",
    summary:
      "what a rule checks, what the catalog knows of a key, or\nwhich rules anticipate an App Store Connect error",
    discussion: """
      Shows what a rule checks and the Apple page it rests on, what the catalog knows of a
      key (by raw name or Xcode display name): type, platforms, deprecation, values, or
      which rules anticipate an App Store Connect error (ITMS-90474).

      """,
    footer: "Exit status: 0 shown; 1 no such rule or key; 64 bad usage.\n",
    operandsArePaths: false)
}
