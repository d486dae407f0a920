import PlistBundle
import PlistCore

/// An iOS app that declares document types without saying how it opens documents
/// (ITMS-90737).
struct MissingDocumentConfigurationRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_document_configuration",
    name: "Missing Document Configuration",
    severity: .warning,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "An iOS app declares CFBundleDocumentTypes without "
      + "LSSupportsOpeningDocumentsInPlace or UISupportsDocumentBrowser (ITMS-90737)",
    rationale: """
      App Store Connect's upload message, quoted in public reports: "ITMS-90737: Missing
      Document Configuration - By declaring the CFBundleDocumentTypes key in your app, you've
      indicated that your app is able to open documents", asking for `UISupportsDocumentBrowser`
      set to YES when the app uses a document browser, otherwise for
      `LSSupportsOpeningDocumentsInPlace` set to YES (recommended) or NO. The message arrives
      as a warning, so this is a warning. Apple's `LSSupportsOpeningDocumentsInPlace` page says
      what the key does: with YES the app opens the original document in place, with NO it
      gets a copy. iOS apps only; `UIFileSharingEnabled` is not one of the answers the message
      accepts.
      """,
    appleSource: AppleSource(
      title: "LSSupportsOpeningDocumentsInPlace",
      url: KnownKeys.infoPage + "lssupportsopeningdocumentsinplace"),
    itms: "ITMS-90737",
    nonTriggering: [
      RuleExample([
        "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
        "CFBundleDocumentTypes": [["CFBundleTypeName": "Route"]],
        "LSSupportsOpeningDocumentsInPlace": false,
      ]),
      RuleExample([
        "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
        "CFBundleDocumentTypes": [["CFBundleTypeName": "Route"]],
        "UISupportsDocumentBrowser": true,
      ]),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleDocumentTypes": [["CFBundleTypeName": "Route"]]],
        context: LintContext(platforms: [.macOS], isBuilt: true)),
      RuleExample([
        "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
        "CFBundleDocumentTypes": [],
      ]),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
          "CFBundleDocumentTypes": [["CFBundleTypeName": "Route"]],
          "UIFileSharingEnabled": true,
        ], expect: ["CFBundleDocumentTypes"]),
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
          "CFBundleDocumentTypes": [["CFBundleTypeName": "Route"]],
          "UISupportsDocumentBrowser": false,
        ], expect: ["CFBundleDocumentTypes"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp,
      let types = facts.info["CFBundleDocumentTypes"]?.value.arrayValue, !types.isEmpty,
      !facts.has("LSSupportsOpeningDocumentsInPlace"),
      facts.info["UISupportsDocumentBrowser"]?.value.boolValue != true,
      !(subject.bundle?.effectiveInfoPlist?.conditionalVariants.contains {
        $0.key == "UISupportsDocumentBrowser"
      } ?? false)
    else { return [] }
    var finding = subject.finding(
      Self.description, at: KeyPath.root.appending(key: "CFBundleDocumentTypes"),
      "CFBundleDocumentTypes says the app opens documents, but the Info.plist says neither "
        + "how (LSSupportsOpeningDocumentsInPlace YES or NO) nor that it uses a document "
        + "browser (UISupportsDocumentBrowser YES); App Store Connect warns about it "
        + "(ITMS-90737)")
    finding.noFixReason =
      "whether the app edits documents in place (YES) or works on copies (NO) is yours to say"
    return [finding]
  }
}
