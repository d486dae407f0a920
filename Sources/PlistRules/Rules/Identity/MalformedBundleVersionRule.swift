import PlistBundle
import PlistCore

/// A `CFBundleVersion` that is not period-separated integers.
struct MalformedBundleVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "malformed_bundle_version",
    name: "Malformed Bundle Version",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "CFBundleVersion is one to three period-separated non-negative integers",
    rationale: """
      Apple's key page: one to three period-separated integers, digits and periods only;
      missing components count as zero (the page adds that components after the third are
      ignored). App Store Connect's upload check is stricter: ITMS-90058 ("This bundle is invalid",
      as its message is quoted in public reports, for `8.22.3-beta.0` and for a value with a
      space) says the value may hold no more than three period-separated non-negative integers,
      so a fourth component is refused too. So letters, spaces, empty components and a fourth
      component are all errors for a build bound for the App Store; a Mac app distributed
      outside the App Store gets a warning, and any other build known not to go to the App
      Store a note. Placeholders are left to the build.
      """,
    appleSource: AppleSource(
      title: "CFBundleVersion", url: KnownKeys.infoPage + "cfbundleversion"),
    itms: "ITMS-90058",
    nonTriggering: [
      RuleExample(["CFBundleVersion": "833"]),
      RuleExample(["CFBundleVersion": "802.1"]),
      RuleExample(["CFBundleVersion": "1.2.3"]),
      RuleExample(["CFBundleVersion": "$(CURRENT_PROJECT_VERSION)"]),
      RuleExample(["CFBundleShortVersionString": "1.0-beta"]),
    ],
    triggering: [
      RuleExample(["CFBundleVersion": "1.0b3"], expect: ["CFBundleVersion"]),
      RuleExample(["CFBundleVersion": ""], expect: ["CFBundleVersion"]),
      RuleExample(["CFBundleVersion": "1."], expect: ["CFBundleVersion"]),
      RuleExample(
        ["CFBundleVersion": "2024-05-01"],
        context: LintContext(platforms: [.macOS], distribution: .developerID),
        expect: ["CFBundleVersion"]),
      // App Store Connect allows at most three components.
      RuleExample(["CFBundleVersion": "24.1.0.0"], expect: ["CFBundleVersion"], severity: .error),
      RuleExample(
        ["CFBundleVersion": "1.0b3"], context: LintContext(distribution: .appStore),
        expect: ["CFBundleVersion"], severity: .error),
      RuleExample(
        ["CFBundleVersion": "24.1.0.0"],
        context: LintContext(platforms: [.iOS], distribution: .adHoc),
        expect: ["CFBundleVersion"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let key = "CFBundleVersion"
    guard let text = subject.dictionary?[key]?.value.stringValue, !Placeholder.contains(text)
    else { return [] }
    let path = KeyPath([.key(key)])
    let severity = VersionFormat.errorSeverity(subject.context)
    switch VersionFormat(text) {
    case .empty:
      return [
        subject.finding(
          Self.description, at: path, "\(key) is empty; set the build number, such as 42",
          severity: severity)
      ]
    case .invalid:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" is not period-separated integers; use digits and periods only, "
            + "such as 42 or 1.2.3", severity: severity)
      ]
    case .integers(let count) where count > 3:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" has \(count) components, and App Store Connect accepts at most "
            + "three; use one to three integers, such as 42 or 1.2.3", severity: severity)
      ]
    case .integers:
      return []
    }
  }
}
