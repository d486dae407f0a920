import PlistBundle
import PlistCore

/// A purpose key that evidence in the bundle calls for but the Info.plist lacks: an
/// entitlement, a linked framework, a background mode or Bonjour services.
struct MissingPurposeStringRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_purpose_string",
    name: "Missing Purpose String",
    severity: .error,
    category: .privacy,
    appliesTo: [.infoPlist],
    summary: "The bundle shows it reaches a protected resource but its Info.plist has no purpose "
      + "string for it",
    rationale: """
      App Review "rejects apps that contain code accessing those resources without a purpose
      string", and App Store Connect's ITMS-90683 names two triggers: code that references the
      APIs, or "one or more entitlements that permit such access"; code in third-party SDKs
      counts. A linter cannot see calls, so it reads the evidence it can see, each row of
      `PurposeStringEvidence` with its page:

      - entitlements whose pairing Apple states (macOS camera and microphone, HealthKit,
        HomeKit): an error with ITMS-90683;
      - other entitlements, whose pairing is inferred from the purpose key's page (Apple
        publishes no table): a warning;
      - background modes (`location`, `bluetooth-central`, `bluetooth-peripheral`) and
        `NSBonjourServices` (Apple says Bonjour apps "should include" the local-network
        description): a warning;
      - frameworks linked by the executable or an embedded framework: a warning when most of
        the framework's API needs the permission (App Tracking Transparency, HealthKit,
        HomeKit, Core NFC, Speech, SensorKit), a note when much of it needs none (Core Location,
        Contacts, Core Bluetooth). Linking AVFoundation is not taken as evidence.

      Any of the platform's keys satisfies a row (on macOS `NSLocationUsageDescription`,
      elsewhere the `NSLocationWhenInUse…` keys): for a bundle known to target only iOS-family
      platforms `NSLocationUsageDescription` alone does not count, since Apple documents it
      for macOS and deprecated it on iOS in 8.0. A key set by an `INFOPLIST_KEY_*` build
      setting counts as present, conditional ones included. Framework Info.plists are skipped:
      the app's Info.plist carries the purpose strings.
      """,
    appleSource: PurposeStrings.requestingAccess,
    itms: "ITMS-90683",
    // The system reads the purpose string whatever the channel: not only an upload check.
    isUploadCheck: false,
    nonTriggering: [
      RuleExample([
        "UIBackgroundModes": ["location", "audio"],
        "NSLocationWhenInUseUsageDescription": "Shows your position on the trail map.",
      ]),
      RuleExample(["UIBackgroundModes": ["audio", "fetch", "remote-notification"]]),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.macOS])),
      RuleExample([
        "NSBonjourServices": ["_myapp._tcp"],
        "NSLocalNetworkUsageDescription": "Finds speakers on your network.",
      ]),
      RuleExample(["NSCameraUsageDescription": "Scans QR codes."]).within(
        bundle: ExampleBundles.app(
          entitlements: ["com.apple.security.device.camera": true], platforms: [.macOS])),
      RuleExample(["NSCameraUsageDescription": "Scans QR codes."]).within(
        bundle: ExampleBundles.app(
          entitlements: ["com.apple.security.device.camera": false], platforms: [.macOS])),
    ],
    triggering: [
      RuleExample(
        ["UIBackgroundModes": ["audio", "location"]], expect: ["UIBackgroundModes[1]"]),
      RuleExample(["NSBonjourServices": ["_myapp._tcp"]], expect: ["NSBonjourServices"]),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.iOS]), expect: ["UIBackgroundModes[0]"]),
      RuleExample(["CFBundleIdentifier": "com.example.app"], expect: ["NSCameraUsageDescription"])
        .within(
          bundle: ExampleBundles.app(
            entitlements: ["com.apple.security.device.camera": true], platforms: [.macOS])),
      RuleExample(["CFBundleIdentifier": "com.example.app"], expect: ["NSHomeKitUsageDescription"])
        .within(bundle: ExampleBundles.app(entitlements: ["com.apple.developer.homekit": true])),
    ])

  /// One requirement found, with the evidence for it.
  private struct Need {
    var row: PurposeStringEvidence.Row
    var evidence: String
    var path: KeyPath?
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary, subject.bundle?.kind != .framework else { return [] }
    var defined = PurposeStrings.definedKeys(info, bundle: subject.bundle)
    // NSLocationUsageDescription is the macOS key (iOS deprecated it in 8.0): alone, it
    // satisfies no location need of a bundle that targets only iOS-family platforms.
    let platforms = subject.context.platforms
    let macOSOnlyLocationKey = "NSLocationUsageDescription"
    if !platforms.isEmpty, !platforms.contains(.macOS), !platforms.contains(.macCatalyst) {
      defined.remove(macOSOnlyLocationKey)
    }
    var needs: [Need] = []
    if let modes = info["UIBackgroundModes"]?.value.arrayValue {
      for (index, mode) in modes.enumerated() {
        guard let name = mode.value.stringValue else { continue }
        for (evidence, row) in PurposeStringEvidence.backgroundModes where evidence == name {
          needs.append(
            Need(
              row: row, evidence: "the background mode \(name) shows the app",
              path: KeyPath.root.appending(key: "UIBackgroundModes").appending(index: index)))
        }
      }
    }
    for (key, row) in PurposeStringEvidence.infoKeys where info[key] != nil {
      needs.append(
        Need(row: row, evidence: "\(key) shows the app", path: KeyPath.root.appending(key: key)))
    }
    if let bundle = subject.bundle {
      needs += entitlementNeeds(bundle) + frameworkNeeds(bundle)
    }
    // One finding per missing key, with its strongest evidence first.
    var findings: [Finding] = []
    var reported: Set<String> = []
    let missing = needs.filter { need in !need.row.keys.contains { defined.contains($0) } }
    for need in missing.sorted(by: { $0.row.basis > $1.row.basis }) {
      guard let key = need.row.keys.first, reported.insert(key).inserted else { continue }
      let others = missing.filter { $0.row.keys.first == key && $0.evidence != need.evidence }
      findings.append(finding(subject, key: key, need: need, alsoSeen: others.map(\.evidence)))
    }
    return findings
  }

  private func finding(
    _ subject: LintSubject, key: String, need: Need, alsoSeen: [String]
  ) -> Finding {
    let row = need.row
    let alternatives =
      row.keys.count > 1 ? " (or another of \(row.keys.dropFirst().joined(separator: ", ")))" : ""
    var message = "\(key)\(alternatives) is missing, but \(need.evidence) \(row.reason)"
    if row.keys.contains("NSLocationUsageDescription"),
      subject.dictionary?["NSLocationUsageDescription"] != nil
    {
      message += " (NSLocationUsageDescription is the macOS key, which iOS does not read)"
    }
    switch row.basis {
    case .apple:
      message += "; Apple requires the purpose string when an entitlement permits the access"
    case .inferred:
      message +=
        "; add it if the app asks for this access (inferred: Apple publishes no "
        + "table of what needs which purpose string)"
    case .weakInference:
      message +=
        "; if the app or an SDK in it asks for this access, add the purpose string "
        + "(inferred from the linked framework only)"
    }
    if !alsoSeen.isEmpty { message += "; also seen: \(alsoSeen.joined(separator: ", "))" }
    var finding = subject.finding(
      Self.description, at: need.path ?? KeyPath.root.appending(key: key), message,
      severity: row.basis.severity)
    finding.url = row.url
    if row.basis != .apple { finding.itms = nil }
    // Only the developer knows the reason: the fix adds the key empty, and the inspector opens
    // its editor.
    finding.fix = Fix(
      "add \(key)", [.set(KeyPath.root.appending(key: key), PlistValueBox(.string("")))])
    return finding
  }

  /// The needs the bundle's entitlements show: its entitlements files and the entitlements in
  /// its executable's code signature.
  private func entitlementNeeds(_ bundle: BundleNode) -> [Need] {
    var sources: [PlistDictionary] = bundle.files.compactMap { file in
      guard file.role == .entitlements || file.role == .signedEntitlements else { return nil }
      return file.document?.root.value.dictionaryValue
    }
    for slice in bundle.executable?.slices ?? [] {
      if let entitlements = slice.codeSignature?.entitlements?.value.dictionaryValue {
        sources.append(entitlements)
      }
    }
    var needs: [Need] = []
    for (entitlement, value, row) in PurposeStringEvidence.entitlements {
      guard sources.contains(where: { grants($0[entitlement], value: value) }) else { continue }
      needs.append(Need(row: row, evidence: "the entitlement \(entitlement)", path: nil))
    }
    return needs
  }

  /// True when an entitlement's value grants something.
  ///
  /// That is `true`, a non-empty string, or an array holding `value` (any item when `value` is
  /// nil). False means absent.
  private func grants(_ node: PlistNode?, value: String?) -> Bool {
    switch node?.value {
    case .boolean(let on): return on && value == nil
    case .string(let text): return value.map { $0 == text } ?? !text.isEmpty
    case .array(let items):
      guard let value else { return !items.isEmpty }
      return items.contains { $0.value.stringValue == value }
    default: return false
    }
  }

  /// The needs the frameworks linked by the bundle's executable and embedded frameworks show.
  private func frameworkNeeds(_ bundle: BundleNode) -> [Need] {
    var executables: [(name: String, file: MachOFile)] = []
    if let executable = bundle.executable { executables.append(("the executable", executable)) }
    func embedded(_ node: BundleNode) {
      for child in node.children where child.kind == .framework {
        if let executable = child.executable { executables.append((child.name, executable)) }
        embedded(child)
      }
    }
    embedded(bundle)
    var needs: [Need] = []
    var seen: Set<String> = []
    for (name, file) in executables {
      let linked = Set(file.slices.flatMap(\.linkedLibraries).compactMap(\.frameworkName))
      for (framework, row) in PurposeStringEvidence.frameworks
      where linked.contains(framework) && seen.insert(framework).inserted {
        needs.append(
          Need(row: row, evidence: "\(name) links \(framework).framework, so the app", path: nil))
      }
    }
    return needs
  }
}
