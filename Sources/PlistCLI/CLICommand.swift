/// What the command line asks for, parsed by hand (we have no swift-argument-parser).
package enum CLICommand: Sendable, Equatable {
  /// Print help: general (nil) or for one subcommand.
  case help(Subcommand?)
  /// Print the version.
  case version
  /// `PATH` or `--demo` with no subcommand: open a bundle (the inspector on a terminal, the
  /// lint report otherwise).
  case open(OpenOptions)
  /// `print FILE [KEYPATH]`.
  case print(PrintOptions)
  /// `convert FILE --to FORMAT [-o OUT | --in-place]`.
  case convert(ConvertOptions)
  /// `files PATH [--format text|json]`.
  case files(FilesOptions)
  /// `lint PATH... [options]`.
  case lint(LintOptions)
  /// `diff OLD NEW [options]`.
  case diff(DiffOptions)
  /// `rules [--markdown]`.
  case rules(markdown: Bool)
  /// `explain RULE_ID|KEY`.
  case explain(String)
  /// `get PATH KEYPATH [--format raw|xml|json]`.
  case get(GetOptions)
  /// `set`, `remove` or `rename` on one file.
  case edit(EditOptions)
  /// `completions bash|zsh|fish`.
  case completions(ShellCompletions.Shell)
  /// `manpage`.
  case manpage
}
