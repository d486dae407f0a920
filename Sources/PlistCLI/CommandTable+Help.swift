extension CommandTable {
  /// `infoscope help`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let helpCommand = CommandSpec(
    "help", .help, usage: "[COMMAND]", synopsis: "help [COMMAND]",
    summary: "show help for a command (as COMMAND --help does)",
    discussion: "Shows the help of COMMAND, or this general help.\n",
    operandsArePaths: false)
}
