import PlistBundle
import PlistCore

/// An embedded framework whose `MinimumOSVersion` is missing, empty, or not what its binary
/// was built for.
struct FrameworkMinimumOSVersionRule: Rule {
  static let description = RuleDescription(
    identifier: "framework_minimum_os_version",
    name: "Framework Minimum OS Version",
    severity: .error,
    category: .executables,
    appliesTo: [.infoPlist],
    summary: "An embedded framework's Info.plist states MinimumOSVersion, and the minimum "
      + "its binary was built for",
    rationale: """
      Xcode writes `MinimumOSVersion` into a framework's Info.plist from its deployment
      target, the same value the linker records in the binary (`LC_BUILD_VERSION` minos, or
      `LC_VERSION_MIN_*` in older binaries). Hand-made or repackaged frameworks (Flutter's
      `App.framework`, some SDKs' build scripts) get it wrong, and App Store Connect refuses
      the upload, with these messages as public reports quote them:

      - the key missing: `ITMS-90360: Missing Info.plist value. A value for the key
        'MinimumOSVersion' in bundle ….app/Frameworks/….framework is required.`;
      - the key empty (or not a version): `ITMS-90530: Invalid MinimumOSVersion. … 
        MinimumOSVersion in '….app/Frameworks/….framework' is ''.`;
      - the binary built for a later OS than the key says: `ITMS-90208: Invalid Bundle. The
        bundle ….app/Frameworks/….framework does not support the minimum OS Version specified
        in the Info.plist.` (reported, for example, with a binary's minos 17.0 against a
        MinimumOSVersion of 13.0).

      A binary built for an earlier OS than the key says supports the stated minimum; the
      two still disagree, so that is a warning without an upload code (no message quoted in
      public reports covers it). Checked for frameworks of built iOS, iPadOS, tvOS, watchOS
      and visionOS bundles; the binary's minimum is the highest of its slices'.
      """,
    appleSource: AppleSource(
      title: "MinimumOSVersion", url: KnownKeys.infoPage + "minimumosversion"),
    itms: "ITMS-90208",
    nonTriggering: [
      RuleExample(["MinimumOSVersion": "15.0"], context: built).inBundle(framework("15.0")),
      RuleExample(["MinimumOSVersion": "15.0"], context: built).inBundle(framework(nil)),
      // The app itself: Xcode writes its key from the deployment target; not checked here.
      RuleExample(["CFBundlePackageType": "APPL"], context: built)
        .inBundle(framework("15.0", kind: .application)),
      RuleExample(["CFBundleExecutable": "Kit"], context: LintContext(platforms: [.iOS]))
        .inBundle(framework("15.0")),
    ],
    triggering: [
      RuleExample(["CFBundleExecutable": "Kit"], context: built, expect: ["MinimumOSVersion"])
        .inBundle(framework("15.0")),
      RuleExample(["MinimumOSVersion": ""], context: built, expect: ["MinimumOSVersion"])
        .inBundle(framework("15.0")),
      RuleExample(
        ["MinimumOSVersion": "13.0"], context: built, expect: ["MinimumOSVersion"],
        severity: .error
      ).inBundle(framework("17.0")),
      RuleExample(
        ["MinimumOSVersion": "16.0"], context: built, expect: ["MinimumOSVersion"],
        severity: .warning
      ).inBundle(framework("12.0")),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private static func framework(_ minimum: String?, kind: BundleKind = .framework) -> BundleNode {
    var bundle = BundleNode(
      path: "Frameworks/Kit.framework", kind: kind, layout: .shallow,
      files: [BundleFile(path: "Frameworks/Kit.framework/Kit", role: .executable, size: 1)],
      platforms: [.iOS])
    if let minimum {
      bundle.executable = MachOFile.example(
        slices: [("arm64", 2, minimum, "17.0", ["__TEXT"])], fileType: .dylib)
    }
    return bundle
  }

  /// True when `subject` is an embedded framework's Info.plist in a built device bundle, the
  /// plists this rule checks (`malformed_deployment_target` leaves their values to it).
  static func checks(_ subject: LintSubject) -> Bool {
    ExecutableFacts.isDeviceBuild(subject) && subject.bundle?.kind == .framework
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard Self.checks(subject), let bundle = subject.bundle, let info = subject.dictionary
    else { return [] }
    let path = KeyPath([.key("MinimumOSVersion")])
    let name = bundle.name
    guard let node = info["MinimumOSVersion"] else {
      return [
        subject.finding(
          Self.description, at: path,
          "MinimumOSVersion is missing from \(name)'s Info.plist, and App Store Connect "
            + "requires it in every framework: set it to the framework's deployment target"
            + Self.binaryHint(bundle), itms: "ITMS-90360")
      ]
    }
    let text = node.value.stringValue ?? ""
    guard let stated = OSVersion(text) else {
      let what =
        node.value.stringValue == nil
        ? "holds \(node.value.kind.article), not a version string"
        : text.isEmpty ? "is empty" : "is not a version"
      return [
        subject.finding(
          Self.description, at: path,
          "MinimumOSVersion \(what)"
            + " in \(name)'s Info.plist, which App Store Connect refuses: set it to the "
            + "framework's deployment target" + Self.binaryHint(bundle), itms: "ITMS-90530")
      ]
    }
    guard let (architecture, built) = Self.binaryMinimum(bundle), built != stated else {
      return []
    }
    let executable = ExecutableFacts.name(of: bundle)
    if built > stated {
      return [
        subject.finding(
          Self.description, at: path,
          "MinimumOSVersion is \(text), but \(executable) (\(architecture)) was built for "
            + "\(built) or later, so App Store Connect refuses the framework: set "
            + "MinimumOSVersion to \(built), or rebuild the binary for \(text)")
      ]
    }
    var quiet = Self.description
    quiet.itms = nil
    quiet.isUploadCheck = false
    return [
      subject.finding(
        quiet, at: path,
        "MinimumOSVersion is \(text), but \(executable) (\(architecture)) was built for "
          + "\(built); Xcode writes both from one deployment target, so one of them was "
          + "changed by hand: make them agree", severity: .warning)
    ]
  }

  /// The highest minimum OS among the slices' build versions, with its architecture.
  static func binaryMinimum(_ bundle: BundleNode) -> (String, OSVersion)? {
    var best: (String, OSVersion)?
    for slice in bundle.executable?.slices ?? [] {
      for version in slice.buildVersions {
        guard let minimum = OSVersion(version.minimumOS) else { continue }
        if best == nil || minimum > best?.1 ?? minimum { best = (slice.architecture, minimum) }
      }
    }
    return best.map { ($0.0, OSVersion(trimmed: $0.1)) }
  }

  private static func binaryHint(_ bundle: BundleNode) -> String {
    binaryMinimum(bundle).map { " (the binary was built for \($0.1))" } ?? ""
  }
}

extension OSVersion {
  /// `version` without trailing zero components past the minor one (`15.0.0` → `15.0`).
  fileprivate init(trimmed version: OSVersion) {
    self = version
    while components.count > 2, components.last == 0 { components.removeLast() }
  }
}
