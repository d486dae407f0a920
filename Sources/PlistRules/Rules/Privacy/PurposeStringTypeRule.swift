import PlistBundle
import PlistCore

/// A purpose key whose value is not the type Apple documents (a string, or a dictionary for the
/// `…UsageDescriptionDictionary` keys).
struct PurposeStringTypeRule: Rule {
  static let description = RuleDescription(
    identifier: "purpose_string_wrong_type",
    name: "Purpose String Of The Wrong Type",
    severity: .error,
    category: .privacy,
    appliesTo: [.infoPlist],
    summary: "A purpose key holds something other than the string Apple documents",
    rationale: """
      Apple's third check for every purpose string: it "has the proper type that the
      corresponding key requires, typically a string". The dictionary-valued keys
      (`NSLocationTemporaryUsageDescriptionDictionary`, `NSIdentityUsageDescriptionDictionary`)
      are the exceptions. The system shows only text in its permission alert, so a number, a
      Boolean or an array leaves the app without a usable purpose string.
      """,
    appleSource: PurposeStrings.requestingAccess,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans the QR code on your ticket."]),
      RuleExample(
        ["NSLocationTemporaryUsageDescriptionDictionary": ["Nav": "Turn-by-turn directions."]]),
      RuleExample(["UIFileSharingEnabled": true]),
    ],
    triggering: [
      RuleExample(["NSCameraUsageDescription": true], expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSMicrophoneUsageDescription": ["Records voice notes."]],
        expect: ["NSMicrophoneUsageDescription"]),
      RuleExample(
        ["NSLocationTemporaryUsageDescriptionDictionary": "Turn-by-turn directions."],
        expect: ["NSLocationTemporaryUsageDescriptionDictionary"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary else { return [] }
    var findings: [Finding] = []
    for entry in root.entries
    where PurposeStrings.isPurposeKey(entry.key) || PurposeStrings.isPurposeDictionaryKey(entry.key)
    {
      let expected = PurposeStrings.expectedKinds(entry.key)
      let kind = entry.node.value.kind
      guard !expected.contains(kind) else { continue }
      let names = expected.map(\.article).joined(separator: " or ")
      findings.append(
        subject.finding(
          Self.description, at: KeyPath.root.appending(key: entry.key),
          "\(entry.key) is \(kind.article), but Apple documents \(names); the system shows only "
            + "that in its permission alert"))
    }
    return findings
  }
}
