import PlistBundle
import PlistCore

/// `UIRequiresFullScreenIgnoredStartingWithVersion` without `UIRequiresFullScreen` true.
struct FullScreenIgnoredVersionUnusedRule: Rule {
  static let description = RuleDescription(
    identifier: "full_screen_ignored_version_unused",
    name: "Unused Full Screen Ignored Version",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UIRequiresFullScreenIgnoredStartingWithVersion is read only when "
      + "UIRequiresFullScreen is true",
    rationale: """
      Apple's key page: the system uses this key only when the Info.plist also contains
      `UIRequiresFullScreen` with a value of true. Without it the key does nothing; remove it,
      or check the spelling of `UIRequiresFullScreen` (capital S in Screen).
      """,
    appleSource: AppleSource(
      title: "UIRequiresFullScreenIgnoredStartingWithVersion",
      url: KnownKeys.infoPage + "uirequiresfullscreenignoredstartingwithversion"),
    nonTriggering: [
      RuleExample([
        "UIRequiresFullScreen": true, "UIRequiresFullScreenIgnoredStartingWithVersion": "26",
      ]),
      RuleExample(["UIRequiresFullScreen": false]),
    ],
    triggering: [
      RuleExample(
        ["UIRequiresFullScreenIgnoredStartingWithVersion": "26"],
        expect: ["UIRequiresFullScreenIgnoredStartingWithVersion"]),
      RuleExample(
        [
          "UIRequiresFullscreen": true, "UIRequiresFullScreenIgnoredStartingWithVersion": "26",
        ], expect: ["UIRequiresFullScreenIgnoredStartingWithVersion"]),
      RuleExample(
        [
          "UIRequiresFullScreen": false, "UIRequiresFullScreenIgnoredStartingWithVersion": "27",
        ], expect: ["UIRequiresFullScreenIgnoredStartingWithVersion"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let key = "UIRequiresFullScreenIgnoredStartingWithVersion"
    guard let info = subject.dictionary, info[key] != nil,
      info["UIRequiresFullScreen"]?.value.boolValue != true
    else { return [] }
    let path = KeyPath([.key(key)])
    let state = info["UIRequiresFullScreen"] == nil ? "absent" : "not true"
    return [
      subject.finding(
        Self.description, at: path,
        "\(key) has no effect while UIRequiresFullScreen is \(state); remove it",
        fix: Fix("remove \(key)", [.remove(path)]))
    ]
  }
}
