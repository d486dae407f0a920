import PlistBundle
import PlistCore

/// A key the system ignores because another key that takes precedence is present.
struct IgnoredKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "ignored_key",
    name: "Ignored Key",
    severity: .warning,
    category: .structure,
    appliesTo: [.infoPlist],
    summary: "A key has no effect because a key that takes its place is also present",
    rationale: """
      Apple's pages say `UIInterfaceOrientation` is ignored when `UISupportedInterfaceOrientations`
      is present, and (archive) that iOS 7 and later use `UILaunchImages` instead of
      `UILaunchImageFile` when both exist. Launch images are deprecated in favour of launch
      storyboards and `UILaunchScreen`; Apple's pages do not say which one the system shows when
      both are set, so that case is reported as redundant, without a claim about which wins.
      """,
    appleSource: AppleSource(
      title: "UIInterfaceOrientation", url: KnownKeys.infoPage + "uiinterfaceorientation"),
    nonTriggering: [
      RuleExample(["UIInterfaceOrientation": "UIInterfaceOrientationPortrait"]),
      RuleExample(["UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]]),
      RuleExample([
        "UIInterfaceOrientation": "UIInterfaceOrientationPortrait",
        "UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait"],
      ]),
      RuleExample(["UILaunchStoryboardName": "LaunchScreen", "UILaunchScreen": [:]]),
      RuleExample(["UILaunchImageFile": "Default"]),
    ],
    triggering: [
      RuleExample(
        [
          "UIInterfaceOrientation": "UIInterfaceOrientationPortrait",
          "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        ], expect: ["UIInterfaceOrientation"]),
      RuleExample(
        [
          "UIInterfaceOrientation~ipad": "UIInterfaceOrientationPortrait",
          "UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait"],
        ], expect: ["UIInterfaceOrientation~ipad"]),
      RuleExample(
        ["UILaunchImageFile~ipad": "Default", "UILaunchImages": []],
        expect: ["UILaunchImageFile~ipad"]),
      RuleExample(
        ["UILaunchImages": [], "UILaunchStoryboardName": "LaunchScreen"],
        expect: ["UILaunchImages"]),
      RuleExample(
        ["UILaunchImageFile": "Default", "UILaunchScreen": [:]], expect: ["UILaunchImageFile"]),
    ])

  static let launchScreens = [
    "UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen", "UILaunchScreens",
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary else { return [] }
    func present(_ base: String, suffix: String) -> String? {
      let wanted = [base + suffix, base].map { $0.lowercased() }
      return root.entries.first { wanted.contains($0.key.lowercased()) }?.key
    }
    var findings: [Finding] = []
    for item in root.entries {
      let (base, suffix) = KnownKeys.splitDeviceSuffix(item.key)
      let path = KeyPath.root.appending(key: item.key)
      var message: String?
      var url = KnownKeys.infoPage + base.lowercased()
      switch base {
      case "UIInterfaceOrientation":
        if let other = present("UISupportedInterfaceOrientations", suffix: suffix) {
          message =
            "\(item.key) is ignored because \(other) is present; Apple's page says the "
            + "system then uses the supported orientations, so remove \(item.key)"
        }
      case "UILaunchImageFile", "UILaunchImages":
        if base == "UILaunchImageFile", let other = present("UILaunchImages", suffix: suffix) {
          url = KnownKeys.archiveIOSKeys
          message =
            "\(item.key) is ignored because \(other) is present; Apple's archived key "
            + "reference says iOS 7 and later use \(other) instead, so remove \(item.key)"
        } else if let screen = Self.launchScreens.lazy.compactMap({
          present($0, suffix: suffix)
        }).first {
          if base == "UILaunchImageFile" { url = KnownKeys.archiveIOSKeys }
          message =
            "\(item.key) is redundant beside \(screen): Apple deprecated launch images in "
            + "favour of launch storyboards and launch screens, and its pages do not say which "
            + "one the system shows, so remove \(item.key)"
        }
      default:
        break
      }
      if let message {
        var finding = subject.finding(Self.description, at: path, message)
        finding.url = url
        // The system reads the other key, so removing this one changes nothing it does.
        finding.fix = Fix("remove \(item.key)", [.remove(path)])
        findings.append(finding)
      }
    }
    return findings
  }
}
