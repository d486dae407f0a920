import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// `infoscope diff OLD NEW`: what changed between two builds (`BuildComparison`).
///
/// Exit status: 0 when nothing at the failing level (errors; warnings too with `--strict`)
/// is among the findings `--fail-on` counts (every finding of NEW and the release checks', by
/// default; with `new`, NEW's new findings and the release checks'; with `none`, nothing);
/// 1 when something is; 64 for bad usage; 66 when OLD or NEW cannot be opened; 73 when the
/// report cannot be written.
package enum DiffCommand {
  /// One side, loaded, with the name its paths are reported under.
  struct Side {
    var name: String
    var bundle: AppBundle
    /// Where its files are reported, worked out once.
    var paths: ReportPaths

    init(name: String, bundle: AppBundle) {
      self.name = name
      self.bundle = bundle
      paths = ReportPaths(input: name, bundle: bundle)
    }

    /// The path `file` (a path inside the input) is reported under.
    func path(_ file: String) -> String { paths.path(file) }
  }

  /// Loads both inputs, compares them and writes the report.
  static func run(_ options: DiffOptions, context: CLI.Context) -> ExitStatus {
    guard let old = load(options.old, context: context),
      let new = load(options.new, context: context)
    else { return .noInput }
    return report(compare(old.bundle, new.bundle, options), options, context: context)
  }

  /// Loads both inputs and compares them, for the inspector: `.comparison`, or `.exit(66)`
  /// when OLD or NEW cannot be opened (said on standard error).
  static func plan(_ options: DiffOptions, context: CLI.Context) -> CLI.Plan {
    guard let old = load(options.old, context: context),
      let new = load(options.new, context: context)
    else { return .exit(ExitStatus.noInput.rawValue) }
    return .comparison(compare(old.bundle, new.bundle, options), options)
  }

  /// Writes the report of a comparison made under `options` and returns the exit status.
  static func report(
    _ comparison: BuildComparison, _ options: DiffOptions, context: CLI.Context
  ) -> ExitStatus {
    let old = Side(name: name(options.old), bundle: comparison.old)
    let new = Side(name: name(options.new), bundle: comparison.new)
    let written: Bool
    switch options.format {
    case .text:
      written = context.console.write(
        DiffReport.text(comparison, old: old, new: new), to: .output)
    case .json:
      written = context.console.write(
        DiffReport.json(comparison, old: old, new: new), to: .output)
    }
    guard written else { return .cannotCreate }
    return status(comparison, options)
  }

  /// The comparison of two loaded inputs under the options' platforms and distribution.
  static func compare(
    _ old: AppBundle, _ new: AppBundle, _ options: DiffOptions
  )
    -> BuildComparison
  {
    BuildComparison(old: old, new: new, linter: linter(options))
  }

  /// The linter a comparison under `options` lints both sides with (`--platform`,
  /// `--distribution`); the inspector lints NEW with it too.
  package static func linter(_ options: DiffOptions) -> Linter {
    var configuration = LintConfiguration()
    configuration.platforms = options.platforms
    configuration.distribution = options.distribution
    return Linter(configuration: configuration)
  }

  /// The name an input given as `given` is reported under: standard input's name for `-`,
  /// the path without trailing slashes otherwise.
  package static func name(_ given: String) -> String {
    given == "-" ? CLI.displayName(given) : CLI.withoutTrailingSlashes(given)
  }

  /// The exit status `--fail-on` and `--strict` give the comparison.
  static func status(_ comparison: BuildComparison, _ options: DiffOptions) -> ExitStatus {
    let failing: Severity = options.strict ? .warning : .error
    let counted: [Finding]
    switch options.failOn {
    case .none: counted = []
    case .new: counted = comparison.releaseFindings + (comparison.findings?.new ?? [])
    case .any:
      counted =
        comparison.releaseFindings + (comparison.findings?.new ?? [])
        + (comparison.findings?.unchanged ?? [])
    }
    return counted.contains { $0.severity >= failing } ? .findings : .success
  }

  /// `side`, when it can be compared: a single file that is no valid property list cannot
  /// (every value would read as removed or added), so it throws, naming the file and where
  /// reading stopped.
  private static func readable(_ side: Side) throws(BundleError) -> Side {
    guard side.bundle.inputKind == .file, let file = side.bundle.files.first,
      file.document == nil, var problem = file.problem
    else { return side }
    // Named as the user gave it, as every other message of diff names its inputs.
    problem.path = side.name
    if var underlying = problem.underlying {
      underlying.file = side.name
      problem.underlying = underlying
    }
    throw problem
  }

  /// Loads `given` (`-` for standard input); on failure writes why and returns nil.
  private static func load(_ given: String, context: CLI.Context) -> Side? {
    do {
      if given == "-" {
        return try readable(
          Side(name: name(given), bundle: try BundleInput.standardInput(context.console)))
      }
      return try readable(Side(name: name(given), bundle: try BundleLoader.load(path: name(given))))
    } catch {
      context.console.write("\(error)\n", to: .error)
      return nil
    }
  }
}
