import PlistBundle
import PlistCore

/// NEW's app has a lower `CFBundleShortVersionString` than OLD's.
struct ShortVersionDecreasedRule: ComparisonRule {
  static let description = ComparisonRuleDescription(
    RuleDescription(
      identifier: "short_version_decreased",
      name: "Short Version Decreased",
      severity: .error,
      category: .comparison,
      appliesTo: [.infoPlist],
      summary: "NEW's CFBundleShortVersionString is not lower than OLD's",
      rationale: """
        App Store Connect refuses an upload whose version is not higher than the version it
        last approved: ITMS-90062, whose message (as quoted in public reports) says the value
        for CFBundleShortVersionString must contain a higher version than that of the
        previously approved version. `infoscope diff` takes OLD to be the build that shipped,
        so a version that went down is an error; when OLD was never approved, App Store Connect
        compares with the version it did approve instead, which infoscope cannot see.

        The same version is not reported here: more builds of one version are normal until it
        is approved (`build_number_not_increased` checks their build numbers). Versions compare
        integer by integer, a missing one counting as 0. Only the main apps are compared, and
        only values that are integers and periods. Outside the App Store the upload check does
        not apply: a note. When OLD is an Xcode project it is not a build App Store Connect
        saw, so nothing is said.
        """,
      appleSource: AppleSource(
        title: "CFBundleShortVersionString",
        url:
          "https://developer.apple.com/documentation/bundleresources/information-property-list/"
          + "cfbundleshortversionstring"),
      itms: "ITMS-90062", nonTriggering: [], triggering: []),
    nonTriggering: [
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "2.2"])),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "2.1.0"])),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.9"]),
        new: .app(["CFBundleShortVersionString": "2.10"])),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "1.0"]), isMain: false),
      // OLD is a project, not a build App Store Connect received.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "1.0"])
      ).oldAsProject(),
    ],
    triggering: [
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "2.0.9"]),
        expect: ["CFBundleShortVersionString"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.10"]),
        new: .app(["CFBundleShortVersionString": "2.9"]),
        expect: ["CFBundleShortVersionString"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1"]),
        new: .app(["CFBundleShortVersionString": "2.0"]),
        context: LintContext(distribution: .enterprise), expect: ["CFBundleShortVersionString"],
        severity: .note),
    ])

  func check(_ subject: ComparisonSubject) -> [Finding] {
    guard subject.isMain, !subject.oldIsProject, let file = subject.newFile(.infoPlist),
      let oldVersion = ComparableVersion(subject.old.shortVersion),
      let newVersion = ComparableVersion(subject.new.shortVersion), newVersion < oldVersion
    else { return [] }
    return [
      subject.finding(
        Self.description, in: file, at: KeyPath.root.appending(key: "CFBundleShortVersionString"),
        "CFBundleShortVersionString went down from \(oldVersion) to \(newVersion); App Store "
          + "Connect refuses a version that is not higher than the one it approved, so if "
          + "\(oldVersion) shipped this build cannot be uploaded", itms: "ITMS-90062",
        uploadCheck: true)
    ]
  }
}
