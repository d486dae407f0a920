import Foundation
import PlistBundle
import PlistCore

/// An app or app extension whose Info.plist does not name its executable, or, in a built
/// bundle, names a file that is not there (embedded frameworks included).
struct MissingBundleExecutableRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_bundle_executable",
    name: "Missing Bundle Executable",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app, app extension, watch app or App Clip names its executable in "
      + "CFBundleExecutable, and in a built bundle the file exists",
    rationale: """
      `CFBundleExecutable` is the name of the bundle's main executable file; without it the
      system has nothing to launch. Checked where the file shows what ships (a built bundle or
      a project target's effective Info.plist), and in a source file written in full as a
      warning, since the build can still add the key. Non-app bundles and partial source files
      are left alone. In a built bundle the named file must exist (in `Contents/MacOS` on macOS,
      at the bundle's root elsewhere), for the app and for every app extension, watch app, App
      Clip and framework inside it; Apple's page gives the key's purpose, and a missing file
      follows from it (a renamed product, a hand-assembled bundle, a framework copied without
      its binary, which the app then fails to load at launch when it links it). Resource
      bundles are `unexpected_bundle_executable`'s.
      """,
    appleSource: AppleSource(
      title: "CFBundleExecutable", url: KnownKeys.infoPage + "cfbundleexecutable"),
    nonTriggering: [
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"]),
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleExecutable": "$(EXECUTABLE_NAME)"]),
      RuleExample(["NSAppTransportSecurity": [:]]),
      RuleExample(["CFBundlePackageType": "BNDL"], context: LintContext(isBuilt: true)),
      RuleExample(
        ["CFBundlePackageType": "FMWK", "CFBundleExecutable": "Kit"],
        context: LintContext(isBuilt: true)
      ).inBundle(framework(missing: false)),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleIdentifier": "com.example.app"],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": " "],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]),
      RuleExample(["CFBundlePackageType": "APPL"], expect: ["CFBundleExecutable"]),
      RuleExample(
        ["CFBundlePackageType": "FMWK", "CFBundleExecutable": "Kit"],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]
      ).inBundle(framework(missing: true)),
      // Renamed after the bundle was read (an edit in the inspector): a note that the new
      // name was not looked for, never the old file's name as if it were the new one's.
      RuleExample(
        ["CFBundlePackageType": "FMWK", "CFBundleExecutable": "Kit2"],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]
      ).inBundle(framework(missing: true)),
    ])

  /// A framework `Frameworks/Kit.framework` whose executable is there or missing.
  private static func framework(missing: Bool) -> BundleNode {
    let path = "Frameworks/Kit.framework/Kit"
    return BundleNode(
      path: "Frameworks/Kit.framework", kind: .framework, layout: .shallow,
      files: [
        BundleFile(path: "Frameworks/Kit.framework/Info.plist", role: .infoPlist),
        missing
          ? BundleFile(
            path: path, role: .executable,
            problem: BundleError(.notFound, "not in the bundle", path: path))
          : BundleFile(path: path, role: .executable, size: 100),
      ], platforms: [.iOS])
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject) else { return [] }
    if subject.bundle?.kind == .framework, facts.completeness == .built {
      return missingFile(subject, facts)
    }
    guard facts.isAppLike, facts.completeness != .partialSource else { return [] }
    let severity: Severity = facts.completeness == .fullSource ? .warning : .error
    let path = KeyPath([.key("CFBundleExecutable")])
    guard let node = facts.info["CFBundleExecutable"] else {
      guard !facts.has("CFBundleExecutable") else { return [] }
      let message =
        facts.completeness == .fullSource
        ? "CFBundleExecutable is missing; unless the build generates it, add "
          + "$(EXECUTABLE_NAME) so the system can find the executable"
        : "CFBundleExecutable is missing, so the system cannot find the executable to launch; "
          + "add the executable's file name"
      return [subject.finding(Self.description, at: path, message, severity: severity)]
    }
    if let text = node.value.stringValue, text.trimmingCharacters(in: .whitespaces).isEmpty {
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleExecutable is empty; set it to the executable's file name",
          severity: severity)
      ]
    }
    return facts.completeness == .built ? missingFile(subject, facts) : []
  }

  /// The finding for a built bundle whose named executable is not there.
  private func missingFile(_ subject: LintSubject, _ facts: InfoPlistFacts) -> [Finding] {
    guard let name = facts.string("CFBundleExecutable"),
      let file = subject.bundle?.files.first(where: { $0.role == .executable })
    else { return [] }
    let looked = file.path.split(separator: "/").last.map(String.init) ?? file.path
    if looked != name {
      // Edited since the bundle was read: the file under the new name was never looked for.
      return [
        subject.finding(
          Self.description, at: KeyPath([.key("CFBundleExecutable")]),
          "CFBundleExecutable names \"\(name)\", but the bundle was read when it named "
            + "\"\(looked)\", so infoscope has not looked for \(name); open the bundle again "
            + "after saving to check that the file is there",
          severity: .note)
      ]
    }
    guard file.problem?.kind == .notFound else { return [] }
    let advice =
      subject.bundle?.kind == .framework
      ? "; the app cannot load the framework without it: embed the framework again from a "
        + "build that has its binary"
      : "; build the product again or correct the name"
    return [
      subject.finding(
        Self.description, at: KeyPath([.key("CFBundleExecutable")]),
        "CFBundleExecutable names \"\(name)\", but \(file.path) is not in the bundle" + advice)
    ]
  }
}
