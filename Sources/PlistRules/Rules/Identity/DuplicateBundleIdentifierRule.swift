import PlistBundle
import PlistCore

/// Two bundles of one app with the same `CFBundleIdentifier`.
struct DuplicateBundleIdentifierRule: Rule {
  static let description = RuleDescription(
    identifier: "duplicate_bundle_identifier",
    name: "Duplicate Bundle Identifier",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "Each bundle inside an app has its own CFBundleIdentifier",
    rationale: """
      A bundle ID "uniquely identifies a single app throughout the system" (Apple's key page),
      and the device installer refuses an app in which two bundles share one (its message, as
      public reports quote it: "Bundle identifiers must be unique"). Bundle IDs are compared
      without regard to case, as Apple's page says they are case-insensitive. Checked across
      the bundles of one built app (project targets for different platforms may share an
      identifier on purpose), and in a single file when a watch app or WatchKit extension names
      its own identifier as its companion's (`WKCompanionAppBundleIdentifier`,
      `WKAppBundleIdentifier`).
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    nonTriggering: [
      RuleExample([
        "CFBundleIdentifier": "com.example.app.watchkitapp",
        "WKCompanionAppBundleIdentifier": "com.example.app",
      ]),
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.app",
          "WKCompanionAppBundleIdentifier": "com.example.app",
        ], expect: ["CFBundleIdentifier"]),
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.app.watchkitapp",
          "NSExtension": [
            "NSExtensionAttributes": ["WKAppBundleIdentifier": "com.example.app.WatchKitApp"]
          ],
        ], expect: ["CFBundleIdentifier"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary,
      let identifier = info["CFBundleIdentifier"]?.value.stringValue, !identifier.isEmpty,
      !Placeholder.contains(identifier)
    else { return [] }
    let path = KeyPath([.key("CFBundleIdentifier")])
    let id = identifier.lowercased()
    if let bundle = subject.bundle, subject.context.isBuilt, let input = subject.input,
      let root = input.bundles.first(where: { root in
        root.allBundles.contains { $0.path == bundle.path }
      })
    {
      // Frameworks are left out: an app and its watch app or App Clip may each embed the
      // same framework, and Apple says nothing against that.
      guard bundle.kind != .framework else { return [] }
      let others = root.allBundles.filter {
        $0.path != bundle.path && $0.kind != .framework && $0.identifier?.lowercased() == id
      }
      guard !others.isEmpty else { return [] }
      let names = others.map { $0.path.isEmpty ? InfoPlistFacts.name(of: $0, in: input) : $0.path }
        .joined(separator: ", ")
      return [
        subject.finding(
          Self.description, at: path,
          "\"\(identifier)\" is also the identifier of \(names); "
            + "give each bundle its own identifier")
      ]
    }
    let companions: [(String, String?)] = [
      ("WKCompanionAppBundleIdentifier", info["WKCompanionAppBundleIdentifier"]?.value.stringValue),
      (
        "WKAppBundleIdentifier",
        info["NSExtension"]?.value.dictionaryValue?["NSExtensionAttributes"]?.value
          .dictionaryValue?["WKAppBundleIdentifier"]?.value.stringValue
      ),
    ]
    for case (let key, let other?) in companions where other.lowercased() == id {
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleIdentifier \"\(identifier)\" is the same as \(key), the "
            + "identifier of the bundle it belongs with; give this bundle its own identifier")
      ]
    }
    return []
  }
}
