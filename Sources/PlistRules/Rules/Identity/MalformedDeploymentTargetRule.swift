import Foundation
import PlistBundle
import PlistCore

/// A `MinimumOSVersion` or `LSMinimumSystemVersion` whose value is not a version.
///
/// Sources, and where they are silent:
/// - Apple's key pages (https://developer.apple.com/documentation/bundleresources/information-property-list/minimumosversion
///   and …/lsminimumsystemversion) say the App Store reads both keys to tell which OS releases
///   the app runs on; the macOS page gives `10`, `10.15` and `11` as the lowest values since
///   macOS 11.4. Neither page gives a format. The archived Launch Services key reference
///   (https://developer.apple.com/library/archive/documentation/General/Reference/InfoPlistKeyReference/Articles/LaunchServicesKeys.html)
///   does for `LSMinimumSystemVersion`: a string of the form `n.n.n`, a major version and two
///   minor revisions. So a valid value is one to three period-separated non-negative integers,
///   digits only (`15`, `15.0`, `15.0.1`, `10.15`).
/// - App Store Connect: ITMS-90530 ("Invalid MinimumOSVersion … MinimumOSVersion in '…' is
///   ''", as public reports quote it, e.g.
///   https://github.com/BelledonneCommunications/linphone-iphone/issues/402) refuses an empty
///   `MinimumOSVersion`, so that case is an error with the code where the value ships as
///   written, and a warning in an app's source plist (the key page says Xcode writes the key
///   from the deployment target; which value a build keeps is not published). No published
///   upload message covers a non-empty value that is not a version, a fourth component, a
///   value of another type, or any `LSMinimumSystemVersion` value (ITMS-90362 is about a
///   version below the store's minimum), so those are warnings without a code: the
///   conservative choice while the sources are silent.
/// - Not reported here, to say each thing once: a `$(…)` placeholder (the build replaces it;
///   `unresolved_placeholder` reports one left in a built bundle), and an embedded framework's
///   `MinimumOSVersion` in a built device bundle when `framework_minimum_os_version` already
///   reports it as missing, empty or not a version.
struct MalformedDeploymentTargetRule: Rule {
  /// The deployment-target keys, with the example a message suggests and the key's page.
  static let keys: [(key: String, example: String, page: String)] = [
    ("MinimumOSVersion", "15.0", "minimumosversion"),
    ("LSMinimumSystemVersion", "11.0", "lsminimumsystemversion"),
  ]

  static let description = RuleDescription(
    identifier: "malformed_deployment_target",
    name: "Malformed Deployment Target",
    severity: .warning,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "MinimumOSVersion and LSMinimumSystemVersion are one to three period-separated "
      + "non-negative integers",
    rationale: """
      The App Store reads `MinimumOSVersion` (iOS, iPadOS, tvOS, visionOS, watchOS) and
      `LSMinimumSystemVersion` (macOS) to tell which OS releases the app runs on, and
      infoscope's rules that depend on the deployment target cannot read a value that is not a
      version. The key pages give no format; the macOS page's values are `10`, `10.15` and
      `11`, and the archived Launch Services key reference describes `n.n.n`, a major version
      and two minor revisions. So a deployment target is one to three period-separated non-negative integers,
      digits only, as a string: `15`, `15.0`, `15.0.1`, `10.15`.

      An empty `MinimumOSVersion` is an error where the value ships as written (a built bundle,
      a framework's own Info.plist): App Store Connect refuses it with ITMS-90530 (public
      reports quote "Invalid MinimumOSVersion … is ''"). It is a warning in an app's source
      Info.plist, where Xcode writes the key from the deployment target and Apple does not say
      which value a build keeps, and a note when the distribution is known and is not the App
      Store. Other malformed values (`abc`, `15.`, `v15`, `15,0`, `15.0.0.0`, a version with
      spaces around it), values of another type (a number instead of a string), and any
      malformed `LSMinimumSystemVersion` are warnings: no upload message published for them
      was found. A `$(…)` placeholder is left to the build and to `unresolved_placeholder`, and
      an embedded framework's missing, empty or unreadable value in a built device bundle to
      `framework_minimum_os_version`. Archived reference:
      https://developer.apple.com/library/archive/documentation/General/Reference/InfoPlistKeyReference/Articles/LaunchServicesKeys.html
      """,
    appleSource: AppleSource(
      title: "MinimumOSVersion", url: KnownKeys.infoPage + "minimumosversion"),
    itms: "ITMS-90530",
    isUploadCheck: false,
    nonTriggering: [
      RuleExample(["MinimumOSVersion": "15"]),
      RuleExample(["MinimumOSVersion": "15.0"]),
      RuleExample(["MinimumOSVersion": "15.0.1"], context: LintContext(isBuilt: true)),
      RuleExample(["LSMinimumSystemVersion": "10.15"]),
      RuleExample(["LSMinimumSystemVersion": "11"], context: LintContext(isBuilt: true)),
      RuleExample(["MinimumOSVersion": "$(IPHONEOS_DEPLOYMENT_TARGET)"]),
      RuleExample(["LSMinimumSystemVersion": "${MACOSX_DEPLOYMENT_TARGET}"]),
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
    ],
    triggering: [
      RuleExample(
        ["MinimumOSVersion": ""], context: LintContext(isBuilt: true),
        expect: ["MinimumOSVersion"], severity: .error),
      RuleExample(
        ["MinimumOSVersion": "", "CFBundlePackageType": "FMWK"], expect: ["MinimumOSVersion"],
        severity: .error),
      // An app's source plist: Xcode writes the key from the deployment target.
      RuleExample(["MinimumOSVersion": ""], expect: ["MinimumOSVersion"], severity: .warning),
      RuleExample(
        ["MinimumOSVersion": ""], context: LintContext(isBuilt: true, distribution: .adHoc),
        expect: ["MinimumOSVersion"], severity: .note),
      RuleExample(["MinimumOSVersion": "abc"], expect: ["MinimumOSVersion"], severity: .warning),
      RuleExample(
        ["MinimumOSVersion": "15.0.0.0"], context: LintContext(isBuilt: true),
        expect: ["MinimumOSVersion"], severity: .warning),
      RuleExample(["MinimumOSVersion": " 15.0"], expect: ["MinimumOSVersion"]),
      RuleExample(["MinimumOSVersion": 15], expect: ["MinimumOSVersion"], severity: .warning),
      RuleExample(["LSMinimumSystemVersion": ""], expect: ["LSMinimumSystemVersion"]),
      RuleExample(
        ["LSMinimumSystemVersion": "10,15"], context: LintContext(isBuilt: true),
        expect: ["LSMinimumSystemVersion"], severity: .warning),
      RuleExample(["LSMinimumSystemVersion": 10.15], expect: ["LSMinimumSystemVersion"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary else { return [] }
    var findings: [Finding] = []
    for (key, example, page) in Self.keys {
      guard let node = info[key],
        var finding = finding(subject, key: key, value: node.value, example: example)
      else { continue }
      finding.url = KnownKeys.infoPage + page
      findings.append(finding)
    }
    return findings
  }

  /// The finding about `value`, the value of deployment-target `key`, or nil when it is a
  /// version, a placeholder, or another rule's to report.
  private func finding(
    _ subject: LintSubject, key: String, value: PlistValue, example: String
  ) -> Finding? {
    let path = KeyPath([.key(key)])
    if key == "MinimumOSVersion", FrameworkMinimumOSVersionRule.checks(subject),
      value.stringValue.flatMap(OSVersion.init) == nil
    {
      return nil
    }
    guard let text = value.stringValue else {
      var finding = subject.finding(
        Self.description, at: path,
        "\(key) holds \(value.kind.article), but a deployment target is a string, such as "
          + "\"\(example)\"; the OS and the App Store look for a version there"
      ).withoutITMS
      if case .integer(let number) = value {
        // A whole number names its version: 15 is "15".
        finding.fix = Fix(
          "write \"\(number)\"", [.set(path, .string(number.description))])
      }
      return finding
    }
    guard !Placeholder.contains(text) else { return nil }
    switch VersionFormat(text) {
    case .empty:
      if key == "MinimumOSVersion" {
        // The value ships as written in a built bundle and in a framework's own plist; in an
        // app's source plist Xcode writes the key from the deployment target, and Apple does
        // not say which value a build keeps.
        let ships = subject.context.isBuilt || InfoPlistFacts(subject)?.kind == .framework
        return subject.finding(
          Self.description, at: path,
          "MinimumOSVersion is \(text.isEmpty ? "empty" : "only whitespace"), so the bundle "
            + "states no deployment target, and App Store Connect refuses that"
            + (ships ? "" : " if the build keeps it") + "; set it to the deployment target, "
            + "such as \(example)",
          severity: ships ? .error : .warning, itms: "ITMS-90530")
      }
      return subject.finding(
        Self.description, at: path,
        "\(key) is \(text.isEmpty ? "empty" : "only whitespace"), so the app states no "
          + "minimum macOS; set it to the deployment target, such as \(example)"
      ).withoutITMS
    case .integers(let count) where count > 3:
      return subject.finding(
        Self.description, at: path,
        "\(key) \"\(text)\" has \(count) components, but a deployment target has at most "
          + "three (major.minor.patch), such as \(example) or \(example).1"
      ).withoutITMS
    case .integers:
      return nil
    case .invalid:
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed != text, case .integers(let count) = VersionFormat(trimmed), count <= 3 {
        var finding = subject.finding(
          Self.description, at: path,
          "\(key) \"\(text)\" has spaces around the version; write it as \"\(trimmed)\""
        ).withoutITMS
        finding.fix = Fix("write \"\(trimmed)\"", [.set(path, .string(trimmed))])
        return finding
      }
      return subject.finding(
        Self.description, at: path,
        "\(key) \"\(text)\" is not a version, so it names no OS release; a deployment target "
          + "is one to three period-separated numbers, digits only, such as \(example)"
      ).withoutITMS
    }
  }
}
