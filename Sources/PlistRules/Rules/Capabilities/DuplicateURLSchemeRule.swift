import PlistBundle
import PlistCore

/// The same URL scheme registered twice in one Info.plist.
struct DuplicateURLSchemeRule: Rule {
  static let description = RuleDescription(
    identifier: "duplicate_url_scheme",
    name: "Duplicate URL Scheme",
    severity: .warning,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "The same URL scheme appears more than once in CFBundleURLTypes",
    rationale: """
      URI schemes are case-insensitive (RFC 3986 §3.1), so `MyApp` and `myapp` are the same
      scheme. Registering one twice, in one URL type or in two, adds nothing, and when the
      entries differ (name, role, icon) Apple does not say which one the system uses. A
      heuristic: a warning.
      """,
    appleSource: AppleSource(
      title: "CFBundleURLTypes", url: Capabilities.infoPage + "cfbundleurltypes"),
    nonTriggering: [
      RuleExample([
        "CFBundleURLTypes": [
          ["CFBundleURLSchemes": ["example"]], ["CFBundleURLSchemes": ["example-auth"]],
        ]
      ])
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleURLTypes": [
            ["CFBundleURLSchemes": ["example"]], ["CFBundleURLSchemes": ["other", "Example"]],
          ]
        ], expect: ["CFBundleURLTypes[1].CFBundleURLSchemes[1]"])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let types = subject.dictionary?["CFBundleURLTypes"]?.value.arrayValue else { return [] }
    var first: [String: KeyPath] = [:]
    var findings: [Finding] = []
    for (index, type) in types.enumerated() {
      let schemes = type.value.dictionaryValue?["CFBundleURLSchemes"]?.value.arrayValue ?? []
      for (position, item) in schemes.enumerated() {
        guard let scheme = item.value.stringValue, !PurposeStrings.isBlank(scheme) else {
          continue
        }
        let path = KeyPath.root.appending(key: "CFBundleURLTypes").appending(index: index)
          .appending(key: "CFBundleURLSchemes").appending(index: position)
        if let earlier = first[scheme.lowercased()] {
          findings.append(
            subject.finding(
              Self.description, at: path,
              "the URL scheme \"\(scheme)\" is already registered at \(earlier.description); "
                + "remove one of them"))
        } else {
          first[scheme.lowercased()] = path
        }
      }
    }
    return findings
  }
}
