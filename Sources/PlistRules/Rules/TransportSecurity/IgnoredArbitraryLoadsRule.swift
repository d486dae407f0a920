import PlistBundle
import PlistCore

/// `NSAllowsArbitraryLoads` true beside a key that makes iOS 10+ and macOS 10.12+ ignore it.
struct IgnoredArbitraryLoadsRule: Rule {
  static let description = RuleDescription(
    identifier: "ignored_arbitrary_loads",
    name: "Ignored Arbitrary Loads",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary:
      "NSAllowsArbitraryLoads is ignored on iOS 10 and macOS 10.12 and later when a narrower "
      + "App Transport Security key is present",
    rationale: """
      Apple's pages for `NSAllowsArbitraryLoadsInWebContent`, `NSAllowsArbitraryLoadsForMedia`
      and `NSAllowsLocalNetworking` say that on iOS 10 and macOS 10.12 and later, including any
      of them (with any value) makes App Transport Security ignore `NSAllowsArbitraryLoads`, so
      `YES` there turns nothing off. Apple describes setting both as a way to keep older systems
      working; when the Info.plist states a deployment target below iOS 10 or macOS 10.12, the
      combination is that and is not reported.
      """,
    appleSource: AppleSource(
      title: "NSAllowsArbitraryLoadsInWebContent",
      url: TransportSecurity.page + "/nsallowsarbitraryloadsinwebcontent"),
    nonTriggering: [
      RuleExample(["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]]),
      RuleExample(["NSAppTransportSecurity": ["NSAllowsArbitraryLoadsInWebContent": true]]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": false, "NSAllowsLocalNetworking": true,
          ]
        ]),
      RuleExample(
        [
          "MinimumOSVersion": "9.0",
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsArbitraryLoadsInWebContent": true,
          ],
        ]),
      RuleExample(
        [
          "LSMinimumSystemVersion": "10.11",
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsLocalNetworking": true,
          ],
        ]),
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsArbitraryLoadsInWebContent": true,
          ]
        ],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
      RuleExample(
        [
          "MinimumOSVersion": "15.0",
          "NSAppTransportSecurity": [
            "NSAllowsLocalNetworking": false, "NSAllowsArbitraryLoads": true,
          ],
        ],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
      RuleExample(
        [
          "LSMinimumSystemVersion": "10.13",
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsArbitraryLoadsForMedia": true,
          ],
        ],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary,
      TransportSecurity.settings(subject)?["NSAllowsArbitraryLoads"]?.value.boolValue == true,
      let overriding = TransportSecurity.arbitraryLoadsOverride(info)
    else { return [] }
    let path = TransportSecurity.path.appending(key: "NSAllowsArbitraryLoads")
    return [
      subject.finding(
        Self.description, at: path,
        "NSAllowsArbitraryLoads is ignored on iOS 10 and macOS 10.12 and later because "
          + "\(overriding) is present; remove it unless the app still supports older systems, "
          + "where it turns App Transport Security off and App Review asks why")
    ]
  }
}
