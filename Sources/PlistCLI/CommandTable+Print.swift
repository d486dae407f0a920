extension CommandTable {
  /// `infoscope print`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let printCommand = CommandSpec(
    "print", .print, usage: "PATH [--file REL] [KEYPATH]", synopsis: "print PATH [KEYPATH]",
    summary: "show a property list as a tree with types, in source\n"
      + "order (--file REL picks a file inside a bundle)",
    discussion: """
      Shows a property list as a tree with the type of every value, in the order of the
      file (duplicate keys included). PATH is a property-list file (or - for standard input;
      its format, XML, binary or old-style ASCII, is read from its bytes), or a bundle, .ipa,
      .xcarchive or project, whose main Info.plist is shown unless --file names another file
      inside it (as 'infoscope files' lists it: a provisioning profile shows the property
      list inside its envelope). Controls, bidirectional controls and invisible characters
      in keys and values are shown as escapes (\\e, \\n, \\u{202E}).

      """,
    options: [.file],
    footer: keyPathHelp
      + """

      Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 FILE unreadable or
      not a property list.

      """)
}
