import PlistBundle
import PlistCore

/// Info.plist, entitlements and privacy manifests must be dictionaries at the root.
struct WrongRootTypeRule: Rule {
  static let description = RuleDescription(
    identifier: "wrong_root_type",
    name: "Wrong Root Type",
    severity: .error,
    category: .structure,
    appliesTo: [.infoPlist, .entitlements, .signedEntitlements, .privacyManifest],
    summary: "The root of an Info.plist, entitlements file or privacy manifest is a dictionary",
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
      RuleExample([:], role: .entitlements),
    ],
    triggering: [
      RuleExample(xml: "<plist><array><string>a</string></array></plist>", expect: [""]),
      RuleExample(xml: "<plist><string>x</string></plist>", role: .privacyManifest, expect: [""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.dictionary == nil else { return [] }
    return [
      subject.finding(
        Self.description, at: .root,
        "the root of this \(subject.role.rawValue) is \(subject.root.value.kind.article), "
          + "but the system reads only a dictionary")
    ]
  }
}
