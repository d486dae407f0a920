import PlistBundle
import PlistCore

/// A reason code that is unknown, or that belongs to another category than the entry's.
struct InvalidRequiredReasonCodeRule: Rule {
  static let description = RuleDescription(
    identifier: "invalid_required_reason_code",
    name: "Invalid Required Reason Code",
    severity: .error,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary: "Each reason code is one Apple approves for the entry's API category",
    rationale: """
      Each required-reason API category has its own list of approved reason codes (`CA92.1`
      for user defaults the app alone uses, `C617.1` for timestamps of the app's own files,
      and so on). A code from another category, or one Apple does not list, is invalid;
      developers report App Store Connect answering with ITMS-91055. Entries whose category is
      unknown are left to `unknown_required_reason_category`. Apple adds codes from time to
      time; the list here is from the June 2025 page.
      """,
    appleSource: AppleSource(
      title: "NSPrivacyAccessedAPIType", url: PrivacyManifestCatalog.categoryPage),
    itms: "ITMS-91055",
    nonTriggering: [
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            [
              "NSPrivacyAccessedAPITypeReasons": ["0A2A.1", "C617.1"],
              "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryFileTimestamp",
            ]
          ]
        ], role: .privacyManifest),
      // An unknown category is another rule's finding.
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            ["NSPrivacyAccessedAPIType": "FileTimestamp", "NSPrivacyAccessedAPITypeReasons": ["X"]]
          ]
        ], role: .privacyManifest),
    ],
    triggering: [
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            [
              "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace",
              "NSPrivacyAccessedAPITypeReasons": ["E174.1", "CA92.1", "E174.2"],
            ]
          ]
        ], role: .privacyManifest,
        expect: [
          "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons[1]",
          "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons[2]",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let items = subject.dictionary?["NSPrivacyAccessedAPITypes"]?.value.arrayValue else {
      return []
    }
    var findings: [Finding] = []
    for (index, item) in items.enumerated() {
      guard let entry = item.value.dictionaryValue,
        let name = entry["NSPrivacyAccessedAPIType"]?.value.stringValue,
        let category = PrivacyManifestCatalog.categoriesByName[name],
        let reasons = entry["NSPrivacyAccessedAPITypeReasons"]?.value.arrayValue
      else { continue }
      let path = KeyPath.root.appending(key: "NSPrivacyAccessedAPITypes").appending(index: index)
        .appending(key: "NSPrivacyAccessedAPITypeReasons")
      let allowed = category.reasons.map(\.code)
      for (i, reason) in reasons.enumerated() {
        guard let code = reason.value.stringValue, !allowed.contains(code) else { continue }
        let detail: String
        if let owner = PrivacyManifestCatalog.category(ofReason: code) {
          detail = "\(code) is a reason for \(owner.name), not \(name)"
        } else {
          detail = "\(code) is not an approved reason code"
        }
        findings.append(
          subject.finding(
            Self.description, at: path.appending(index: i),
            "\(detail); use one of \(allowed.joined(separator: ", ")) for this category"))
      }
    }
    return findings
  }
}
