import PlistBundle
import PlistCore

/// An exception domain with `NSExceptionAllowsInsecureHTTPLoads` true: plain HTTP to that
/// domain, which App Review asks to justify.
struct InsecureHTTPExceptionRule: Rule {
  static let description = RuleDescription(
    identifier: "insecure_http_exception",
    name: "Insecure HTTP Exception",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "An exception domain allows plain HTTP, and App Review asks for a justification",
    rationale: """
      Apple's page for `NSExceptionAllowsInsecureHTTPLoads` says that `YES` allows insecure HTTP
      loads for the domain (and lets the app loosen server trust evaluation for it), and that a
      justification is required in App Store review. Local names are left alone: `localhost`,
      loopback addresses, `.local` names and unqualified names (without
      `NSIncludesSubdomains`), which `NSAllowsLocalNetworking`'s page says App Transport Security
      already lets apps reach on iOS 10 and macOS 10.12 and later.
      """,
    appleSource: AppleSource(
      title: "NSExceptionAllowsInsecureHTTPLoads",
      url: KnownKeys.infoPage + "nsexceptionallowsinsecurehttploads"),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["localhost": ["NSExceptionAllowsInsecureHTTPLoads": true]]
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "printer.local": ["NSExceptionAllowsInsecureHTTPLoads": true],
              "127.0.0.1": ["NSExceptionAllowsInsecureHTTPLoads": true],
            ]
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": [
                "NSExceptionAllowsInsecureHTTPLoads": false, "NSIncludesSubdomains": true,
              ]
            ]
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "legacy.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.2"]
            ]
          ]
        ]),
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "cas.example.com": [
                "NSExceptionAllowsInsecureHTTPLoads": true,
                "NSExceptionRequiresForwardSecrecy": false,
              ]
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"cas.example.com\""
            + ".NSExceptionAllowsInsecureHTTPLoads"
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "onion": [
                "NSExceptionAllowsInsecureHTTPLoads": true, "NSIncludesSubdomains": true,
              ]
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.onion.NSExceptionAllowsInsecureHTTPLoads"
        ]
      ),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    TransportSecurity.domains(subject).compactMap { domain in
      let key = "NSExceptionAllowsInsecureHTTPLoads"
      guard domain.exceptions?[key]?.value.boolValue == true, !TransportSecurity.isLocal(domain)
      else { return nil }
      let subdomains = domain.exceptions?["NSIncludesSubdomains"]?.value.boolValue == true
      let reach =
        switch (subdomains, domain.name.contains(".")) {
        case (true, false): "every host under the top-level domain \(domain.name)"
        case (true, true): "\(domain.name) and its subdomains"
        default: domain.name
        }
      return subject.finding(
        Self.description, at: domain.path.appending(key: key),
        "\(key) allows plain HTTP to \(reach); App Review asks for a justification, so move "
          + "the server to HTTPS or be ready to explain why it cannot")
    }
  }
}
