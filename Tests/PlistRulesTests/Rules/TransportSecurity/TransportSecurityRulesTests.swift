import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// What the App Transport Security rules' examples cannot express: fixes, cited pages,
/// messages and the domain-name helpers.
@Suite struct TransportSecurityRulesTests {
  static func lint(_ root: PlistNode, rules: [any Rule.Type]) -> [Finding] {
    Linter(rules: rules.map { $0.init() }).lint(
      LintSubject(path: "Info.plist", role: .infoPlist, root: root))
  }

  static let domains = KeyPath([.key("NSAppTransportSecurity"), .key("NSExceptionDomains")])

  @Test(arguments: [
    ("https://api.example.com/v1", "api.example.com"),
    ("example.com:8443", "example.com"),
    ("*.example.org", "example.org"),
    ("Example.NET", "example.net"),
    (" cdn.example.com ", "cdn.example.com"),
    ("10.0.0.0/8", "10.0.0.0/8"),
    ("fe80::1", "fe80::1"),
  ])
  func hostDropsSchemePathPortAndWildcard(name: String, host: String) {
    #expect(MalformedExceptionDomainRule.host(name) == host)
  }

  @Test(arguments: [
    ("192.168.1.10", true), ("10.0.0.0/8", true), ("2001:db8::/32", true), ("::1", true),
    ("256.1.1.1", false), ("1.2.3", false), ("example.com", false), ("10.0.0.0/", false),
    ("example.com:80", false),
  ])
  func recognisesAddressesAndRanges(name: String, isAddress: Bool) {
    #expect(TransportSecurity.isAddress(name) == isAddress)
  }

  @Test func malformedDomainOffersARename() throws {
    let found = Self.lint(
      ["NSAppTransportSecurity": ["NSExceptionDomains": ["HTTPS://Example.com/": [:]]]],
      rules: [MalformedExceptionDomainRule.self])
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(
      finding.message
        == "The exception domain \"HTTPS://Example.com/\" is a URL with a scheme, not a domain "
        + "name; write \"example.com\"")
    #expect(
      finding.fix?.edits
        == [.rename(Self.domains.appending(key: "HTTPS://Example.com/"), to: "example.com")])
    #expect(finding.url == TransportSecurity.domainsPage)
  }

  @Test func wildcardRenameAlsoIncludesSubdomains() throws {
    let found = Self.lint(
      ["NSAppTransportSecurity": ["NSExceptionDomains": ["*.example.com": [:]]]],
      rules: [MalformedExceptionDomainRule.self])
    let finding = try #require(found.first)
    #expect(
      finding.fix?.edits == [
        .rename(Self.domains.appending(key: "*.example.com"), to: "example.com"),
        .set(
          Self.domains.appending(key: "example.com").appending(key: "NSIncludesSubdomains"),
          .boolean(true)),
      ])
  }

  @Test func malformedDomainOffersNoRenameOntoAnExistingDomain() throws {
    let found = Self.lint(
      [
        "NSAppTransportSecurity": [
          "NSExceptionDomains": ["example.com": ["NSIncludesSubdomains": true], "EXAMPLE.com": [:]]
        ]
      ], rules: [MalformedExceptionDomainRule.self])
    let finding = try #require(found.first)
    #expect(found.count == 1 && finding.fix == nil)
    #expect(finding.message.hasSuffix("write the bare host name"))
  }

  @Test func subdomainsOnAddressOffersRemoval() throws {
    let found = Self.lint(
      [
        "NSAppTransportSecurity": [
          "NSExceptionDomains": ["10.1.2.3": ["NSIncludesSubdomains": true]]
        ]
      ],
      rules: [SubdomainsOnAddressRule.self])
    let path = Self.domains.appending(key: "10.1.2.3").appending(key: "NSIncludesSubdomains")
    #expect(found.map(\.fix?.edits) == [[.remove(path)]])
  }

  @Test func ignoredArbitraryLoadsNamesTheOverridingKey() throws {
    let found = Self.lint(
      [
        "NSAppTransportSecurity": [
          "NSAllowsArbitraryLoads": true, "NSAllowsLocalNetworking": true,
        ]
      ], rules: RuleCatalog.transportSecurity)
    #expect(found.map(\.ruleID) == ["ignored_arbitrary_loads"])
    #expect(found.first?.message.contains("because NSAllowsLocalNetworking is present") == true)
  }

  @Test func misplacedKeyCitesItsOwnPageAndHome() throws {
    let found = Self.lint(
      ["NSExceptionAllowsInsecureHTTPLoads": true], rules: [MisplacedTransportSecurityKeyRule.self])
    let finding = try #require(found.first)
    #expect(finding.url == KnownKeys.infoPage + "nsexceptionallowsinsecurehttploads")
    #expect(
      finding.message
        == "NSExceptionAllowsInsecureHTTPLoads belongs in a domain's dictionary in "
        + "NSExceptionDomains, not the top level of the Info.plist, where the system does not "
        + "read it; move it there")
  }

  @Test func onionExceptionIsDescribedAsATopLevelDomain() throws {
    let found = Self.lint(
      [
        "NSAppTransportSecurity": [
          "NSExceptionDomains": [
            "onion": ["NSExceptionAllowsInsecureHTTPLoads": true, "NSIncludesSubdomains": true]
          ]
        ]
      ], rules: RuleCatalog.transportSecurity)
    #expect(found.map(\.ruleID) == ["insecure_http_exception"])
    #expect(
      found.first?.message.hasPrefix(
        "NSExceptionAllowsInsecureHTTPLoads allows plain HTTP to every host under the "
          + "top-level domain onion") == true)
  }
}
