import PlistBundle
import PlistCore

/// An empty string where a known string key needs a value.
struct EmptyValueRule: Rule {
  /// Keys another area's rules check for emptiness with their own message (identity).
  static let checkedElsewhere: Set<String> = [
    "CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleVersion", "CFBundleExecutable",
  ]

  static let description = RuleDescription(
    identifier: "empty_value",
    name: "Empty Value",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A known string key is present but empty, so it names or says nothing",
    rationale: """
      A key that names a file, a version, a class or a setting does nothing useful when its
      string is empty (or only spaces), and App Store Connect rejects some of them empty
      (`CFBundleName`, ITMS-90784). Purpose strings are left to the privacy rules, the identity
      keys to the identity rules, and keys where an empty string is meaningful are skipped.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    nonTriggering: [
      RuleExample(["CFBundleName": "App", "CFBundleIconFile": "AppIcon"]),
      RuleExample(["NSCameraUsageDescription": ""]),
      RuleExample(["CFBundleIdentifier": ""]),
      RuleExample(["NSMainNibFile": ""]),
      RuleExample(["MyCustomKey": "", "UILaunchScreen": [:]]),
      RuleExample(["CFBundleName": "$(PRODUCT_NAME)"]),
    ],
    triggering: [
      RuleExample(["CFBundleIconFile": ""], expect: ["CFBundleIconFile"]),
      RuleExample(["CFBundleName": "  "], expect: ["CFBundleName"]),
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
        let text = visit.node.value.stringValue,
        text.allSatisfy({ $0.isWhitespace })
      else { return }
      var finding = subject.finding(
        Self.description, at: visit.path,
        "\(visit.key) is \(text.isEmpty ? "empty" : "only whitespace"); give it a value or "
          + "remove the key")
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
