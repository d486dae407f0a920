import PlistBundle
import PlistCore

/// A `UILaunchStoryboardName` written with its file extension, or naming a storyboard a built
/// bundle does not have.
struct LaunchStoryboardNameRule: Rule {
  static let description = RuleDescription(
    identifier: "launch_storyboard_name",
    name: "Launch Storyboard Name",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "UILaunchStoryboardName names the storyboard without its extension, and in a built "
      + "bundle the compiled storyboard exists",
    rationale: """
      Apple's key page: the value is the storyboard's file name without the `.storyboard`
      extension (a warning when it has one; a public report says the extension breaks App Store
      validation). In a built bundle the compiled `<name>.storyboardc` must be in the bundle's
      resources or an `.lproj` folder: without it there is no launch screen (an error).
      """,
    appleSource: AppleSource(
      title: "UILaunchStoryboardName", url: KnownKeys.infoPage + "uilaunchstoryboardname"),
    nonTriggering: [
      RuleExample(["UILaunchStoryboardName": "LaunchScreen"]),
      RuleExample(["UILaunchStoryboardName": "Launch Screen"]),
      RuleExample(["UILaunchStoryboardName": "$(LAUNCH_SCREEN)"]),
    ],
    triggering: [
      RuleExample(
        ["UILaunchStoryboardName": "LaunchScreen.storyboard"],
        expect: ["UILaunchStoryboardName"]),
      RuleExample(
        ["UILaunchStoryboardName~ipad": "Launch.Storyboard"],
        expect: ["UILaunchStoryboardName~ipad"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    // Launch storyboards are read on iOS, iPadOS and visionOS; a bundle that targets none of
    // them (a Mac app given --platform macOS) has no launch screen to check.
    let platforms = subject.context.platforms
    guard platforms.isEmpty || !Set(platforms).isDisjoint(with: [.iOS, .iPadOS, .visionOS]),
      let info = subject.dictionary
    else { return [] }
    var findings: [Finding] = []
    for entry in info.entries
    where entry.key == "UILaunchStoryboardName" || entry.key.hasPrefix("UILaunchStoryboardName~") {
      guard let name = entry.node.value.stringValue else { continue }
      let path = KeyPath([.key(entry.key)])
      if name.lowercased().hasSuffix(".storyboard") {
        let base = String(name.dropLast(".storyboard".count))
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(entry.key) \"\(name)\" includes the file extension; write \"\(base)\", the name "
              + "without .storyboard",
            fix: Fix("drop the extension", [.set(path, PlistValueBox(.string(base)))])))
      } else if subject.context.isBuilt,
        let file = subject.bundle?.files.first(where: {
          $0.role == .launchStoryboard
            && ($0.path.hasSuffix("/" + name + ".storyboardc") || $0.path == name + ".storyboardc")
        }),
        file.problem?.kind == .notFound
      {
        let device =
          entry.key == "UILaunchStoryboardName"
          ? "" : " on \(entry.key.lowercased().hasSuffix("~ipad") ? "iPad" : "iPhone")"
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(entry.key) names \"\(name)\", but \(file.path) is not in the bundle, "
              + "so the app has no launch screen\(device); add the storyboard to the target or fix the "
              + "name", severity: .error))
      }
    }
    return findings
  }
}
