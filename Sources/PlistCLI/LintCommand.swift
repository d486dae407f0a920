import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// Options of `lint`.
package struct LintOptions: Sendable, Equatable {
  /// The report formats.
  package enum Format: String, Sendable, CaseIterable {
    case text, json, sarif, github
  }

  /// The bundles, archives, projects or files to lint.
  package var inputs: [String]
  /// How findings are written.
  package var format: Format = .text
  /// Findings below this are not reported.
  package var minimumSeverity: Severity = .note
  /// Rules turned off (`--disable`), and rules turned back on (`--enable`, after a disable).
  package var disabled: Set<String> = []
  /// A baseline file: recorded when absent, then its findings are suppressed.
  package var baseline: String?
  /// Warnings fail too.
  package var strict = false
  /// Overrides the targeted platforms.
  package var platforms: [Platform]?
  /// Overrides the distribution channel.
  package var distribution: LintContext.Distribution?
}

/// `infoscope lint PATH...`: the findings of every rule in every property list of the inputs.
///
/// Exit status: 0 when nothing at the failing level was found (errors; warnings too with
/// `--strict`), 1 when something was, 64 for bad usage, 66 when an input cannot be opened.
/// A property list inside an input that does not parse is reported as an error on its line.
package enum LintCommand {
  /// A finding with the path it is reported under (the input joined with the file's path).
  struct Reported {
    var finding: Finding
    var path: String
  }

  static func run(_ options: LintOptions, context: CLI.Context) -> ExitStatus {
    var configuration = LintConfiguration()
    configuration.disabled = options.disabled
    configuration.minimumSeverity = options.minimumSeverity
    configuration.platforms = options.platforms
    configuration.distribution = options.distribution
    let linter = Linter(configuration: configuration)
    var reported: [Reported] = []
    var unreadable: [String] = []
    for input in options.inputs {
      let bundle: AppBundle
      do {
        bundle = try BundleLoader.load(path: input)
      } catch {
        context.console.write("\(error)\n", to: .error)
        return .noInput
      }
      for finding in linter.lint(bundle) {
        reported.append(Reported(finding: finding, path: reportPath(input, bundle, finding.file)))
      }
      for file in bundle.allFiles where file.document == nil {
        if let problem = file.problem, problem.kind == .plist {
          unreadable.append(reportPath(input, bundle, file.path, problem: problem))
        }
      }
    }
    if let baseline = options.baseline {
      switch Baseline.apply(baseline, to: reported) {
      case .recorded(let count):
        context.console.write(
          "infoscope: recorded \(count) findings in the baseline \(baseline)\n", to: .error)
        return .success
      case .filtered(let kept):
        reported = kept
      case .failed(let reason):
        context.console.write("\(baseline): error: \(reason)\n", to: .error)
        return .usage
      }
    }
    let text: String
    switch options.format {
    case .text: text = LintReport.text(reported, unreadable: unreadable)
    case .json: text = LintReport.json(reported)
    case .sarif: text = LintReport.sarif(reported)
    case .github: text = LintReport.github(reported, unreadable: unreadable)
    }
    guard context.console.write(Array(text.utf8), to: .output) else { return .cannotCreate }
    if options.format != .text && options.format != .github {
      for line in unreadable { context.console.write(line + "\n", to: .error) }
    }
    let failing: Severity = options.strict ? .warning : .error
    let fails = !unreadable.isEmpty || reported.contains { $0.finding.severity >= failing }
    return fails ? .findings : .success
  }

  /// The path a finding in `file` is reported under: the file itself for a single-file input,
  /// the input joined with the file's path otherwise (inside an `.ipa`: `App.ipa/Payload/…`).
  static func reportPath(
    _ input: String, _ bundle: AppBundle, _ file: String, problem: BundleError? = nil
  ) -> String {
    var base = input
    if bundle.inputKind == .project, input.hasSuffix(".xcodeproj") {
      // Files of a project are relative to the folder that holds the .xcodeproj.
      base = URL(fileURLWithPath: input).deletingLastPathComponent().relativePath
    }
    let path = bundle.inputKind == .file ? input : (base == "." ? file : base + "/" + file)
    guard let problem else { return path }
    let position = problem.underlying.map { "\($0.line):\($0.column)" } ?? ""
    return "\(path)\(position.isEmpty ? "" : ":" + position): error: \(problem.message)"
  }
}
