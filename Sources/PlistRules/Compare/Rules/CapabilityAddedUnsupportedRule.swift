import PlistBundle
import PlistCore

/// An entitlement or background mode NEW adds without the purpose string it needs, or an
/// entitlement no provisioning profile seen grants.
struct CapabilityAddedUnsupportedRule: ComparisonRule {
  static let description = ComparisonRuleDescription(
    RuleDescription(
      identifier: "capability_added_unsupported",
      name: "Capability Added Unsupported",
      severity: .error,
      category: .comparison,
      appliesTo: [.infoPlist, .entitlements, .signedEntitlements],
      summary: "An entitlement or background mode NEW adds comes with its purpose string and a "
        + "profile that grants it",
      rationale: """
        A capability that appears between two builds brings what it needs with it, or the
        release fails. Two needs are checked for each entitlement and `UIBackgroundModes` mode
        NEW has and OLD did not:

        - The purpose string, from the table `missing_purpose_string` reads: an entitlement
          whose pairing Apple states (macOS camera and microphone, HealthKit, HomeKit) without
          its key is an error with ITMS-90683 ("the app has one or more entitlements that
          permit such access", as the e-mail reads); pairings inferred from the key's page, and
          the `location`, `bluetooth-central` and `bluetooth-peripheral` modes, a warning; a
          weak inference, a note. The finding is on the added entitlement or mode, and NEW's
          `missing_purpose_string` finding for the same key is not listed again among the new
          findings.
        - The grant: a restricted entitlement (all but the `com.apple.security.*` family macOS
          lets code claim, App Groups excepted) must be in the provisioning profile's
          `Entitlements` ("Diagnosing issues with entitlements"). When NEW embeds a profile,
          `entitlement_not_in_profile` compares them; when it has none (a project, an unsigned
          build) but OLD's profile is known and does not grant the added entitlement, the App
          ID needs the capability and a new profile before NEW can be signed: a warning, since
          NEW's own profile is not known.
        """,
      appleSource: AppleSource(
        title: "Requesting access to protected resources",
        url:
          "https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources"
      ),
      itms: "ITMS-90683", isUploadCheck: false, nonTriggering: [], triggering: []),
    nonTriggering: [
      // Added with its purpose string.
      ComparisonExample(
        old: .app([:], entitlements: [:]),
        new: .app(
          ["NSHealthShareUsageDescription": "Reads your steps"],
          entitlements: ["com.apple.developer.healthkit": true]), role: .signedEntitlements),
      // Already in OLD: not a change (missing_purpose_string reports the missing key).
      ComparisonExample(
        old: .app([:], entitlements: ["com.apple.developer.healthkit": true]),
        new: .app([:], entitlements: ["com.apple.developer.healthkit": true]),
        role: .signedEntitlements),
      // Written false is the same as absent.
      ComparisonExample(
        old: .app([:], entitlements: [:]),
        new: .app([:], entitlements: ["com.apple.developer.healthkit": false]),
        role: .signedEntitlements),
      ComparisonExample(
        old: .app(["UIBackgroundModes": ["audio"]]),
        new: .app(
          [
            "UIBackgroundModes": ["audio", "location"],
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Tracks your runs",
          ])),
      // NEW's profile is compared by entitlement_not_in_profile, not here.
      ComparisonExample(
        old: .app([:], entitlements: [:], grants: [:]),
        new: .app(
          ["NSSiriUsageDescription": "Runs your shortcuts"],
          entitlements: ["com.apple.developer.siri": true], grants: [:]),
        role: .signedEntitlements),
      // OLD's profile grants it.
      ComparisonExample(
        old: .app([:], entitlements: [:], grants: ["aps-environment": "production"]),
        new: .app([:], entitlements: ["aps-environment": "production"]),
        role: .signedEntitlements),
    ],
    triggering: [
      ComparisonExample(
        old: .app([:], entitlements: [:]),
        new: .app([:], entitlements: ["com.apple.developer.healthkit": true]),
        role: .signedEntitlements, expect: ["\"com.apple.developer.healthkit\""],
        severity: .error),
      ComparisonExample(
        old: .app(["UIBackgroundModes": ["audio"]]),
        new: .app(["UIBackgroundModes": ["audio", "bluetooth-central"]]),
        expect: ["UIBackgroundModes[1]"], severity: .warning),
      ComparisonExample(
        old: .app([:], entitlements: [:], grants: ["aps-environment": "production"]),
        new: .app(
          [:], entitlements: ["aps-environment": "production", "com.apple.developer.siri": true]),
        role: .signedEntitlements,
        expect: ["\"com.apple.developer.siri\"", "\"com.apple.developer.siri\""],
        severity: .warning),
    ])

  /// The entitlements a bundle claims: every key any entitlements file gives a granting value,
  /// with its node, the file and its role; signed entitlements first.
  private static func claims(
    _ bundle: BundleNode
  ) -> [(key: String, node: PlistNode, file: BundleFile)] {
    let files =
      bundle.files.filter { $0.role == .signedEntitlements }
      + bundle.files.filter { $0.role == .entitlements }
    var result: [(key: String, node: PlistNode, file: BundleFile)] = []
    var seen: Set<String> = []
    for file in files {
      guard let dictionary = file.document?.root.value.dictionaryValue else { continue }
      for entry in dictionary.entries where seen.insert(entry.key).inserted {
        guard let node = dictionary[entry.key],
          PurposeStringEvidence.grants(node, value: nil)
        else { continue }
        result.append((entry.key, node, file))
      }
    }
    return result
  }

  func check(_ subject: ComparisonSubject) -> [Finding] {
    evaluate(subject).findings
  }

  /// The findings, and the key paths of NEW's Info.plist at which `missing_purpose_string`
  /// reports a key these findings already name (so it is not listed twice).
  func evaluate(_ subject: ComparisonSubject) -> (findings: [Finding], explained: [KeyPath]) {
    let description = Self.description
    let info = subject.new.infoPlist ?? PlistDictionary()
    let oldInfo = subject.old.infoPlist ?? PlistDictionary()
    var findings: [Finding] = []
    var explained: [KeyPath] = []
    func hasPurpose(_ row: PurposeStringEvidence.Row) -> Bool {
      row.keys.contains { info[$0] != nil }
    }
    func purposeFinding(
      _ row: PurposeStringEvidence.Row, what: String, file: LintSubject, path: KeyPath
    ) -> Finding {
      let key = row.keys[0]
      let others = row.keys.dropFirst()
      var finding = subject.finding(
        description, in: file, at: path,
        "\(what) was added since OLD and \(row.reason), but NEW's Info.plist has no \(key)"
          + (others.isEmpty ? "" : " (or another of \(others.joined(separator: ", ")))")
          + "; add one that says why the app needs it", severity: row.basis.severity,
        itms: row.basis == .apple ? "ITMS-90683" : nil, uploadCheck: false)
      finding.url = row.url
      explained += row.keys.map { KeyPath.root.appending(key: $0) }
      return finding
    }
    // Entitlements.
    let oldClaims = Self.claims(subject.old)
    let oldKeys = Set(oldClaims.map(\.key))
    let newClaims = Self.claims(subject.new)
    let oldGrants = EntitlementNotInProfileRule.grants(in: subject.old)?.value.dictionaryValue
    let newHasProfile = EntitlementNotInProfileRule.grants(in: subject.new) != nil
    for claim in newClaims where !oldKeys.contains(claim.key) {
      guard let document = claim.file.document else { continue }
      let file = LintSubject(
        path: claim.file.path, role: claim.file.role, root: document.root, bundle: subject.new,
        context: subject.context, encoding: document.encoding)
      let path = KeyPath.root.appending(key: claim.key)
      for (entitlement, value, row) in PurposeStringEvidence.entitlements
      where entitlement == claim.key && PurposeStringEvidence.grants(claim.node, value: value) {
        if !hasPurpose(row) {
          findings.append(
            purposeFinding(row, what: "the entitlement \(claim.key)", file: file, path: path))
        }
      }
      let restricted =
        EntitlementsComparison.needsGrant(claim.key)
        || claim.key == EntitlementNotInProfileRule.appGroups
      if restricted, !newHasProfile, let oldGrants, oldGrants[claim.key] == nil {
        var finding = subject.finding(
          description, in: file, at: path,
          "the entitlement \(claim.key) was added since OLD, whose provisioning profile does not "
            + "grant it, and NEW embeds no profile to check; enable the capability for the App "
            + "ID and sign NEW with a profile that grants it", severity: .warning, itms: nil,
          uploadCheck: false)
        finding.url =
          "https://developer.apple.com/documentation/bundleresources/"
          + "diagnosing-issues-with-entitlements"
        findings.append(finding)
      }
    }
    // Background modes.
    let oldModes = Set(
      (oldInfo["UIBackgroundModes"]?.value.arrayValue ?? []).compactMap(\.value.stringValue))
    if let file = subject.newFile(.infoPlist) {
      let modes = info["UIBackgroundModes"]?.value.arrayValue ?? []
      for (index, node) in modes.enumerated() {
        guard let mode = node.value.stringValue, !oldModes.contains(mode) else { continue }
        for (evidence, row) in PurposeStringEvidence.backgroundModes where evidence == mode {
          guard !hasPurpose(row) else { continue }
          let path = KeyPath.root.appending(key: "UIBackgroundModes").appending(index: index)
          findings.append(
            purposeFinding(row, what: "the background mode \(mode)", file: file, path: path))
          explained.append(path)
        }
      }
    }
    return (findings, explained)
  }
}
