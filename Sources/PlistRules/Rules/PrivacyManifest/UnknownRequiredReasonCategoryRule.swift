import PlistBundle
import PlistCore

/// An `NSPrivacyAccessedAPIType` that is not one of Apple's required-reason API categories.
struct UnknownRequiredReasonCategoryRule: Rule {
  static let description = RuleDescription(
    identifier: "unknown_required_reason_category",
    name: "Unknown Required Reason Category",
    severity: .error,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary: "NSPrivacyAccessedAPIType names one of Apple's required-reason API categories",
    rationale: """
      `NSPrivacyAccessedAPIType` takes the full constant of a category:
      `NSPrivacyAccessedAPICategoryFileTimestamp`, `…SystemBootTime`, `…DiskSpace`,
      `…ActiveKeyboards` or `…UserDefaults`. A short or spaced form ("FileTimestamp", "User
      Defaults") is an invalid category; developers report App Store Connect answering with
      ITMS-91054.
      """,
    appleSource: AppleSource(
      title: "NSPrivacyAccessedAPIType", url: PrivacyManifestCatalog.categoryPage),
    itms: "ITMS-91054",
    nonTriggering: [
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            [
              "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryFileTimestamp",
              "NSPrivacyAccessedAPITypeReasons": ["C617.1"],
            ]
          ]
        ], role: .privacyManifest)
    ],
    triggering: [
      RuleExample(
        [
          "NSPrivacyAccessedAPITypes": [
            [
              "NSPrivacyAccessedAPIType": "FileTimestamp",
              "NSPrivacyAccessedAPITypeReasons": ["C617.1"],
            ],
            [
              "NSPrivacyAccessedAPIType": "User Defaults",
              "NSPrivacyAccessedAPITypeReasons": ["CA92.1"],
            ],
            ["NSPrivacyAccessedAPIType": "", "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]],
          ]
        ], role: .privacyManifest,
        expect: [
          "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPIType",
          "NSPrivacyAccessedAPITypes[1].NSPrivacyAccessedAPIType",
          "NSPrivacyAccessedAPITypes[2].NSPrivacyAccessedAPIType",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let items = subject.dictionary?["NSPrivacyAccessedAPITypes"]?.value.arrayValue else {
      return []
    }
    let path = KeyPath.root.appending(key: "NSPrivacyAccessedAPITypes")
    return items.enumerated().compactMap { index, item in
      guard let name = item.value.dictionaryValue?["NSPrivacyAccessedAPIType"]?.value.stringValue,
        PrivacyManifestCatalog.categoriesByName[name] == nil
      else { return nil }
      let squeezed = name.filter { !$0.isWhitespace }.lowercased()
      let match = PrivacyManifestCatalog.categories.first {
        !squeezed.isEmpty && $0.name.lowercased().hasSuffix(squeezed)
      }
      let advice =
        match.map { "use the full constant \($0.name)" }
        ?? "use one of "
        + PrivacyManifestCatalog.categories.map(\.name).joined(separator: ", ")
      return subject.finding(
        Self.description,
        at: path.appending(index: index).appending(key: "NSPrivacyAccessedAPIType"),
        "\"\(name)\" is not a required-reason API category; \(advice)")
    }
  }
}
