import PlistBundle
import PlistCore

/// URL types that register no scheme, or schemes that are empty or not valid URI schemes.
struct InvalidURLSchemeRule: Rule {
  static let description = RuleDescription(
    identifier: "invalid_url_scheme",
    name: "Invalid URL Scheme",
    severity: .warning,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "A URL type registers no scheme, an empty one, or one that is not a valid URI scheme",
    rationale: """
      Each `CFBundleURLTypes` entry lists its schemes in `CFBundleURLSchemes`. Apple's page gives
      no syntax for them, so this rule uses the URI scheme syntax of RFC 3986 §3.1: a letter,
      then letters, digits, `+`, `-` or `.`. A common slip is writing `myapp://` instead of
      `myapp`. A URL type without schemes registers nothing. Values holding `$(…)` build
      settings are left to the placeholder rules. These are heuristics: Apple does not say what
      the system does with such a scheme.
      """,
    appleSource: AppleSource(
      title: "CFBundleURLTypes", url: Capabilities.infoPage + "cfbundleurltypes"),
    nonTriggering: [
      RuleExample([
        "CFBundleURLTypes": [
          [
            "CFBundleURLName": "com.example.app",
            "CFBundleURLSchemes": ["example", "com.example.app-2+x"],
          ]
        ]
      ]),
      RuleExample([
        "CFBundleURLTypes": [["CFBundleURLSchemes": ["$(PRODUCT_BUNDLE_IDENTIFIER)"]]]
      ]),
    ],
    triggering: [
      RuleExample(
        ["CFBundleURLTypes": [["CFBundleURLSchemes": ["myapp://", "", "2fa", "my_app"]]]],
        expect: [
          "CFBundleURLTypes[0].CFBundleURLSchemes[0]", "CFBundleURLTypes[0].CFBundleURLSchemes[1]",
          "CFBundleURLTypes[0].CFBundleURLSchemes[2]", "CFBundleURLTypes[0].CFBundleURLSchemes[3]",
        ]),
      RuleExample(
        ["CFBundleURLTypes": [["CFBundleURLName": "com.example.app"]]],
        expect: ["CFBundleURLTypes[0]"]),
    ])

  /// True when `scheme` follows RFC 3986 §3.1.
  static func isValid(_ scheme: String) -> Bool {
    guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
    return scheme.unicodeScalars.dropFirst().allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
    }
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let types = subject.dictionary?["CFBundleURLTypes"]?.value.arrayValue else { return [] }
    var findings: [Finding] = []
    for (index, type) in types.enumerated() {
      guard let entry = type.value.dictionaryValue else { continue }
      let typePath = KeyPath.root.appending(key: "CFBundleURLTypes").appending(index: index)
      let schemes = entry["CFBundleURLSchemes"]?.value.arrayValue
      if schemes?.isEmpty ?? (entry["CFBundleURLSchemes"] == nil) {
        findings.append(
          subject.finding(
            Self.description, at: typePath,
            "URL type \(index) has no CFBundleURLSchemes, so it registers no scheme; add the "
              + "scheme or remove the entry"))
        continue
      }
      for (position, item) in (schemes ?? []).enumerated() {
        guard let scheme = item.value.stringValue, !PurposeStrings.hasPlaceholder(scheme) else {
          continue
        }
        let path = typePath.appending(key: "CFBundleURLSchemes").appending(index: position)
        if let problem = problem(scheme) {
          findings.append(subject.finding(Self.description, at: path, problem))
        }
      }
    }
    return findings
  }

  /// What is wrong with `scheme`, or nil.
  private func problem(_ scheme: String) -> String? {
    if PurposeStrings.isBlank(scheme) {
      return "a URL scheme is empty; write the scheme name or remove the item"
    }
    if scheme.hasSuffix("://") || scheme.hasSuffix(":"),
      Self.isValid(String(scheme.prefix { $0 != ":" }))
    {
      return "the URL scheme \"\(scheme)\" includes the separator; write it as "
        + "\"\(scheme.prefix { $0 != ":" })\""
    }
    guard !Self.isValid(scheme) else { return nil }
    return "\"\(scheme)\" is not a valid URI scheme (RFC 3986: a letter, then letters, digits, "
      + "+, - or .)"
  }
}

extension Unicode.Scalar {
  /// True for A–Z and a–z.
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
