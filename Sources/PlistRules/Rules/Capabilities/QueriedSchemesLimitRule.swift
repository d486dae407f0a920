import PlistBundle
import PlistCore

/// More `LSApplicationQueriesSchemes` entries than `canOpenURL(_:)` honours.
struct QueriedSchemesLimitRule: Rule {
  /// The limit for apps linked on or after iOS 15.
  static let limit = 50
  /// The limit for apps linked on or after iOS 27.
  static let limit27 = 25

  static let description = RuleDescription(
    identifier: "queried_schemes_over_limit",
    name: "Too Many Queried URL Schemes",
    severity: .warning,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "LSApplicationQueriesSchemes lists more schemes than canOpenURL honours",
    rationale: """
      `canOpenURL(_:)` answers only for schemes listed in `LSApplicationQueriesSchemes`. Apple's
      page for it caps the list at 50 entries for apps linked on or after iOS 15, and at 25 for
      apps linked on or after iOS 27. With a known SDK (`DTSDKName`) the rule applies that SDK's
      limit; without one (a project or a bare file) it warns above 50 and notes above 25, the
      limit the iOS 27 SDK brings. `open(_:options:completionHandler:)` is not limited.
      """,
    appleSource: AppleSource(
      title: "canOpenURL(_:)",
      url: "https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)"),
    nonTriggering: [
      RuleExample(["LSApplicationQueriesSchemes": ["fb", "twitter"]]),
      RuleExample(
        ["LSApplicationQueriesSchemes": schemes(30)],
        context: LintContext(platforms: [.iOS], sdk: "iphoneos26.0")),
      RuleExample(
        ["LSApplicationQueriesSchemes": schemes(60)], context: LintContext(platforms: [.macOS])),
    ],
    triggering: [
      RuleExample(
        ["LSApplicationQueriesSchemes": schemes(51)], expect: ["LSApplicationQueriesSchemes"]),
      RuleExample(
        ["LSApplicationQueriesSchemes": schemes(26)],
        context: LintContext(platforms: [.iOS], sdk: "iphoneos27.0"),
        expect: ["LSApplicationQueriesSchemes"]),
      RuleExample(
        ["LSApplicationQueriesSchemes": schemes(26)], expect: ["LSApplicationQueriesSchemes"]),
    ]
  ).requiring(
    [
      RuleRequirement(since: "iOS 15 SDK", "canOpenURL answers for at most 50 queried schemes"),
      RuleRequirement(since: "iOS 27 SDK", "canOpenURL answers for at most 25 queried schemes"),
    ])

  /// An array of `count` distinct schemes, for examples.
  static func schemes(_ count: Int) -> PlistNode {
    PlistNode(.array((0..<count).map { PlistNode(.string("scheme\($0)")) }))
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isMacOnly == false,
      let items = subject.dictionary?["LSApplicationQueriesSchemes"]?.value.arrayValue
    else { return [] }
    let count = items.count
    let sdk = subject.context.sdkMajorVersion
    let path = KeyPath.root.appending(key: "LSApplicationQueriesSchemes")
    if let sdk, sdk >= 27, count > Self.limit27 {
      return [
        subject.finding(
          Self.description, at: path,
          "LSApplicationQueriesSchemes lists \(count) schemes, but apps built with the iOS "
            + "\(sdk) SDK get canOpenURL answers for at most \(Self.limit27); keep the ones the "
            + "app checks")
      ]
    }
    if count > Self.limit, sdk.map({ $0 >= 15 }) ?? true {
      return [
        subject.finding(
          Self.description, at: path,
          "LSApplicationQueriesSchemes lists \(count) schemes, but apps linked on iOS 15 or later "
            + "get canOpenURL answers for at most \(Self.limit); keep the ones the app checks")
      ]
    }
    if count > Self.limit27, sdk == nil {
      return [
        subject.finding(
          Self.description, at: path,
          "LSApplicationQueriesSchemes lists \(count) schemes; built with the iOS 27 SDK the app "
            + "gets canOpenURL answers for at most \(Self.limit27)", severity: .note)
      ]
    }
    return []
  }
}
