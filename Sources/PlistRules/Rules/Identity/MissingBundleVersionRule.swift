import PlistBundle
import PlistCore

/// An app, app extension, watch app, App Clip or framework whose Info.plist has no
/// `CFBundleVersion` or no `CFBundleShortVersionString`.
struct MissingBundleVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_bundle_version",
    name: "Missing Bundle Version",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app, its nested bundles and its frameworks declare CFBundleVersion "
      + "(ITMS-90056) and CFBundleShortVersionString (ITMS-90057)",
    rationale: """
      Apple's `CFBundleVersion` page says the key is "required by the App Store", and App Store
      Connect answers a bundle without it with ITMS-90056 and a bundle (often an embedded
      framework) without `CFBundleShortVersionString` with ITMS-90057 (codes from App Store
      Connect's messages as quoted in public reports; Apple does not publish them). Checked
      where the file shows what ships, as for `missing_bundle_identifier`: a built bundle and a
      project target's effective Info.plist (where Xcode's `CURRENT_PROJECT_VERSION` and
      `MARKETING_VERSION` already count) give an error; a source file written in full gives a
      warning, since the build can still add the keys from those settings; partial source
      files are left alone. Only apps, app extensions, watch apps, App Clips and frameworks are
      checked. Outside the App Store (a known distribution that is not the App Store) the
      findings are notes: the codes are App Store Connect upload checks.
      """,
    appleSource: AppleSource(
      title: "CFBundleVersion", url: KnownKeys.infoPage + "cfbundleversion"),
    isUploadCheck: true,
    nonTriggering: [
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "CFBundleVersion": "12",
          "CFBundleShortVersionString": "1.2",
        ], context: LintContext(isBuilt: true)),
      RuleExample([
        "CFBundleExecutable": "App", "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
        "CFBundleShortVersionString": "$(MARKETING_VERSION)",
      ]),
      // A partial source file: Xcode writes the version keys from build settings.
      RuleExample(["UIAppFonts": ["Inter.ttf"]]),
      // A resource bundle is not checked.
      RuleExample(["CFBundlePackageType": "BNDL"], context: LintContext(isBuilt: true)),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.2"],
        context: LintContext(isBuilt: true), expect: ["CFBundleVersion"], severity: .error),
      RuleExample(
        ["CFBundlePackageType": "FMWK", "CFBundleVersion": "1"],
        context: LintContext(isBuilt: true), expect: ["CFBundleShortVersionString"],
        severity: .error),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"],
        expect: ["CFBundleShortVersionString", "CFBundleVersion"], severity: .warning),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.2"],
        context: LintContext(isBuilt: true, distribution: .enterprise),
        expect: ["CFBundleVersion"], severity: .note),
    ])

  /// The keys, each with the setting Xcode fills it from and the App Store Connect code.
  static let keys: [(key: String, setting: String, itms: String)] = [
    ("CFBundleShortVersionString", "MARKETING_VERSION", "ITMS-90057"),
    ("CFBundleVersion", "CURRENT_PROJECT_VERSION", "ITMS-90056"),
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isAppLike || facts.kind == .framework,
      facts.completeness != .partialSource
    else { return [] }
    let source = facts.completeness == .fullSource
    return Self.keys.filter { !facts.has($0.key) }.map { item in
      let why =
        "App Store Connect reports a bundle without it (\(item.itms), as public reports quote "
        + "it)"
      let message =
        source
        ? "\(item.key) is missing; unless the build generates it from \(item.setting), add it: "
          + why
        : "\(item.key) is missing; \(why): set \(item.setting) or add the key"
      return subject.finding(
        Self.description, at: KeyPath([.key(item.key)]), message,
        severity: source ? .warning : .error, itms: item.itms)
    }
  }
}
