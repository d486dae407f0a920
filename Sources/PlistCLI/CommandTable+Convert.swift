extension CommandTable {
  /// `infoscope convert`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let convertCommand = CommandSpec(
    "convert", .convert, usage: "FILE --to xml|binary|json [-o OUT | --in-place] [--force]",
    synopsis: "convert FILE --to FORMAT",
    summary: "write as xml, binary or json (-o OUT, --in-place)",
    discussion: """
      Writes the property list in FILE (- for standard input) in another format: xml
      (Apple's canonical layout, key order kept), binary (bplist00) or json (for reading;
      dates as ISO 8601 strings, data as base64, UIDs as {"CF$UID": n}).

      """,
    options: [.convertTo, .output, .inPlace, .convertForce],
    footer: """
      Files are written atomically: a temporary file beside the target is flushed and
      renamed over it, keeping its permissions, so a failed write leaves the old file
      whole. FILE is never overwritten without --in-place.

      Binary output is not written to a terminal: give -o OUT. A dictionary with a key
      written twice is converted with both entries and a warning, since readers disagree on
      which one counts.

      Exit status: 0 written; 64 bad usage; 66 FILE unreadable or not a property list;
      73 output not written.

      """)
}

extension OptionSpec {
  /// `convert --to`.
  static let convertTo = OptionSpec(
    ["-t", "--to"], value: "FORMAT", choices: ConvertOptions.Format.allCases.map(\.rawValue),
    aliases: ["xml1": "xml", "binary1": "binary", "bplist": "binary"],
    refusal: .message { value, expected in
      "unknown format '\(value)' for --to (expected \(expected))"
    }, help: "xml, binary or json (also xml1, binary1)")

  /// `convert -o`.
  static let output = OptionSpec(
    ["-o", "--output"], value: "OUT", takesPath: true,
    help: "write to the file OUT (- for standard output, the default)")

  /// `convert --in-place`.
  static let inPlace = OptionSpec(["--in-place"], help: "replace FILE itself")

  /// `convert --force`.
  static let convertForce = OptionSpec(
    ["--force"], help: "replace a read-only output file (mode 0444) instead of\nrefusing it")
}
