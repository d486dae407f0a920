import Foundation
import PlistBundle
import PlistCore

/// A privacy manifest App Store Connect would call invalid: unexpected keys, wrong types,
/// tracking domains that contradict `NSPrivacyTracking` or are not bare domains, and accessed
/// API entries without a category or reasons.
struct InvalidPrivacyManifestRule: Rule {
  static let description = RuleDescription(
    identifier: "invalid_privacy_manifest",
    name: "Invalid Privacy Manifest",
    severity: .error,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary: "A privacy manifest holds only Apple's keys, with the right types and combinations",
    rationale: """
      TN3181: from 12 November 2024 App Store Connect rejects an app whose privacy manifests
      hold invalid keys or values (ITMS-91056). Checked here: the four top-level keys and their
      types; `NSPrivacyTrackingDomains` entries are strings naming a domain or subdomain with no
      scheme, path, query or trailing slash; listing tracking domains requires
      `NSPrivacyTracking` true, and `NSPrivacyTracking` true with an empty domain list is
      invalid; `NSPrivacyAccessedAPITypes` is not an empty array, and each of its entries is a
      dictionary with a category string and a non-empty array of reason strings. Which
      categories and reason codes are valid is checked by `unknown_required_reason_category`
      and `invalid_required_reason_code`; collected data types by `invalid_collected_data_type`.
      """,
    appleSource: AppleSource(
      title: "TN3181: Debugging an invalid privacy manifest",
      url: PrivacyManifestCatalog.invalidManifestPage),
    itms: "ITMS-91056",
    nonTriggering: [
      RuleExample(
        [
          "NSPrivacyTracking": false, "NSPrivacyTrackingDomains": [],
          "NSPrivacyCollectedDataTypes": [],
        ], role: .privacyManifest),
      RuleExample(
        [
          "NSPrivacyTracking": true, "NSPrivacyTrackingDomains": ["metrics.example.com"],
          "NSPrivacyAccessedAPITypes": [
            [
              "NSPrivacyAccessedAPITypeReasons": ["CA92.1"],
              "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
            ]
          ],
        ], role: .privacyManifest),
      RuleExample([:], role: .privacyManifest),
    ],
    triggering: [
      RuleExample(
        ["NSPrivacyTracking": "NO", "NSPrivacyTrackingEnabled": true], role: .privacyManifest,
        expect: ["NSPrivacyTracking", "NSPrivacyTrackingEnabled"]),
      RuleExample(
        ["NSPrivacyTracking": true, "NSPrivacyTrackingDomains": []], role: .privacyManifest,
        expect: ["NSPrivacyTrackingDomains"]),
      RuleExample(
        ["NSPrivacyTrackingDomains": ["ads.example.com"]], role: .privacyManifest,
        expect: ["NSPrivacyTrackingDomains"]),
      RuleExample(
        [
          "NSPrivacyTracking": true,
          "NSPrivacyTrackingDomains": [
            "https://ads.example.com", "ads.example.com/v1", "ok.example",
          ],
        ], role: .privacyManifest,
        expect: ["NSPrivacyTrackingDomains[0]", "NSPrivacyTrackingDomains[1]"]),
      RuleExample(
        ["NSPrivacyAccessedAPITypes": []], role: .privacyManifest,
        expect: ["NSPrivacyAccessedAPITypes"]),
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            ["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace"],
            [
              "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace",
              "NSPrivacyAccessedAPITypeReasons": [],
            ],
            "NSPrivacyAccessedAPICategoryDiskSpace",
          ]
        ], role: .privacyManifest,
        expect: [
          "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons",
          "NSPrivacyAccessedAPITypes[1].NSPrivacyAccessedAPITypeReasons",
          "NSPrivacyAccessedAPITypes[2]",
        ]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary else { return [] }
    var findings = PrivacyManifestFacts.keysAndKinds(
      subject, Self.description, root, at: .root,
      expected: PrivacyManifestCatalog.topLevelKeys, place: "a privacy manifest")
    findings += trackingDomains(subject, root)
    findings += accessedAPITypes(subject, root)
    return findings
  }

  private func trackingDomains(_ subject: LintSubject, _ root: PlistDictionary) -> [Finding] {
    guard let items = root["NSPrivacyTrackingDomains"]?.value.arrayValue else { return [] }
    let path = KeyPath.root.appending(key: "NSPrivacyTrackingDomains")
    let tracking = root["NSPrivacyTracking"]?.value.boolValue
    var findings: [Finding] = []
    if items.isEmpty, tracking == true {
      findings.append(
        subject.finding(
          Self.description, at: path,
          "NSPrivacyTracking is true but NSPrivacyTrackingDomains is empty; list at least one "
            + "tracking domain, or set NSPrivacyTracking to false"))
    } else if !items.isEmpty, tracking != true {
      findings.append(
        subject.finding(
          Self.description, at: path,
          "NSPrivacyTrackingDomains lists domains but NSPrivacyTracking is "
            + "\(tracking == false ? "false" : "absent"); set NSPrivacyTracking to true or "
            + "remove the domains"))
    }
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index: index)
      guard let domain = item.value.stringValue else {
        findings.append(
          subject.finding(
            Self.description, at: itemPath,
            "this tracking domain is \(item.value.kind.article); write each domain as a string"))
        continue
      }
      if let problem = Self.domainProblem(domain) {
        findings.append(
          subject.finding(
            Self.description, at: itemPath,
            "the tracking domain \"\(domain)\" \(problem); write only the domain or subdomain, "
              + "such as ads.example.com"))
      }
    }
    return findings
  }

  /// Why `domain` is not a bare domain, or nil when it is one.
  static func domainProblem(_ domain: String) -> String? {
    if domain.trimmingCharacters(in: .whitespaces).isEmpty { return "is empty" }
    if domain.contains("://") { return "has a scheme" }
    if domain.hasSuffix("/") { return "ends with a slash" }
    if domain.contains("/") { return "has a path" }
    if domain.contains("?") { return "has a query" }
    if domain.contains(where: \.isWhitespace) { return "contains spaces" }
    return nil
  }

  private func accessedAPITypes(_ subject: LintSubject, _ root: PlistDictionary) -> [Finding] {
    guard let items = root["NSPrivacyAccessedAPITypes"]?.value.arrayValue else { return [] }
    let path = KeyPath.root.appending(key: "NSPrivacyAccessedAPITypes")
    if items.isEmpty {
      return [
        subject.finding(
          Self.description, at: path,
          "NSPrivacyAccessedAPITypes is an empty array, which App Store Connect treats as "
            + "invalid; remove the key when no required-reason API is used",
          fix: Fix("remove the empty array", [.remove(path)]))
      ]
    }
    var findings: [Finding] = []
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index: index)
      guard let entry = item.value.dictionaryValue else {
        findings.append(
          subject.finding(
            Self.description, at: itemPath,
            "this entry is \(item.value.kind.article); each NSPrivacyAccessedAPITypes entry is "
              + "a dictionary with NSPrivacyAccessedAPIType and NSPrivacyAccessedAPITypeReasons"))
        continue
      }
      findings += PrivacyManifestFacts.keysAndKinds(
        subject, Self.description, entry, at: itemPath,
        expected: PrivacyManifestCatalog.accessedAPIKeys, place: "an accessed API entry")
      if entry["NSPrivacyAccessedAPIType"] == nil {
        findings.append(
          subject.finding(
            Self.description, at: itemPath.appending(key: "NSPrivacyAccessedAPIType"),
            "this entry has no NSPrivacyAccessedAPIType; name the API category it declares"))
      }
      let reasonsPath = itemPath.appending(key: "NSPrivacyAccessedAPITypeReasons")
      let reasons = entry["NSPrivacyAccessedAPITypeReasons"]?.value.arrayValue
      if entry["NSPrivacyAccessedAPITypeReasons"] == nil || reasons?.isEmpty == true {
        findings.append(
          subject.finding(
            Self.description, at: reasonsPath,
            "this entry declares no reason; list at least one approved reason code in "
              + "NSPrivacyAccessedAPITypeReasons"))
      }
      for (i, reason) in (reasons ?? []).enumerated() where reason.value.stringValue == nil {
        findings.append(
          subject.finding(
            Self.description, at: reasonsPath.appending(index: i),
            "this reason is \(reason.value.kind.article); write each reason code as a string"))
      }
    }
    return findings
  }
}
