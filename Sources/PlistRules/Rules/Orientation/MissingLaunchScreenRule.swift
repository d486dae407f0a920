import PlistBundle
import PlistCore

/// An iPhone or iPad app without a launch screen configuration.
struct MissingLaunchScreenRule: Rule {
  static let keys = [
    "UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen", "UILaunchScreens",
  ]

  static let description = RuleDescription(
    identifier: "missing_launch_screen",
    name: "Missing Launch Screen",
    severity: .error,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "An iPhone or iPad app declares a launch screen: UILaunchStoryboardName, "
      + "UILaunchStoryboards, UILaunchScreen or UILaunchScreens",
    rationale: """
      TN3208: starting with iOS 27 and iPadOS 27, App Store Connect requires a launch screen
      configuration in the Info.plist of iPhone and iPad apps (App Store and alternative
      marketplaces) and rejects the upload otherwise with ITMS-90870: at least one of
      `UILaunchStoryboardName`, `UILaunchStoryboards`, `UILaunchScreen`, `UILaunchScreens`.
      An error when the SDK (`DTSDKName`) is 27 or later. Before the iOS 27 SDK (or when the
      SDK is unknown) an app that runs on iPad and supports multitasking (it does not set
      `UIRequiresFullScreen`) already needed one: App Store Connect refuses it with ITMS-90475
      ("iPad Multitasking support requires launch storyboard", later worded to allow
      `UILaunchScreen` from iOS 14), as its messages quoted in public reports show; that is an
      error in a built bundle or a project's assembled Info.plist, and a warning in a bare
      source file, which the build may still complete. Other apps get a warning before the
      iOS 27 SDK. `UILaunchImages` does not count. A key written with Apple's device suffix
      (`UILaunchStoryboardName~ipad`, `UILaunchScreen~iphone`) covers that device only: when
      the app runs on a device no key covers (known from `UIDeviceFamily` or the platforms),
      that is a warning, because Apple does not say whether the upload check reads
      device-specific keys. Checked on app bundles only (not extensions, not the iOS container
      of a watch-only app), and in a source file only when it is written in full (then the
      build may still generate `UILaunchScreen`).
      """,
    appleSource: AppleSource(
      title: "TN3208: Preparing your app's launch screen to meet App Store requirements",
      url: "https://developer.apple.com/documentation/technotes/"
        + "tn3208-preparing-your-apps-launch-screen-to-meet-app-store-requirements"),
    itms: "ITMS-90870",
    nonTriggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "LSRequiresIPhoneOS": true, "UILaunchScreen": [:]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "LSRequiresIPhoneOS": true,
          "UILaunchStoryboardName": "LaunchScreen",
        ], context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      // Device-specific keys that cover every device the app runs on.
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2],
          "UILaunchStoryboardName~ipad": "LaunchPad", "UILaunchScreen~iPhone": [:],
        ], context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [2],
          "UILaunchStoryboardName~ipad": "LaunchPad",
        ], context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      // The iOS container of a watch-only app (Apple's documentation is silent on it).
      RuleExample(
        ["CFBundlePackageType": "APPL", "ITSWatchOnlyContainer": true, "UIDeviceFamily": [1]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      // A partial source file: the build may generate it.
      RuleExample(["LSRequiresIPhoneOS": true]),
      // Not an iPhone or iPad app: macOS, an extension.
      RuleExample(
        ["CFBundlePackageType": "APPL"],
        context: LintContext(platforms: [.macOS], isBuilt: true, sdk: "macosx27.0")),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "NSExtension": [:]],
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos27.0")),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0"),
        expect: ["UILaunchScreen"]),
      // Ad hoc and development builds do not go through App Store Connect.
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .adHoc, sdk: "iphoneos27.0"),
        expect: ["UILaunchScreen"], severity: .note),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .appStore, sdk: "iphoneos27.0"),
        expect: ["UILaunchScreen"], severity: .error),
      // Only the iPad has a launch screen.
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2],
          "UILaunchStoryboardName~ipad": "LaunchPad",
        ], context: LintContext(isBuilt: true, sdk: "iphoneos27.0"),
        expect: ["UILaunchStoryboardName"], severity: .warning),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UILaunchImages": []],
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos26.2"),
        expect: ["UILaunchScreen"], severity: .warning),
      // Before the iOS 27 SDK, iPad multitasking already needed one (ITMS-90475).
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, sdk: "iphoneos18.2"),
        expect: ["UILaunchScreen"], severity: .error),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [2]],
        context: LintContext(isBuilt: true, distribution: .appStore, sdk: "iphoneos26.0"),
        expect: ["UILaunchScreen"], severity: .error),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .development, sdk: "iphoneos18.2"),
        expect: ["UILaunchScreen"], severity: .note),
      // Full screen on iPad: no multitasking, so no ITMS-90475 before the iOS 27 SDK.
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true],
        context: LintContext(isBuilt: true, sdk: "iphoneos18.2"),
        expect: ["UILaunchScreen"], severity: .warning),
      // A source file written in full: the build may still generate one.
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]], expect: ["UILaunchScreen"],
        severity: .warning),
      RuleExample(
        ["CFBundlePackageType": "APPL", "LSRequiresIPhoneOS": true],
        expect: ["UILaunchScreen"]),
    ]
  ).requiring(
    [RuleRequirement(since: "iOS 27 SDK", "App Store Connect requires a launch screen (TN3208)")])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp,
      facts.completeness != .partialSource
    else { return [] }
    let conditional = subject.bundle?.effectiveInfoPlist?.conditionalVariants.map(\.key) ?? []
    let written = (facts.info.keys + conditional).filter {
      Self.keys.contains(KnownKeys.splitDeviceSuffix($0).base)
    }
    if !written.isEmpty {
      return partialFindings(subject, facts, written: written)
    }
    let path = KeyPath([.key("UILaunchScreen")])
    let sdk = facts.sdkMajorVersion
    let launchImages =
      facts.info["UILaunchImages"] != nil ? " (UILaunchImages does not count)" : ""
    if let sdk, sdk >= 27 {
      return [
        subject.finding(
          Self.description, at: path,
          "no launch screen is configured\(launchImages); App Store Connect requires one for "
            + "apps built with the iOS 27 SDK: add UILaunchScreen or UILaunchStoryboardName",
          fix: Self.emptyLaunchScreen(subject))
      ]
    }
    let multitasking =
      facts.targetsIPad && facts.info["UIRequiresFullScreen"]?.value.boolValue != true
    if multitasking, [.built, .assembled].contains(facts.completeness) {
      return [
        subject.finding(
          Self.description, at: path,
          "no launch screen is configured\(launchImages), and App Store Connect refuses an "
            + "iPad app that supports multitasking without one: add "
            + "UILaunchScreen (iOS 14 and later) or UILaunchStoryboardName",
          itms: "ITMS-90475")
      ]
    }
    var finding = subject.finding(
      Self.description, at: path,
      "no launch screen is configured\(launchImages)"
        + (facts.completeness == .fullSource
          ? " unless the build generates one" : "")
        + "; from the iOS 27 SDK App Store Connect rejects apps without one: add "
        + "UILaunchScreen or UILaunchStoryboardName", severity: .warning)
    finding.itms = nil
    finding.fix = Self.emptyLaunchScreen(subject)
    return [finding]
  }

  /// A launch screen written only with a device suffix (`UILaunchStoryboardName~ipad`) for
  /// another device than one the app runs on: that device has none.
  private func partialFindings(
    _ subject: LintSubject, _ facts: InfoPlistFacts, written: [String]
  ) -> [Finding] {
    let bare = written.contains { KnownKeys.splitDeviceSuffix($0).suffix.isEmpty }
    guard !bare, !facts.devices.isEmpty else { return [] }
    let uncovered = facts.devices.filter { device in
      !written.contains { KnownKeys.splitDeviceSuffix($0).suffix.lowercased() == device.rawValue }
    }
    guard let device = uncovered.first, let only = written.first else { return [] }
    let path = KeyPath([.key(KnownKeys.splitDeviceSuffix(only).base)])
    var finding = subject.finding(
      Self.description, at: path,
      "the launch screen is given only as \(written.joined(separator: ", ")), so on "
        + "\(device.name) the app has none; add \(KnownKeys.splitDeviceSuffix(only).base) "
        + "without the suffix (Apple does not say whether App Store Connect's launch screen "
        + "check reads device-specific keys)", severity: .warning)
    finding.itms = nil
    return [finding]
  }
}

extension MissingLaunchScreenRule {
  /// The fix that adds the launch screen Xcode itself generates, an empty `UILaunchScreen`
  /// dictionary (`INFOPLIST_KEY_UILaunchScreen_Generation`); nil when the deployment target is
  /// below iOS 14, which does not read the key (`launch_screen_below_ios_14`).
  static func emptyLaunchScreen(_ subject: LintSubject) -> Fix? {
    if let (target, _) = DeploymentTarget.iOSFamily(subject),
      let first = LaunchScreenBelowMinimumRule.firstVersion, target < first
    {
      return nil
    }
    return Fix(
      "add an empty UILaunchScreen",
      [.set(KeyPath.root.appending(key: "UILaunchScreen"), .dictionary(.init()))])
  }
}
