import PlistBundle
import PlistCore

/// An app without `ITSAppUsesNonExemptEncryption`: App Store Connect asks the export
/// compliance questions for every build uploaded.
struct MissingExportComplianceRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_export_compliance",
    name: "Missing Export Compliance Key",
    severity: .note,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "The app does not declare ITSAppUsesNonExemptEncryption, so App Store Connect "
      + "asks about encryption for every upload",
    rationale: """
      Apple's `ITSAppUsesNonExemptEncryption` page and "Complying with Encryption Export
      Regulations": the Boolean says whether the app uses encryption that is not exempt from
      export regulations (NO when it uses none, or only exempt encryption such as HTTPS
      through Apple's APIs). Without the key, App Store Connect asks the export compliance
      questions for each build before it can be tested or released. Nothing is rejected, so
      this is a note, for apps bound for the App Store (or of unknown distribution); app
      extensions inherit the app's answer. Checked where the file shows what ships: a built
      app, a project target's effective Info.plist (where `INFOPLIST_KEY_…` counts) and a
      source file written in full.
      """,
    appleSource: AppleSource(
      title: "Complying with Encryption Export Regulations",
      url:
        "https://developer.apple.com/documentation/security/complying-with-encryption-export-regulations"
    ),
    nonTriggering: [
      RuleExample([
        "CFBundlePackageType": "APPL", "CFBundleExecutable": "App",
        "ITSAppUsesNonExemptEncryption": false,
      ]),
      RuleExample(["UIAppFonts": ["Inter.ttf"]]),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"],
        context: LintContext(distribution: .developerID)),
      RuleExample([
        "CFBundlePackageType": "XPC!", "CFBundleExecutable": "Share", "NSExtension": [:],
      ]),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"],
        expect: ["ITSAppUsesNonExemptEncryption"], severity: .note)
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.nonStoreDistribution == nil, let facts = InfoPlistFacts(subject),
      facts.kind == .application, facts.completeness != .partialSource,
      !facts.has("ITSAppUsesNonExemptEncryption")
    else { return [] }
    var finding = subject.finding(
      Self.description, at: KeyPath.root.appending(key: "ITSAppUsesNonExemptEncryption"),
      "ITSAppUsesNonExemptEncryption is not set, so if the app goes to App Store Connect, "
        + "it asks the export compliance questions for every build uploaded; set it to NO if "
        + "the app uses no encryption or only exempt encryption, YES otherwise")
    finding.noFixReason = "only you know whether the app uses non-exempt encryption"
    return [finding]
  }
}
