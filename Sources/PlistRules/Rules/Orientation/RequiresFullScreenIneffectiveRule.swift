import PlistBundle
import PlistCore

/// `UIRequiresFullScreen` set to true where it does not do what it used to: in an app that
/// does not run on iPad, or in an app built with the iOS 27 SDK.
struct RequiresFullScreenIneffectiveRule: Rule {
  static let description = RuleDescription(
    identifier: "requires_full_screen_ineffective",
    name: "UIRequiresFullScreen Without Effect",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UIRequiresFullScreen no longer opts an app built with the iOS 27 SDK out of "
      + "multitasking, and never configured iPhone-only apps",
    rationale: """
      TN3192: the key "configures iPadOS apps only, and is ignored for iOS apps", and from the
      iOS 27 SDK an app with it set to true is resized in discrete steps instead of being exempt
      from multitasking (unless `UIRequiresFullScreenIgnoredStartingWithVersion` says the app
      already handles resizing). The plain deprecation (26.0) is the catalog's
      `deprecated_key` finding; this rule reports only these two consequences, so the SDK
      (`DTSDKName`) and device family decide. Replace the key with `UISceneSizeRestrictions` and
      `prefersInterfaceOrientationLocked`, then remove it.
      """,
    appleSource: AppleSource(
      title: "TN3192: Migrating your app from the deprecated UIRequiresFullScreen key",
      url: "https://developer.apple.com/documentation/technotes/"
        + "tn3192-migrating-your-app-from-the-deprecated-uirequiresfullscreen-key"),
    nonTriggering: [
      RuleExample(
        ["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true],
        context: LintContext(sdk: "iphoneos26.2")),
      // SDK unknown: only the deprecation applies (deprecated_key).
      RuleExample(["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true]),
      RuleExample(
        ["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": false],
        context: LintContext(sdk: "iphoneos27.0")),
      // Device family unknown.
      RuleExample(["UIRequiresFullScreen": true]),
      RuleExample(["UIRequiresFullScreen": true], context: LintContext(platforms: [.iOS])),
    ],
    triggering: [
      RuleExample(
        ["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true],
        context: LintContext(sdk: "iphoneos27.0"), expect: ["UIRequiresFullScreen"]),
      RuleExample(
        ["UIDeviceFamily": [1], "UIRequiresFullScreen": true], expect: ["UIRequiresFullScreen"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject),
      facts.info["UIRequiresFullScreen"]?.value.boolValue == true, !facts.isMacBuild
    else { return [] }
    let path = KeyPath([.key("UIRequiresFullScreen")])
    // Only UIDeviceFamily tells iPhone-only apart: the iOS platform alone (from the SDK name)
    // says nothing about the device family.
    if !facts.deviceFamilies.isEmpty, !facts.targetsIPad {
      return [
        subject.finding(
          Self.description, at: path,
          "UIRequiresFullScreen configures iPad apps only and this app does not run on iPad, "
            + "so the system ignores it; remove it",
          fix: Fix("remove UIRequiresFullScreen", [.remove(path)]))
      ]
    }
    guard facts.targetsIPad, let sdk = facts.sdkMajorVersion, sdk >= 27 else { return [] }
    return [
      subject.finding(
        Self.description, at: path,
        "built with the iOS \(sdk) SDK, the app is no longer exempt from multitasking: the "
          + "system resizes it in discrete steps despite UIRequiresFullScreen; adapt the layout "
          + "to resizing and remove the key")
    ]
  }
}
