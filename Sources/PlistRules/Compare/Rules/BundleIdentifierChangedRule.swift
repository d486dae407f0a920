import PlistBundle
import PlistCore

/// A bundle whose `CFBundleIdentifier` is not OLD's.
struct BundleIdentifierChangedRule: ComparisonRule {
  static let description = ComparisonRuleDescription(
    RuleDescription(
      identifier: "bundle_identifier_changed",
      name: "Bundle Identifier Changed",
      severity: .error,
      category: .comparison,
      appliesTo: [.infoPlist],
      summary: "Each bundle of NEW keeps the CFBundleIdentifier it had in OLD",
      rationale: """
        Apple's page says the bundle identifier uniquely identifies the app throughout the
        system, and App Store Connect ties an app record to it: an upload whose app has another
        identifier than the previous version is refused with ITMS-90054, whose message (as
        quoted in public reports) says the bundle identifier cannot be changed from the
        previous version and that a new identifier needs a new app in App Store Connect. An
        error for the main app; a note outside the App Store, where the upload check does not
        apply.

        For a bundle inside the app (an extension, a watch app, a framework) Apple documents no
        App Store Connect check on the identifier changing: a note, since the system then sees
        another bundle (the matched pair was found by its place or folder name). Identifiers
        compare without regard to case, as Apple's glossary says bundle IDs are case
        insensitive; values with `$(VAR)` placeholders are not compared.
        """,
      appleSource: AppleSource(
        title: "CFBundleIdentifier",
        url:
          "https://developer.apple.com/documentation/bundleresources/information-property-list/"
          + "cfbundleidentifier"),
      itms: "ITMS-90054", nonTriggering: [], triggering: []),
    nonTriggering: [
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]),
        new: .app(["CFBundleIdentifier": "com.example.app"])),
      // No identifier on one side: missing_bundle_identifier says so.
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]), new: .app(["CFBundleName": "App"])),
      // Apple's glossary: bundle IDs are case insensitive.
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]),
        new: .app(["CFBundleIdentifier": "com.Example.App"])),
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]),
        new: .app(["CFBundleIdentifier": "com.example.app"])),
    ],
    triggering: [
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]),
        new: .app(["CFBundleIdentifier": "com.example.app2"]),
        expect: ["CFBundleIdentifier"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]),
        new: .app(["CFBundleIdentifier": "org.example.app"]),
        context: LintContext(distribution: .development), expect: ["CFBundleIdentifier"],
        severity: .note),
      ComparisonExample(
        old: .app(
          ["CFBundleIdentifier": "com.example.app.share"], path: "App.app/PlugIns/Share.appex",
          kind: .appExtension),
        new: .app(
          ["CFBundleIdentifier": "com.example.app.sharing"], path: "App.app/PlugIns/Share.appex",
          kind: .appExtension), isMain: false, expect: ["CFBundleIdentifier"], severity: .note),
    ])

  func check(_ subject: ComparisonSubject) -> [Finding] {
    guard let file = subject.newFile(.infoPlist), let old = subject.old.identifier,
      let new = subject.new.identifier, old.lowercased() != new.lowercased(),
      ![old, new].contains(where: { $0.isEmpty || $0.contains("$(") || $0.contains("${") })
    else { return [] }
    let path = KeyPath.root.appending(key: "CFBundleIdentifier")
    if subject.isMain {
      return [
        subject.finding(
          Self.description, in: file, at: path,
          "CFBundleIdentifier changed from \(old) to \(new); App Store Connect refuses an "
            + "update whose identifier is not the previous version's (a new identifier is a new "
            + "app there)", itms: "ITMS-90054", uploadCheck: true)
      ]
    }
    return [
      subject.finding(
        Self.description, in: file, at: path,
        "the \(subject.new.kind.rawValue) \(subject.new.name)'s CFBundleIdentifier changed from "
          + "\(old) to \(new), so the system sees another bundle; Apple documents no App Store "
          + "Connect check on this", severity: .note, itms: nil, uploadCheck: false)
    ]
  }
}
