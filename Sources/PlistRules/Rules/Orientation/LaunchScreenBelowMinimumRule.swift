import PlistBundle
import PlistCore

/// `UILaunchScreen` as the only launch screen of an app that deploys below iOS 14, where the
/// system does not read the key.
struct LaunchScreenBelowMinimumRule: Rule {
  /// The first iOS version that reads `UILaunchScreen` and `UILaunchScreens`.
  static let firstVersion = OSVersion("14.0")

  static let description = RuleDescription(
    identifier: "launch_screen_below_ios_14",
    name: "Launch Screen Key Below iOS 14",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UILaunchScreen is the app's only launch screen, but the deployment target is "
      + "below iOS 14, the first version that reads it",
    rationale: """
      Apple's `UILaunchScreen` and `UILaunchScreens` pages list iOS 14.0 and iPadOS 14.0 as
      the first versions with the key. On an earlier system the key is unknown, so an app that
      deploys there and has no `UILaunchStoryboardName` (or `UILaunchStoryboards`) starts
      without a launch screen the system can show. Apple does not describe what such a device
      shows instead, so the finding says only that the key is not read there. The deployment
      target comes from the project target's build setting or from `MinimumOSVersion`; without
      either the rule stays silent.
      """,
    appleSource: AppleSource(title: "UILaunchScreen", url: KnownKeys.infoPage + "uilaunchscreen"),
    nonTriggering: [
      RuleExample(["UILaunchScreen": [:], "MinimumOSVersion": "14.0"]),
      RuleExample(["UILaunchScreen": [:]]),
      RuleExample(
        [
          "UILaunchScreen": [:], "UILaunchStoryboardName": "LaunchScreen",
          "MinimumOSVersion": "12.0",
        ]),
      RuleExample(["UILaunchStoryboardName": "LaunchScreen", "MinimumOSVersion": "12.0"]),
    ],
    triggering: [
      RuleExample(
        ["UILaunchScreen": [:], "MinimumOSVersion": "13.0"], expect: ["UILaunchScreen"]),
      RuleExample(
        ["UILaunchScreens": ["UILaunchScreenDefinitions": []], "MinimumOSVersion": "12.4"],
        expect: ["UILaunchScreens"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), let firstVersion = Self.firstVersion,
      let (target, source) = DeploymentTarget.iOSFamily(subject), target < firstVersion
    else { return [] }
    let storyboards = ["UILaunchStoryboardName", "UILaunchStoryboards"]
    guard
      !facts.info.keys.contains(where: {
        storyboards.contains(KnownKeys.splitDeviceSuffix($0).base)
      })
    else { return [] }
    let from: String
    switch source {
    case .infoPlist: from = "MinimumOSVersion is \(target)"
    case .buildSetting(let name): from = "\(name) is \(target)"
    }
    return facts.info.keys.filter {
      ["UILaunchScreen", "UILaunchScreens"].contains(KnownKeys.splitDeviceSuffix($0).base)
    }.map { key in
      var finding = subject.finding(
        Self.description, at: KeyPath.root.appending(key: key),
        "\(key) is the only launch screen, but \(from) and the key is read from iOS 14.0 on; "
          + "add a launch storyboard (UILaunchStoryboardName) for earlier versions or raise "
          + "the deployment target")
      finding.noFixReason =
        "a launch storyboard is a file you design, and raising the deployment target drops "
        + "devices: only you can choose"
      return finding
    }
  }
}
