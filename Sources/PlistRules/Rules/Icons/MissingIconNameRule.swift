import PlistBundle
import PlistCore

/// An iPhone or iPad app whose Info.plist lacks `CFBundleIconName`.
struct MissingIconNameRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_icon_name",
    name: "Missing Icon Name",
    severity: .error,
    category: .icons,
    appliesTo: [.infoPlist],
    summary: "A built iPhone or iPad app names its asset-catalog app icon in CFBundleIconName",
    rationale: """
      App Store Connect rejects an iOS upload without `CFBundleIconName` (ITMS-90713): "Apps
      built with iOS 11 or later SDK must supply app icons in an asset catalog and must also
      provide a value for this Info.plist key" (the text quoted in public upload logs; no
      Apple page that was read states it, and the key's reference page lists macOS only). So
      an app that still ships loose icon files (`CFBundleIconFiles`) is rejected too.

      Xcode's asset catalog compiler writes the key into the built Info.plist from the target's
      `ASSETCATALOG_COMPILER_APPICON_NAME` ("Primary App Icon Set Name"), so a source file
      without it is normal. Checked: a built app (an error unless `DTSDKName` says an SDK older
      than 11), and a project target whose effective Info.plist lacks the key while the target
      sets no `ASSETCATALOG_COMPILER_APPICON_NAME` (a warning: the build has nothing to write
      it from). Bare source files and extensions are not checked. The key counts where
      Xcode 9's asset compiler writes it, inside `CFBundleIcons` (or `CFBundleIcons~ipad`) →
      `CFBundlePrimaryIcon`, as well as at the top level: builds of that form were accepted.
      """,
    appleSource: AppleSource(
      title: "CFBundleIconName", url: KnownKeys.infoPage + "cfbundleiconname"),
    itms: "ITMS-90713",
    nonTriggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleIconName": "AppIcon"],
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos26.0")),
      // A source file: Xcode adds the key from ASSETCATALOG_COMPILER_APPICON_NAME.
      RuleExample(["CFBundlePackageType": "APPL", "LSRequiresIPhoneOS": true]),
      // The iOS container of a watch-only app (Apple's documentation is silent on it).
      RuleExample(
        ["CFBundlePackageType": "APPL", "ITSWatchOnlyContainer": true, "UIDeviceFamily": [1]],
        context: LintContext(isBuilt: true, sdk: "iphoneos26.0")),
      // macOS, an extension, an SDK older than 11.
      RuleExample(
        ["CFBundlePackageType": "APPL"],
        context: LintContext(platforms: [.macOS], isBuilt: true, sdk: "macosx26.0")),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "NSExtension": [:]],
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos26.0")),
      RuleExample(
        ["CFBundlePackageType": "APPL"],
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos10.3")),
      // Where Xcode 9 writes it (a regression: two corpus apps were reported).
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        ], context: LintContext(isBuilt: true, sdk: "iphoneos11.2")),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, sdk: "iphoneos26.0"),
        expect: ["CFBundleIconName"]),
      // An enterprise build never reaches App Store Connect: a note that says so.
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .enterprise, sdk: "iphoneos26.0"),
        expect: ["CFBundleIconName"], severity: .note),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .appStore, sdk: "iphoneos26.0"),
        expect: ["CFBundleIconName"], severity: .error),
      // Loose icon files do not exempt the app.
      RuleExample(
        [
          "CFBundlePackageType": "APPL",
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon-60"]]],
        ], context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos26.0"),
        expect: ["CFBundleIconName"]),
    ]
  ).requiring(
    [
      RuleRequirement(
        since: "iOS 11 SDK", "App Store Connect requires CFBundleIconName (ITMS-90713)")
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp, !facts.has("CFBundleIconName"),
      !Self.hasPrimaryIconName(facts.info)
    else { return [] }
    let path = KeyPath([.key("CFBundleIconName")])
    switch facts.completeness {
    case .built:
      if let sdk = facts.sdkMajorVersion, sdk < 11 { return [] }
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleIconName is missing; App Store Connect rejects iOS apps built with the iOS 11 "
            + "SDK or later without it: give the app icon an asset catalog set and set "
            + "ASSETCATALOG_COMPILER_APPICON_NAME to its name")
      ]
    case .assembled:
      guard let setting = iconSetting(subject), setting.isEmpty else { return [] }
      return [
        subject.finding(
          Self.description, at: path,
          "neither the Info.plist nor ASSETCATALOG_COMPILER_APPICON_NAME names the app icon, so "
            + "the built app will lack CFBundleIconName, which App Store Connect requires: set "
            + "ASSETCATALOG_COMPILER_APPICON_NAME to the app icon set's name",
          severity: .warning)
      ]
    case .fullSource, .partialSource:
      return []
    }
  }

  /// True when `CFBundleIcons` or `CFBundleIcons~ipad` → `CFBundlePrimaryIcon` has a
  /// non-empty `CFBundleIconName`.
  static func hasPrimaryIconName(_ info: PlistDictionary) -> Bool {
    ["CFBundleIcons", "CFBundleIcons~ipad"].contains { key in
      let primary = info[key]?.value.dictionaryValue?["CFBundlePrimaryIcon"]?.value
      let name = primary?.dictionaryValue?["CFBundleIconName"]?.value.stringValue ?? ""
      return !name.isEmpty
    }
  }

  /// The target's `ASSETCATALOG_COMPILER_APPICON_NAME` (empty when unset), or nil when the
  /// target or its settings cannot be found or the value stays unresolved.
  private func iconSetting(_ subject: LintSubject) -> String? {
    guard let bundle = subject.bundle, let effective = bundle.effectiveInfoPlist,
      let projects = subject.input?.projects
    else { return nil }
    for project in projects where bundle.path.hasPrefix(project.path) {
      guard
        let settings = try? project.settings(
          target: effective.target, configuration: effective.configuration)
      else { continue }
      guard
        let value = settings.value(
          of: "ASSETCATALOG_COMPILER_APPICON_NAME", sdk: effective.sdk)
      else { return "" }
      return value.isResolved ? value.text : nil
    }
    return nil
  }
}
