import PlistBundle
import PlistRules

extension CommandTable {
  /// `infoscope diff`: its usage, help and options, declared once for the parser's
  /// option check, the help, the usage line, the completions and the man page.
  static let diffCommand = CommandSpec(
    "diff", .diff, usage: "OLD NEW [--format text|json] [--fail-on new|any|none] [options]",
    synopsis: "diff OLD NEW",
    summary: "what changed between two builds: files, values,\n"
      + "findings, and release checks (text, json)",
    discussion: """
      Compares two builds: OLD (the one that shipped) and NEW (the one to release), each an
      .app, .ipa, .xcarchive, Xcode project or single file, and of different kinds if need
      be (a project against the .ipa built from it; - reads one from standard input).
      Bundles are matched by identifier, then by place, then by kind and name; files by role
      and path; values by key path, so reordered keys and a binary file against its XML twin
      are no change. It prints, file by file, the keys added, removed and changed (typed,
      with both locations), the bundles and files added or removed, the executables'
      architectures, minimum OS, SDK and linked libraries, and the profile's kind, team,
      expiry and entitlements; then the release checks only a comparison can make (a build
      number that did not go up, a version that went down, a changed identifier, a device
      capability or an entitlement added without what it needs), and the findings new in
      NEW, resolved since OLD, and how many are unchanged. Findings are matched by rule, file
      and key path, never by line.

      On a terminal, without --format, it opens the comparison in the inspector instead:
      NEW's tree, read-only, with the changes marked (+ added, ~ changed, - removed, put
      back from OLD), ]c and [c between them, and the findings split into new, unchanged
      and resolved.

      """,
    options: [.diffFormat, .failOn, .strict, .diffPlatform, .distribution],
    footer: """
      Exit status: 0 nothing at the failing level (errors, or warnings with --strict) among
      the findings --fail-on counts; 1 something was; 64 bad usage; 66 OLD or NEW cannot be
      opened; 73 output not written.

      """)
}

extension OptionSpec {
  /// `diff --format`.
  static let diffFormat = OptionSpec(
    ["--format"], value: "F", choices: DiffOptions.Format.allCases.map(\.rawValue),
    lastWins: true, refusal: .unknown("format"),
    help: "text (grouped by file, like compiler notes) or json")

  /// `diff --fail-on`.
  static let failOn = OptionSpec(
    ["--fail-on"], value: "WHICH", choices: ["new", "any", "none"], refusal: .unknown("--fail-on"),
    help: "which findings make the exit status 1: any of NEW's (the\n"
      + "default), new ones only (with the release checks), or none")

  /// `diff --platform`.
  static let diffPlatform = platform(help: "take both inputs to target these platforms")
}
