extension CommandTable {
  /// `infoscope manpage`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let manpageCommand = CommandSpec(
    "manpage", .manpage, usage: "", synopsis: "manpage",
    summary: "the manual page infoscope(1), in roff",
    discussion: """
      Prints the manual page, made from the same table as this help, e.g.
      infoscope manpage > ~/.local/share/man/man1/infoscope.1 (then 'man infoscope').

      """,
    footer: "Exit status: 0 printed.\n", operandsArePaths: false)
}
