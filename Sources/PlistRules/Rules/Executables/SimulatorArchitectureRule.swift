import PlistBundle
import PlistCore

/// An executable of an iOS-family bundle that still holds simulator slices (x86_64, i386).
struct SimulatorArchitectureRule: Rule {
  static let description = RuleDescription(
    identifier: "simulator_architecture",
    name: "Simulator Architecture",
    severity: .error,
    category: .executables,
    appliesTo: [.infoPlist],
    summary: "The executables of an iOS, tvOS, watchOS or visionOS bundle hold no x86_64 or "
      + "i386 slice",
    rationale: """
      App Store Connect refuses an upload whose executables carry Intel slices, which only
      the simulator runs on these platforms: `ERROR ITMS-90087: "Unsupported Architectures.
      The executable for ….app/Frameworks/….framework contains unsupported architectures
      '[x86_64, i386]'."` (the message as public reports quote it). The usual cause is a
      universal ("fat") framework built for device and simulator and embedded as is; an
      XCFramework keeps the simulator build apart, as Apple's page on multiplatform binary
      framework bundles describes; `lipo -remove` strips the slices from a built one.

      Checked for every bundle of a built app (the app, its extensions, frameworks and other
      nested bundles) whose platforms are known to be iOS, iPadOS, tvOS, watchOS or visionOS
      and not macOS or Mac Catalyst, where Intel slices are the real ones. An arm64 slice
      built for the simulator (`LC_BUILD_VERSION` platform 7) is not reported: the quoted
      message names architectures, and Apple says nothing of that case.
      """,
    appleSource: AppleSource(
      title: "Creating a multiplatform binary framework bundle",
      url:
        "https://developer.apple.com/documentation/xcode/"
        + "creating-a-multi-platform-binary-framework-bundle"),
    itms: "ITMS-90087",
    nonTriggering: [
      RuleExample(["CFBundleExecutable": "App"], context: built)
        .inBundle(app(["arm64"])),
      RuleExample(["CFBundleExecutable": "App"], context: built)
        .inBundle(app(["armv7", "arm64"])),
      // macOS: Intel slices are the real ones.
      RuleExample(
        ["CFBundleExecutable": "App"], context: LintContext(platforms: [.macOS], isBuilt: true)
      ).inBundle(app(["x86_64", "arm64"], platform: 1)),
      // Source: nothing is built yet.
      RuleExample(["CFBundleExecutable": "App"], context: LintContext(platforms: [.iOS]))
        .inBundle(app(["x86_64"])),
    ],
    triggering: [
      RuleExample(["CFBundleExecutable": "Kit"], context: built, expect: ["CFBundleExecutable"])
        .inBundle(app(["arm64", "x86_64", "i386"])),
      RuleExample(["CFBundleIdentifier": "com.example.kit"], context: built, expect: [""])
        .inBundle(app(["x86_64"], platform: 7)),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private static func app(_ architectures: [String], platform: UInt32 = 2) -> BundleNode {
    var bundle = BundleNode(
      path: "Frameworks/Kit.framework", kind: .framework, layout: .shallow,
      files: [
        BundleFile(path: "Frameworks/Kit.framework/Kit", role: .executable, size: 1)
      ], platforms: [.iOS])
    bundle.executable = MachOFile.example(
      slices: architectures.map { ($0, platform, "12.0", "17.0", ["__TEXT"]) },
      fileType: .dylib)
    return bundle
  }

  /// The architecture names of Intel slices.
  static let intel: Set<String> = ["x86_64", "x86_64h", "i386"]

  func check(_ subject: LintSubject) -> [Finding] {
    guard ExecutableFacts.isDeviceBuild(subject), let bundle = subject.bundle,
      let executable = bundle.executable
    else { return [] }
    let slices = executable.slices.filter { slice in
      Self.intel.contains(slice.architecture)
        // An Intel slice built for a Mac platform (a zippered framework) is not a simulator's.
        && !slice.buildVersions.contains { [1, 6].contains($0.platformNumber) }
    }
    guard !slices.isEmpty else { return [] }
    let simulator = slices.contains { $0.buildVersions.contains(where: \.isSimulator) }
    let kept = executable.slices.filter { !slices.map(\.architecture).contains($0.architecture) }
    let advice =
      kept.isEmpty
      ? "build it for devices (an XCFramework keeps the simulator build apart)"
      : "remove them (lipo -remove), or embed an XCFramework, which keeps the simulator build "
        + "apart"
    return [
      subject.finding(
        Self.description, at: ExecutableFacts.keyPath(subject),
        "\(ExecutableFacts.name(of: bundle)) contains the architectures "
          + "\(ExecutableFacts.bracketed(slices.map(\.architecture)))"
          + (simulator ? ", built for the simulator" : "")
          + ", which App Store Connect does not accept for this platform: \(advice)")
    ]
  }
}
