extension CommandTable {
  /// `infoscope get`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let getCommand = CommandSpec(
    "get", .get, usage: "PATH [--file REL] KEYPATH [--format raw|xml|json]",
    synopsis: "get PATH KEYPATH",
    summary: "print one value, for scripts (--format raw|xml|json)",
    discussion: """
      Prints the value at KEYPATH, for scripts. PATH is a property-list file (- for standard
      input), or a bundle, .ipa, .xcarchive or project, whose main Info.plist is read unless
      --file names another file inside it, as 'infoscope print' does.

      The raw form (the default) follows 'plutil -extract KEYPATH raw': a string as it is, an
      integer or real as a number, a boolean as true or false, a date in RFC 3339 UTC
      (2004-10-26T10:33:33Z), data in base64, a dictionary's keys one per line (in the file's
      order), an array's number of items. Into a pipe or a file the bytes are exact; on a
      terminal, controls and invisible characters are shown as escapes.

      """,
    options: [.getFormat, .file],
    footer: keyPathHelp
      + """

      Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 PATH unreadable or not a
      property list.

      """)
}

extension OptionSpec {
  /// `get --format`.
  static let getFormat = OptionSpec(
    ["--format"], value: "F", choices: GetOptions.Format.allCases.map(\.rawValue),
    refusal: .takes,
    help: "raw (the default), xml (the subtree as an XML property\n"
      + "list) or json (the subtree as JSON)")
}
