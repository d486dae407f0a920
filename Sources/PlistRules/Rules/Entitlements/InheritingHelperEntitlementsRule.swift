import PlistBundle
import PlistCore

/// A sandbox-inheriting helper (`com.apple.security.inherit`) that carries entitlements other
/// than `com.apple.security.app-sandbox` and `com.apple.security.inherit`.
struct InheritingHelperEntitlementsRule: Rule {
  /// The two entitlements an inheriting helper carries.
  static let allowed: Set<String> = [
    "com.apple.security.app-sandbox", "com.apple.security.inherit",
  ]

  static let description = RuleDescription(
    identifier: "inheriting_helper_entitlements",
    name: "Inheriting Helper With Other Entitlements",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary: "A helper that inherits its parent's sandbox carries entitlements beyond "
      + "app-sandbox and inherit",
    rationale: """
      Apple's "Embedding a helper tool in a sandboxed app": a helper tool that inherits the App
      Sandbox of the app that starts it has exactly two entitlements,
      `com.apple.security.app-sandbox` and `com.apple.security.inherit`, both true; with any
      other entitlement (`com.apple.security.get-task-allow`, which a Debug build adds, among
      them) the tool fails to launch with a code-signing error. The tool takes
      its capabilities from its parent, so it needs no other. A warning: the helper breaks at
      run time, and no App Store Connect message for it is known. Entitlements set to false
      grant nothing and are not counted.
      """,
    appleSource: AppleSource(
      title: "Embedding a helper tool in a sandboxed app",
      url:
        "https://developer.apple.com/documentation/xcode/embedding-a-helper-tool-in-a-sandboxed-app"
    ),
    nonTriggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": true, "com.apple.security.inherit": true],
        role: .entitlements),
      RuleExample(
        [
          "com.apple.security.app-sandbox": true, "com.apple.security.inherit": true,
          "com.apple.security.network.client": false,
        ], role: .entitlements),
      RuleExample(
        ["com.apple.security.app-sandbox": true, "com.apple.security.network.client": true],
        role: .entitlements),
    ],
    triggering: [
      RuleExample(
        [
          "com.apple.security.app-sandbox": true, "com.apple.security.inherit": true,
          "com.apple.security.network.client": true,
          "com.apple.security.get-task-allow": true,
        ], role: .signedEntitlements,
        expect: ["\"com.apple.security.network.client\"", "\"com.apple.security.get-task-allow\""])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let entitlements = subject.dictionary,
      entitlements["com.apple.security.inherit"]?.value.boolValue == true
    else { return [] }
    let extra = entitlements.entries.filter { entry in
      !Self.allowed.contains(entry.key) && entry.node.value.boolValue != false
    }
    let edits = extra.map { KeyPathEdit.remove(KeyPath.root.appending(key: $0.key)) }
    return extra.map { entry in
      subject.finding(
        Self.description, at: KeyPath.root.appending(key: entry.key),
        "\(entry.key) is in a helper that inherits its parent's sandbox "
          + "(com.apple.security.inherit); Apple says such a helper has only app-sandbox and "
          + "inherit, and fails to launch with more, so remove it",
        fix: Fix(
          extra.count == 1 ? "remove \(entry.key)" : "remove the \(extra.count) other entitlements",
          edits))
    }
  }
}
