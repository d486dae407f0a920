import Foundation
import PlistBundle
import PlistCore

/// An `NSExceptionDomains` key that is not a bare domain name, IP address or range, or an entry
/// whose value is not a dictionary of exceptions.
struct MalformedExceptionDomainRule: Rule {
  static let description = RuleDescription(
    identifier: "malformed_exception_domain",
    name: "Malformed Exception Domain",
    severity: .warning,
    category: .transportSecurity,
    appliesTo: [.infoPlist],
    summary:
      "An NSExceptionDomains key is not a lower-case domain name, IP address or range without "
      + "scheme, path, port or wildcard",
    rationale: """
      Apple's page for `NSExceptionDomains` says its keys are DNS domain names, IP addresses or
      (from iOS 17 and macOS 14) address ranges, written in lower case, with no port number and
      no wildcard: `*.example.com` is written `example.com` with `NSIncludesSubdomains`. A URL
      (`https://example.com/api`) is not a domain name. Each value is a dictionary of
      exceptions. An entry written otherwise does not describe the host the app connects to,
      so its exceptions may not apply. Trailing dots are left alone: Apple allows them when
      meant.
      """,
    appleSource: AppleSource(title: "NSExceptionDomains", url: TransportSecurity.domainsPage),
    nonTriggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "example.com": ["NSIncludesSubdomains": true],
              "localhost": [:],
              "192.168.1.10": [:],
              "10.0.0.0/8": [:],
              "fe80::1": [:],
              "2001:db8::/32": [:],
              "media-cdn.example.co.uk": ["NSExceptionMinimumTLSVersion": "TLSv1.1"],
            ]
          ]
        ]),
      RuleExample(["NSExceptionDomains": ["https://example.com": true]]),
    ],
    triggering: [
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": [
              "https://api.example.com": [:],
              "example.com:8080": [:],
              "*.example.org": [:],
              "Example.NET": [:],
              "cdn.example.com/images": [:],
              "example.io": true,
            ]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"https://api.example.com\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com:8080\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"*.example.org\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"Example.NET\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"cdn.example.com/images\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"example.io\"",
        ]),
      RuleExample(
        ["NSAppTransportSecurity": ["NSExceptionDomains": [" example.com": [:], "": [:]]]],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\" example.com\"",
          "NSAppTransportSecurity.NSExceptionDomains.\"\"",
        ]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let domains = TransportSecurity.domains(subject)
    let names = Set(domains.map(\.name))
    return domains.compactMap { domain in
      // A key of App Transport Security used as a name is `misplaced_transport_security_key`'s.
      let known = KnownKeys.transportSecurity.contains { $0.key == domain.name }
      if known, domain.exceptions == nil { return nil }
      guard domain.exceptions != nil else {
        return subject.finding(
          Self.description, at: domain.path,
          "The exception domain \(domain.name) holds a \(kindName(subject, domain)) where App "
            + "Transport Security expects a dictionary of exceptions; make it a dictionary")
      }
      guard let problem = Self.problem(domain.name) else { return nil }
      let host = Self.host(domain.name)
      var message = "The exception domain \"\(domain.name)\" \(problem)"
      var fix: Fix?
      if host.isEmpty || names.contains(host) {
        message += "; write the bare host name"
      } else {
        message += "; write \"\(host)\""
        var edits: [KeyPathEdit] = [.rename(domain.path, to: host)]
        if domain.name.contains("*") {
          message += " with NSIncludesSubdomains set to true"
          edits.append(
            .set(
              TransportSecurity.domainsPath.appending(key: host)
                .appending(key: "NSIncludesSubdomains"), .boolean(true)))
        }
        fix = Fix("rename to \(host)", edits)
      }
      return subject.finding(Self.description, at: domain.path, message, fix: fix)
    }
  }

  private func kindName(_ subject: LintSubject, _ domain: TransportSecurity.Domain) -> String {
    subject.node(at: domain.path).map { $0.value.kind.appleName } ?? "value"
  }

  /// What is wrong with `name` as an exception domain, or nil when nothing is.
  static func problem(_ name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.contains(where: \.isWhitespace) { return "contains white space" }
    if name.contains("://") { return "is a URL with a scheme, not a domain name" }
    if name.contains("*") {
      return "uses a wildcard, which Apple says not to use (subdomains come from "
        + "NSIncludesSubdomains)"
    }
    if name.contains("/"), !TransportSecurity.isAddress(name) {
      return "includes a path, which a domain name cannot hold"
    }
    if hasPort(name) { return "includes a port number, which Apple says not to include" }
    if name != name.lowercased() { return "is not in lower case, as Apple says to write it" }
    return nil
  }

  /// True when `name` ends in `:digits` and is not an IPv6 address.
  private static func hasPort(_ name: String) -> Bool {
    guard let colon = name.lastIndex(of: ":"), !TransportSecurity.isAddress(name) else {
      return false
    }
    let port = name[name.index(after: colon)...]
    return !port.isEmpty && port.allSatisfy { ("0"..."9").contains($0) }
  }

  /// The host `name` most likely means: without scheme, path, port, wildcard or spaces, in
  /// lower case.
  static func host(_ name: String) -> String {
    var text = Substring(name.trimmingCharacters(in: .whitespacesAndNewlines))
    if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
    if !TransportSecurity.isAddress(String(text)), let slash = text.firstIndex(of: "/") {
      text = text[..<slash]
    }
    if hasPort(String(text)), let colon = text.lastIndex(of: ":") { text = text[..<colon] }
    while text.hasPrefix("*.") { text = text.dropFirst(2) }
    return text.lowercased()
  }
}
