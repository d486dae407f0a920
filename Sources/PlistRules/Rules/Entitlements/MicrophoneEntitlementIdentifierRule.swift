import PlistBundle
import PlistCore

/// The App Sandbox's microphone identifier claimed without the sandbox, and without the
/// Hardened Runtime's own identifier for Audio Input.
struct MicrophoneEntitlementIdentifierRule: Rule {
  static let description = RuleDescription(
    identifier: "microphone_entitlement_identifier",
    name: "Microphone Entitlement Identifier",
    severity: .warning,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements],
    summary:
      "Without the App Sandbox, Audio Input is com.apple.security.device.audio-input, not "
      + "device.microphone",
    rationale: """
      Xcode's "Audio Input" checkbox writes two different identifiers: under the App Sandbox
      (Hardware) it is `com.apple.security.device.microphone`; under the Hardened Runtime
      (Resource Access) it is `com.apple.security.device.audio-input`. A file whose sandbox is
      off (false, or absent from signed entitlements) that claims only the sandbox identifier
      does not give a hardened-runtime app microphone access. The reverse, `audio-input` in a
      sandboxed app, is not reported: Apple does not say the sandbox ignores it. A source file
      without the sandbox key is not reported either, since Xcode may add the sandbox from the
      target's settings.
      """,
    appleSource: AppleSource(
      title: "com.apple.security.device.audio-input",
      url: EntitlementFacts.page(EntitlementFacts.audioInput)),
    nonTriggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": true, "com.apple.security.device.microphone": true],
        role: .entitlements),
      RuleExample(
        [
          "com.apple.security.app-sandbox": false, "com.apple.security.device.microphone": true,
          "com.apple.security.device.audio-input": true,
        ], role: .entitlements),
      RuleExample(["com.apple.security.device.audio-input": true], role: .signedEntitlements),
      // The sandbox may come from the target's settings.
      RuleExample(["com.apple.security.device.microphone": true], role: .entitlements),
    ],
    triggering: [
      RuleExample(
        ["com.apple.security.app-sandbox": false, "com.apple.security.device.microphone": true],
        role: .entitlements, context: LintContext(platforms: [.macOS]),
        expect: ["\"com.apple.security.device.microphone\""]),
      RuleExample(
        ["com.apple.security.device.microphone": true], role: .signedEntitlements,
        expect: ["\"com.apple.security.device.microphone\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard EntitlementFacts.mayTargetMac(subject.context),
      EntitlementFacts.sandboxState(subject) == .off, let dictionary = subject.dictionary,
      EntitlementFacts.isTrue(dictionary[EntitlementFacts.microphone]),
      !EntitlementFacts.isTrue(dictionary[EntitlementFacts.audioInput])
    else { return [] }
    let path = KeyPath.root.appending(key: EntitlementFacts.microphone)
    return [
      subject.finding(
        Self.description, at: path,
        "\(EntitlementFacts.microphone) is the App Sandbox identifier for Audio Input and the "
          + "sandbox is off; under the Hardened Runtime the microphone needs "
          + "\(EntitlementFacts.audioInput), so add that key",
        fix: Fix(
          "add the Hardened Runtime's Audio Input entitlement",
          [
            .set(
              KeyPath.root.appending(key: EntitlementFacts.audioInput),
              .boolean(true))
          ]))
    ]
  }
}
