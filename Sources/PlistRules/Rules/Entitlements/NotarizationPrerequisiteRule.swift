import PlistBundle
import PlistCore

/// A Developer ID build that notarization would refuse: an executable without the hardened
/// runtime, or `get-task-allow` set to true.
struct NotarizationPrerequisiteRule: Rule {
  static let description = RuleDescription(
    identifier: "notarization_prerequisite",
    name: "Notarization Prerequisite",
    severity: .error,
    category: .entitlements,
    appliesTo: [.entitlements, .signedEntitlements, .infoPlist],
    summary:
      "A Developer ID app must enable the hardened runtime and must not claim get-task-allow",
    rationale: """
      Apple's list of notarization prerequisites includes "Enable the Hardened Runtime
      capability for your app and command line targets" and "Don't include the
      com.apple.security.get-task-allow entitlement with the value set to any variation of
      true". The hardened runtime is a flag of the code signature, not an entitlement, so that
      half of the rule reads the bundle's executable and reports on its Info.plist; it says
      nothing when there is no signed executable to read (a source project, a bare file). The
      rule runs only for Developer ID distribution. A `get-task-allow` in a source
      `.entitlements` file is a warning: it reaches the signature unless the export removes it.
      """,
    appleSource: AppleSource(
      title: "Notarizing macOS software before distribution",
      url:
        "https://developer.apple.com/documentation/security/"
        + "notarizing-macos-software-before-distribution"),
    nonTriggering: [
      RuleExample(
        ["com.apple.security.cs.allow-jit": true], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
      RuleExample(
        ["com.apple.security.get-task-allow": false], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
      // A development build may be debuggable.
      RuleExample(
        ["com.apple.security.get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .development)),
      // An Info.plist without a bundle around it: no executable to read.
      RuleExample(
        ["CFBundleExecutable": "App"],
        context: LintContext(platforms: [.macOS], distribution: .developerID)),
    ],
    triggering: [
      RuleExample(
        ["com.apple.security.get-task-allow": true], role: .signedEntitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID),
        expect: ["\"com.apple.security.get-task-allow\""]),
      RuleExample(
        ["com.apple.security.get-task-allow": "YES"], role: .entitlements,
        context: LintContext(platforms: [.macOS], distribution: .developerID),
        expect: ["\"com.apple.security.get-task-allow\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.distribution == .developerID,
      EntitlementFacts.mayTargetMac(subject.context)
    else { return [] }
    if subject.role == .infoPlist { return hardenedRuntime(subject) }
    guard let dictionary = subject.dictionary,
      let key = EntitlementFacts.trueGetTaskAllow(dictionary),
      // The one combination Apple allows: a plug-in host that also disables library
      // validation, for debugging plug-ins
      // (https://developer.apple.com/documentation/security/resolving-common-notarization-issues).
      dictionary["com.apple.security.cs.disable-library-validation"]?.value != .boolean(true)
    else { return [] }
    let path = KeyPath.root.appending(key: key)
    let fix = Fix("remove get-task-allow", [.remove(path)])
    if subject.role == .signedEntitlements {
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) is true in a Developer ID build; notarization refuses it, so sign the "
            + "release without it", fix: fix)
      ]
    }
    return [
      subject.finding(
        Self.description, at: path,
        "\(key) is true; notarization refuses a Developer ID build that carries it, so remove "
          + "it from this file", severity: .warning, fix: fix)
    ]
  }

  /// The finding about an executable whose code signature lacks the hardened runtime flag.
  private func hardenedRuntime(_ subject: LintSubject) -> [Finding] {
    guard let bundle = subject.bundle, let executable = bundle.executable else { return [] }
    let unhardened = executable.slices.filter { slice in
      guard slice.fileType == .execute, let directory = slice.codeSignature?.codeDirectory else {
        return false
      }
      return !directory.isHardenedRuntime
    }
    guard !unhardened.isEmpty else { return [] }
    let name = bundle.info("CFBundleExecutable") ?? "the executable"
    let architectures = unhardened.map(\.architecture).joined(separator: ", ")
    return [
      subject.finding(
        Self.description, at: KeyPath.root.appending(key: "CFBundleExecutable"),
        "\(name) (\(architectures)) is signed without the hardened runtime; notarization "
          + "requires it, so enable the Hardened Runtime capability and sign again")
    ]
  }
}
