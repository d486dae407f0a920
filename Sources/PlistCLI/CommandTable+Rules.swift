extension CommandTable {
  /// `infoscope rules`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let rulesCommand = CommandSpec(
    "rules", .rules, usage: "[--markdown]", synopsis: "rules",
    summary: "list the rules; explain RULE_ID|KEY|ITMS-CODE shows one",
    discussion: """
      Lists every rule: identifier, default severity and what it checks (--markdown: a
      table for documentation).

      """,
    options: [.markdown],
    operandsArePaths: false)
}

extension OptionSpec {
  /// `rules --markdown`.
  static let markdown = OptionSpec(["--markdown"], help: "a Markdown table, as the README has it")
}
