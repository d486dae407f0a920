import PlistBundle
import PlistCore

/// A `CFBundleDocumentTypes` entry without `CFBundleTypeName` (ITMS-90243) or `LSHandlerRank`
/// (ITMS-90788), or a `UTExportedTypeDeclarations` entry without `UTTypeIdentifier`.
struct MalformedDocumentTypeRule: Rule {
  static let description = RuleDescription(
    identifier: "malformed_document_type",
    name: "Malformed Document Type",
    severity: .error,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "A document type lacks CFBundleTypeName or LSHandlerRank, or an exported type "
      + "lacks UTTypeIdentifier",
    rationale: """
      Apple's `CFBundleDocumentTypes` page describes each entry as a dictionary naming the type
      (`CFBundleTypeName`), the content types (`LSItemContentTypes`), the role and the handler
      rank. App Store Connect rejects an entry that is not a dictionary or has no
      `CFBundleTypeName` ("ITMS-90243", quoted in public reports), and warns about one without
      `LSHandlerRank` ("ITMS-90788: Incomplete Document Type Configuration", a warning on
      upload): an error and a warning. Apple's `UTExportedTypeDeclarations` page describes a
      declaration by its `UTTypeIdentifier`; one without it declares no type, a warning (no
      App Store Connect message is known for it).
      """,
    appleSource: AppleSource(
      title: "CFBundleDocumentTypes", url: KnownKeys.infoPage + "cfbundledocumenttypes"),
    itms: "ITMS-90243",
    nonTriggering: [
      RuleExample([
        "CFBundleDocumentTypes": [
          [
            "CFBundleTypeName": "Route", "LSHandlerRank": "Owner",
            "LSItemContentTypes": ["com.example.route"],
          ]
        ],
        "UTExportedTypeDeclarations": [
          ["UTTypeIdentifier": "com.example.route", "UTTypeConformsTo": ["public.data"]]
        ],
      ])
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleDocumentTypes": [
            ["LSHandlerRank": "Owner", "LSItemContentTypes": ["com.example.route"]],
            ["CFBundleTypeName": "Track", "LSItemContentTypes": ["com.example.track"]],
            "public.data",
          ]
        ],
        expect: [
          "CFBundleDocumentTypes[0].CFBundleTypeName", "CFBundleDocumentTypes[1].LSHandlerRank",
          "CFBundleDocumentTypes[2]",
        ]),
      RuleExample(
        ["UTExportedTypeDeclarations": [["UTTypeDescription": "Route"]]],
        expect: ["UTExportedTypeDeclarations[0].UTTypeIdentifier"], severity: .warning),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary else { return [] }
    var findings: [Finding] = []
    let types = KeyPath.root.appending(key: "CFBundleDocumentTypes")
    for (index, item) in (info["CFBundleDocumentTypes"]?.value.arrayValue ?? []).enumerated() {
      let path = types.appending(index: index)
      guard let entry = item.value.dictionaryValue else {
        findings.append(
          noFix(
            subject.finding(
              Self.description, at: path,
              "CFBundleDocumentTypes[\(index)] is not a dictionary; App Store Connect wants each "
                + "document type as a dictionary with CFBundleTypeName (ITMS-90243)"),
            "the document type's name and content types are yours to give"))
        continue
      }
      if entry["CFBundleTypeName"] == nil {
        findings.append(
          noFix(
            subject.finding(
              Self.description, at: path.appending(key: "CFBundleTypeName"),
              "document type \(index) has no CFBundleTypeName; App Store Connect rejects a "
                + "document type without its name (ITMS-90243)"),
            "the document type's name is yours to give"))
      }
      if entry["LSHandlerRank"] == nil {
        findings.append(
          noFix(
            subject.finding(
              Self.description, at: path.appending(key: "LSHandlerRank"),
              "document type \(index) has no LSHandlerRank; App Store Connect warns about an "
                + "incomplete document type configuration (ITMS-90788): say whether the app "
                + "is the Owner, Default, Alternate or None handler",
              severity: .warning, itms: "ITMS-90788"),
            "whether the app owns the type or only opens it is yours to say"))
      }
    }
    let exported = KeyPath.root.appending(key: "UTExportedTypeDeclarations")
    for (index, item) in (info["UTExportedTypeDeclarations"]?.value.arrayValue ?? []).enumerated() {
      guard let entry = item.value.dictionaryValue, entry["UTTypeIdentifier"] == nil else {
        continue
      }
      var finding = subject.finding(
        Self.description, at: exported.appending(index: index).appending(key: "UTTypeIdentifier"),
        "exported type \(index) has no UTTypeIdentifier, so it declares no type; name the "
          + "identifier the app owns", severity: .warning)
      finding.itms = nil
      finding.url = KnownKeys.infoPage + "utexportedtypedeclarations"
      findings.append(noFix(finding, "the identifier is yours to choose"))
    }
    return findings
  }

  /// `finding` with `reason` as why it has no fix.
  private func noFix(_ finding: Finding, _ reason: String) -> Finding {
    var finding = finding
    finding.noFixReason = reason
    return finding
  }
}
