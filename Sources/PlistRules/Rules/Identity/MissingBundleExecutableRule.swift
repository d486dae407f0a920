import Foundation
import PlistBundle
import PlistCore

/// An app or app extension whose Info.plist does not name its executable, or, in a built
/// bundle, names a file that is not there.
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
      at the bundle's root elsewhere); Apple's page gives the key's purpose, and a missing file
      follows from it (a renamed product, a hand-assembled bundle).
      """,
    appleSource: AppleSource(
      title: "CFBundleExecutable", url: KnownKeys.infoPage + "cfbundleexecutable"),
    nonTriggering: [
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleExecutable": "App"]),
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleExecutable": "$(EXECUTABLE_NAME)"]),
      RuleExample(["NSAppTransportSecurity": [:]]),
      RuleExample(["CFBundlePackageType": "BNDL"], context: LintContext(isBuilt: true)),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleIdentifier": "com.example.app"],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]),
      RuleExample(
        ["CFBundlePackageType": "APPL", "CFBundleExecutable": " "],
        context: LintContext(isBuilt: true), expect: ["CFBundleExecutable"]),
      RuleExample(["CFBundlePackageType": "APPL"], expect: ["CFBundleExecutable"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isAppLike,
      facts.completeness != .partialSource
    else { return [] }
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
    if facts.completeness == .built, let name = node.value.stringValue,
      let file = subject.bundle?.files.first(where: { $0.role == .executable }),
      file.problem?.kind == .notFound
    {
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleExecutable names \"\(name)\", but \(file.path) is not in the bundle; "
            + "build the product again or correct the name")
      ]
    }
    return []
  }
}
