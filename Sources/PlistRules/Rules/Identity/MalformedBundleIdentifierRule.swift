import PlistBundle
import PlistCore

/// A `CFBundleIdentifier` with characters other than letters, digits, hyphens and periods.
struct MalformedBundleIdentifierRule: Rule {
  static let description = RuleDescription(
    identifier: "malformed_bundle_identifier",
    name: "Malformed Bundle Identifier",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "CFBundleIdentifier uses only A-Z, a-z, 0-9, hyphens and periods",
    rationale: """
      Apple's key page allows only alphanumeric characters, hyphens and periods. Underscores
      and spaces are the usual mistakes. `$(VAR)` placeholders are left to the build (and to
      `unresolved_placeholder`); the text around them is still checked.
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.my-app2"]),
      RuleExample(["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]),
      RuleExample(["CFBundleIdentifier": "com.example.$(PRODUCT_NAME:rfc1034identifier)"]),
      RuleExample(["CFBundleIdentifier": "${PRODUCT_BUNDLE_IDENTIFIER}.share"]),
      // Empty is missing_bundle_identifier's business.
      RuleExample(["CFBundleIdentifier": ""]),
    ],
    triggering: [
      RuleExample(["CFBundleIdentifier": "com.example.my_app"], expect: ["CFBundleIdentifier"]),
      RuleExample(["CFBundleIdentifier": "com.example.My App"], expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["CFBundleIdentifier": "com.exämple.app"], expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["CFBundleIdentifier": "com.example_$(PRODUCT_NAME)"], expect: ["CFBundleIdentifier"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let text = subject.dictionary?["CFBundleIdentifier"]?.value.stringValue else {
      return []
    }
    let bad = Placeholder.stripped(text).unicodeScalars.filter { !Self.isAllowed($0) }
    guard !bad.isEmpty else { return [] }
    var seen: [String] = []
    for scalar in bad {
      let shown = scalar == " " ? "space" : "\"\(scalar)\""
      if !seen.contains(shown) { seen.append(shown) }
    }
    return [
      subject.finding(
        Self.description, at: KeyPath([.key("CFBundleIdentifier")]),
        "CFBundleIdentifier \"\(text)\" contains \(seen.joined(separator: ", ")); "
          + "use only letters, digits, hyphens and periods")
    ]
  }

  static func isAllowed(_ s: Unicode.Scalar) -> Bool {
    s == "-" || s == "." || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
      || ("0"..."9").contains(s)
  }
}
