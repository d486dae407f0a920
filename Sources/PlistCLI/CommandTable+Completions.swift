extension CommandTable {
  /// `infoscope completions`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let completionsCommand = CommandSpec(
    "completions", .completions, usage: "bash|zsh|fish",
    summary: "a shell completion script, from this command table",
    discussion: """
      Prints the completion script of a shell for every command and option listed here,
      e.g. infoscope completions bash > ~/.local/share/bash-completion/completions/infoscope
      (zsh: a file named _infoscope in a folder of $fpath; fish:
      ~/.config/fish/completions/infoscope.fish).

      """,
    footer: "Exit status: 0 printed; 64 bad usage.\n", operandsArePaths: false)
}
