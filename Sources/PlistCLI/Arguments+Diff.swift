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
  static func parseDiff(_ arguments: [String]) throws(UsageError) -> CLICommand {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: .diff) }
    var operands: [String] = []
    var format: DiffOptions.Format?
    var failOn: DiffOptions.FailOn?
    var strict = false
    var platforms: [Platform]?
    var distribution: LintContext.Distribution?
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
      try cursor.value(inline, missing: fail("\(name) needs a value"))
    }
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        operands.append(argument)
        continue
      }
      switch name {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        return .help(.diff)
      case "--format":
        let text = try value(name, inline)
        guard let parsed = DiffOptions.Format(rawValue: text.lowercased()) else {
          throw fail("unknown format '\(text)' (expected text or json)")
        }
        format = parsed
      case "--fail-on":
        guard failOn == nil else { throw fail("--fail-on is given twice") }
        let text = try value(name, inline)
        guard let parsed = DiffOptions.FailOn(rawValue: text.lowercased()) else {
          throw fail("unknown --fail-on '\(text)' (expected new, any or none)")
        }
        failOn = parsed
      case "--strict":
        strict = true
      case "--platform":
        platforms = try Self.platforms(try value(name, inline), subcommand: .diff)
      case "--distribution":
        distribution = try Self.distribution(try value(name, inline), subcommand: .diff)
      default:
        throw fail("unknown option '\(argument)' for diff")
      }
    }
    guard operands.count >= 2 else {
      throw fail(
        operands.isEmpty
          ? "diff needs OLD and NEW: two bundles, .ipa files, archives, projects or files"
          : "diff needs NEW as well as OLD")
    }
    if operands.count > 2 { throw fail("unexpected argument '\(operands[2])'") }
    if operands[0] == "-" && operands[1] == "-" {
      throw fail("standard input (-) can be OLD or NEW, not both")
    }
    var options = DiffOptions(old: operands[0], new: operands[1])
    options.format = format ?? .text
    options.formatIsExplicit = format != nil
    options.failOn = failOn ?? .any
    options.strict = strict
    options.platforms = platforms
    options.distribution = distribution
    return .diff(options)
  }

  /// The platforms of `--platform P[,P]`, by name without regard to case.
  ///
  /// - Throws: `UsageError` naming the first unknown platform.
  static func platforms(_ text: String, subcommand: Subcommand) throws(UsageError) -> [Platform] {
    var platforms: [Platform] = []
    for part in text.split(separator: ",") {
      guard
        let platform = Platform.allCases.first(where: {
          $0.rawValue.lowercased() == part.lowercased()
        })
      else {
        throw UsageError(
          "unknown platform '\(part)' (expected iOS, iPadOS, macOS, macCatalyst, tvOS, watchOS "
            + "or visionOS)", subcommand: subcommand)
      }
      platforms.append(platform)
    }
    return platforms
  }

  /// The channel of `--distribution D`.
  ///
  /// - Throws: `UsageError` for an unknown channel.
  static func distribution(
    _ text: String, subcommand: Subcommand
  ) throws(UsageError) -> LintContext.Distribution {
    guard let distribution = LintContext.Distribution(rawValue: text.lowercased()) else {
      throw UsageError(
        "unknown distribution '\(text)' (expected app-store, developer-id, ad-hoc, "
          + "enterprise or development)", subcommand: subcommand)
    }
    return distribution
  }
}
