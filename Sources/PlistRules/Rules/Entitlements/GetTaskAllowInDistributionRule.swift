import PlistBundle
import PlistCore

/// `get-task-allow` true in an App Store, ad hoc or enterprise build.
struct GetTaskAllowInDistributionRule: Rule {
  static let description = RuleDescription(
    identifier: "get_task_allow_in_distribution",
    name: "Get Task Allow In Distribution",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary: "A distribution build should not let a debugger attach (get-task-allow true)",
    rationale: """
      `get-task-allow` lets a debugger attach to the process. Xcode adds it to debug builds,
      and "Diagnosing issues with entitlements" says it comes from the provisioning profile and
      is not to be added by hand. In a build bound for the App Store a true value is an error:
      App Store Connect refuses the upload with ITMS-90164 ("Invalid Code Signing
      Entitlements": the distribution profile does not allow `true` for `get-task-allow`), as
      its messages quoted in public reports show. In an ad hoc or enterprise build it is a
      warning: no App Store Connect check runs there, and Apple names no other error for it.
      For Developer ID builds notarization refuses it outright: `notarization_prerequisite`
      reports that case. Both spellings are read: `get-task-allow` (iOS and its relatives) and
      `com.apple.security.get-task-allow` (macOS).
      """,
    appleSource: AppleSource(
      title: "Diagnosing issues with entitlements",
      url:
        "https://developer.apple.com/documentation/bundleresources/"
        + "diagnosing-issues-with-entitlements"),
    nonTriggering: [
      RuleExample(
        ["get-task-allow": false], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore)),
      RuleExample(
        ["get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .development)),
      // Unknown distribution (a source file on its own): say nothing.
      RuleExample(["get-task-allow": true], role: .entitlements),
      // Developer ID is notarization_prerequisite's case.
      RuleExample(
        ["com.apple.security.get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
    ],
    triggering: [
      RuleExample(
        ["get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore),
        expect: ["get-task-allow"], severity: .error),
      RuleExample(
        ["get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .adHoc),
        expect: ["get-task-allow"], severity: .warning),
      RuleExample(
        ["get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .enterprise),
        expect: ["get-task-allow"], severity: .warning),
      RuleExample(
        ["com.apple.security.get-task-allow": true], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .appStore),
        expect: ["\"com.apple.security.get-task-allow\""], severity: .error),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let distribution = subject.context.distribution,
      [.appStore, .adHoc, .enterprise].contains(distribution),
      let dictionary = subject.dictionary
    else { return [] }
    return EntitlementFacts.getTaskAllowKeys.compactMap { key in
      guard EntitlementFacts.isTrue(dictionary[key]) else { return nil }
      let path = KeyPath.root.appending(key: key)
      let fix = Fix("remove get-task-allow", [.remove(path)])
      guard distribution == .appStore else {
        return subject.finding(
          Self.description, at: path,
          "\(key) is true in \(distribution.withArticle) build, which lets a debugger attach; "
            + "Apple says the value comes from the provisioning profile, so sign the build with "
            + "a distribution profile rather than a development one", fix: fix)
      }
      return subject.finding(
        Self.description, at: path,
        "\(key) is true in an App Store build, and App Store Connect refuses the upload because "
          + "the distribution profile does not allow it; Apple says the value "
          + "comes from the provisioning profile, so sign the build with a distribution profile",
        severity: .error, itms: "ITMS-90164", fix: fix)
    }
  }
}
