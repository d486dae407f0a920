import PlistBundle
import PlistCore

/// Background modes without the keys or entitlements Apple pairs them with, and task
/// identifiers without a mode that runs them.
struct BackgroundModeCompanionRule: Rule {
  static let description = RuleDescription(
    identifier: "background_mode_companion",
    name: "Background Mode Companion",
    severity: .error,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "A background mode lacks the key or entitlement Apple pairs it with",
    rationale: """
      Only pairings Apple states:

      - `processing` runs `BGProcessingTask`s, which the system schedules only for identifiers
        listed in `BGTaskSchedulerPermittedIdentifiers` (Apple's "Using background tasks to
        update your app" says to list every identifier). App Store Connect refuses the upload
        without them: ITMS-90771, "Missing Info.plist value": its message, as quoted in public
        reports, says the key has to list the task identifiers when `UIBackgroundModes` holds
        `processing`. An error for a build bound for the App Store, a note when the
        distribution is known and is not the App Store.
      - `BGTaskSchedulerPermittedIdentifiers` with neither `fetch` nor `processing`: the same
        guide says to turn on Background fetch for `BGAppRefreshTask` and Background processing
        for `BGProcessingTask`: a note.
      - `push-to-talk` needs the `com.apple.developer.push-to-talk` entitlement (Xcode's
        "Configuring background execution modes"): a warning, checked only when the bundle's
        entitlements are known.

      `fetch` alone is not flagged: it also serves the older
      `application(_:performFetchWithCompletionHandler:)`, which needs no identifiers (and which
      listing identifiers turns off).
      """,
    appleSource: AppleSource(
      title: "Using background tasks to update your app",
      url:
        "https://developer.apple.com/documentation/uikit/using-background-tasks-to-update-your-app"),
    nonTriggering: [
      RuleExample([
        "UIBackgroundModes": ["fetch", "processing"],
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh"],
      ]),
      RuleExample(["UIBackgroundModes": ["fetch", "remote-notification"]]),
      RuleExample(["UIBackgroundModes": ["push-to-talk"]]),
      RuleExample(["UIBackgroundModes": ["push-to-talk"]]).within(
        bundle: ExampleBundles.app(entitlements: ["com.apple.developer.push-to-talk": true])),
    ],
    triggering: [
      RuleExample(
        ["UIBackgroundModes": ["audio", "processing"]], expect: ["UIBackgroundModes[1]"],
        severity: .error),
      RuleExample(
        ["UIBackgroundModes": ["processing"], "BGTaskSchedulerPermittedIdentifiers": []],
        context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["UIBackgroundModes[0]"], severity: .error),
      RuleExample(
        ["UIBackgroundModes": ["processing"]],
        context: LintContext(isBuilt: true, distribution: .enterprise),
        expect: ["UIBackgroundModes[0]"], severity: .note),
      RuleExample(
        [
          "UIBackgroundModes": ["remote-notification"],
          "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh"],
        ], expect: ["BGTaskSchedulerPermittedIdentifiers"], severity: .note),
      RuleExample(["UIBackgroundModes": ["push-to-talk"]], expect: ["UIBackgroundModes[0]"])
        .within(bundle: ExampleBundles.app(entitlements: ["aps-environment": "production"])),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary else { return [] }
    let modes = Capabilities.strings(info, "UIBackgroundModes")
    let names = Set(modes.map(\.text))
    let modesPath = KeyPath.root.appending(key: "UIBackgroundModes")
    let identifiers = info["BGTaskSchedulerPermittedIdentifiers"]?.value.arrayValue ?? []
    var findings: [Finding] = []
    if let processing = modes.first(where: { $0.text == "processing" }), identifiers.isEmpty {
      findings.append(
        subject.finding(
          Self.description, at: modesPath.appending(index: processing.index),
          "the processing background mode has no BGTaskSchedulerPermittedIdentifiers to run, "
            + "and App Store Connect refuses the upload without them; list every "
            + "background task identifier there, as Apple says", severity: .error,
          itms: "ITMS-90771"))
    }
    if !identifiers.isEmpty, names.isDisjoint(with: ["fetch", "processing"]) {
      findings.append(
        subject.finding(
          Self.description, at: KeyPath.root.appending(key: "BGTaskSchedulerPermittedIdentifiers"),
          "BGTaskSchedulerPermittedIdentifiers lists tasks but UIBackgroundModes has neither "
            + "fetch nor processing; Apple says to turn on Background fetch for app-refresh "
            + "tasks and Background processing for processing tasks", severity: .note))
    }
    if let ptt = modes.first(where: { $0.text == "push-to-talk" }),
      let entitlements = entitlements(subject.bundle),
      !entitlements.contains(where: { $0["com.apple.developer.push-to-talk"] != nil })
    {
      var finding = subject.finding(
        Self.description, at: modesPath.appending(index: ptt.index),
        "the push-to-talk background mode needs the com.apple.developer.push-to-talk "
          + "entitlement, which the bundle's entitlements lack", severity: .warning)
      finding.url =
        "https://developer.apple.com/documentation/xcode/configuring-background-execution-modes"
      findings.append(finding)
    }
    return findings
  }

  /// The bundle's entitlements (files and code signature), or nil when it shows none.
  private func entitlements(_ bundle: BundleNode?) -> [PlistDictionary]? {
    guard let bundle else { return nil }
    var found: [PlistDictionary] = bundle.files.compactMap { file in
      guard file.role == .entitlements || file.role == .signedEntitlements else { return nil }
      return file.document?.root.value.dictionaryValue
    }
    for slice in bundle.executable?.slices ?? [] {
      if let dictionary = slice.codeSignature?.entitlements?.value.dictionaryValue {
        found.append(dictionary)
      }
    }
    return found.isEmpty ? nil : found
  }
}
