import PlistBundle
import PlistCore

/// `NSIncludesSubdomains` true on an IP-address exception, where it has no effect.
struct SubdomainsOnAddressRule: Rule {
  static let description = RuleDescription(
    identifier: "subdomains_on_address",
    name: "Subdomains On Address",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "NSIncludesSubdomains has no effect on an exception for an IP address or range",
    rationale: """
      Apple's page for `NSIncludesSubdomains` says it has no effect on exceptions for IP
      addresses (and that for domain names it reaches one level of subdomains only). Setting it
      on an address suggests the exception is broader than it is.
      """,
    appleSource: AppleSource(
      title: "NSIncludesSubdomains", url: KnownKeys.infoPage + "nsincludessubdomains"),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": ["NSIncludesSubdomains": true],
              "192.168.0.0/16": ["NSIncludesSubdomains": false],
              "10.0.0.1": ["NSExceptionAllowsInsecureHTTPLoads": true],
            ]
          ]
        ])
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "10.0.0.0/8": ["NSIncludesSubdomains": true],
              "2001:db8::1": ["NSIncludesSubdomains": true],
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"10.0.0.0/8\".NSIncludesSubdomains",
          "NSAppTransportSecurity.NSExceptionDomains.\"2001:db8::1\".NSIncludesSubdomains",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    TransportSecurity.domains(subject).compactMap { domain in
      let key = "NSIncludesSubdomains"
      guard domain.exceptions?[key]?.value.boolValue == true,
        TransportSecurity.isAddress(domain.name)
      else { return nil }
      let path = domain.path.appending(key: key)
      return subject.finding(
        Self.description, at: path,
        "\(key) has no effect on \(domain.name), an IP address exception; remove it",
        fix: Fix("remove \(key)", [.remove(path)]))
    }
  }
}
