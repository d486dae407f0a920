import PlistBundle
import PlistCore

/// App Sandbox temporary exceptions in a Mac App Store build: App Store Connect asks for a
/// written justification of each.
struct TemporaryExceptionEntitlementRule: Rule {
  static let description = RuleDescription(
    identifier: "temporary_exception_entitlement",
    name: "Temporary Exception Entitlement",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary:
      "Each App Sandbox temporary exception needs a written justification in App Store Connect",
    rationale: """
      App Store Connect asks for information on every temporary exception entitlement
      (`com.apple.security.temporary-exception.*`) a Mac App Store app carries: how it can be
      assessed, why the app needs it, what it enables, the meaning of each array value, and the
      ID of a bug report when it works around a missing sandbox feature. The rule runs only for
      App Store distribution on macOS, and ignores exceptions written as false.
      """,
    appleSource: AppleSource(
      title: "App Sandbox information",
      url:
        "https://developer.apple.com/help/app-store-connect/reference/app-sandbox-information"),
    nonTriggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": true], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .appStore)),
      // Outside the Mac App Store nobody asks.
      RuleExample(
        [
          "com.apple.security.temporary-exception.mach-lookup.global-name": [
            "com.example.helper"
          ]
        ], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
      RuleExample(
        ["com.apple.security.temporary-exception.apple-events": ["com.apple.Safari"]],
        role: .entitlements),
    ],
    triggering: [
      RuleExample(
        [
          "com.apple.security.app-sandbox": true,
          "com.apple.security.temporary-exception.apple-events": ["com.apple.Safari"],
        ], role: .entitlements, context: LintContext(platforms: [.macOS], distribution: .appStore),
        expect: ["\"com.apple.security.temporary-exception.apple-events\""])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.distribution == .appStore, subject.context.targets(.macOS),
      let dictionary = subject.dictionary
    else { return [] }
    var seen: Set<String> = []
    return dictionary.keys.compactMap { key in
      guard seen.insert(key).inserted, key.hasPrefix(EntitlementFacts.temporaryExceptionPrefix),
        !EntitlementFacts.isFalse(dictionary[key])
      else { return nil }
      return subject.finding(
        Self.description, at: KeyPath.root.appending(key: key),
        "\(key) is a temporary exception; App Store Connect asks for a written justification of "
          + "it (why it is needed, what it enables, each value), so prepare one or remove it")
    }
  }
}
