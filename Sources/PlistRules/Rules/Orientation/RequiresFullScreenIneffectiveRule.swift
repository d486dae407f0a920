import PlistBundle
import PlistCore

/// `UIRequiresFullScreen`, deprecated in iOS and iPadOS 26.0: what it still does, by device
/// family, SDK and `UIRequiresFullScreenIgnoredStartingWithVersion`.
struct RequiresFullScreenIneffectiveRule: Rule {
  static let description = RuleDescription(
    identifier: "requires_full_screen_ineffective",
    name: "Deprecated UIRequiresFullScreen",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UIRequiresFullScreen is deprecated since iOS 26.0, no longer opts an app built "
      + "with the iOS 27 SDK out of multitasking, and never configured iPhone-only apps",
    rationale: """
      The key page marks `UIRequiresFullScreen` deprecated in iOS and iPadOS 26.0; Apple's
      replacement is to adapt to resizing (`UISceneSizeRestrictions`,
      `prefersInterfaceOrientationLocked`) and then remove the key. This rule is the one place
      that reports the key (`deprecated_key` leaves it here), with what it means now:

      - in an app whose `UIDeviceFamily` has no iPad: TN3192 says the key "configures iPadOS
        apps only, and is ignored for iOS apps", so it does nothing;
      - true, built with the iOS 27 SDK (`DTSDKName`): the app is resized in discrete steps
        instead of being exempt from multitasking (TN3192), unless
        `UIRequiresFullScreenIgnoredStartingWithVersion` is 27 or lower, in which case the
        system ignores the key from that version on and the app must handle resizing there;
      - true otherwise: it still keeps the iPad app out of multitasking, but it is deprecated;
        `UIRequiresFullScreenIgnoredStartingWithVersion` names the version from which the
        system ignores it, for an app that already handles resizing;
      - false: the default, so the deprecated key can simply go.
      """,
    appleSource: AppleSource(
      title: "TN3192: Migrating your app from the deprecated UIRequiresFullScreen key",
      url: "https://developer.apple.com/documentation/technotes/"
        + "tn3192-migrating-your-app-from-the-deprecated-uirequiresfullscreen-key"),
    nonTriggering: [
      RuleExample(["UIDeviceFamily": [1, 2]], context: LintContext(sdk: "iphoneos27.0")),
      // The misspelt key is another key (near_miss_key reports it).
      RuleExample(["UIDeviceFamily": [1, 2], "UIRequiresFullscreen": true]),
      // A Mac build (Mac Catalyst) and a Mac-only target do not read it.
      RuleExample(
        ["UIDeviceFamily": [2, 6], "UIRequiresFullScreen": true],
        context: LintContext(sdk: "macosx26.0")),
      RuleExample(["UIRequiresFullScreen": true], context: LintContext(platforms: [.macOS])),
    ],
    triggering: [
      RuleExample(
        ["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true],
        context: LintContext(sdk: "iphoneos27.0"), expect: ["UIRequiresFullScreen"]),
      RuleExample(
        ["UIDeviceFamily": [1], "UIRequiresFullScreen": true], expect: ["UIRequiresFullScreen"]),
      // The deprecation alone, before the iOS 27 SDK or with the SDK unknown.
      RuleExample(
        ["UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true],
        context: LintContext(sdk: "iphoneos26.2"), expect: ["UIRequiresFullScreen"]),
      RuleExample(["UIRequiresFullScreen": true], expect: ["UIRequiresFullScreen"]),
      RuleExample(["UIRequiresFullScreen": false], expect: ["UIRequiresFullScreen"]),
      // Ignored from 26 on: with the iOS 27 SDK the app is not resized in discrete steps.
      RuleExample(
        [
          "UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true,
          "UIRequiresFullScreenIgnoredStartingWithVersion": "26",
        ], context: LintContext(sdk: "iphoneos27.0"), expect: ["UIRequiresFullScreen"]),
    ]
  ).requiring(
    [
      RuleRequirement(
        since: "iOS 27 SDK", "UIRequiresFullScreen no longer keeps an iPad app out of multitasking")
    ])

  static let ignoredKey = "UIRequiresFullScreenIgnoredStartingWithVersion"

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), let node = facts.info["UIRequiresFullScreen"],
      let value = node.value.boolValue, !facts.isMacBuild, !facts.isWatchOnlyContainer,
      facts.targets([.iOS, .iPadOS], fallback: true)
    else { return [] }
    let path = KeyPath([.key("UIRequiresFullScreen")])
    let remove = Fix("remove UIRequiresFullScreen", [.remove(path)])
    let deprecated = "UIRequiresFullScreen is deprecated since iOS 26.0"
    // Only UIDeviceFamily tells iPhone-only apart: the iOS platform alone (from the SDK name)
    // says nothing about the device family.
    if !facts.deviceFamilies.isEmpty, !facts.targetsIPad {
      return [
        subject.finding(
          Self.description, at: path,
          "\(deprecated) and configures iPad apps only; this app does not run on iPad, so the "
            + "system ignores it: remove it", fix: remove)
      ]
    }
    guard value else {
      return [
        subject.finding(
          Self.description, at: path,
          "\(deprecated); false is its default, so it does nothing: remove it", fix: remove)
      ]
    }
    let ignoredFrom = facts.string(Self.ignoredKey).flatMap { OSVersion($0) }
    let ignored = ignoredFrom.map { " (\(Self.ignoredKey) makes the system ignore it from \($0))" }
    if let sdk = facts.sdkMajorVersion, sdk >= 27 {
      if let ignoredFrom, let limit = OSVersion("27"), ignoredFrom <= limit {
        return [
          subject.finding(
            Self.description, at: path,
            "\(deprecated); \(Self.ignoredKey) is \(ignoredFrom), so from that version the "
              + "system ignores it and resizes the app (Apple says to set that key only once the "
              + "app handles resizing): remove UIRequiresFullScreen once older versions no longer "
              + "matter")
        ]
      }
      return [
        subject.finding(
          Self.description, at: path,
          "\(deprecated), and built with the iOS \(sdk) SDK the app is no longer exempt from "
            + "multitasking: the system resizes it in discrete steps; adapt the layout to "
            + "resizing and remove the key")
      ]
    }
    return [
      subject.finding(
        Self.description, at: path,
        "\(deprecated)\(ignored ?? ""); it still keeps the iPad app out of multitasking, but "
          + "from the iOS 27 SDK it no longer exempts the app: adapt to resizing "
          + "(UISceneSizeRestrictions) and remove it")
    ]
  }
}
