extension CommandTable {
  /// `infoscope set`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let setCommand = CommandSpec(
    "set", .set, usage: "FILE KEYPATH VALUE [--type TYPE] [--dry-run] [--format xml|binary]",
    synopsis: "set FILE KEYPATH VALUE",
    summary: "set a value, adding the last key when it is missing\n"
      + "(--type TYPE); the file keeps its format and layout",
    discussion: """
      Sets the value at KEYPATH, adding the last key to its dictionary when it is missing (the
      dictionary itself must exist); an index one past an array's last item appends an item.

      The type of the value: --type when given; else an existing value's own type (a
      dictionary or array is replaced only with --type); else, for a new key, the type Apple
      documents for it (infoscope explain KEY), else a string. VALUE is read as that type:
        integer   42, -7, 0x2A             real     1.5, -2e-3, inf, nan
        boolean   true/false, yes/no, 1/0  date     2024-05-01T12:00:00Z or 2024-05-01
        data      hex digits (de ad be ef), or base64:3q2+7w==
        array, dictionary   no VALUE (or ""): an empty one, whose items are then set by path
      A VALUE starting with - other than a number goes after --.

      """,
    options: [.valueType] + writingOptions,
    footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus,
    negativeNumbersAreOperands: true)
}

extension OptionSpec {
  /// `set --type`, with plutil's names (`int`, `float`, `bool`, `dict`) taken too.
  static let valueType = OptionSpec(
    ["--type"], value: "TYPE",
    choices: ["string", "integer", "real", "boolean", "date", "data", "array", "dictionary"],
    aliases: ["int": "integer", "float": "real", "bool": "boolean", "dict": "dictionary"],
    refusal: .takes, help: "string, integer, real, boolean, date, data, array or dictionary")
}
