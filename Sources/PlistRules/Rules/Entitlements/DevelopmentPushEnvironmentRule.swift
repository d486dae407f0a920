import PlistBundle
import PlistCore

/// `aps-environment` set to `development` in a distribution build, or in an entitlements file
/// named for release builds.
struct DevelopmentPushEnvironmentRule: Rule {
  /// The iOS-family key and the macOS one.
  static let keys = ["aps-environment", "com.apple.developer.aps-environment"]

  static let description = RuleDescription(
    identifier: "development_push_environment",
    name: "Development Push Environment",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary: "A distribution build uses the production push environment, not development",
    rationale: """
      `aps-environment` (`com.apple.developer.aps-environment` on macOS) is `development` or
      `production`; Apple says TestFlight and App Store builds use `production`. Signed
      entitlements that still say `development` in an App Store build are an error: App Store
      Connect refuses the upload with ITMS-90046 ("Invalid Code Signing Entitlements": the
      message says the signature's `development` value of the key is not supported there), as its messages quoted in
      public reports show. In an ad hoc, enterprise or Developer ID build they are a warning
      (push goes to the wrong environment; no App Store Connect check runs there). In a source
      `.entitlements` file it is only a note,
      because Xcode sets the signed value from the provisioning profile when it exports: the
      note appears when the distribution is known (`--distribution`) or when the file's name has
      the word "release" in it (`App-release.entitlements`), the one sign a lone file gives that
      it is meant for distribution. Other names are not guessed at.
      """,
    appleSource: AppleSource(
      title: "aps-environment", url: EntitlementFacts.page("aps-environment")),
    nonTriggering: [
      RuleExample(
        ["aps-environment": "production"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore)),
      RuleExample(
        ["aps-environment": "development"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .development)),
      // A debug entitlements file on its own: development is normal.
      RuleExample(["aps-environment": "development"], role: .entitlements),
    ],
    triggering: [
      RuleExample(
        ["aps-environment": "development"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore),
        expect: ["aps-environment"], severity: .error),
      RuleExample(
        ["aps-environment": "development"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .adHoc),
        expect: ["aps-environment"], severity: .warning),
      // A source file: Xcode writes the profile's value when it exports.
      RuleExample(
        ["aps-environment": "development"], role: .entitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore),
        expect: ["aps-environment"], severity: .note),
      RuleExample(
        ["com.apple.developer.aps-environment": "development"], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID),
        expect: ["\"com.apple.developer.aps-environment\""]),
    ])

  /// True when the last path component of `path`, without its extension, has the word
  /// "release" (any case) between separators: `App-release.entitlements`,
  /// `Release.entitlements`, `app_Release_v2.entitlements`; not `Prerelease.entitlements`.
  static func nameSaysRelease(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let stem = name.split(separator: ".").first.map(String.init) ?? name
    return stem.split { !$0.isLetter && !$0.isNumber }.contains { $0.lowercased() == "release" }
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let dictionary = subject.dictionary else { return [] }
    let distributions: [LintContext.Distribution] = [.appStore, .adHoc, .enterprise, .developerID]
    let distribution = subject.context.distribution.flatMap {
      distributions.contains($0) ? $0 : nil
    }
    return Self.keys.compactMap { key in
      guard dictionary[key]?.value.stringValue == "development" else { return nil }
      let path = KeyPath.root.appending(key: key)
      let fix = Fix(
        "use the production push environment", [.set(path, .string("production"))])
      if subject.role == .signedEntitlements {
        guard let distribution else { return nil }
        if distribution == .appStore {
          return subject.finding(
            Self.description, at: path,
            "\(key) is development in an App Store build, and App Store Connect refuses the "
              + "upload (the value is not supported there); Apple says TestFlight and "
              + "App Store builds use production, which comes from the distribution profile, so "
              + "sign the build with one", severity: .error, itms: "ITMS-90046")
        }
        return subject.finding(
          Self.description, at: path,
          "\(key) is development in \(distribution.withArticle) build, so push notifications go "
            + "to the development environment; Apple says the value comes from the provisioning "
            + "profile and that TestFlight and App Store builds use production, so check the "
            + "profile this build was signed with")
      }
      let reason: String
      if let distribution {
        reason = "the distribution is \(distribution.label)"
      } else if subject.context.distribution == nil, Self.nameSaysRelease(subject.path) {
        reason = "the file's name says it is for release builds"
      } else {
        return nil
      }
      return subject.finding(
        Self.description, at: path,
        "\(key) is development but \(reason); Apple says TestFlight and App Store builds use "
          + "production (Xcode sets the value from the provisioning profile), so set production "
          + "here if this file is for such builds",
        severity: .note, fix: fix)
    }
  }
}
