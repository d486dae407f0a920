import PlistBundle
import PlistCore

/// `NSAllowsArbitraryLoads` true (and not ignored): App Transport Security is off for every
/// domain not listed, and App Review asks why.
struct ArbitraryLoadsRule: Rule {
  static let description = RuleDescription(
    identifier: "arbitrary_loads",
    name: "Arbitrary Loads",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "NSAllowsArbitraryLoads turns App Transport Security off, and App Review asks why",
    rationale: """
      Apple's page for `NSAllowsArbitraryLoads` says that setting it to `YES` turns App Transport
      Security off for every domain not listed in `NSExceptionDomains`, that you must supply a
      justification during App Store review, and that a narrower exception (per domain, or for
      web content or media only) is better in most cases. The upload is not refused for it, so
      the finding is a warning. When `NSAllowsArbitraryLoadsInWebContent`,
      `NSAllowsArbitraryLoadsForMedia` or `NSAllowsLocalNetworking` is present, iOS 10 and macOS
      10.12 and later ignore the key; `ignored_arbitrary_loads` reports that case instead, unless
      the Info.plist states a deployment target older than those, where the key still counts.
      """,
    appleSource: AppleSource(
      title: "NSAllowsArbitraryLoads",
      url: TransportSecurity.page + "/nsallowsarbitraryloads"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
      RuleExample(["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": false]]),
      RuleExample(["NSAppTransportSecurity": ["NSAllowsLocalNetworking": true]]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsArbitraryLoadsInWebContent": true,
          ]
        ]),
      RuleExample(["NSAllowsArbitraryLoads": true]),
    ],
    triggering: [
      RuleExample(
        ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true,
            "NSExceptionDomains": ["example.com": ["NSIncludesSubdomains": true]],
          ]
        ],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
      RuleExample(
        [
          "MinimumOSVersion": "9.0",
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true, "NSAllowsArbitraryLoadsInWebContent": true,
          ],
        ],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary,
      TransportSecurity.settings(subject)?["NSAllowsArbitraryLoads"]?.value.boolValue == true,
      TransportSecurity.arbitraryLoadsOverride(info) == nil
    else { return [] }
    let path = TransportSecurity.path.appending(key: "NSAllowsArbitraryLoads")
    return [
      subject.finding(
        Self.description, at: path,
        "NSAllowsArbitraryLoads turns App Transport Security off for every domain not listed; "
          + "App Review asks for a justification, and Apple advises a narrower exception instead")
    ]
  }
}
