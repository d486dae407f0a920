import PlistBundle
import PlistCore

/// An `NSPrivacyCollectedDataTypes` entry App Store Connect would call invalid.
struct InvalidCollectedDataTypeRule: Rule {
  static let description = RuleDescription(
    identifier: "invalid_collected_data_type",
    name: "Invalid Collected Data Type",
    severity: .error,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary:
      "Each collected data type names a known type, its linkage, tracking and known purposes",
    rationale: """
      Each `NSPrivacyCollectedDataTypes` entry is a dictionary of four keys:
      `NSPrivacyCollectedDataType` (one of Apple's type constants),
      `NSPrivacyCollectedDataTypeLinked` and `NSPrivacyCollectedDataTypeTracking` (Booleans) and
      `NSPrivacyCollectedDataTypePurposes` (an array of Apple's purpose constants). Unknown
      keys or values, or wrong types, make the manifest invalid (ITMS-91056, TN3181). Note
      Apple's spelling `NSPrivacyCollectedDataTypePhotosorVideos`, with a lower-case "or".
      """,
    appleSource: AppleSource(
      title: "NSPrivacyCollectedDataTypes", url: PrivacyManifestCatalog.collectedDataPage),
    itms: "ITMS-91056",
    nonTriggering: [
      RuleExample(
        [
          "NSPrivacyCollectedDataTypes": [
            [
              "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypePhotosorVideos",
              "NSPrivacyCollectedDataTypeLinked": false,
              "NSPrivacyCollectedDataTypeTracking": false,
              "NSPrivacyCollectedDataTypePurposes": [
                "NSPrivacyCollectedDataTypePurposeAppFunctionality"
              ],
            ]
          ]
        ], role: .privacyManifest),
      RuleExample(["NSPrivacyCollectedDataTypes": []], role: .privacyManifest),
    ],
    triggering: [
      RuleExample(
        [
          "NSPrivacyCollectedDataTypes": [
            [
              "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypePhotosOrVideos",
              "NSPrivacyCollectedDataTypeLinked": "NO",
              "NSPrivacyCollectedDataTypeTracking": false,
              "NSPrivacyCollectedDataTypePurposes": ["Analytics"],
            ],
            ["NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeCrashData"],
          ]
        ], role: .privacyManifest,
        expect: [
          "NSPrivacyCollectedDataTypes[0].NSPrivacyCollectedDataType",
          "NSPrivacyCollectedDataTypes[0].NSPrivacyCollectedDataTypeLinked",
          "NSPrivacyCollectedDataTypes[0].NSPrivacyCollectedDataTypePurposes[0]",
          "NSPrivacyCollectedDataTypes[1].NSPrivacyCollectedDataTypeLinked",
          "NSPrivacyCollectedDataTypes[1].NSPrivacyCollectedDataTypeTracking",
          "NSPrivacyCollectedDataTypes[1].NSPrivacyCollectedDataTypePurposes",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let items = subject.dictionary?["NSPrivacyCollectedDataTypes"]?.value.arrayValue else {
      return []
    }
    let path = KeyPath.root.appending(key: "NSPrivacyCollectedDataTypes")
    var findings: [Finding] = []
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index: index)
      guard let entry = item.value.dictionaryValue else {
        findings.append(
          subject.finding(
            Self.description, at: itemPath,
            "this entry is \(item.value.kind.article); each collected data type is a dictionary "
              + "of NSPrivacyCollectedDataType, Linked, Tracking and Purposes"))
        continue
      }
      findings += PrivacyManifestFacts.keysAndKinds(
        subject, Self.description, entry, at: itemPath,
        expected: PrivacyManifestCatalog.collectedDataKeys, place: "a collected data type")
      for (key, _) in PrivacyManifestCatalog.collectedDataKeys where entry[key] == nil {
        findings.append(
          subject.finding(
            Self.description, at: itemPath.appending(key: key),
            "this collected data type has no \(key); add it"))
      }
      if let type = entry["NSPrivacyCollectedDataType"]?.value.stringValue,
        !PrivacyManifestCatalog.collectedDataTypes.contains(type)
      {
        findings.append(
          subject.finding(
            Self.description, at: itemPath.appending(key: "NSPrivacyCollectedDataType"),
            "\"\(type)\" is not one of Apple's collected data types"
              + Self.suggestion(type, PrivacyManifestCatalog.collectedDataTypes)))
      }
      let purposesPath = itemPath.appending(key: "NSPrivacyCollectedDataTypePurposes")
      for (i, purpose) in (entry["NSPrivacyCollectedDataTypePurposes"]?.value.arrayValue ?? [])
        .enumerated()
      where !PrivacyManifestCatalog.collectedDataPurposes.contains(
        purpose.value.stringValue ?? "")
      {
        let shown = purpose.value.stringValue.map { "\"\($0)\"" } ?? purpose.value.kind.article
        findings.append(
          subject.finding(
            Self.description, at: purposesPath.appending(index: i),
            "\(shown) is not one of Apple's collection purposes"
              + Self.suggestion(
                purpose.value.stringValue ?? "", PrivacyManifestCatalog.collectedDataPurposes)))
      }
    }
    return findings
  }

  /// "; use X" when `value` differs from a known name only in case or a missing prefix,
  /// otherwise "; use one of Apple's constants".
  static func suggestion(_ value: String, _ known: Set<String>) -> String {
    let lower = value.lowercased()
    if let match = known.sorted().first(where: {
      $0.lowercased() == lower || $0.lowercased().hasSuffix(lower) && !lower.isEmpty
    }) {
      return "; use \(match)"
    }
    return "; use one of Apple's constants"
  }
}
