import PlistBundle
import PlistCore

/// An exception domain that changes nothing: no exception of its own, and no global key
/// loosening App Transport Security that it would shield the domain from.
struct EmptyExceptionDomainRule: Rule {
  static let description = RuleDescription(
    identifier: "empty_exception_domain",
    name: "Empty Exception Domain",
    severity: .note,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "An exception domain sets no exception and shields the domain from nothing",
    rationale: """
      Apple's page for `NSExceptionDomains` says a listed domain, even with an empty dictionary,
      keeps App Transport Security's defaults whatever the global keys say. So an empty entry is
      meaningful when `NSAllowsArbitraryLoads`, `NSAllowsArbitraryLoadsInWebContent`,
      `NSAllowsArbitraryLoadsForMedia` or `NSAllowsLocalNetworking` is true, and is not reported
      then. Otherwise an entry with no keys, or only keys at their default values
      (`NSIncludesSubdomains`, `NSExceptionAllowsInsecureHTTPLoads` false,
      `NSExceptionRequiresForwardSecrecy` true, `NSExceptionMinimumTLSVersion` `TLSv1.2`), changes
      nothing: perhaps an exception was meant and left out.
      """,
    appleSource: AppleSource(title: "NSExceptionDomains", url: TransportSecurity.domainsPage),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true,
            "NSExceptionDomains": ["bank.example.com": ["NSIncludesSubdomains": true]],
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoadsInWebContent": true,
            "NSExceptionDomains": ["example.com": [:]],
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": ["NSExceptionRequiresForwardSecrecy": false],
              "example.org": ["NSExceptionMinimumTLSVersion": "TLSv1.3"],
              "example.net": ["NSRequiresCertificateTransparency": true],
            ]
          ]
        ]),
    ],
    triggering: [
      RuleExample(
        ["NSAppTransportSecurity": ["NSExceptionDomains": ["example.com": [:]]]],
        expect: ["NSAppTransportSecurity.NSExceptionDomains.\"example.com\""]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": false,
            "NSExceptionDomains": [
              "example.com": [
                "NSIncludesSubdomains": true, "NSExceptionAllowsInsecureHTTPLoads": false,
                "NSExceptionMinimumTLSVersion": "TLSv1.2",
              ]
            ],
          ]
        ],
        expect: ["NSAppTransportSecurity.NSExceptionDomains.\"example.com\""]),
    ])

  /// The exception keys and the values that leave App Transport Security's defaults in place
  /// (nil: any value).
  private static let defaults: [String: PlistValue?] = [
    "NSIncludesSubdomains": nil,
    "NSExceptionAllowsInsecureHTTPLoads": .boolean(false),
    "NSExceptionRequiresForwardSecrecy": .boolean(true),
    "NSExceptionMinimumTLSVersion": .string("TLSv1.2"),
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    guard let settings = TransportSecurity.settings(subject),
      !TransportSecurity.looseningKeys.contains(where: { settings[$0]?.value.boolValue == true })
    else { return [] }
    return TransportSecurity.domains(subject).compactMap { domain in
      guard let exceptions = domain.exceptions,
        exceptions.entries.allSatisfy({ entry in
          guard let value = Self.defaults[entry.key] else { return false }
          return value == nil || value == entry.node.value
        })
      else { return nil }
      let what =
        exceptions.entries.isEmpty
        ? "sets no exception" : "sets only App Transport Security's default values"
      return subject.finding(
        Self.description, at: domain.path,
        "The exception domain \(domain.name) \(what), and no global key loosens App Transport "
          + "Security, so it changes nothing; add the exception you meant or remove it")
    }
  }
}
