extension CommandTable {
  /// `infoscope remove`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let removeCommand = CommandSpec(
    "remove", .remove, usage: "FILE KEYPATH [--dry-run] [--format xml|binary] [--force]",
    synopsis: "remove FILE KEYPATH", summary: "remove a key or an array item",
    discussion: """
      Removes the key or array item at KEYPATH (for a key written twice, the last one, which is
      the one Apple's lookup reads).

      """,
    options: writingOptions,
    footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus,
    negativeNumbersAreOperands: true)
}
