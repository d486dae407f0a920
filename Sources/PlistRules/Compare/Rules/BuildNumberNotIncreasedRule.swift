import PlistBundle
import PlistCore

/// NEW's app keeps OLD's `CFBundleShortVersionString` but its `CFBundleVersion` is not higher.
struct BuildNumberNotIncreasedRule: ComparisonRule {
  static let description = ComparisonRuleDescription(
    RuleDescription(
      identifier: "build_number_not_increased",
      name: "Build Number Not Increased",
      severity: .error,
      category: .comparison,
      appliesTo: [.infoPlist],
      summary: "For the same CFBundleShortVersionString, NEW's CFBundleVersion is higher than "
        + "OLD's",
      rationale: """
        App Store Connect takes one upload per build number of a version. A second upload with
        a build number it already received for that version is refused with ITMS-90189,
        "Redundant Binary Upload", whose message (as quoted in public reports) says a build
        with that build number was already uploaded for that version number and asks to
        increment the build string. A lower build number for the same version is refused too:
        the quoted message says CFBundleVersion must contain a higher version than that of the
        previously uploaded one (no ITMS code is quoted with it). Both are errors, on the
        assumption `infoscope diff` makes: OLD is a build App Store Connect received.

        Versions compare as App Store Connect reads them, integer by integer, a missing one
        counting as 0 (`1.0` is `1.0.0`, `10` is above `9`). Only the main apps are compared
        (App Store Connect files the upload under the app; extensions must carry the app's
        numbers, which `nested_bundle_mismatch` checks), and only values that are integers and
        periods (placeholders and malformed ones are the format rules' business). A new
        `CFBundleShortVersionString` starts a new train, where any build number is accepted.
        Outside the App Store (a known ad hoc, enterprise, development or Developer ID
        build) the upload check does not apply: a note. When OLD is an Xcode project it is not
        a build App Store Connect received (a project and the `.ipa` built from it carry the
        same numbers by design), so nothing is said.
        """,
      appleSource: AppleSource(
        title: "CFBundleVersion",
        url:
          "https://developer.apple.com/documentation/bundleresources/information-property-list/"
          + "cfbundleversion"),
      itms: "ITMS-90189", nonTriggering: [], triggering: []),
    nonTriggering: [
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "319"])),
      // A new version starts a new train.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.2", "CFBundleVersion": "1"])),
      // Integer by integer: 10 is above 9.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "1.9"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "1.10"])),
      // Extensions are not compared.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "3"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "3"]), isMain: false),
      // A project against the build made from it: the same numbers, by design.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"])
      ).oldAsProject(),
      // Placeholders are the format rules' business.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "$(BUILD)"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "$(BUILD)"])),
    ],
    triggering: [
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        expect: ["CFBundleVersion"], severity: .error),
      // 1.0 and 1.0.0 are one version to App Store Connect, and 7 and 7.0 one build.
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "1.0", "CFBundleVersion": "7"]),
        new: .app(["CFBundleShortVersionString": "1.0.0", "CFBundleVersion": "7.0"]),
        expect: ["CFBundleVersion"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "300"]),
        expect: ["CFBundleVersion"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        new: .app(["CFBundleShortVersionString": "2.1", "CFBundleVersion": "318"]),
        context: LintContext(distribution: .adHoc), expect: ["CFBundleVersion"],
        severity: .note),
    ])

  func check(_ subject: ComparisonSubject) -> [Finding] {
    guard subject.isMain, !subject.oldIsProject, let file = subject.newFile(.infoPlist),
      let oldVersion = ComparableVersion(subject.old.shortVersion),
      let newVersion = ComparableVersion(subject.new.shortVersion), oldVersion == newVersion,
      let oldBuild = ComparableVersion(subject.old.buildVersion),
      let newBuild = ComparableVersion(subject.new.buildVersion), newBuild <= oldBuild
    else { return [] }
    let path = KeyPath.root.appending(key: "CFBundleVersion")
    if newBuild == oldBuild {
      return [
        subject.finding(
          Self.description, in: file, at: path,
          "CFBundleVersion \(newBuild) is OLD's build number for version \(newVersion), and "
            + "App Store Connect refuses a build number it already received for a version; "
            + "raise it", itms: "ITMS-90189", uploadCheck: true)
      ]
    }
    return [
      subject.finding(
        Self.description, in: file, at: path,
        "CFBundleVersion went down from \(oldBuild) to \(newBuild) for version \(newVersion), "
          + "and App Store Connect refuses a build number lower than one it received for that "
          + "version; use one higher than \(oldBuild)", itms: nil, uploadCheck: true)
    ]
  }
}
