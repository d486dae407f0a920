import PlistBundle
import PlistCore

/// A Mac App Store build whose entitlements do not turn the App Sandbox on.
struct MissingAppSandboxRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_app_sandbox",
    name: "Missing App Sandbox",
    severity: .error,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary: "A macOS app for the Mac App Store must enable the App Sandbox",
    rationale: """
      Apple: "To distribute a macOS app through the Mac App Store, you must enable the App
      Sandbox capability". App Store Connect refuses an upload whose executables lack
      `com.apple.security.app-sandbox` set to true (ITMS-90296, reported by developers). A false
      value is the same as no key: sandbox Booleans default to false. In a source
      `.entitlements` file a missing key is only a warning, because Xcode combines the file
      with the target's settings when it signs; entitlements read from a signature are final.
      The rule runs only when the distribution is the App Store and the target is macOS.
      """,
    appleSource: AppleSource(
      title: "App Sandbox", url: "https://developer.apple.com/documentation/security/app-sandbox"),
    itms: "ITMS-90296",
    nonTriggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": true], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .appStore)),
      // Developer ID distribution does not need the sandbox.
      RuleExample(
        ["com.apple.security.app-sandbox": false], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
      // An iOS App Store app has no App Sandbox entitlement.
      RuleExample(
        ["aps-environment": "production"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore)),
      // Unknown distribution: say nothing.
      RuleExample(["com.apple.security.app-sandbox": false], role: .entitlements),
    ],
    triggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": false], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .appStore),
        expect: ["\"com.apple.security.app-sandbox\""]),
      RuleExample(
        ["com.apple.security.network.client": true], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .appStore),
        expect: ["\"com.apple.security.app-sandbox\""]),
      RuleExample(
        ["com.apple.security.network.client": true], role: .entitlements,
        context: LintContext(platforms: [.iOS, .macOS], distribution: .appStore),
        expect: ["\"com.apple.security.app-sandbox\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.distribution == .appStore, subject.context.targets(.macOS),
      let dictionary = subject.dictionary
    else { return [] }
    let key = EntitlementFacts.sandbox
    let path = KeyPath.root.appending(key: key)
    let node = dictionary[key]
    if EntitlementFacts.isTrue(node) { return [] }
    if node != nil {
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) is false, which is the same as absent; the Mac App Store requires the App "
            + "Sandbox, so set it to true",
          fix: Fix("turn the App Sandbox on", [.set(path, .boolean(true))]))
      ]
    }
    if subject.role == .signedEntitlements {
      return [
        subject.finding(
          Self.description, at: path,
          "the signed entitlements lack \(key); the Mac App Store requires the App Sandbox, "
            + "so enable it and sign again")
      ]
    }
    return [
      subject.finding(
        Self.description, at: path,
        "\(key) is missing; the Mac App Store requires the App Sandbox, so set it to true here "
          + "unless the target's build settings enable it when Xcode signs",
        severity: .warning,
        fix: Fix("turn the App Sandbox on", [.set(path, .boolean(true))]))
    ]
  }
}
