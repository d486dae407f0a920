import PlistBundle
import PlistCore

/// A known key in a kind of file where the system does not look for it.
struct KeyInWrongFileRule: Rule {
  static let description = RuleDescription(
    identifier: "key_in_wrong_file",
    name: "Key In The Wrong File",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A key belongs to another kind of file (Info.plist, entitlements, privacy manifest)",
    rationale: """
      Info.plist keys, entitlements and privacy-manifest keys are read from their own files: a
      privacy-manifest key such as `NSPrivacyAccessedAPITypes` in an Info.plist is not a privacy
      manifest, and an entitlement in an Info.plist grants nothing (entitlements live in the code
      signature).
      """,
    appleSource: AppleSource(
      title: "Privacy manifest files",
      url: "https://developer.apple.com/documentation/bundleresources/privacy-manifest-files"),
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans QR codes.", "UIFileSharingEnabled": true]),
      RuleExample(
        ["NSPrivacyTracking": false, "NSPrivacyAccessedAPITypes": []],
        role: .privacyManifest),
      RuleExample(["aps-environment": "production"], role: .entitlements),
      RuleExample(["aps-environment": "production"], role: .signedEntitlements),
      RuleExample(["com.example.custom": true, "Label": "x"]),
    ],
    triggering: [
      RuleExample(["NSPrivacyAccessedAPITypes": []], expect: ["NSPrivacyAccessedAPITypes"]),
      RuleExample(
        ["com.apple.security.app-sandbox": true], expect: ["\"com.apple.security.app-sandbox\""]),
      RuleExample(
        ["NSCameraUsageDescription": "Scans QR codes."], role: .entitlements,
        expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSPrivacyTracking": false, "CFBundleIdentifier": "com.example"],
        role: .privacyManifest, expect: ["CFBundleIdentifier"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let home = KnownKey.Home(subject.role) else { return [] }
    var findings: [Finding] = []
    CatalogWalk.visit(subject, nested: false) { visit in
      guard let entry = visit.entry, entry.home != home else { return }
      let note =
        switch entry.home {
        case .entitlements: "; entitlements take effect only from the code signature"
        case .privacyManifest: "; the system reads privacy declarations only from the manifest"
        case .infoPlist: ""
        }
      var finding = subject.finding(
        Self.description, at: visit.path,
        "\(visit.key) belongs in \(entry.home.fileDescription), not in "
          + "\(home.fileDescription), so it has no effect here\(note); move it there")
      finding.url = entry.url
      findings.append(finding)
    }
    return findings
  }
}
