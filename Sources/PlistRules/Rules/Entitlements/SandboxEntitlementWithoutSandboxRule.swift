import PlistBundle
import PlistCore

/// An App Sandbox entitlement in a file whose sandbox is off: it grants nothing.
struct SandboxEntitlementWithoutSandboxRule: Rule {
  /// The entitlements that only configure the App Sandbox.
  ///
  /// The Hardened Runtime has none of these; camera, location, contacts, calendars, photos and
  /// Apple events belong to both and are left out. `device.microphone` has its own rule,
  /// `microphone_entitlement_identifier`.
  static let sandboxOnly: Set<String> = [
    "com.apple.security.network.server", "com.apple.security.network.client",
    "com.apple.security.device.usb", "com.apple.security.print",
    "com.apple.security.device.bluetooth",
    "com.apple.security.files.user-selected.read-only",
    "com.apple.security.files.user-selected.read-write",
    "com.apple.security.files.user-selected.executable",
    "com.apple.security.files.downloads.read-only",
    "com.apple.security.files.downloads.read-write",
    "com.apple.security.assets.pictures.read-only",
    "com.apple.security.assets.pictures.read-write",
    "com.apple.security.assets.music.read-only", "com.apple.security.assets.music.read-write",
    "com.apple.security.assets.movies.read-only", "com.apple.security.assets.movies.read-write",
    "com.apple.security.files.bookmarks.app-scope",
    "com.apple.security.files.bookmarks.document-scope", "com.apple.security.inherit",
    "com.apple.security.scripting-targets",
  ]

  static let description = RuleDescription(
    identifier: "sandbox_entitlement_without_sandbox",
    name: "Sandbox Entitlement Without Sandbox",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary: "App Sandbox entitlements mean nothing when the App Sandbox is off",
    rationale: """
      Apple's entitlement key reference: the App Sandbox keys configure the sandbox, and "If
      App Sandbox is not enabled, the other keys in this section are meaningless". The rule
      reports such keys (network, hardware, file-access, bookmark, inherit, scripting-targets
      and temporary exceptions) when `com.apple.security.app-sandbox` is false, or absent from
      signed entitlements. A source `.entitlements` file without the key is not reported:
      Xcode may add the sandbox from the target's settings when it signs. Keys that also serve
      the Hardened Runtime (camera, location, contacts, calendars, photos, Apple events) are
      left out.
      """,
    appleSource: AppleSource(
      title: "Enabling App Sandbox",
      url:
        "https://developer.apple.com/library/archive/documentation/Miscellaneous/Reference/"
        + "EntitlementKeyReference/Chapters/EnablingAppSandbox.html"),
    nonTriggering: [
      RuleExample(
        [
          "com.apple.security.app-sandbox": true,
          "com.apple.security.files.user-selected.read-only": true,
        ], role: .entitlements),
      // Absent from a source file: Xcode may add it from build settings.
      RuleExample(["com.apple.security.network.client": true], role: .entitlements),
      // Shared with the Hardened Runtime.
      RuleExample(
        ["com.apple.security.app-sandbox": false, "com.apple.security.device.camera": true],
        role: .entitlements),
      // A false sandbox key with a false configuration key: nothing is claimed.
      RuleExample(
        ["com.apple.security.app-sandbox": false, "com.apple.security.network.client": false],
        role: .entitlements),
      // An iOS target: App Sandbox keys are macOS keys; another rule judges the platform.
      RuleExample(
        ["com.apple.security.app-sandbox": false, "com.apple.security.network.client": true],
        role: .entitlements, context: LintContext(platforms: [.iOS])),
    ],
    triggering: [
      // Ice: app-sandbox false beside user-selected.read-only.
      RuleExample(
        [
          "com.apple.security.app-sandbox": false,
          "com.apple.security.files.user-selected.read-only": true,
        ], role: .entitlements, expect: ["\"com.apple.security.files.user-selected.read-only\""]
      ),
      RuleExample(
        [
          "com.apple.security.network.client": true,
          "com.apple.security.temporary-exception.sbpl": "(allow network-outbound)",
        ], role: .signedEntitlements, context: LintContext(platforms: [.macOS]),
        expect: [
          "\"com.apple.security.network.client\"",
          "\"com.apple.security.temporary-exception.sbpl\"",
        ]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard EntitlementFacts.mayTargetMac(subject.context),
      EntitlementFacts.sandboxState(subject) == .off, let dictionary = subject.dictionary
    else { return [] }
    var seen: Set<String> = []
    return dictionary.keys.compactMap { key in
      guard seen.insert(key).inserted,
        Self.sandboxOnly.contains(key)
          || key.hasPrefix(EntitlementFacts.temporaryExceptionPrefix),
        let node = dictionary[key], !EntitlementFacts.isFalse(node)
      else { return nil }
      let sandbox = EntitlementFacts.sandbox
      let state = dictionary[sandbox] == nil ? "absent" : "false"
      return subject.finding(
        Self.description, at: KeyPath.root.appending(key: key),
        "\(key) configures the App Sandbox, but \(sandbox) is \(state), so it grants nothing; "
          + "enable the sandbox or remove the key")
    }
  }
}
