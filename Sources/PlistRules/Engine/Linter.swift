import PlistBundle
import PlistCore

/// Which rules run and how loud they are.
package struct LintConfiguration: Sendable {
  /// Rule identifiers (or aliases) turned off.
  package var disabled: Set<String> = []
  /// Findings below this severity are dropped.
  package var minimumSeverity: Severity = .note
  /// Severities set per rule identifier, over the rule's own.
  package var severityOverrides: [String: Severity] = [:]
  /// Overrides the platforms the input is taken to target (`--platform`).
  package var platforms: [Platform]?
  /// Overrides the distribution channel (`--distribution`).
  package var distribution: LintContext.Distribution?

  /// The default configuration: every rule, every severity.
  package init() {}
}

/// Runs rules over property lists and collects their findings.
package struct Linter: Sendable {
  /// The rules to run.
  package var rules: [any Rule]
  /// Which of them, and how loud.
  package var configuration: LintConfiguration

  /// A linter with `rules` (every rule by default) and `configuration`.
  package init(
    rules: [any Rule] = RuleCatalog.all.map { $0.init() },
    configuration: LintConfiguration = LintConfiguration()
  ) {
    self.rules = rules
    self.configuration = configuration
  }

  /// The findings of the enabled rules that apply to `subject`'s role, sorted by position.
  package func lint(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    for rule in rules {
      let description = rule.description
      guard description.appliesTo.contains(subject.role), isEnabled(description) else {
        continue
      }
      for var finding in rule.check(subject) {
        if let severity = configuration.severityOverrides[description.identifier] {
          finding.severity = severity
        }
        if finding.severity >= configuration.minimumSeverity { findings.append(finding) }
      }
    }
    return findings.sorted { ($0.line, $0.column, $0.ruleID) < ($1.line, $1.column, $1.ruleID) }
  }

  /// The findings in every property list of `input`, file by file.
  package func lint(_ input: AppBundle) -> [Finding] {
    var findings: [Finding] = []
    let distribution =
      configuration.distribution
      ?? input.distribution.flatMap(LintContext.Distribution.init)
    for file in input.files {
      guard let root = Self.root(of: file) else { continue }
      var platforms = configuration.platforms ?? input.platforms
      if platforms.isEmpty, file.role == .infoPlist {
        // A bare Info.plist says what it targets through its own keys.
        platforms = PlatformDetector.platforms(info: root.value.dictionaryValue, layout: .shallow)
      }
      let context = LintContext(
        platforms: platforms, isBuilt: input.isBuilt, distribution: distribution,
        sdk: root.value.dictionaryValue?["DTSDKName"]?.value.stringValue)
      findings += lint(
        LintSubject(
          path: file.path, role: file.role, root: root, input: input, context: context,
          encoding: file.document?.encoding))
    }
    func visit(_ bundle: BundleNode, parent: BundleNode?) {
      let context = LintContext(
        platforms: configuration.platforms ?? bundle.platforms, isBuilt: input.isBuilt,
        distribution: distribution, sdk: bundle.sdk)
      for file in bundle.files {
        guard let root = Self.root(of: file) else { continue }
        let found = lint(
          LintSubject(
            path: file.path, role: file.role, root: root, bundle: bundle,
            parentBundle: parent, input: input, context: context,
            encoding: file.isGenerated ? nil : file.document?.encoding))
        findings += found.map { Self.inSourceFile($0, bundle.effectiveInfoPlist, file) }
      }
      for child in bundle.children { visit(child, parent: bundle) }
    }
    for bundle in input.bundles { visit(bundle, parent: nil) }
    return findings
  }

  /// A finding in a project target's effective Info.plist, moved to where its key was written:
  /// the `INFOPLIST_FILE` (whose line and column the finding already has), or the build
  /// setting's assignment in the project or xcconfig file.
  static func inSourceFile(
    _ finding: Finding, _ effective: EffectiveInfoPlist?, _ file: BundleFile
  )
    -> Finding
  {
    guard file.isGenerated, let effective, case .key(let key)? = finding.keyPath.components.first,
      let source = effective[key]?.source
    else { return finding }
    var moved = finding
    switch source {
    case .file(let path, _):
      moved.file = path
    case .buildSetting(_, let origin) where !origin.path.isEmpty && origin.line > 0:
      // Set by a build setting: point at the assignment in the project or xcconfig file.
      moved.file = origin.path
      moved.line = origin.line
      moved.column = Int(origin.location?.column ?? 1)
    default:
      break
    }
    return moved
  }

  /// The tree rules see for `file`.
  ///
  /// That is its property list (for `Assets.car`, the read-only tree of its catalog), or, for
  /// an app icon set (JSON, not a property list) that read, an empty dictionary; the icon-set
  /// rules read the set itself from the file (`BundleFile.iconSet`) and place their findings
  /// on `images[i]` paths. An `Assets.car` that did not read also gets an empty dictionary,
  /// so its problem is reported as a finding.
  static func root(of file: BundleFile) -> PlistNode? {
    if let document = file.document { return document.root }
    if file.role == .appIconSet, file.iconSet != nil {
      return PlistNode(.dictionary(PlistDictionary([])))
    }
    // An Assets.car that did not read: `unreadable_asset_catalog` reports its problem.
    if file.role == .assetCatalog, file.problem != nil {
      return PlistNode(.dictionary(PlistDictionary([])))
    }
    return nil
  }

  private func isEnabled(_ description: RuleDescription) -> Bool {
    !configuration.disabled.contains(description.identifier)
      && configuration.disabled.isDisjoint(with: description.deprecatedAliases)
  }
}
