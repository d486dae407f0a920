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
  /// Colour in the text report (`--color`).
  package var color: ColorChoice = .auto
  /// The role to lint single files as (`--role`), whatever their name and content say.
  package var role: FileRole?

  /// The roles `--role` takes, by the stable names the JSON reports use.
  package static let roles: [FileRole] = [
    .infoPlist, .entitlements, .privacyManifest, .infoPlistStrings, .propertyList,
  ]

  /// The name `--role` and the JSON reports give `role` (`infoPlist`, `privacyManifest`).
  package static func roleName(_ role: FileRole) -> String { String(describing: role) }
}

/// A file given on its own and the role it was linted as: every report says which role and
/// why, and says when no rule inspects that role.
package struct LintedFile: Sendable, Equatable {
  /// The file as the report names it.
  package var path: String
  /// The role it was linted as.
  package var role: FileRole
  /// Why (`its root has CFBundle* keys (…)`, `given with --role`).
  package var reason: String
  /// How many enabled rules inspect the role; 0 means nothing was checked.
  package var rules: Int

  /// `PATH: linted as ROLE: REASON`, or that no rule applies, for the text report.
  package var sentence: String {
    rules == 0
      ? "\(path): no rule applies to its role (\(role.rawValue)), so nothing was checked: "
        + reason
      : "\(path): linted as \(role.rawValue): \(reason)"
  }
}

/// `--color auto|always|never`, as ripgrep and git take it.
package enum ColorChoice: String, Sendable, CaseIterable {
  /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty.
  case auto
  /// Colour whatever the output and `NO_COLOR` say.
  case always
  /// No colour.
  case never

  /// Whether to colour output on `console`.
  func isOn(console: any Console) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = console.environment("NO_COLOR") ?? ""
      return noColor.isEmpty && console.isTerminal(.output)
    }
  }
}

/// `infoscope lint PATH...`: the findings of every rule in every property list of the inputs.
///
/// Exit status: 0 when nothing at the failing level was found (errors; warnings too with
/// `--strict`), 1 when something was, 64 for bad usage, 66 when an input cannot be opened.
/// A property list inside an input that does not parse is reported as an error on its line
/// (`unreadable_property_list`); an input that cannot be opened is reported on standard error
/// while the other inputs are still linted, and the status is then 66.
package enum LintCommand {
  /// A finding with the path it is reported under (the input joined with the file's path).
  struct Reported: Sendable {
    var finding: Finding
    var path: String
    /// The finding's column in Unicode code points (nil without a text position).
    var characterColumn: Int?
    /// The archive the file lies in (an `.ipa`, read in memory), when it lies in one.
    var archive: String? = nil
    /// Its line of the text report, rendered where the finding was made (on any core) when
    /// the report is text; nil to render it when the report is written.
    var textLine: String? = nil

    /// The path of a file that exists on disk: `path`; the archive for a file inside an
    /// `.ipa`; for the entitlements of an executable's code signature (`App#entitlements`) the
    /// executable itself.
    var existingPath: String {
      if let archive { return archive }
      return path.hasSuffix(FileReaders.entitlementsSuffix)
        ? String(path.dropLast(FileReaders.entitlementsSuffix.count)) : path
    }

    /// Where in `existingPath` the finding is, when that is not the file itself: the file
    /// inside the archive with its line and column, or the signed entitlements.
    var within: String? {
      if archive != nil {
        var text = path
        if finding.line > 0 { text += ":\(finding.line):\(finding.column)" }
        return text
      }
      return path == existingPath ? nil : "the entitlements in this executable's code signature"
    }
  }

  /// One input to lint: the name it is reported under and how to load it.
  struct Input {
    /// How an input is loaded.
    enum Load {
      /// On any thread, at the same time as other inputs (a path on disk, a loaded bundle).
      case anywhere(@Sendable () throws(BundleError) -> AppBundle)
      /// On the calling thread, before the others are loaded (standard input).
      case onCallingThread(() throws(BundleError) -> AppBundle)
    }

    var name: String
    var load: Load
    /// An estimate of the work it takes, to start the costliest inputs first (see
    /// ``estimatedCost(of:)``).
    var cost = 0

    /// An input loaded by `load`, which may run on any thread, costing about `cost`.
    init(
      name: String, cost: Int = 0,
      load: @escaping @Sendable () throws(BundleError) -> AppBundle
    ) {
      self.name = name
      self.cost = cost
      self.load = .anywhere(load)
    }

    /// An input loaded by `load` on the calling thread.
    static func onCallingThread(
      name: String, _ load: @escaping () throws(BundleError) -> AppBundle
    ) -> Input {
      Input(name: name, loading: .onCallingThread(load))
    }

    private init(name: String, loading: Load) {
      self.name = name
      self.load = loading
    }
  }

  /// What one input gave: why it could not be opened, or its findings and the single files
  /// it held with the role each was linted as.
  struct Outcome: Sendable {
    var unopened: String?
    var reported: [Reported] = []
    var linted: [LintedFile] = []
  }

  /// How `lint` is to load an input, from any thread.
  private enum Step: Sendable {
    case load(@Sendable () throws(BundleError) -> AppBundle)
    case loaded(Result<AppBundle, BundleError>)
  }

  /// Lints `options.inputs` from disk (after the sample, with `options.demo`); `-` reads one
  /// property list (or executable, or provisioning profile) from standard input.
  static func run(_ options: LintOptions, context: CLI.Context) -> ExitStatus {
    var inputs: [Input] = []
    let parallel = !Parallel.isSerial { context.console.environment($0) }
    if options.demo {
      inputs.append(
        Input(name: DemoBundle.inputPath, cost: Int.max) { () throws(BundleError) in
          DemoBundle.load()
        })
    }
    for given in options.inputs {
      if given == "-" {
        let console = context.console
        let role = options.role
        inputs.append(
          Input.onCallingThread(name: CLI.displayName(given)) { () throws(BundleError) in
            try BundleInput.standardInput(console, role: role)
          })
        continue
      }
      // One spelling per input: no trailing slash (`App.app/` from tab completion).
      let input = CLI.withoutTrailingSlashes(given)
      let role = options.role
      inputs.append(
        Input(name: input, cost: estimatedCost(of: input)) { () throws(BundleError) in
          try BundleLoader.load(path: input, role: role, parallel: parallel)
        })
    }
    return run(options, inputs: inputs, context: context)
  }

  /// About how much work linting the input at `path` takes, from one `stat`: a folder (a
  /// bundle, archive or project, which holds many files) above any file, a file by its size.
  ///
  /// Only the order inputs are started in depends on it, never what is reported.
  static func estimatedCost(of path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT == S_IFDIR ? Int.max : Int(info.st_size)
  }

  /// Lints `inputs` and writes the report.
  ///
  /// The inputs are loaded and linted at once on the machine's cores (one after another when
  /// `INFOSCOPE_SERIAL` is set, for comparison); the report, the errors on standard error and
  /// the exit status are the same either way, in the order of the inputs. An input that
  /// cannot be opened is reported on standard error and the others are still linted; the
  /// exit status is then the worst one: 66 over 1 over 0.
  static func run(_ options: LintOptions, inputs: [Input], context: CLI.Context) -> ExitStatus {
    var configuration = LintConfiguration()
    configuration.disabled = options.disabled
    configuration.minimumSeverity = options.minimumSeverity
    configuration.platforms = options.platforms
    configuration.distribution = options.distribution
    let serial = Parallel.isSerial { context.console.environment($0) }
    var linter = Linter(configuration: configuration)
    linter.isParallel = !serial
    // Standard input is read here, in order; everything else may load on any thread.
    let steps = inputs.map { input -> Step in
      switch input.load {
      case .anywhere(let load): return .load(load)
      case .onCallingThread(let load):
        return .loaded(Result { () throws(BundleError) in try load() })
      }
    }
    let names = inputs.map(\.name)
    let frozen = linter
    // The text report's lines are rendered with the findings, on every core.
    let textColor: Bool? =
      options.format == .text ? options.color.isOn(console: context.console) : nil
    // The largest inputs first: a bundle given after many small files would otherwise be
    // linted alone at the end while the other cores wait.
    let outcomes = Parallel.map(inputs.count, serially: serial, costs: inputs.map(\.cost)) { n in
      outcome(
        of: names[n], steps[n], linter: frozen, textColor: textColor,
        keepsTrees: names.count == 1)
    }
    var reported: [Reported] = []
    var linted: [LintedFile] = []
    var unopened = false
    var loaded = 0
    for outcome in outcomes {
      if let error = outcome.unopened {
        context.console.write(error, to: .error)
        unopened = true
        continue
      }
      loaded += 1
      reported += outcome.reported
      linted += outcome.linted
    }
    // Nothing could be opened: the errors are on standard error, and a report of no findings
    // would read as a pass.
    if unopened, loaded == 0 { return .noInput }
    var suppressed: [Reported] = []
    if let baseline = options.baseline {
      switch Baseline.apply(baseline, to: reported) {
      case .recorded(let count):
        // The first run reports everything and passes: these are the known findings.
        context.console.write(
          "infoscope: recorded \(count) findings in the baseline \(baseline)\n", to: .error)
        guard write(reported, [], linted, options, context: context) else {
          return .cannotCreate
        }
        return unopened ? .noInput : .success
      case .filtered(let kept, let known):
        reported = kept
        suppressed = known
      case .failed(let reason):
        context.console.write("\(baseline): error: \(reason)\n", to: .error)
        return .usage
      }
    }
    guard write(reported, suppressed, linted, options, context: context) else {
      return .cannotCreate
    }
    if unopened { return .noInput }
    let failing: Severity = options.strict ? .warning : .error
    return reported.contains { $0.finding.severity >= failing } ? .findings : .success
  }

  /// Loads the input `input` by `step` and lints it with `linter`, rendering each finding's
  /// line of the text report (coloured or not) when `textColor` is not nil; with `keepsTrees`,
  /// the input's trees are kept to the end of the process (`FinishedTrees`).
  private static func outcome(
    of input: String, _ step: Step, linter: Linter, textColor: Bool?, keepsTrees: Bool
  ) -> Outcome {
    let bundle: AppBundle
    switch step {
    case .load(let load):
      do {
        bundle = try load()
      } catch {
        return Outcome(unopened: "\(error)\n")
      }
    case .loaded(.success(let loaded)):
      bundle = loaded
    case .loaded(.failure(let error)):
      return Outcome(unopened: "\(error)\n")
    }
    // For a single input, freeing its trees node by node took a fifth of a 1 MB file's lint;
    // with many inputs each input's memory is given back as it finishes.
    if keepsTrees {
      for file in bundle.files {
        if let root = file.document?.root { FinishedTrees.keep(root) }
      }
    }
    var outcome = Outcome()
    let texts = TextIndex(bundle)
    let paths = ReportPaths(input: input, bundle: bundle)
    for finding in linter.lint(bundle) {
      var reported = Reported(
        finding: finding, path: paths.path(finding.file),
        characterColumn: texts.characterColumn(finding),
        archive: bundle.inputKind == .ipa ? input : nil)
      if let textColor { reported.textLine = LintReport.line(reported, color: textColor) }
      outcome.reported.append(reported)
    }
    for file in bundle.files {
      guard let reason = file.roleReason else { continue }
      outcome.linted.append(
        LintedFile(
          path: paths.path(file.path), role: file.role, reason: reason,
          rules: linter.ruleCount(for: file.role)))
    }
    return outcome
  }

  /// Writes the report in the options' format; false when standard output refused it.
  private static func write(
    _ reported: [Reported], _ suppressed: [Reported], _ linted: [LintedFile],
    _ options: LintOptions, context: CLI.Context
  ) -> Bool {
    let unique = deduplicated(reported)
    switch options.format {
    case .text:
      let color = options.color.isOn(console: context.console)
      // Escaped line by line; the colour codes are the only controls, so write the bytes.
      let text = LintReport.text(unique, color: color, linted: linted)
      return context.console.write(Array(text.utf8), to: .output)
    case .json:
      return context.console.write(LintReport.json(unique, linted: linted), to: .output)
    case .sarif:
      return context.console.write(
        SARIFReport.log(unique, suppressed: deduplicated(suppressed), linted: linted),
        to: .output)
    case .github:
      return context.console.write(LintReport.github(unique, linted: linted), to: .output)
    }
  }

  /// The findings, each once (inputs that overlap give the same finding twice).
  static func deduplicated(_ reported: [Reported]) -> [Reported] {
    /// What makes two reported findings the same.
    struct Key: Hashable {
      var path: String
      var line: Int
      var column: Int
      var ruleID: String
      var message: String
    }
    var seen: Set<Key> = []
    seen.reserveCapacity(reported.count)
    return reported.filter {
      let f = $0.finding
      return seen.insert(
        Key(path: $0.path, line: f.line, column: f.column, ruleID: f.ruleID, message: f.message)
      ).inserted
    }
  }

  /// The path a finding in `file` is reported under (see ``ReportPaths``).
  static func reportPath(_ input: String, _ bundle: AppBundle, _ file: String) -> String {
    ReportPaths(input: input, bundle: bundle).path(file)
  }

  /// `folder` (absolute) as a path relative to `current` when it holds it (`..`, `../..`), or
  /// `folder` itself.
  static func climbing(to folder: String, from current: String) -> String {
    let up = current.split(separator: "/")
    let target = folder.split(separator: "/")
    guard target.count <= up.count, Array(up.prefix(target.count)) == target else {
      return folder
    }
    let steps = up.count - target.count
    return steps == 0 ? "." : Array(repeating: "..", count: steps).joined(separator: "/")
  }
}

/// Where the files of one input are reported, worked out once per input, not per finding.
///
/// The file itself for a single-file input, the input joined with the file's path otherwise
/// (inside an `.ipa`: `App.ipa/Payload/…`); a project's files are relative to the folder that
/// holds the `.xcodeproj`.
struct ReportPaths {
  /// The input as given.
  let input: String
  /// True for a single-file input, whose findings all name it.
  let isSingleFile: Bool
  /// What a file's path is joined to (`.` for none).
  let base: String

  init(input: String, bundle: AppBundle) {
    self.input = input
    // An asset catalog given alone is one input of several files (named from the folder
    // holding it); any other single-file input's findings all name it.
    isSingleFile = bundle.inputKind == .file && bundle.allFiles.count <= 1
    var base = input
    if bundle.inputKind == .file, !isSingleFile {
      base = URL(fileURLWithPath: input).deletingLastPathComponent().relativePath
    }
    if bundle.inputKind == .project {
      if input.hasSuffix(".xcodeproj") {
        base = URL(fileURLWithPath: input).deletingLastPathComponent().relativePath
      } else {
        // `.` run from inside the .xcodeproj, or another spelling without its name: climb
        // out of it, from where the user is.
        let url = URL(fileURLWithPath: input).standardizedFileURL
        if url.lastPathComponent.hasSuffix(".xcodeproj") {
          base = LintCommand.climbing(
            to: url.deletingLastPathComponent().path,
            from: FileManager.default.currentDirectoryPath)
        }
      }
    }
    self.base = base
  }

  /// The path `file` (a path inside the input; empty for the input itself) is reported under.
  func path(_ file: String) -> String {
    if isSingleFile || file.isEmpty { return input }
    return base == "." ? file : base + "/" + file
  }
}

/// The text of every file of a loaded input, to turn the linter's byte columns into
/// character columns (SARIF's `unicodeCodePoints`, GitHub's `col`).
struct TextIndex {
  private var texts: [String: [UInt8]] = [:]

  init(_ bundle: AppBundle) {
    for file in bundle.allFiles {
      if let text = file.document?.text, !text.isEmpty { texts[file.path] = text }
    }
  }

  /// The 1-based column of `finding` in Unicode code points; its byte column when the file's
  /// text is not at hand (a binary file has no columns, nor a finding without a position).
  func characterColumn(_ finding: Finding) -> Int? {
    guard finding.line > 0, finding.column > 0 else { return nil }
    guard let text = texts[finding.file] else { return finding.column }
    var line = 1
    var start = 0
    while line < finding.line, start < text.count {
      guard let newline = text[start...].firstIndex(of: 0x0A) else { return finding.column }
      start = newline + 1
      line += 1
    }
    let end = min(text.count, start + finding.column - 1)
    guard start <= end else { return finding.column }
    // Code points are the bytes that do not continue a UTF-8 sequence.
    return text[start..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
  }
}
