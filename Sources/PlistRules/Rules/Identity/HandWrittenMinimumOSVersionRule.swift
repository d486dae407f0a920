import PlistBundle
import PlistCore

/// `MinimumOSVersion` written into the source Info.plist of an app built in Xcode, which sets
/// the key itself from the deployment target.
struct HandWrittenMinimumOSVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "hand_written_minimum_os_version",
    name: "Hand-Written MinimumOSVersion",
    severity: .note,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "A source Info.plist sets MinimumOSVersion, which Xcode writes from the "
      + "deployment target",
    rationale: """
      Apple's `MinimumOSVersion` page: don't specify the key in the Info.plist of an app built
      in Xcode; Xcode uses the Deployment Target of the target's General settings. A value
      written by hand can only repeat the deployment target or disagree with it, and the
      page does not say which one a build keeps, so the file is misleading at best. A note; a
      warning when the project's deployment target is known and differs. Built bundles are
      not checked (Xcode wrote the key there), nor frameworks (a framework's Info.plist built
      outside an Xcode framework target, such as Flutter's `AppFrameworkInfo.plist`, needs the
      key, ITMS-90360), nor a `$(…)` placeholder, which takes the build setting's value.
      """,
    appleSource: AppleSource(
      title: "MinimumOSVersion", url: KnownKeys.infoPage + "minimumosversion"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
      RuleExample(
        ["MinimumOSVersion": "16.0", "CFBundleIdentifier": "com.example.app"],
        context: LintContext(isBuilt: true)),
      RuleExample(["MinimumOSVersion": "$(IPHONEOS_DEPLOYMENT_TARGET)"]),
      RuleExample(["MinimumOSVersion": "13.0", "CFBundlePackageType": "FMWK"]),
      RuleExample(["MinimumOSVersion": "17.0", "DTPlatformName": "iphoneos"]),
    ],
    triggering: [
      RuleExample(
        ["MinimumOSVersion": "15.0", "CFBundleExecutable": "App"], expect: ["MinimumOSVersion"],
        severity: .note)
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard !subject.context.isBuilt, let facts = InfoPlistFacts(subject),
      let text = facts.string("MinimumOSVersion"), !Placeholder.contains(text),
      facts.kind != .framework, facts.kind != .bundle,
      // Keys only a build writes: the file is a built Info.plist read on its own.
      facts.info["DTPlatformName"] == nil, facts.info["BuildMachineOSBuild"] == nil
    else { return [] }
    let path = KeyPath.root.appending(key: "MinimumOSVersion")
    var message =
      "MinimumOSVersion is written by hand (\(text)); Apple says not to set it in an app built "
      + "in Xcode, which writes it from the deployment target, so remove it and set the "
      + "deployment target instead"
    var severity = Severity.note
    if let (target, source) = DeploymentTarget.projectSetting(subject),
      let stated = OSVersion(text), stated != target, case .buildSetting(let name) = source
    {
      message += "; here it disagrees with \(name) = \(target)"
      severity = .warning
    }
    return [
      subject.finding(
        Self.description, at: path, message, severity: severity,
        fix: Fix("remove MinimumOSVersion", [.remove(path)]))
    ]
  }
}
