import PlistBundle
import PlistCore

/// A `CFBundleShortVersionString` that is not up to three period-separated integers.
struct MalformedShortVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "malformed_short_version",
    name: "Malformed Short Version",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "CFBundleShortVersionString is at most three period-separated non-negative integers",
    rationale: """
      Apple's key page gives the format as three period-separated integers (`10.14.1`); App
      Store Connect rejects anything else with ITMS-90060, whose text says "at most three", so
      `1.0` uploads. Letters, suffixes such as `-beta1` and a fourth component are errors (a
      warning for a Mac app distributed outside the App Store); one or two components are a
      note, for apps and app extensions only (not frameworks, test or resource bundles). Placeholders are left to the build. Sources: the key page and the glossary
      (https://developer.apple.com/help/glossary/version-number); the ITMS code from
      App Store Connect's messages as quoted in public reports.
      """,
    appleSource: AppleSource(
      title: "CFBundleShortVersionString",
      url: KnownKeys.infoPage + "cfbundleshortversionstring"),
    itms: "ITMS-90060",
    nonTriggering: [
      RuleExample(["CFBundleShortVersionString": "10.14.1"]),
      RuleExample(["CFBundleShortVersionString": "$(MARKETING_VERSION)"]),
      RuleExample(["CFBundleShortVersionString": "0.0.0"]),
      RuleExample(["CFBundleVersion": "1.0b3"]),
      // No note for a framework or a bundle of unknown kind.
      RuleExample(["CFBundleShortVersionString": "1.0", "CFBundlePackageType": "FMWK"]),
      RuleExample(["CFBundleShortVersionString": "1.0"]),
    ],
    triggering: [
      RuleExample(
        ["CFBundleShortVersionString": "5.0.0-beta1"], expect: ["CFBundleShortVersionString"]),
      RuleExample(
        ["CFBundleShortVersionString": "7.1.2.1"], expect: ["CFBundleShortVersionString"]),
      RuleExample(["CFBundleShortVersionString": "1..2"], expect: ["CFBundleShortVersionString"]),
      RuleExample(["CFBundleShortVersionString": ""], expect: ["CFBundleShortVersionString"]),
      RuleExample(["CFBundleShortVersionString": "v2"], expect: ["CFBundleShortVersionString"]),
      // The note: fewer than three components, in an app.
      RuleExample(
        ["CFBundleShortVersionString": "1.0", "CFBundlePackageType": "APPL"],
        expect: ["CFBundleShortVersionString"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let key = "CFBundleShortVersionString"
    guard let text = subject.dictionary?[key]?.value.stringValue, !Placeholder.contains(text)
    else { return [] }
    let path = KeyPath([.key(key)])
    let severity = VersionFormat.errorSeverity(subject.context)
    switch VersionFormat(text) {
    case .empty:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) is empty; set the release version, such as 1.2.0", severity: severity)
      ]
    case .invalid:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" is not period-separated integers; App Store Connect accepts "
            + "only digits and periods, such as 1.2.0", severity: severity)
      ]
    case .integers(let count) where count > 3:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" has \(count) components; App Store Connect accepts at most three",
          severity: severity)
      ]
    case .integers(let count) where count < 3 && InfoPlistFacts(subject)?.isAppLike == true:
      return [
        subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" has \(count == 1 ? "one component" : "two components"); "
            + "Apple's key page describes three (major.minor.patch), though App Store Connect "
            + "accepts fewer", severity: .note
        ).withoutITMS
      ]
    case .integers:
      return []
    }
  }
}
