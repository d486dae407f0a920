import PlistBundle
import PlistCore

/// An app or app-like bundle without `CFBundleName` (ITMS-90784), or an app extension without
/// `CFBundleDisplayName` (ITMS-90360).
struct MissingBundleNameRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_bundle_name",
    name: "Missing Bundle Name",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app has no CFBundleName (ITMS-90784), or an app extension no "
      + "CFBundleDisplayName (ITMS-90360)",
    rationale: """
      App Store Connect rejects an upload whose bundle lacks `CFBundleName`: "ITMS-90784:
      Missing bundle name. The Info.plist key CFBundleName is missing or has an empty value"
      (quoted in public reports); `empty_value` reports the empty value, this rule the missing
      key. For an app extension it asks for the display name: "ITMS-90360: Missing Info.plist
      value - A value for the key 'CFBundleDisplayName' in bundle ….appex is required"
      (quoted in public reports from 2023 and 2026). An app without `CFBundleDisplayName` is
      not reported: Apple's page makes the key optional (the system shows `CFBundleName`), and
      ITMS-90783 "Missing bundle display name" is known only by its title from 2019 reports,
      which later uploads did not repeat. Checked where the file shows what ships: a built
      bundle, and a project target's effective Info.plist (which already has the
      `CFBundleName` Xcode writes from `PRODUCT_NAME` when it generates the file).
      """,
    appleSource: AppleSource(title: "CFBundleName", url: KnownKeys.infoPage + "cfbundlename"),
    itms: "ITMS-90784",
    nonTriggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleName": "Trails"],
        context: LintContext(isBuilt: true)),
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleExecutable": "Trails"]),
      RuleExample(
        [
          "CFBundlePackageType": "XPC!", "CFBundleName": "Share",
          "CFBundleDisplayName": "Share to Trails", "NSExtension": [:],
        ], context: LintContext(isBuilt: true)),
      RuleExample(["CFBundlePackageType": "FMWK"], context: LintContext(isBuilt: true)),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": "Trails"],
        context: LintContext(isBuilt: true), expect: ["CFBundleName"], severity: .error),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "CFBundleName": "Share", "NSExtension": [:]],
        context: LintContext(isBuilt: true), expect: ["CFBundleDisplayName"],
        severity: .error),
      RuleExample(
        ["CFBundlePackageType": "APPL"],
        context: LintContext(isBuilt: true, distribution: .developerID),
        expect: ["CFBundleName"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isAppLike,
      [.built, .assembled].contains(facts.completeness)
    else { return [] }
    var findings: [Finding] = []
    if !facts.has("CFBundleName") {
      var finding = subject.finding(
        Self.description, at: KeyPath.root.appending(key: "CFBundleName"),
        "CFBundleName is missing; App Store Connect rejects a bundle without it (ITMS-90784: "
          + "missing bundle name)")
      finding.noFixReason = "the name is yours to choose"
      findings.append(finding)
    }
    if facts.kind == .appExtension, !facts.has("CFBundleDisplayName") {
      var finding = subject.finding(
        Self.description, at: KeyPath.root.appending(key: "CFBundleDisplayName"),
        "CFBundleDisplayName is missing from this app extension; App Store Connect requires "
          + "a value for it in an .appex (ITMS-90360: missing Info.plist value)",
        itms: "ITMS-90360")
      finding.noFixReason = "the name is yours to choose"
      findings.append(finding)
    }
    return findings
  }
}
