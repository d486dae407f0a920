import PlistBundle
import PlistCore

/// A sandbox or hardened-runtime Boolean entitlement written as false, which means the same as
/// leaving it out.
struct FalseEntitlementRule: Rule {
  static let description = RuleDescription(
    identifier: "false_entitlement",
    name: "False Entitlement",
    severity: .note,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary:
      "A com.apple.security Boolean set to false has no effect; Apple recommends leaving it out",
    rationale: """
      The App Sandbox and Hardened Runtime Booleans default to false. Apple: "When Xcode signs
      your code, it includes an entitlement only if the value is true. If you're manually
      signing code, follow this convention to ensure maximum compatibility. Don't include an
      entitlement if the value is false." Only `com.apple.security.*` keys are checked, where
      Apple says this; `get-task-allow` is left alone, because distribution profiles write it as
      false on purpose.
      """,
    appleSource: AppleSource(
      title: "Hardened Runtime",
      url: "https://developer.apple.com/documentation/security/hardened-runtime"),
    nonTriggering: [
      RuleExample(["com.apple.security.app-sandbox": true], role: .entitlements),
      RuleExample(["com.apple.security.get-task-allow": false], role: .signedEntitlements),
      RuleExample(["get-task-allow": false], role: .signedEntitlements),
      // Not a com.apple.security Boolean.
      RuleExample(["com.apple.developer.siri": false], role: .entitlements),
    ],
    triggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": false, "com.apple.security.network.client": true],
        role: .entitlements, expect: ["\"com.apple.security.app-sandbox\""]),
      RuleExample(
        ["com.apple.security.cs.allow-jit": false], role: .signedEntitlements,
        expect: ["\"com.apple.security.cs.allow-jit\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let dictionary = subject.dictionary else { return [] }
    var seen: Set<String> = []
    return dictionary.keys.compactMap { key in
      // A repeated key counts once, with the value lookup answers (the last).
      guard seen.insert(key).inserted, key.hasPrefix("com.apple.security."),
        !EntitlementFacts.getTaskAllowKeys.contains(key),
        EntitlementFacts.isFalse(dictionary[key])
      else { return nil }
      let path = KeyPath.root.appending(key: key)
      return subject.finding(
        Self.description, at: path,
        "\(key) is false, which is the same as leaving it out; Apple recommends removing "
          + "false entitlements", fix: Fix("remove the false entitlement", [.remove(path)]))
    }
  }
}
