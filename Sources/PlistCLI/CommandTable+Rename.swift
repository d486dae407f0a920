extension CommandTable {
  /// `infoscope rename`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let renameCommand = CommandSpec(
    "rename", .rename, usage: "FILE KEYPATH NEWKEY [--dry-run] [--format xml|binary] [--force]",
    synopsis: "rename FILE KEYPATH NEWKEY",
    summary:
      "rename a key (set, remove and rename: --dry-run prints\nthe diff instead of writing)",
    discussion: """
      Renames the key at KEYPATH to NEWKEY (a key, not a key path), keeping its value and its
      place. NEWKEY must not be empty or already in the dictionary.

      """,
    options: writingOptions,
    footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus,
    negativeNumbersAreOperands: true)
}
