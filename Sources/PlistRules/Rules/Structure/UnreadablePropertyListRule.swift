import PlistBundle
import PlistCore

/// A property list of the input that does not parse: nothing else can be checked in it.
///
/// The linter hands this rule, and only this rule, the files that failed to read
/// (`LintSubject.readError`); every other rule sees only the files that parsed.
struct UnreadablePropertyListRule: Rule {
  static let description = RuleDescription(
    identifier: "unreadable_property_list",
    name: "Unreadable Property List",
    severity: .error,
    category: .structure,
    appliesTo: FileRole.files,
    summary: "A property list in the input does not parse",
    rationale: """
      The file is not a well-formed property list (XML, binary or old-style ASCII), so the
      system reads nothing from it and no other rule can check it. The finding gives the
      reader's reason and, where there is one, the line and column where reading stopped.
      For an Info.plist, entitlements or a privacy manifest, a file the system cannot read
      is as good as missing; Apple's pages describe the property-list formats but say
      nothing of what App Store Connect answers for each broken file, so this stays a plain
      error of the file itself.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"
    ),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
      RuleExample(xml: "<plist><dict/></plist>", role: .entitlements),
    ],
    triggering: [
      RuleExample(xml: "<plist><dict><key>CFBundleName</key></plist>", expect: [""]),
      RuleExample(
        xml: "<plist><array><string>x</array></plist>", role: .entitlements, expect: [""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let error = subject.readError else { return [] }
    var finding = Finding(
      ruleID: Self.description.identifier, severity: Self.description.severity,
      file: subject.path, keyPath: .root, line: error.underlying?.line ?? 0,
      column: error.underlying?.column ?? 0, message: error.message,
      url: Self.description.appleSource.url)
    finding.noFixReason = FixAvailability.reason(for: Self.description.identifier)
    return [finding]
  }
}
