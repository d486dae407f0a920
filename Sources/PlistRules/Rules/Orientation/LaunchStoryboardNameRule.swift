import PlistBundle
import PlistCore

/// A `UILaunchStoryboardName` written with its file extension, or naming a storyboard a built
/// bundle does not have.
struct LaunchStoryboardNameRule: Rule {
  static let description = RuleDescription(
    identifier: "launch_storyboard_name",
    name: "Launch Storyboard Name",
    severity: .error,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UILaunchStoryboardName names the launch screen without its extension, and in a "
      + "built bundle the compiled storyboard or nib exists",
    rationale: """
      Apple's key page: the value is the storyboard's file name without the `.storyboard`
      extension. With the extension the system looks for a compiled storyboard that does not
      exist, and App Store Connect refuses an iPad app that supports multitasking with
      ITMS-90476 ("Invalid bundle": its message, as quoted in public reports for exactly this
      value, asks for a `LaunchScreen.storyboard` file the bundle cannot have). So the extension
      is an error for an app that may run on iPad without `UIRequiresFullScreen` (or whose
      devices are unknown), a warning for an iPhone-only or full-screen app. In a built bundle
      the compiled launch screen must be in the bundle's resources or an `.lproj` folder, as
      `<name>.storyboardc` or, for a launch screen made from a XIB, `<name>.nib` (a file or a
      folder): without it there is no launch screen (an error, ITMS-90476 for an iPad
      multitasking app). Both drop to notes when the distribution is known and is not the App
      Store, where the ITMS code applies.
      """,
    appleSource: AppleSource(
      title: "UILaunchStoryboardName", url: KnownKeys.infoPage + "uilaunchstoryboardname"),
    itms: "ITMS-90476",
    // Findings carry the code only for an iPad multitasking app; those alone drop to notes.
    isUploadCheck: false,
    nonTriggering: [
      RuleExample(["UILaunchStoryboardName": "LaunchScreen"]),
      RuleExample(["UILaunchStoryboardName": "Launch Screen"]),
      RuleExample(["UILaunchStoryboardName": "$(LAUNCH_SCREEN)"]),
      // A launch screen compiled from a XIB, at the top level or in an .lproj folder.
      RuleExample(["UILaunchStoryboardName": "LaunchScreen"], context: LintContext(isBuilt: true))
        .within(bundle: launchBundle("App.app/LaunchScreen.nib")),
      RuleExample(["UILaunchStoryboardName": "Launch"], context: LintContext(isBuilt: true))
        .within(bundle: launchBundle("App.app/Base.lproj/Launch.nib")),
      RuleExample(["UILaunchStoryboardName": "Launch"], context: LintContext(isBuilt: true))
        .within(bundle: launchBundle("App.app/Base.lproj/Launch.storyboardc")),
    ],
    triggering: [
      RuleExample(
        ["UILaunchStoryboardName": "LaunchScreen.storyboard"],
        expect: ["UILaunchStoryboardName"], severity: .error),
      RuleExample(
        ["UILaunchStoryboardName~ipad": "Launch.Storyboard", "UIDeviceFamily": [2]],
        context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["UILaunchStoryboardName~ipad"], severity: .error),
      RuleExample(
        ["UILaunchStoryboardName": "LaunchScreen.storyboard", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, distribution: .adHoc),
        expect: ["UILaunchStoryboardName"], severity: .note),
      // iPhone only, or full screen on iPad: no multitasking, no ITMS-90476.
      RuleExample(
        ["UILaunchStoryboardName": "LaunchScreen.storyboard", "UIDeviceFamily": [1]],
        expect: ["UILaunchStoryboardName"], severity: .warning),
      RuleExample(
        ["UILaunchStoryboardName~iphone": "LaunchPhone.storyboard", "UIDeviceFamily": [1, 2]],
        expect: ["UILaunchStoryboardName~iphone"], severity: .warning),
      RuleExample(
        [
          "UILaunchStoryboardName": "LaunchScreen.storyboard", "UIDeviceFamily": [1, 2],
          "UIRequiresFullScreen": true,
        ], expect: ["UILaunchStoryboardName"], severity: .warning),
      // Neither LaunchScreen.storyboardc nor LaunchScreen.nib in the built bundle.
      RuleExample(
        ["UILaunchStoryboardName": "LaunchScreen", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true), expect: ["UILaunchStoryboardName"],
        severity: .error
      ).within(bundle: launchBundle(missing: "App.app/LaunchScreen.storyboardc")),
    ])

  /// An app bundle whose launch screen file (as the bundle walker records it) is at `path`,
  /// or is missing at `missing`.
  static func launchBundle(_ path: String? = nil, missing: String? = nil) -> BundleNode {
    var files = [BundleFile(path: "App.app/Info.plist", role: .infoPlist)]
    if let path { files.append(BundleFile(path: path, role: .launchStoryboard)) }
    if let missing {
      files.append(
        BundleFile(
          path: missing, role: .launchStoryboard,
          problem: BundleError(.notFound, "not in the bundle", path: missing)))
    }
    return BundleNode(path: "App.app", kind: .application, layout: .shallow, files: files)
  }

  func check(_ subject: LintSubject) -> [Finding] {
    // Launch storyboards are read on iOS, iPadOS and visionOS; a bundle that targets none of
    // them (a Mac app given --platform macOS) has no launch screen to check.
    let platforms = subject.context.platforms
    guard platforms.isEmpty || !Set(platforms).isDisjoint(with: [.iOS, .iPadOS, .visionOS]),
      let info = subject.dictionary
    else { return [] }
    var findings: [Finding] = []
    let facts = InfoPlistFacts(subject)
    let fullScreen = info["UIRequiresFullScreen"]?.value.boolValue == true
    // iPad multitasking, or devices unknown (a source file leaves them to the build).
    let multitasking =
      !fullScreen && (facts.map { $0.targetsIPad || $0.deviceFamilies.isEmpty } ?? true)
    let code: String? = multitasking ? "ITMS-90476" : nil
    for entry in info.entries
    where entry.key == "UILaunchStoryboardName" || entry.key.hasPrefix("UILaunchStoryboardName~") {
      guard let name = entry.node.value.stringValue else { continue }
      let path = KeyPath([.key(entry.key)])
      let ipadKey = entry.key.lowercased().hasSuffix("~ipad")
      // The iPhone's launch storyboard is not what iPad multitasking needs.
      let iphoneKey = entry.key.lowercased().hasSuffix("~iphone")
      let itms = iphoneKey ? nil : (ipadKey && !fullScreen ? "ITMS-90476" : code)
      if name.lowercased().hasSuffix(".storyboard") {
        let base = String(name.dropLast(".storyboard".count))
        let consequence =
          itms == nil
          ? "the system looks for the name without it, so the app has no launch screen"
          : "App Store Connect refuses an iPad app that supports multitasking when its launch "
            + "storyboard cannot be found"
        var finding = subject.finding(
          Self.description, at: path,
          "\(entry.key) \"\(name)\" includes the file extension; write \"\(base)\", the name "
            + "without .storyboard: \(consequence)",
          severity: itms == nil ? .warning : .error, itms: itms,
          fix: Fix("drop the extension", [.set(path, .string(base))]))
        if itms == nil { finding.itms = nil }
        findings.append(finding)
      } else if subject.context.isBuilt,
        let file = subject.bundle?.files.first(where: {
          $0.role == .launchStoryboard && Self.names($0.path, name)
        }),
        file.problem?.kind == .notFound
      {
        let device =
          entry.key == "UILaunchStoryboardName"
          ? "" : " on \(ipadKey ? "iPad" : "iPhone")"
        var finding = subject.finding(
          Self.description, at: path,
          "\(entry.key) names \"\(name)\", but neither \(name).storyboardc nor \(name).nib is "
            + "in the bundle, so the app has no launch screen\(device); add the launch screen "
            + "to the target or fix the name", severity: .error, itms: itms)
        if itms == nil { finding.itms = nil }
        findings.append(finding)
      }
    }
    return findings
  }

  /// True when `path` is the compiled launch screen `name` (`name.storyboardc` or `name.nib`),
  /// at the top level or in a folder.
  static func names(_ path: String, _ name: String) -> Bool {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last == name + ".storyboardc" || last == name + ".nib"
  }
}
