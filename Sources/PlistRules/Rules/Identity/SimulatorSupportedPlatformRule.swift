import PlistBundle
import PlistCore

/// A built bundle whose `CFBundleSupportedPlatforms` names a simulator.
struct SimulatorSupportedPlatformRule: Rule {
  static let description = RuleDescription(
    identifier: "simulator_supported_platform",
    name: "Simulator Supported Platform",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "CFBundleSupportedPlatforms of a built bundle names device platforms, not a "
      + "simulator",
    rationale: """
      Xcode writes `CFBundleSupportedPlatforms` into every bundle it builds, naming the SDK
      platform it was built for: `iPhoneOS` for a device build, `iPhoneSimulator` for a
      simulator build (likewise `AppleTVSimulator`, `WatchSimulator`, `XRSimulator`). Apple has
      no reference page for the key. App Store Connect refuses a bundle that names a simulator,
      as its message quoted in public reports says: `ERROR ITMS-90542: "Invalid
      CFBundleSupportedPlatforms value. The key 'CFBundleSupportedPlatforms' in the Info.plist
      file in bundle 'Payload/….app/….bundle' contains an invalid value '[iPhoneSimulator]'.
      Consider removing the CFBundleSupportedPlatforms key from the Info.plist."` It comes
      from a simulator build submitted by mistake, or from a third-party framework or resource
      bundle built for the simulator. Checked in built bundles, every nested bundle included.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    itms: "ITMS-90542",
    nonTriggering: [
      RuleExample(["CFBundleSupportedPlatforms": ["iPhoneOS"]], context: built),
      RuleExample(["CFBundleSupportedPlatforms": ["MacOSX"]], context: built),
      RuleExample(["CFBundleSupportedPlatforms": ["iPhoneSimulator"]]),
    ],
    triggering: [
      RuleExample(
        ["CFBundleSupportedPlatforms": ["iPhoneSimulator"]], context: built,
        expect: ["CFBundleSupportedPlatforms[0]"]),
      RuleExample(
        ["CFBundleSupportedPlatforms": ["WatchOS", "watchsimulator"]], context: built,
        expect: ["CFBundleSupportedPlatforms[1]"]),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  /// The simulator platform names, in lower case.
  static let simulators: Set<String> = [
    "iphonesimulator", "appletvsimulator", "watchsimulator", "xrsimulator",
  ]

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isBuilt,
      let items = subject.dictionary?["CFBundleSupportedPlatforms"]?.value.arrayValue
    else { return [] }
    var findings: [Finding] = []
    for (index, item) in items.enumerated() {
      guard let name = item.value.stringValue, Self.simulators.contains(name.lowercased())
      else { continue }
      let device = name.lowercased().replacingOccurrences(of: "simulator", with: "")
      let deviceName =
        ["iphone": "iPhoneOS", "appletv": "AppleTVOS", "watch": "WatchOS"][device]
        ?? "XROS"
      findings.append(
        subject.finding(
          Self.description, at: KeyPath([.key("CFBundleSupportedPlatforms"), .index(index)]),
          "CFBundleSupportedPlatforms names \(name): this bundle was built for the simulator, "
            + "and App Store Connect refuses it; build it for devices (\(deviceName))"))
    }
    return findings
  }
}
