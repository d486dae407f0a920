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
  /// Lints the built-in sample (`DemoBundle`) first, as `Trailhead.app` (hidden `--demo`).
  package var demo = false
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

  /// One input to lint: the name it is reported under and how to load it.
  struct Input {
    var name: String
    var load: () throws(BundleError) -> AppBundle
  }

  /// Lints `options.inputs` from disk (after the sample, with `options.demo`).
  static func run(_ options: LintOptions, context: CLI.Context) -> ExitStatus {
    var inputs: [Input] = []
    if options.demo {
      inputs.append(
        Input(name: DemoBundle.inputPath) { () throws(BundleError) in DemoBundle.load() })
    }
    for given in options.inputs {
      // One spelling per input: no trailing slash (`App.app/` from tab completion).
      var input = given
      while input.count > 1, input.hasSuffix("/") { input.removeLast() }
      inputs.append(
        Input(name: input) { () throws(BundleError) in try BundleLoader.load(path: input) })
    }
    return run(options, inputs: inputs, context: context)
  }

  /// Lints `inputs`, loading one at a time, and writes the report.
  static func run(_ options: LintOptions, inputs: [Input], context: CLI.Context) -> ExitStatus {
    var configuration = LintConfiguration()
    configuration.disabled = options.disabled
    configuration.minimumSeverity = options.minimumSeverity
    configuration.platforms = options.platforms
    configuration.distribution = options.distribution
    let linter = Linter(configuration: configuration)
    var reported: [Reported] = []
    for source in inputs {
      let input = source.name
      let bundle: AppBundle
      do {
        bundle = try source.load()
      } catch {
        context.console.write("\(error)\n", to: .error)
        return .noInput
      }
      for finding in linter.lint(bundle) {
        reported.append(Reported(finding: finding, path: reportPath(input, bundle, finding.file)))
      }
      for file in bundle.allFiles where file.document == nil {
        if let problem = file.problem, LintCommand.mustBeRead(file, problem) {
          let finding = Finding(
            ruleID: LintCommand.unreadableRule, severity: .error, file: file.path,
            keyPath: .root, line: problem.underlying?.line ?? 0,
            column: problem.underlying?.column ?? 0,
            message: problem.kind == .plist
              ? problem.message : "could not be read: \(problem.message)",
            url: "https://developer.apple.com/documentation/bundleresources/"
              + "information-property-list")
          reported.append(Reported(finding: finding, path: reportPath(input, bundle, file.path)))
        }
      }
    }
    if let baseline = options.baseline {
      switch Baseline.apply(baseline, to: reported) {
      case .recorded(let count):
        // The first run reports everything and passes: these are the known findings.
        context.console.write(
          "infoscope: recorded \(count) findings in the baseline \(baseline)\n", to: .error)
        let text = report(reported, options.format)
        return context.console.write(Array(text.utf8), to: .output) ? .success : .cannotCreate
      case .filtered(let kept):
        reported = kept
      case .failed(let reason):
        context.console.write("\(baseline): error: \(reason)\n", to: .error)
        return .usage
      }
    }
    let text = report(reported, options.format)
    guard context.console.write(Array(text.utf8), to: .output) else { return .cannotCreate }
    let failing: Severity = options.strict ? .warning : .error
    return reported.contains { $0.finding.severity >= failing } ? .findings : .success
  }

  /// The rule id under which a property list that does not parse is reported.
  static let unreadableRule = "unreadable_property_list"

  /// The roles whose file, when present, must read: one that does not (a link leading nowhere
  /// or out of the bundle, a FIFO, a device or folder in its place, an unreadable file, a ZIP
  /// entry that is encrypted, LZMA-compressed, a bomb or a link) is an error, never a pass.
  static let rolesThatMustRead: Set<FileRole> = [
    .infoPlist, .entitlements, .signedEntitlements, .provisioningProfile, .privacyManifest,
    .infoPlistStrings, .archiveInfo, .projectFile, .propertyList, .executable,
  ]

  /// True when `problem` of `file` is reported as an `unreadable_property_list` error: any
  /// problem of a property list, and a present executable that cannot be read (a missing one
  /// is its own rule's finding).
  static func mustBeRead(_ file: BundleFile, _ problem: BundleError) -> Bool {
    if problem.kind == .plist { return true }
    guard rolesThatMustRead.contains(file.role) else { return false }
    return !(file.role == .executable && problem.kind == .notFound)
  }

  /// The findings in `format`, each once (inputs that overlap give the same finding twice).
  static func report(_ reported: [Reported], _ format: LintOptions.Format) -> String {
    var seen: Set<String> = []
    let unique = reported.filter {
      let f = $0.finding
      return seen.insert("\($0.path)|\(f.line)|\(f.column)|\(f.ruleID)|\(f.message)").inserted
    }
    switch format {
    case .text: return LintReport.text(unique)
    case .json: return LintReport.json(unique)
    case .sarif: return LintReport.sarif(unique)
    case .github: return LintReport.github(unique)
    }
  }

  /// The path a finding in `file` is reported under: the file itself for a single-file input,
  /// the input joined with the file's path otherwise (inside an `.ipa`: `App.ipa/Payload/…`).
  static func reportPath(_ input: String, _ bundle: AppBundle, _ file: String) -> String {
    var base = input
    if bundle.inputKind == .project, input.hasSuffix(".xcodeproj") {
      // Files of a project are relative to the folder that holds the .xcodeproj.
      base = URL(fileURLWithPath: input).deletingLastPathComponent().relativePath
    }
    return bundle.inputKind == .file ? input : (base == "." ? file : base + "/" + file)
  }
}
