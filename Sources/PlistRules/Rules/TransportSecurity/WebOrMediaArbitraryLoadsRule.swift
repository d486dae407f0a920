import PlistBundle
import PlistCore

/// `NSAllowsArbitraryLoadsInWebContent` or `NSAllowsArbitraryLoadsForMedia` true: a narrower
/// exemption, which App Review still asks to justify.
struct WebOrMediaArbitraryLoadsRule: Rule {
  static let description = RuleDescription(
    identifier: "web_or_media_arbitrary_loads",
    name: "Web or Media Arbitrary Loads",
    severity: .note,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary:
      "App Transport Security is off for web views or media, and App Review asks for a "
      + "justification",
    rationale: """
      `NSAllowsArbitraryLoadsInWebContent` exempts `WKWebView` loads and
      `NSAllowsArbitraryLoadsForMedia` AV Foundation media from App Transport Security, without
      affecting `URLSession`. They are the narrower exceptions Apple points to instead of
      `NSAllowsArbitraryLoads`, but Apple's *Preventing Insecure Network Connections* lists them
      among the exceptions App Review asks you to justify, and Apple scopes the media key to
      encrypted media (FairPlay, secure HTTP Live Streaming) without personal data. A browser or
      a media player may well need them, so the finding is a note: be ready to explain them.
      """,
    appleSource: AppleSource(
      title: "Preventing Insecure Network Connections",
      url:
        "https://developer.apple.com/documentation/security/preventing-insecure-network-connections"
    ),
    nonTriggering: [
      RuleExample(["NSAppTransportSecurity": ["NSAllowsArbitraryLoadsInWebContent": false]]),
      RuleExample(["NSAppTransportSecurity": ["NSAllowsLocalNetworking": true]]),
      RuleExample(["UIBackgroundModes": ["audio"]]),
    ],
    triggering: [
      RuleExample(
        ["NSAppTransportSecurity": ["NSAllowsArbitraryLoadsInWebContent": true]],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoadsInWebContent"]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoadsForMedia": true, "NSAllowsArbitraryLoadsInWebContent": true,
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSAllowsArbitraryLoadsForMedia",
          "NSAppTransportSecurity.NSAllowsArbitraryLoadsInWebContent",
        ]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let settings = TransportSecurity.settings(subject) else { return [] }
    var findings: [Finding] = []
    var seen: Set<String> = []
    for entry in settings.entries where seen.insert(entry.key).inserted {
      let scope: String
      switch entry.key {
      case "NSAllowsArbitraryLoadsInWebContent": scope = "web views"
      case "NSAllowsArbitraryLoadsForMedia":
        scope = "AV Foundation media (Apple means it for encrypted media only)"
      default: continue
      }
      guard settings[entry.key]?.value.boolValue == true else { continue }
      findings.append(
        subject.finding(
          Self.description, at: TransportSecurity.path.appending(key: entry.key),
          "\(entry.key) turns App Transport Security off for \(scope); App Review asks for a "
            + "justification of it"))
    }
    return findings
  }
}
