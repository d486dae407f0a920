import PlistBundle
import PlistCore

/// `NSExceptionMinimumTLSVersion` below TLS 1.2, which App Review asks to justify.
struct WeakMinimumTLSVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "weak_minimum_tls_version",
    name: "Weak Minimum TLS Version",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary:
      "An exception domain accepts TLS below 1.2, and App Review asks for a justification",
    rationale: """
      `NSExceptionMinimumTLSVersion` takes `TLSv1.0`, `TLSv1.1`, `TLSv1.2` (the default) or
      `TLSv1.3`. Apple's page says a value below `TLSv1.2` needs a justification in App Store
      review. Values outside Apple's list are reported by `invalid_value`.
      """,
    appleSource: AppleSource(
      title: "NSExceptionMinimumTLSVersion",
      url: KnownKeys.infoPage + "nsexceptionminimumtlsversion"),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.2"],
              "api.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.3"],
            ]
          ]
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["example.com": ["NSExceptionMinimumTLSVersion": "1.0"]]
          ]
        ]),
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "old.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.0"],
              "example.org": ["NSExceptionMinimumTLSVersion": "TLSv1.1"],
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"old.example.com\""
            + ".NSExceptionMinimumTLSVersion",
          "NSAppTransportSecurity.NSExceptionDomains.\"example.org\".NSExceptionMinimumTLSVersion",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    TransportSecurity.domains(subject).compactMap { domain in
      let key = "NSExceptionMinimumTLSVersion"
      guard let version = domain.exceptions?[key]?.value.stringValue,
        version == "TLSv1.0" || version == "TLSv1.1"
      else { return nil }
      return subject.finding(
        Self.description, at: domain.path.appending(key: key),
        "\(key) lets \(domain.name) use \(version), below the TLSv1.2 App Transport Security "
          + "requires by default; App Review asks for a justification, so raise it if the "
          + "server allows")
    }
  }
}
