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
  /// The day requirements with a start date are judged on; nil for today by the clock.
  package var date: CalendarDay?

  /// The default configuration: every rule, every severity.
  package init() {}
}

/// Runs rules over property lists and collects their findings.
package struct Linter: Sendable {
  /// The rules to run.
  package var rules: [any Rule]
  /// Which of them, and how loud.
  package var configuration: LintConfiguration
  /// Whether the files of an input are checked at once on the machine's cores (the findings
  /// are the same, in the same order); false checks them one after another.
  package var isParallel = true

  /// A linter with `rules` (every rule by default) and `configuration`.
  package init(
    rules: [any Rule] = RuleCatalog.all.map { $0.init() },
    configuration: LintConfiguration = LintConfiguration()
  ) {
    self.rules = rules
    self.configuration = configuration
  }

  /// The findings of the enabled rules that apply to `subject`'s role, sorted by position.
  ///
  /// A subject that could not be read (`readError`) goes to `unreadable_property_list` alone;
  /// every other rule sees only files that parsed.
  package func lint(_ subject: LintSubject) -> [Finding] { lint(subject, plan: plan()) }

  /// What `lint` needs of each enabled rule, read from the rules' descriptions once per call
  /// rather than once per rule and file: a description is a large value, and each copy
  /// retains and releases its arrays and sets, shared by every core that lints at once.
  private struct Plan: Sendable {
    /// One enabled rule.
    struct Entry: Sendable {
      var rule: any Rule
      var identifier: String
      var appliesTo: Set<FileRole>
      /// True for the rules that see only subjects that could not be read.
      var readsErrors: Bool
      var severity: Severity?
    }

    var entries: [Entry]
  }

  /// The enabled rules, in order, with what `lint` needs of each.
  private func plan() -> Plan {
    Plan(
      entries: rules.compactMap { rule in
        let description = rule.description
        guard isEnabled(description) else { return nil }
        return Plan.Entry(
          rule: rule, identifier: description.identifier, appliesTo: description.appliesTo,
          readsErrors: Self.readErrorRules.contains(description.identifier),
          severity: configuration.severityOverrides[description.identifier])
      })
  }

  /// The findings of the planned rules that apply to `subject`'s role, sorted by position.
  private func lint(_ subject: LintSubject, plan: Plan) -> [Finding] {
    var findings: [Finding] = []
    var subject = subject
    if subject.catalogVisits == nil, subject.readError == nil,
      CatalogWalk.roles.contains(subject.role)
    {
      // Seven rules walk the keys the catalog describes: walk them once.
      subject.catalogVisits = CatalogWalk.visits(subject)
    }
    let unreadable = subject.readError != nil
    for entry in plan.entries
    where entry.appliesTo.contains(subject.role) && unreadable == entry.readsErrors {
      for var finding in entry.rule.check(subject) {
        if let severity = entry.severity { finding.severity = severity }
        if finding.severity >= configuration.minimumSeverity { findings.append(finding) }
      }
    }
    return findings.sorted { ($0.line, $0.column, $0.ruleID) < ($1.line, $1.column, $1.ruleID) }
  }

  /// The findings in every property list of `input`, file by file.
  package func lint(_ input: AppBundle) -> [Finding] { lint(input, inSourceFiles: true) }

  /// The findings in every property list of `input`, file by file.
  ///
  /// The files are checked at once on the machine's cores (unless `isParallel` is false);
  /// the findings come back in the same order either way: the input's own files, then each
  /// bundle's, depth first.
  ///
  /// - Parameters:
  ///   - input: the loaded input.
  ///   - inSourceFiles: true to report a finding in a project target's effective Info.plist
  ///     where its key was written (`inSourceFile`), as reports do; false to keep it on the
  ///     effective Info.plist it was found in, so that it can be matched with the same
  ///     finding in another input (`BuildComparison`).
  /// - Returns: the findings.
  package func lint(_ input: AppBundle, inSourceFiles: Bool) -> [Finding] {
    let jobs = self.jobs(input, inSourceFiles: inSourceFiles)
    let linter = self
    let plan = self.plan()
    let found = Parallel.map(jobs.count, serially: !isParallel) { n in
      jobs[n].place(linter.lint(jobs[n].subject, plan: plan))
    }
    return Array(found.joined())
  }

  /// One file to check: the subject the rules see, and how its findings are placed.
  private struct Job: Sendable {
    var subject: LintSubject
    var place: @Sendable ([Finding]) -> [Finding] = { $0 }
  }

  /// The files of `input` to check, in report order.
  private func jobs(_ input: AppBundle, inSourceFiles: Bool) -> [Job] {
    var jobs: [Job] = []
    let distribution =
      configuration.distribution
      ?? input.distribution.flatMap(LintContext.Distribution.init)
    // The input's own problems (no app in Payload, an entry skipped): never a silent pass.
    for problem in input.problems {
      jobs.append(
        Job(
          subject: LintSubject(
            path: problem.path ?? "", role: .input, root: Self.emptyRoot, input: input,
            readError: problem)))
    }
    for file in input.files {
      if let error = Self.readError(of: file) {
        jobs.append(
          Job(
            subject: LintSubject(
              path: file.path, role: file.role, root: Self.emptyRoot, input: input,
              readError: error)))
        continue
      }
      guard let root = Self.root(of: file) else { continue }
      var platforms = configuration.platforms ?? input.platforms
      if platforms.isEmpty, file.role == .infoPlist {
        // A bare Info.plist says what it targets through its own keys.
        platforms = PlatformDetector.platforms(info: root.value.dictionaryValue, layout: .shallow)
      }
      let context = LintContext(
        platforms: platforms, isBuilt: input.isBuilt, distribution: distribution,
        sdk: root.value.dictionaryValue?["DTSDKName"]?.value.stringValue,
        date: configuration.date)
      var subject = LintSubject(
        path: file.path, role: file.role, root: root, input: input, context: context,
        encoding: file.document?.encoding, text: file.document?.text ?? [])
      subject.repeatsNoKey = file.document?.census?.repeatsAKey == false
      jobs.append(Job(subject: subject))
    }
    let index = BundleIndex(input)
    func visit(_ bundle: BundleNode, parent: BundleNode?) {
      let context = LintContext(
        platforms: configuration.platforms ?? bundle.platforms, isBuilt: input.isBuilt,
        distribution: distribution, sdk: bundle.sdk, date: configuration.date)
      for file in bundle.files {
        if let error = Self.readError(of: file) {
          let subject = LintSubject(
            path: file.path, role: file.role, root: Self.emptyRoot, bundle: bundle,
            parentBundle: parent, input: input, context: context, readError: error)
          jobs.append(
            inSourceFiles
              ? Job(subject: subject) { $0.map { Self.onNamingSetting($0, file, in: input) } }
              : Job(subject: subject))
          continue
        }
        guard let root = Self.root(of: file) else { continue }
        var subject = LintSubject(
          path: file.path, role: file.role, root: root, bundle: bundle,
          parentBundle: parent, input: input, context: context,
          encoding: file.isGenerated ? nil : file.document?.encoding,
          text: file.isGenerated ? [] : file.document?.text ?? [], index: index)
        subject.repeatsNoKey = file.document?.census?.repeatsAKey == false
        let effective = bundle.effectiveInfoPlist
        jobs.append(
          inSourceFiles
            ? Job(subject: subject) { $0.map { Self.inSourceFile($0, effective, file) } }
            : Job(subject: subject))
      }
      for child in bundle.children { visit(child, parent: bundle) }
    }
    for bundle in input.bundles { visit(bundle, parent: nil) }
    return jobs
  }

  /// A finding in a project target's effective Info.plist, moved to where its key was written:
  /// the `INFOPLIST_FILE` (whose line and column the finding already has), or the build
  /// setting's assignment in the project or xcconfig file.
  static func inSourceFile(
    _ finding: Finding, _ effective: EffectiveInfoPlist?, _ file: BundleFile
  )
    -> Finding
  {
    guard file.isGenerated, let effective else { return finding }
    guard case .key(let key)? = finding.keyPath.components.first,
      let source = effective[key]?.source
    else { return atWrittenFile(finding, effective, file) }
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
      return atWrittenFile(finding, effective, file)
    }
    return moved
  }

  /// A finding in an effective Info.plist that no key's source places, moved to a file that
  /// exists.
  ///
  /// That is a key that is missing, or a value Xcode adds itself: the `INFOPLIST_FILE` at its root
  /// dictionary, or else the project file at the first of the target's Info.plist build
  /// settings (the file alone when none has a line). The effective Info.plist itself exists
  /// only in the build, so annotations and SARIF locations must not name it.
  static func atWrittenFile(
    _ finding: Finding, _ effective: EffectiveInfoPlist, _ file: BundleFile
  ) -> Finding {
    var moved = finding
    if let source = effective.sourceFile {
      moved.file = source.path
      moved.line = Int(source.document.root.location.line)
      moved.column = Int(source.document.root.location.column)
      return moved
    }
    let origins = effective.entries.compactMap { entry -> SettingOrigin? in
      guard case .buildSetting(_, let origin) = entry.source, !origin.path.isEmpty else {
        return nil
      }
      return origin
    }
    let folder = file.path.split(separator: "/").dropLast(2).joined(separator: "/")
    let project = (folder.isEmpty ? "" : folder + "/") + "project.pbxproj"
    moved.file = project
    if let origin = origins.first(where: { $0.path == project && $0.line > 0 }) {
      moved.line = origin.line
      moved.column = Int(origin.location?.column ?? 1)
    } else {
      moved.line = 0
      moved.column = 0
    }
    return moved
  }

  /// A finding about a file a build setting names, moved to the setting's line (the file may
  /// not exist, and SARIF and the annotations need a place that does), its message naming the
  /// setting and the file; other findings unchanged.
  static func onNamingSetting(
    _ finding: Finding, _ file: BundleFile, in input: AppBundle
  ) -> Finding {
    guard let setting = file.namedBy, !setting.origin.path.isEmpty, setting.origin.line > 0
    else { return finding }
    var moved = finding
    moved.file = setting.origin.path
    moved.keyPath = settingKeyPath(setting, in: input) ?? .root
    moved.line = setting.origin.line
    moved.column = setting.origin.location.map { Int($0.column) } ?? 1
    let reason: String
    if let problem = file.problem, problem.kind == .notFound {
      reason = "which is missing"
    } else if let problem = file.problem {
      reason = "which could not be read: " + problem.message
    } else {
      reason = "and " + finding.message
    }
    moved.message =
      "\(setting.name) names \(file.path), \(reason); Xcode cannot build the target without it"
    if file.problem?.kind == .notFound {
      moved.noFixReason =
        "infoscope cannot make the file; add it at that path, or point \(setting.name) at the "
        + "right file in Xcode's build settings"
    }
    return moved
  }

  /// The key path of the assignment `setting` in its `project.pbxproj`
  /// (`objects.<configuration>.buildSettings.<name>`), found by the key's location; nil for an
  /// `.xcconfig` or a project file not in `input`.
  static func settingKeyPath(_ setting: NamingSetting, in input: AppBundle) -> KeyPath? {
    guard let location = setting.origin.location,
      let project = input.allFiles.first(where: {
        $0.role == .projectFile && $0.path == setting.origin.path
      }),
      let objects = project.document?.root.value.dictionaryValue?["objects"]?.value
        .dictionaryValue
    else { return nil }
    for object in objects.entries {
      guard
        let settings = object.node.value.dictionaryValue?["buildSettings"]?.value
          .dictionaryValue,
        let index = settings.index(forKey: setting.name),
        settings.entries[index].keyLocation.start == location.start
      else { continue }
      return KeyPath.root.appending(key: "objects").appending(key: object.key)
        .appending(key: "buildSettings").appending(key: setting.name)
    }
    return nil
  }

  /// The identifier of the rule that reports files that do not parse.
  static let unreadableRule = UnreadablePropertyListRule.description.identifier

  /// The rules that see subjects that could not be read (and only those): files that do not
  /// parse, and the input's own problems.
  static let readErrorRules: Set<String> = [
    unreadableRule, UnreadableInputRule.description.identifier,
  ]

  /// The root a subject that could not be read stands on.
  static let emptyRoot = PlistNode(.dictionary(PlistDictionary([])))

  /// The roles whose file, when present, must read: one that does not (a link leading nowhere
  /// or out of the bundle, a FIFO, a device or folder in its place, an unreadable file, a ZIP
  /// entry that is encrypted, LZMA-compressed, a bomb or a link) is an error, never a pass.
  package static let rolesThatMustRead: Set<FileRole> = [
    .infoPlist, .entitlements, .signedEntitlements, .provisioningProfile, .privacyManifest,
    .infoPlistStrings, .archiveInfo, .projectFile, .propertyList, .executable, .appIconSet,
    .iconComposer,
  ]

  /// True when `problem` of `file` is reported as an `unreadable_property_list` error: any
  /// problem of a property list, and a present file of a role that must read (a missing
  /// executable is its own rule's finding).
  package static func mustBeRead(_ file: BundleFile, _ problem: BundleError) -> Bool {
    if problem.kind == .plist { return true }
    guard rolesThatMustRead.contains(file.role) else { return false }
    return !(file.role == .executable && problem.kind == .notFound)
  }

  /// Why `file` could not be read, when it must (see `mustBeRead`); nil when it read, or when
  /// its problem is another rule's (a missing executable, an image).
  static func readError(of file: BundleFile) -> BundleError? {
    // An icon set's Contents.json may read as JSON and still not be one Xcode can compile.
    let isIcon = file.role == .appIconSet || file.role == .iconComposer
    guard file.document == nil || isIcon, let problem = file.problem, mustBeRead(file, problem)
    else {
      return nil
    }
    guard problem.kind != .plist, !problem.message.hasPrefix("cannot read") else {
      return problem
    }
    var error = problem
    error.message = "the \(file.role.rawValue) could not be read: " + problem.message
    return error
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

  /// How many enabled rules inspect a file of `role`: 0 means a file of that role is read but
  /// nothing checks it, which reports say instead of a clean count.
  package func ruleCount(for role: FileRole) -> Int {
    rules.filter { $0.description.appliesTo.contains(role) && isEnabled($0.description) }.count
  }

  private func isEnabled(_ description: RuleDescription) -> Bool {
    !configuration.disabled.contains(description.identifier)
      && configuration.disabled.isDisjoint(with: description.deprecatedAliases)
  }
}
