import PlistBundle
import PlistCore

/// An empty string where a known string key needs a value.
struct EmptyValueRule: Rule {
  /// Keys another area's rules check for emptiness with their own message (identity).
  static let checkedElsewhere: Set<String> = [
    "CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleVersion", "CFBundleExecutable",
    "MinimumOSVersion", "LSMinimumSystemVersion",
  ]

  /// Keys App Store Connect refuses empty, with the code of its upload message.
  static let uploadChecks: [String: String] = ["CFBundleName": "ITMS-90784"]

  static let description = RuleDescription(
    identifier: "empty_value",
    name: "Empty Value",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A known string key is present but empty, so it names or says nothing",
    rationale: """
      A key that names a file, a version, a class or a setting does nothing useful when its
      string is empty (or only spaces): a warning. An empty `CFBundleName` is an error for a
      build bound for the App Store: App Store Connect refuses the upload with ITMS-90784
      ("Missing bundle name": the key is missing or has an empty value, as its message quoted in
      public reports says); it drops to a note when the distribution is known and is not the App
      Store. Purpose strings are left to the privacy rules, the identity keys to the identity
      rules, and keys where an empty string is meaningful are skipped.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    nonTriggering: [
      // Xcode writes DTPlatformBuild empty in simulator builds.
      RuleExample(["DTPlatformBuild": ""], context: LintContext(isBuilt: true)),
      RuleExample(["CFBundleName": "App", "CFBundleIconFile": "AppIcon"]),
      RuleExample(["NSCameraUsageDescription": ""]),
      RuleExample(["CFBundleIdentifier": ""]),
      RuleExample(["NSMainNibFile": ""]),
      RuleExample(["MyCustomKey": "", "UILaunchScreen": [:]]),
      RuleExample(["CFBundleName": "$(PRODUCT_NAME)"]),
    ],
    triggering: [
      RuleExample(["CFBundleIconFile": ""], expect: ["CFBundleIconFile"]),
      RuleExample(["CFBundleName": "  "], expect: ["CFBundleName"], severity: .error),
      RuleExample(
        ["CFBundleName": ""], context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["CFBundleName"], severity: .error),
      RuleExample(
        ["CFBundleName": ""], context: LintContext(isBuilt: true, distribution: .development),
        expect: ["CFBundleName"], severity: .note),
      RuleExample(["CFBundleIconFile": " "], expect: ["CFBundleIconFile"], severity: .warning),
      RuleExample(
        ["CFBundleURLTypes": [["CFBundleURLName": ""]]],
        expect: ["CFBundleURLTypes[0].CFBundleURLName"]),
      RuleExample(["aps-environment": ""], role: .entitlements, expect: ["aps-environment"]),
    ])

  /// Top-level keys Xcode removes from an Info.plist when their value is empty (swift-build's
  /// elided keys, as `EffectiveInfoPlist` applies them).
  static let droppedByXcodeWhenEmpty: Set<String> = [
    "CFBundleIconFile", "CFBundleGetInfoString", "CFBundleSignature", "NSHumanReadableCopyright",
    "NSMainNibFile", "NSPrincipalClass",
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    CatalogWalk.visit(subject) { visit in
      guard let entry = visit.entry, entry.types == [.string], !entry.isPurposeString,
        !entry.allowsEmpty, !Self.checkedElsewhere.contains(entry.key),
        // DT* keys are written by Xcode at build time (an empty DTPlatformBuild in a
        // simulator build): nothing the developer writes or can fix.
        !entry.key.hasPrefix("DT"),
        let text = visit.node.value.stringValue,
        text.isBlank
      else { return }
      let what = text.isEmpty ? "empty" : "only whitespace"
      var finding: Finding
      if let code = Self.uploadChecks[entry.key], visit.parent == "" {
        finding = subject.finding(
          Self.description, at: visit.path,
          "\(visit.key) is \(what), and App Store Connect refuses an upload whose bundle has no "
            + "name; set it to the app's short name", severity: .error, itms: code)
      } else {
        finding = subject.finding(
          Self.description, at: visit.path,
          "\(visit.key) is \(what); give it a value or remove the key")
      }
      finding.url = entry.url
      // Xcode drops these keys itself when their value is empty (swift-build's list of keys
      // it elides), so removing one changes nothing that ships: the edit is certain.
      if subject.role == .infoPlist, visit.path.components.count == 1,
        Self.droppedByXcodeWhenEmpty.contains(visit.key)
      {
        finding.fix = Fix("remove \(visit.key)", [.remove(visit.path)])
      }
      findings.append(finding)
    }
    return findings
  }
}
