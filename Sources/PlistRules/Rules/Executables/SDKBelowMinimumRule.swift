import PlistBundle
import PlistCore

/// An app built with an SDK older than the one App Store Connect requires today.
struct SDKBelowMinimumRule: Rule {
  static let description = RuleDescription(
    identifier: "sdk_below_minimum",
    name: "SDK Below Minimum",
    severity: .error,
    category: .executables,
    appliesTo: [.infoPlist],
    summary: "An app is built with the SDK and Xcode App Store Connect requires on the day of "
      + "the lint",
    rationale: """
      Apple raises the SDK uploads must be built with every spring and announces each step on
      its "Upcoming requirements" page. The steps in the rule's table, with their first day:

      - since April 25, 2023: the iOS 16.1 and watchOS 9.1 SDKs (Xcode 14.1);
      - since July 31, 2023: the tvOS 16.1 SDK (Xcode 14.1);
      - since April 29, 2024: the iOS 17, tvOS 17 and watchOS 10 SDKs (Xcode 15);
      - since April 24, 2025: the iOS 18, tvOS 18, visionOS 2 and watchOS 11 SDKs (Xcode 16);
      - since April 28, 2026: the iOS 26, tvOS 26, visionOS 26 and watchOS 26 SDKs (Xcode 26).

      App Store Connect names the step in its message, as public reports quote it:
      `ITMS-90725: SDK version issue - This app was built with the iOS 18.5 SDK. Starting April
      2026, all iOS and iPadOS apps must be built with the iOS 26 SDK or later, included in
      Xcode 26 or later, in order to be uploaded to App Store Connect or submitted for
      distribution.` Before a step's day it arrives as a warning with a successful delivery;
      from that day the upload is refused. So an SDK below the step in force on the day of the
      lint is an error, and below a step announced for a later day a warning. A further step
      for April 2027 (the iOS 27 SDK) is reported by third parties, but no Apple page read for
      this rule states it, so the table stops at 2026.

      The SDK comes from the app's `DTSDKName` (`iphoneos17.2`), else from its executable's
      `LC_BUILD_VERSION` sdk field; the Xcode version from `DTXcode` (`1520` is 15.2). The
      day is the lint's (today, or the one a test gives). Checked for the apps of a built
      bundle (the app, a watch app, an App Clip), not their frameworks, whose SDK App Store
      Connect does not name; macOS is not in Apple's announcements.
      """,
    appleSource: AppleSource(
      title: "Upcoming requirements", url: "https://developer.apple.com/news/upcoming-requirements/"
    ),
    itms: "ITMS-90725",
    nonTriggering: [
      RuleExample(
        ["DTSDKName": "iphoneos26.1", "DTXcode": "2610"], context: built(2026, 12, 2)
      )
      .inBundle(app()),
      // The day before the iOS 18 step, an iOS 18 build meets both that step and the one in
      // force.
      RuleExample(["DTSDKName": "iphoneos18.2"], context: built(2025, 4, 23)).inBundle(app()),
      RuleExample(["DTSDKName": "macosx15.0"], context: built(2026, 12, 2)).inBundle(app()),
      RuleExample(["DTSDKName": "iphoneos11.2"], context: LintContext(platforms: [.iOS]))
        .inBundle(app()),
      RuleExample(["DTSDKName": "iphoneos11.2"], context: built(2026, 12, 2))
        .inBundle(app(kind: .framework)),
    ],
    triggering: [
      RuleExample(
        ["DTSDKName": "iphoneos18.5", "DTXcode": "1640"], context: built(2026, 12, 2),
        expect: ["DTSDKName"], severity: .error
      ).inBundle(app()),
      RuleExample(
        ["DTSDKName": "iphoneos18.5"], context: built(2026, 2, 3), expect: ["DTSDKName"],
        severity: .warning
      ).inBundle(app()),
      RuleExample(
        ["DTXcode": "1520"], context: built(2026, 12, 2), expect: ["DTXcode"], severity: .error
      ).inBundle(app()),
      // No DTSDKName: the executable's LC_BUILD_VERSION tells.
      RuleExample(
        ["CFBundleExecutable": "App"], context: built(2026, 12, 2),
        expect: ["CFBundleExecutable"], severity: .error
      ).inBundle(app(sdk: "17.5")),
    ]
  ).requiring(
    SDKRequirements.ruleRequirements)

  private static func built(_ year: Int, _ month: Int, _ day: Int) -> LintContext {
    LintContext(platforms: [.iOS], isBuilt: true, date: CalendarDay(year, month, day))
  }

  private static func app(kind: BundleKind = .application, sdk: String? = nil) -> BundleNode {
    var bundle = BundleNode(
      path: "App.app", kind: kind, layout: .shallow,
      files: [BundleFile(path: "App.app/App", role: .executable, size: 1)], platforms: [.iOS])
    if let sdk {
      bundle.executable = MachOFile.example(slices: [("arm64", 2, "15.0", sdk, ["__TEXT"])])
    }
    return bundle
  }

  /// What the bundle says it was built with.
  private struct Evidence {
    var platform: Platform
    var sdk: String?
    var sdkSource: String
    var sdkPath: KeyPath
    var xcode: (major: Int, spelled: String)?
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isBuilt, let bundle = subject.bundle,
      [.application, .watchApplication, .appClip].contains(bundle.kind),
      let info = subject.dictionary, let evidence = Self.evidence(info, bundle)
    else { return [] }
    let day = subject.context.today
    let (current, next) = SDKRequirements.requirements(for: evidence.platform, on: day)
    if let current, let finding = Self.finding(subject, evidence, current, inForce: true) {
      return [finding]
    }
    if let next, let finding = Self.finding(subject, evidence, next, inForce: false) {
      return [finding]
    }
    return []
  }

  private static func evidence(_ info: PlistDictionary, _ bundle: BundleNode) -> Evidence? {
    let xcode = info["DTXcode"]?.value.stringValue.flatMap(SDKRequirements.xcode)
    if let name = info["DTSDKName"]?.value.stringValue, !name.isEmpty {
      guard let platform = SDKRequirements.platform(ofSDKName: name) else { return nil }
      return Evidence(
        platform: platform, sdk: SDKRequirements.version(ofSDKName: name),
        sdkSource: "DTSDKName \(name)", sdkPath: KeyPath([.key("DTSDKName")]), xcode: xcode)
    }
    let versions = bundle.executable?.slices.flatMap(\.buildVersions) ?? []
    if let version = versions.first(where: { $0.platform != nil && $0.sdk != "0.0.0" }),
      let platform = version.platform, ![.macOS, .macCatalyst].contains(platform)
    {
      let path =
        info["CFBundleExecutable"] != nil ? KeyPath([.key("CFBundleExecutable")]) : .root
      return Evidence(
        platform: platform, sdk: version.sdk,
        sdkSource: "its executable's LC_BUILD_VERSION", sdkPath: path, xcode: xcode)
    }
    guard xcode != nil else { return nil }
    let platform = bundle.platforms.first { ExecutableFacts.devicePlatforms.contains($0) }
    guard let platform, !bundle.platforms.contains(.macOS) else { return nil }
    return Evidence(
      platform: platform == .iPadOS ? .iOS : platform, sdk: nil, sdkSource: "",
      sdkPath: KeyPath([.key("DTXcode")]), xcode: xcode)
  }

  private static func finding(
    _ subject: LintSubject, _ evidence: Evidence, _ requirement: SDKRequirements.Requirement,
    inForce: Bool
  ) -> Finding? {
    let name = sdkName(evidence.platform)
    var reasons: [String] = []
    var path = KeyPath([.key("DTXcode")])
    if let sdk = evidence.sdk, let have = OSVersion(sdk), let need = OSVersion(requirement.sdk),
      have < need
    {
      reasons.append("built with the \(name) \(trimmed(sdk)) SDK (\(evidence.sdkSource))")
      path = evidence.sdkPath
    }
    if let xcode = evidence.xcode, let need = requirement.xcode, xcode.major < need {
      reasons.append("with Xcode \(xcode.spelled) (DTXcode)")
    }
    guard !reasons.isEmpty else { return nil }
    let demand =
      "App Store Connect requires the \(name) \(trimmed(requirement.sdk)) SDK or later"
      + (requirement.xcode.map { " and Xcode \($0) or later" } ?? "")
    let when =
      inForce
      ? "since \(requirement.since.spelled) \(demand)"
      : "from \(requirement.since.spelled) \(demand) (until then it only warns)"
    return subject.finding(
      description, at: path,
      "the app was " + reasons.joined(separator: " and ") + "; " + when
        + ": build it with a current Xcode", severity: inForce ? .error : .warning)
  }

  private static func sdkName(_ platform: Platform) -> String {
    switch platform {
    case .tvOS: "tvOS"
    case .watchOS: "watchOS"
    case .visionOS: "visionOS"
    default: "iOS"
    }
  }

  private static func trimmed(_ version: String) -> String {
    var parts = version.split(separator: ".").map(String.init)
    while parts.count > 1, parts.last == "0" { parts.removeLast() }
    return parts.joined(separator: ".")
  }
}
