extension CommandTable {
  /// `infoscope files`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let filesCommand = CommandSpec(
    "files", .files, usage: "PATH [--format text|json]", synopsis: "files PATH",
    summary: "list the bundles and files of an app, ipa, archive or\nproject, with their roles",
    discussion: """
      Lists what infoscope finds in PATH: an .app (or any bundle folder), an .ipa (read in
      memory), an .xcarchive, an Xcode project (an .xcodeproj or the folder holding one), or
      a single file (- for standard input). Each bundle is shown with its kind, identifier,
      version and platforms, each file with its role (Info.plist, entitlements, provisioning
      profile, privacy manifest, ...) and format; files that cannot be read say why. The
      paths shown are what 'infoscope print PATH --file REL' takes.

      """,
    options: [.filesFormat],
    footer: "Exit status: 0 listed; 64 bad usage; 66 PATH cannot be opened.\n")
}

extension OptionSpec {
  /// `files --format`.
  static let filesFormat = OptionSpec(
    ["--format"], value: "F", choices: ["text", "json"], lastWins: true, refusal: .takes,
    help: "text, or json: one JSON document for scripts")
}
