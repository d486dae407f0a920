import Foundation
import PlistBundle
import PlistCore

/// An app or app extension whose Info.plist has no `CFBundleIdentifier`.
struct MissingBundleIdentifierRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_bundle_identifier",
    name: "Missing Bundle Identifier",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app, app extension, watch app or App Clip declares CFBundleIdentifier",
    rationale: """
      The bundle ID identifies the app to the system, to code signing and to App Store Connect.
      Checked where the file shows what ships: a built bundle, a project target's effective
      Info.plist, or a source file written in full (then as a warning, since
      `GENERATE_INFOPLIST_FILE` can still add the key). Theme bundles, frameworks and other
      non-app bundles are left alone, as are partial source files.
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app", "CFBundlePackageType": "APPL"]),
      RuleExample([
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleExecutable": "App",
      ]),
      // A partial source file: Xcode generates the identity keys.
      RuleExample(["UIAppFonts": ["Inter.ttf"]]),
      // A theme bundle and a framework are not apps.
      RuleExample(
        ["CFBundlePackageType": "BNDL", "ThemeName": "Sepia"],
        context: LintContext(isBuilt: true)),
      RuleExample(["CFBundlePackageType": "FMWK"], context: LintContext(isBuilt: true)),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"],
        context: LintContext(isBuilt: true), expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "NSExtension": [:]],
        context: LintContext(isBuilt: true), expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["CFBundleIdentifier": "", "CFBundlePackageType": "APPL"],
        context: LintContext(isBuilt: true), expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["CFBundleExecutable": "App", "CFBundlePackageType": "APPL"], expect: ["CFBundleIdentifier"]
      ),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isAppLike,
      facts.completeness != .partialSource
    else { return [] }
    let severity: Severity = facts.completeness == .fullSource ? .warning : .error
    let path = KeyPath([.key("CFBundleIdentifier")])
    guard let node = facts.info["CFBundleIdentifier"] else {
      guard !facts.has("CFBundleIdentifier") else { return [] }
      let message =
        facts.completeness == .fullSource
        ? "CFBundleIdentifier is missing; unless the build generates it from "
          + "PRODUCT_BUNDLE_IDENTIFIER, add the app's bundle ID"
        : "CFBundleIdentifier is missing; add the bundle ID registered for this app"
      return [subject.finding(Self.description, at: path, message, severity: severity)]
    }
    if let text = node.value.stringValue,
      text.trimmingCharacters(in: .whitespaces).isEmpty
    {
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleIdentifier is empty; set it to the bundle ID registered for this app",
          severity: severity)
      ]
    }
    return []
  }
}
