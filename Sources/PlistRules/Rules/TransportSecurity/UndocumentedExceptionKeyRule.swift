import PlistBundle
import PlistCore

/// The iOS 9 era `NSTemporaryException…` and `NSThirdPartyException…` forms of the exception
/// domain keys, which Apple's current pages no longer list.
struct UndocumentedExceptionKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "undocumented_exception_key",
    name: "Undocumented Exception Key",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "An exception domain uses an NSTemporaryException… or NSThirdPartyException… key, "
      + "which Apple's current pages do not document",
    rationale: """
      Apple's `NSExceptionDomains` page lists the keys of an exception domain:
      `NSIncludesSubdomains`, `NSExceptionAllowsInsecureHTTPLoads`,
      `NSExceptionMinimumTLSVersion`, `NSExceptionRequiresForwardSecrecy`,
      `NSRequiresCertificateTransparency` and `NSExceptionRequiresNIAPTLSPackageVersion`. The
      `NSTemporaryException…` and `NSThirdPartyException…` spellings come from the iOS 9 App
      Transport Security notes and are found in many old Info.plists; no current Apple page
      lists them, so whether a system still reads them is undocumented. The fix renames the
      key to the documented form when the domain does not already have it; with both present,
      only the documented one is described by Apple, and the old one is left to you.
      """,
    appleSource: AppleSource(title: "NSExceptionDomains", url: TransportSecurity.domainsPage),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["example.com": ["NSExceptionAllowsInsecureHTTPLoads": true]]
          ]
        ])
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": [
                "NSTemporaryExceptionAllowsInsecureHTTPLoads": true,
                "NSThirdPartyExceptionMinimumTLSVersion": "TLSv1.1",
              ]
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com\""
            + ".NSTemporaryExceptionAllowsInsecureHTTPLoads",
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com\""
            + ".NSThirdPartyExceptionMinimumTLSVersion",
        ])
    ])

  /// The prefixes of the old forms, and what replaces them in the documented key.
  static let prefixes = [
    "NSTemporaryThirdPartyException", "NSTemporaryException", "NSThirdPartyException",
  ]

  /// The documented key an old form stands for (`NSTemporaryExceptionMinimumTLSVersion` →
  /// `NSExceptionMinimumTLSVersion`), when the old form is one and the documented key is
  /// known; else nil.
  static func documented(_ key: String) -> (prefix: String, replacement: String?)? {
    guard let prefix = prefixes.first(where: { key.hasPrefix($0) }) else { return nil }
    let replacement = "NSException" + key.dropFirst(prefix.count)
    let known = KnownKeys.transportSecurity.contains {
      $0.key == replacement && $0.within.contains("NSExceptionDomains")
    }
    return (prefix, known ? replacement : nil)
  }

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    for domain in TransportSecurity.domains(subject) {
      guard let exceptions = domain.exceptions else { continue }
      for entry in exceptions.entries {
        guard let (prefix, replacement) = Self.documented(entry.key) else { continue }
        let path = domain.path.appending(key: entry.key)
        var message =
          "\(entry.key) is one of the iOS 9 era \(prefix)… keys, which Apple's current pages "
          + "do not list, so whether the system still reads it is undocumented"
        var finding: Finding
        if let replacement {
          message += "; Apple documents \(replacement)"
          if exceptions[replacement] == nil {
            finding = subject.finding(
              Self.description, at: path, message + ": rename it",
              fix: Fix("rename to \(replacement)", [.rename(path, to: replacement)]))
          } else {
            finding = subject.finding(
              Self.description, at: path, message + ", which the domain also has: remove one")
            finding.noFixReason =
              "the domain has both forms; which value you meant is yours to decide"
          }
        } else {
          finding = subject.finding(
            Self.description, at: path, message + ", and Apple documents no current form of it")
          finding.noFixReason = "Apple documents no key to rename it to"
        }
        findings.append(finding)
      }
    }
    return findings
  }
}
