import PlistBundle
import PlistCore

/// An App Transport Security key at a level where the system does not read it: a global key at
/// the top of the Info.plist or inside a domain, a per-domain key directly in
/// `NSAppTransportSecurity`, or a key used as a domain name.
struct MisplacedTransportSecurityKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "misplaced_transport_security_key",
    name: "Misplaced Transport Security Key",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary: "An App Transport Security key sits at a level where the system does not read it",
    rationale: """
      Apple's pages place each App Transport Security key at one level: `NSAllowsArbitraryLoads`,
      `NSAllowsArbitraryLoadsInWebContent`, `NSAllowsArbitraryLoadsForMedia`,
      `NSAllowsLocalNetworking`, `NSExceptionDomains` and `NSPinnedDomains` inside the
      `NSAppTransportSecurity` dictionary; `NSIncludesSubdomains` and the `NSException…` keys
      inside one domain's dictionary in `NSExceptionDomains` (the pinned-identity keys in
      `NSPinnedDomains`). Elsewhere the key is not read: at the top of the Info.plist it is an
      unknown key, and directly under `NSExceptionDomains` it is read as a domain name.
      """,
    appleSource: AppleSource(title: "NSAppTransportSecurity", url: TransportSecurity.page),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSAllowsLocalNetworking": true,
            "NSExceptionDomains": [
              "example.com": [
                "NSIncludesSubdomains": true, "NSExceptionAllowsInsecureHTTPLoads": true,
              ]
            ],
            "NSPinnedDomains": [
              "example.org": ["NSIncludesSubdomains": true, "NSPinnedCAIdentities": []]
            ],
          ]
        ]),
      RuleExample(["CFBundleIdentifier": "com.example.app", "NSAppTransportSecurity": [:]]),
    ],
    triggering: [
      RuleExample(["NSAllowsArbitraryLoads": true], expect: ["NSAllowsArbitraryLoads"]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionAllowsInsecureHTTPLoads": true, "NSIncludesSubdomains": true,
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionAllowsInsecureHTTPLoads",
          "NSAppTransportSecurity.NSIncludesSubdomains",
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "NSExceptionAllowsInsecureHTTPLoads": true,
              "example.com": ["NSAllowsArbitraryLoads": true],
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.NSExceptionAllowsInsecureHTTPLoads",
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSAllowsArbitraryLoads",
        ]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSPinnedDomains": ["example.org": ["NSExceptionMinimumTLSVersion": "TLSv1.3"]]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSPinnedDomains.\"example.org\".NSExceptionMinimumTLSVersion"
        ]),
    ])

  /// The App Transport Security keys below `NSAppTransportSecurity`, by name.
  private static let keys: [String: KnownKey] = Dictionary(
    KnownKeys.transportSecurity.filter { $0.key != TransportSecurity.key }.map { ($0.key, $0) },
    uniquingKeysWith: { first, _ in first })

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary else { return [] }
    var findings: [Finding] = []
    func check(_ dictionary: PlistDictionary, at path: KeyPath, parent: String, names: Bool) {
      for entry in dictionary.entries {
        guard let known = Self.keys[entry.key], names || !known.within.contains(parent) else {
          continue
        }
        var message = "\(entry.key) belongs in \(Self.home(of: known))"
        message +=
          names
          ? ", but here it is read as a domain name; move it into a domain's dictionary"
          : ", not \(Self.place(parent)), where the system does not read it; move it there"
        var finding = subject.finding(
          Self.description, at: path.appending(key: entry.key), message)
        finding.url = known.url
        findings.append(finding)
      }
    }
    check(root, at: .root, parent: "", names: false)
    guard let settings = root[TransportSecurity.key]?.value.dictionaryValue else {
      return findings
    }
    check(settings, at: TransportSecurity.path, parent: TransportSecurity.key, names: false)
    for container in ["NSExceptionDomains", "NSPinnedDomains"] {
      guard let domains = settings[container]?.value.dictionaryValue else { continue }
      let base = TransportSecurity.path.appending(key: container)
      let named = PlistDictionary(domains.entries.filter { $0.node.value.dictionaryValue == nil })
      check(named, at: base, parent: container, names: true)
      for domain in domains.entries {
        guard let exceptions = domain.node.value.dictionaryValue else { continue }
        check(exceptions, at: base.appending(key: domain.key), parent: container, names: false)
      }
    }
    return findings
  }

  /// Where a key with `entry`'s `within` belongs, in words.
  private static func home(of entry: KnownKey) -> String {
    entry.within.map { place($0) }.joined(separator: " or ")
  }

  /// A container in words.
  private static func place(_ parent: String) -> String {
    switch parent {
    case "": "the top level of the Info.plist"
    case TransportSecurity.key: "the NSAppTransportSecurity dictionary"
    default: "a domain's dictionary in \(parent)"
    }
  }
}
