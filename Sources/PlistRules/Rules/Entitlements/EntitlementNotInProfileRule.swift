import PlistBundle
import PlistCore

/// A signed entitlement that the bundle's embedded provisioning profile does not grant.
struct EntitlementNotInProfileRule: Rule {
  static let description = RuleDescription(
    identifier: "entitlement_not_in_profile",
    name: "Entitlement Not In Profile",
    severity: .error,
    category: .entitlements,
    appliesTo: [.signedEntitlements],
    summary:
      "Every restricted entitlement the code claims must be granted by its provisioning profile",
    rationale: """
      A provisioning profile's `Entitlements` dictionary is the allowlist of entitlements the
      signed code may claim; "Diagnosing issues with entitlements" shows how a claim outside it
      stops the app. The rule compares a built bundle's signed entitlements with its embedded
      profile: a string value must equal a granted one or match its wildcard (`TEAMID.*`,
      `*`), an array value's items must each be granted, a true Boolean needs a true grant. It
      says nothing without a readable profile and skips entitlements written as false. App
      Store Connect refuses such a build with ITMS-90164 ("Invalid Code Signing Entitlements":
      the entitlements in the signature do not match the provisioning profile, quoted in public
      reports for `get-task-allow` and `keychain-access-groups`), and the system refuses to
      launch it whatever the channel, so the finding stays an error outside the App Store too.

      The `com.apple.security.*` family (sandbox, hardened runtime) is skipped, since macOS
      lets code claim it without a profile, except App Groups
      (`com.apple.security.application-groups`): Apple's App Groups page says `group.`
      identifiers are registered on the developer site, so the profile must grant them on
      every platform; only a macOS group identifier that begins with the team ID (which macOS
      accepts without registration) is not compared.
      """,
    appleSource: AppleSource(
      title: "Diagnosing issues with entitlements",
      url:
        "https://developer.apple.com/documentation/bundleresources/"
        + "diagnosing-issues-with-entitlements"),
    itms: "ITMS-90164",
    // A signature the profile does not cover fails to launch whatever the channel.
    isUploadCheck: false,
    nonTriggering: [
      RuleExample(
        [
          "application-identifier": "ABCDE12345.com.example.app",
          "keychain-access-groups": ["ABCDE12345.com.example.app"],
          "aps-environment": "production", "get-task-allow": false,
        ], role: .signedEntitlements
      ).inBundle(profileBundle),
      // macOS sandbox keys are not in profiles.
      RuleExample(["com.apple.security.app-sandbox": true], role: .signedEntitlements)
        .inBundle(profileBundle),
      // No profile: nothing to compare with.
      RuleExample(["com.apple.developer.siri": true], role: .signedEntitlements),
      // App Groups the profile grants.
      RuleExample(
        ["com.apple.security.application-groups": ["group.com.example.shared"]],
        role: .signedEntitlements
      ).inBundle(profileBundle),
      // A macOS group identifier that begins with the team ID needs no registration.
      RuleExample(
        ["com.apple.security.application-groups": ["ABCDE12345.shared"]],
        role: .signedEntitlements, context: LintContext(platforms: [.macOS])
      ).inBundle(profileBundle),
    ],
    triggering: [
      RuleExample(
        [
          "application-identifier": "ABCDE12345.com.example.app",
          "com.apple.developer.siri": true, "aps-environment": "development",
        ], role: .signedEntitlements,
        expect: ["\"com.apple.developer.siri\"", "aps-environment"]
      ).inBundle(profileBundle),
      RuleExample(
        ["keychain-access-groups": ["ABCDE12345.shared", "OTHERTEAM.shared"]],
        role: .signedEntitlements, expect: ["keychain-access-groups[1]"]
      ).inBundle(profileBundle),
      // App Groups are granted by the profile, though their key is com.apple.security.*.
      RuleExample(
        ["com.apple.security.application-groups": ["group.com.example.shared", "group.other"]],
        role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore),
        expect: ["\"com.apple.security.application-groups\"[1]"], severity: .error
      ).inBundle(profileBundle),
      RuleExample(
        ["com.apple.security.application-groups": ["group.other"]],
        role: .signedEntitlements, context: LintContext(platforms: [.macOS]),
        expect: ["\"com.apple.security.application-groups\"[0]"]
      ).inBundle(profileBundle),
      // Still an error outside the App Store: the system refuses to launch it.
      RuleExample(
        ["com.apple.developer.siri": true], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .development),
        expect: ["\"com.apple.developer.siri\""], severity: .error
      ).inBundle(profileBundle),
    ])

  /// The App Groups entitlement, the one `com.apple.security.*` key profiles grant.
  static let appGroups = "com.apple.security.application-groups"

  /// An app bundle with a profile granting what App Store profiles typically grant.
  static var profileBundle: BundleNode {
    let profile: PlistNode = [
      "Name": "Example App Store",
      "Entitlements": [
        "application-identifier": "ABCDE12345.com.example.app",
        "keychain-access-groups": ["ABCDE12345.*"], "aps-environment": "production",
        "get-task-allow": false, "com.apple.developer.team-identifier": "ABCDE12345",
        "com.apple.security.application-groups": ["group.com.example.shared"],
      ],
    ]
    return BundleNode(
      path: "App.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "App.app/embedded.mobileprovision", role: .provisioningProfile,
          document: PlistDocument(root: profile, format: .xml))
      ])
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let claimed = subject.dictionary,
      let granted = Self.grants(in: subject.bundle)?.value.dictionaryValue
    else { return [] }
    var findings: [Finding] = []
    var seen: Set<String> = []
    for key in claimed.keys where seen.insert(key).inserted {
      guard !key.hasPrefix("com.apple.security.") || key == Self.appGroups,
        let node = claimed[key], !EntitlementFacts.isFalse(node)
      else { continue }
      // macOS accepts unregistered group identifiers that begin with the team ID.
      let team = key == Self.appGroups && Self.isMac(subject) ? Self.team(granted, claimed) : nil
      func exempt(_ item: PlistNode) -> Bool {
        guard let team, let text = item.value.stringValue else { return false }
        return text.hasPrefix(team + ".")
      }
      if let items = node.value.arrayValue, !items.isEmpty, items.allSatisfy(exempt) { continue }
      let path = KeyPath.root.appending(key: key)
      guard let grant = granted[key] else {
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(key) is not in the embedded provisioning profile's entitlements; enable the "
              + "capability for the App ID and regenerate the profile, or remove the key"))
        continue
      }
      if case .array(let items) = node.value,
        grant.value.arrayValue != nil
          || grant.value.stringValue != nil
      {
        for (index, item) in items.enumerated() where !exempt(item) && !Self.allows(grant, item) {
          findings.append(
            subject.finding(
              Self.description, at: path.appending(index: index),
              "\(key) claims \(Self.show(item)), which the embedded provisioning profile does "
                + "not grant (it grants \(Self.show(grant))); regenerate the profile or remove "
                + "the value"))
        }
      } else if !Self.allows(grant, node) {
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(key) is \(Self.show(node)), but the embedded provisioning profile grants "
              + "\(Self.show(grant)); sign with a profile that grants it or change the value"))
      }
    }
    return findings
  }

  /// True when the bundle is a Mac one (the platforms say macOS, or it has a `Contents`
  /// folder).
  static func isMac(_ subject: LintSubject) -> Bool {
    subject.context.platforms.contains(.macOS) || subject.bundle?.layout == .deep
  }

  /// The team identifier, from the profile's grants or the claimed application identifier.
  static func team(_ granted: PlistDictionary, _ claimed: PlistDictionary) -> String? {
    if let team = granted["com.apple.developer.team-identifier"]?.value.stringValue {
      return team
    }
    let identifier =
      claimed["com.apple.application-identifier"]?.value.stringValue
      ?? claimed["application-identifier"]?.value.stringValue
    return identifier?.split(separator: ".").first.map(String.init)
  }

  /// The `Entitlements` dictionary of the bundle's embedded provisioning profile.
  static func grants(in bundle: BundleNode?) -> PlistNode? {
    guard let file = bundle?.files.first(where: { $0.role == .provisioningProfile }) else {
      return nil
    }
    if let entitlements = file.profile?.entitlements { return entitlements }
    return file.document?.root.value.dictionaryValue?["Entitlements"]
  }

  /// True when the profile value `grant` allows the single claimed value `claim`.
  static func allows(_ grant: PlistNode, _ claim: PlistNode) -> Bool {
    switch (grant.value, claim.value) {
    case (.string(let pattern), .string(let value)):
      return matches(pattern, value)
    case (.string(let pattern), .array(let items)):
      return items.allSatisfy { allows(PlistNode(.string(pattern)), $0) }
    case (.array(let options), _):
      if case .array(let items) = claim.value {
        return items.allSatisfy { item in options.contains { allows($0, item) } }
      }
      return options.contains { allows($0, claim) }
    case (.boolean(let granted), .boolean(let value)):
      return granted || !value
    default:
      return grant.value == claim.value
    }
  }

  /// True when `value` equals `pattern` or matches its trailing `*` wildcard.
  static func matches(_ pattern: String, _ value: String) -> Bool {
    if pattern == value || pattern == "*" { return true }
    guard pattern.hasSuffix("*") else { return false }
    return value.hasPrefix(pattern.dropLast())
  }

  /// A short rendering of a value for messages.
  static func show(_ node: PlistNode) -> String {
    switch node.value {
    case .string(let s): "\"\(s)\""
    case .boolean(let b): b ? "true" : "false"
    case .array(let items): "[" + items.map(show).joined(separator: ", ") + "]"
    default: node.value.kind.article
    }
  }
}
