import PlistBundle
import PlistCore

/// A reason code reserved for third-party SDKs, declared in an app's own privacy manifest.
struct SDKOnlyReasonInAppRule: Rule {
  static let description = RuleDescription(
    identifier: "sdk_only_reason_in_app",
    name: "SDK-Only Reason In App",
    severity: .warning,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary: "The wrapper reasons 0A2A.1 and C56D.1 may be declared only by third-party SDKs",
    rationale: """
      Two reason codes cover a third-party SDK's wrapper around a required-reason API that the
      app calls: `0A2A.1` (file timestamps) and `C56D.1` (user defaults). Apple says these may
      only be declared by third-party SDKs. The rule reports them in the manifest of an app
      bundle (an `.app`, an app extension, an App Clip or a watch app), not in frameworks or
      resource bundles, and says nothing for a manifest outside a bundle, whose owner it cannot
      tell. Apple names no App Store Connect error for it, so this is a warning.
      """,
    appleSource: AppleSource(
      title: "NSPrivacyAccessedAPIType", url: PrivacyManifestCatalog.categoryPage),
    nonTriggering: [
      // A framework's manifest: an SDK may declare it.
      RuleExample(entries, role: .privacyManifest)
        .inBundle(BundleNode(path: "SDK.framework", kind: .framework, layout: .shallow)),
      // Outside a bundle: the owner is unknown.
      RuleExample(entries, role: .privacyManifest),
    ],
    triggering: [
      RuleExample(
        entries, role: .privacyManifest,
        expect: ["NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons[1]"]
      ).inBundle(BundleNode(path: "App.app", kind: .application, layout: .shallow))
    ])

  /// A manifest declaring one app reason and one SDK-only reason.
  static let entries: KeyValuePairs<String, PlistNode> = [
    "NSPrivacyAccessedAPITypes": [
      [
        "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
        "NSPrivacyAccessedAPITypeReasons": ["CA92.1", "C56D.1"],
      ]
    ]
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    let appKinds: Set<BundleKind> = [.application, .appExtension, .appClip, .watchApplication]
    guard let bundle = subject.bundle, appKinds.contains(bundle.kind),
      let items = subject.dictionary?["NSPrivacyAccessedAPITypes"]?.value.arrayValue
    else { return [] }
    let sdkOnly = Set(
      PrivacyManifestCatalog.categories.flatMap(\.reasons).filter(\.sdkOnly).map(\.code))
    var findings: [Finding] = []
    for (index, item) in items.enumerated() {
      let reasons =
        item.value.dictionaryValue?["NSPrivacyAccessedAPITypeReasons"]?.value.arrayValue ?? []
      for (i, reason) in reasons.enumerated() {
        guard let code = reason.value.stringValue, sdkOnly.contains(code) else { continue }
        let path = KeyPath.root.appending(key: "NSPrivacyAccessedAPITypes")
          .appending(index: index).appending(key: "NSPrivacyAccessedAPITypeReasons")
          .appending(index: i)
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(code) may only be declared by a third-party SDK, but this manifest belongs to "
              + "\(bundle.name.isEmpty ? "the app" : bundle.name); declare the reason that matches the app's own use instead"
          ))
      }
    }
    return findings
  }
}
