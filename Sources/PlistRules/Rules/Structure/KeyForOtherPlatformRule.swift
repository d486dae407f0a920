import PlistBundle
import PlistCore

/// A known key that none of the targeted platforms reads.
struct KeyForOtherPlatformRule: Rule {
  static let description = RuleDescription(
    identifier: "key_for_other_platform",
    name: "Key For Another Platform",
    severity: .warning,
    category: .structure,
    appliesTo: [.infoPlist, .entitlements, .signedEntitlements],
    summary: "A key is read only on platforms the bundle does not target",
    rationale: """
      Several keys exist on one platform only: `NSLocationUsageDescription` is the macOS
      location key (iOS uses `NSLocationWhenInUseUsageDescription`), `NSFaceIDUsageDescription`
      is iOS-only, `LSRequiresIPhoneOS` means nothing on tvOS. The rule runs only when the
      targeted platforms are known. iPadOS and Mac Catalyst read iOS keys, Mac Catalyst reads
      macOS keys, visionOS runs iOS apps, and keys whose availability Apple lists incompletely
      are accepted where they are known to apply.
      """,
    appleSource: AppleSource(
      title: "NSLocationUsageDescription",
      url: KnownKeys.infoPage + "nslocationusagedescription"),
    nonTriggering: [
      RuleExample(
        ["NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.macOS])),
      RuleExample(
        ["NSFaceIDUsageDescription": "Unlocks your vault.", "LSRequiresIPhoneOS": true],
        context: LintContext(platforms: [.iPadOS])),
      RuleExample(
        ["NSFaceIDUsageDescription": "Unlocks your vault.", "LSRequiresIPhoneOS": true],
        context: LintContext(platforms: [.macCatalyst])),
      RuleExample(["NSLocationUsageDescription": "Shows nearby stores."]),
      RuleExample(
        ["NSLocationUsageDescription": "Shows nearby stores.", "LSRequiresIPhoneOS": true],
        context: LintContext(platforms: [.iOS, .macOS])),
      RuleExample(
        ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": false], "CFBundleName": "TV"],
        context: LintContext(platforms: [.tvOS])),
      RuleExample(
        ["com.apple.security.app-sandbox": true, "aps-environment": "production"],
        role: .entitlements, context: LintContext(platforms: [.iOS, .macCatalyst])),
      RuleExample(
        ["com.apple.security.app-sandbox": true], role: .entitlements,
        context: LintContext(platforms: [.iOS])),
      RuleExample(
        ["UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait"]],
        context: LintContext(platforms: [.visionOS])),
    ],
    triggering: [
      RuleExample(
        ["NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.iOS]), expect: ["NSLocationUsageDescription"]),
      RuleExample(
        ["NSFaceIDUsageDescription": "Unlocks your vault."],
        context: LintContext(platforms: [.macOS]), expect: ["NSFaceIDUsageDescription"]),
      RuleExample(
        ["LSRequiresIPhoneOS": true], context: LintContext(platforms: [.tvOS]),
        expect: ["LSRequiresIPhoneOS"]),
      RuleExample(
        ["UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait"]],
        context: LintContext(platforms: [.macOS]),
        expect: ["UISupportedInterfaceOrientations~ipad"]),
      RuleExample(
        ["com.apple.security.app-sandbox": true], role: .entitlements,
        context: LintContext(platforms: [.tvOS]), expect: ["\"com.apple.security.app-sandbox\""]),
    ])

  /// Keys whose platform limit Apple states in words, not only in availability lists.
  static let statedLimits: Set<String> = [
    "LSRequiresIPhoneOS", "NSLocationUsageDescription", "NSFaceIDUsageDescription",
    "NFCReaderUsageDescription", "com.apple.security.app-sandbox",
  ]

  /// True when the effective Info.plist took `key` from its `INFOPLIST_FILE`.
  static func comesFromTheFile(_ key: String, _ effective: EffectiveInfoPlist) -> Bool {
    guard let source = effective[key]?.source, case .file = source else { return false }
    return true
  }

  func check(_ subject: LintSubject) -> [Finding] {
    let context = subject.context
    guard !context.platforms.isEmpty else { return [] }
    var findings: [Finding] = []
    // In a project target's effective Info.plist, keys that come from build settings or that
    // Xcode adds itself are the build system's business: it drops what a platform does not
    // read (UIDeviceFamily from TARGETED_DEVICE_FAMILY, for one).
    let effective = subject.bundle?.effectiveInfoPlist
    CatalogWalk.visit(subject, nested: false) { visit in
      if let effective, !Self.comesFromTheFile(visit.key, effective) { return }
      guard visit.key != "UIDeviceFamily" else { return }
      // Apple's availability lists leave out watchOS and tvOS for keys those platforms read
      // (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity
      // omits tvOS):
      // there, only keys Apple itself limits are reported.
      if context.platforms.contains(where: { $0 == .watchOS || $0 == .tvOS }),
        !Self.statedLimits.contains(visit.key)
      {
        return
      }
      guard let entry = visit.entry, !entry.platforms.isEmpty,
        KnownKey.Home(subject.role) == entry.home,
        PlatformReach.readers(entry, context, role: subject.role).isEmpty
      else { return }
      let targets = context.platforms.map(\.displayName).listed
      var message =
        "Apple documents \(visit.key) only for \(entry.platformList); this bundle targets "
        + "\(targets), where it likely has no effect"
      let deprecations = context.platforms.flatMap { entry.deprecations(on: $0) }
      if let deprecation = deprecations.first {
        message += " (on \(deprecation.platform?.displayName ?? "it") it was deprecated in "
        message += "\(deprecation.version)"
        message += deprecation.replacement.map { "; use \($0) instead)" } ?? ")"
      }
      message += "; remove it unless another target shares this file"
      var finding = subject.finding(Self.description, at: visit.path, message)
      finding.url = entry.url
      findings.append(finding)
    }
    return findings
  }
}
