import PlistBundle
import PlistCore

/// A key inside an App Transport Security exception domain that is none of the keys Apple
/// documents for one.
struct UnknownExceptionDomainKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "unknown_exception_domain_key",
    name: "Unknown Exception Domain Key",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "An exception domain holds a key that is not one Apple documents for exception "
      + "domains",
    rationale: """
      Apple's `NSExceptionDomains` page lists every key a domain's dictionary can hold
      (`NSIncludesSubdomains`, `NSExceptionAllowsInsecureHTTPLoads`,
      `NSExceptionMinimumTLSVersion`, `NSExceptionRequiresForwardSecrecy`,
      `NSRequiresCertificateTransparency`, `NSExceptionRequiresNIAPTLSPackageVersion`). Any
      other key configures nothing Apple describes, so the exception the developer meant may
      not be in force. Keys other rules explain are left to them: a documented App Transport
      Security key at the wrong level (`misplaced_transport_security_key`), a near spelling of
      a documented key (`near_miss_key`), and the old `NSTemporaryException…` forms
      (`undocumented_exception_key`).
      """,
    appleSource: AppleSource(title: "NSExceptionDomains", url: TransportSecurity.domainsPage),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": [
                "NSIncludesSubdomains": true, "NSExceptionMinimumTLSVersion": "TLSv1.2",
                "NSTemporaryExceptionAllowsInsecureHTTPLoads": true,
                "NSAllowsArbitraryLoads": true, "NSIncludeSubdomains": true,
              ]
            ]
          ]
        ])
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": ["NSIncludesSubdomains": true, "NSAllowsInsecureLoads": true]
            ]
          ]
        ],
        expect: ["NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSAllowsInsecureLoads"])
    ])

  /// Every App Transport Security key Apple documents, at any level.
  private static let known = Set(KnownKeys.transportSecurity.map(\.key))

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    for domain in TransportSecurity.domains(subject) {
      for entry in domain.exceptions?.entries ?? [] {
        guard !Self.known.contains(entry.key),
          UndocumentedExceptionKeyRule.documented(entry.key) == nil,
          KnownKeys.nearMiss(for: entry.key, within: "NSExceptionDomains") == nil
        else { continue }
        var finding = subject.finding(
          Self.description, at: domain.path.appending(key: entry.key),
          "\(entry.key) is not a key Apple documents for an exception domain, so Apple "
            + "describes no effect for it on \(domain.name); use one of the documented "
            + "NSException… keys")
        finding.noFixReason =
          "which documented key was meant, if any, is not certain from the name"
        findings.append(finding)
      }
    }
    return findings
  }
}
