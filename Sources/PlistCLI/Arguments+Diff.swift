import PlistBundle
import PlistCore
import PlistRules

/// Options of `diff`.
package struct DiffOptions: Sendable, Equatable {
  /// The report formats.
  package enum Format: String, Sendable, CaseIterable {
    case text, json
  }

  /// Which findings decide the exit status (`--fail-on`).
  package enum FailOn: String, Sendable, CaseIterable {
    /// Every finding of NEW at the failing level, and the release checks'.
    case any
    /// Only those NEW introduced: its new findings and the release checks' (a baseline that
    /// needs no file).
    case new
    /// None: 0 whenever both inputs were compared.
    case none
  }

  /// The earlier build (what shipped).
  package var old: String
  /// The build to release.
  package var new: String
  /// How the comparison is written.
  package var format: Format = .text
  /// Whether `--format` was given: without it, `diff` on a terminal opens the inspector on
  /// the comparison instead of writing the text report.
  package var formatIsExplicit = false
  /// Which findings fail.
  package var failOn: FailOn = .any
  /// Warnings fail too.
  package var strict = false
  /// Overrides the targeted platforms, as `lint --platform`.
  package var platforms: [Platform]?
  /// Overrides the distribution channel, as `lint --distribution`.
  package var distribution: LintContext.Distribution?
}

extension Arguments {
  /// `diff OLD NEW [--format text|json] [--fail-on new|any|none] [--strict] [--platform P]
  /// [--distribution D]`.
  static func parseDiff(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let operands = line.operands
    guard operands.count >= 2 else {
      throw line.error(
        operands.isEmpty
          ? "diff needs OLD and NEW: two bundles, .ipa files, archives, projects or files"
          : "diff needs NEW as well as OLD")
    }
    if operands.count > 2 { throw line.error("unexpected argument '\(operands[2])'") }
    if operands[0] == "-" && operands[1] == "-" {
      throw line.error("standard input (-) can be OLD or NEW, not both")
    }
    var options = DiffOptions(old: operands[0], new: operands[1])
    let format = line.value(.diffFormat, as: DiffOptions.Format.self)
    options.format = format ?? .text
    options.formatIsExplicit = format != nil
    options.failOn = line.value(.failOn, as: DiffOptions.FailOn.self) ?? .any
    options.strict = line.has(.strict)
    options.platforms = platforms(line.value(.diffPlatform))
    options.distribution = line.value(.distribution, as: LintContext.Distribution.self)
    return .diff(options)
  }

  /// The platforms of `--platform P[,P]` as the parser spells them, or nil when not given.
  static func platforms(_ text: String?) -> [Platform]? {
    text.map { $0.split(separator: ",").compactMap { Platform(rawValue: String($0)) } }
  }
}
