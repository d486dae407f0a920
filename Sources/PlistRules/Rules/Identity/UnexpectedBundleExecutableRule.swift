import PlistBundle
import PlistCore

/// A resource bundle whose Info.plist names an executable it does not have.
struct UnexpectedBundleExecutableRule: Rule {
  static let description = RuleDescription(
    identifier: "unexpected_bundle_executable",
    name: "Unexpected Bundle Executable",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "A resource bundle (.bundle) names a CFBundleExecutable only when it has one",
    rationale: """
      `CFBundleExecutable` names the bundle's executable (Apple's key page). Resource bundles
      (`.bundle` folders holding images, nibs or localised strings, as many SDKs ship them)
      have none, and Xcode's bundle templates for iOS still write the key; App Store Connect
      refuses the upload then, in the words public reports quote: `ERROR ITMS-90535:
      "Unexpected CFBundleExecutable Key. The bundle at 'Payload/….app/….bundle' does not
      contain a bundle executable. If this bundle intentionally does not contain an
      executable, consider removing the CFBundleExecutable key from its Info.plist and using
      a CFBundlePackageType of BNDL."` Checked in built bundles for every `.bundle` folder
      (at the bundle's top level or in its resources, frameworks' included) whose Info.plist
      names an executable that is not there.
      """,
    appleSource: AppleSource(
      title: "CFBundleExecutable", url: KnownKeys.infoPage + "cfbundleexecutable"),
    itms: "ITMS-90535",
    nonTriggering: [
      RuleExample(["CFBundlePackageType": "BNDL"], context: built)
        .inBundle(resources(executable: nil)),
      RuleExample(["CFBundleExecutable": "Kit"], context: built)
        .inBundle(resources(executable: .present)),
      // An app's missing executable is missing_bundle_executable's.
      RuleExample(["CFBundleExecutable": "App"], context: built)
        .inBundle(resources(executable: .missing, kind: .application)),
      RuleExample(["CFBundleExecutable": "Kit"]).inBundle(resources(executable: .missing)),
    ],
    triggering: [
      RuleExample(
        ["CFBundleExecutable": "Kit", "CFBundlePackageType": "BNDL"], context: built,
        expect: ["CFBundleExecutable"]
      ).inBundle(resources(executable: .missing))
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private enum Executable { case present, missing }

  private static func resources(
    executable: Executable?, kind: BundleKind = .bundle
  ) -> BundleNode {
    var files = [BundleFile(path: "Kit.bundle/Info.plist", role: .infoPlist)]
    switch executable {
    case .present?:
      files.append(BundleFile(path: "Kit.bundle/Kit", role: .executable, size: 10))
    case .missing?:
      files.append(
        BundleFile(
          path: "Kit.bundle/Kit", role: .executable,
          problem: BundleError(.notFound, "not in the bundle", path: "Kit.bundle/Kit")))
    case nil:
      break
    }
    return BundleNode(
      path: "Kit.bundle", kind: kind, layout: .shallow, files: files, platforms: [.iOS])
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isBuilt, let bundle = subject.bundle, bundle.kind == .bundle,
      let name = subject.dictionary?["CFBundleExecutable"]?.value.stringValue,
      let file = bundle.files.first(where: { $0.role == .executable }),
      file.problem?.kind == .notFound
    else { return [] }
    return [
      subject.finding(
        Self.description, at: KeyPath([.key("CFBundleExecutable")]),
        "CFBundleExecutable names \"\(name)\", but \(bundle.name) holds no such executable, "
          + "which App Store Connect refuses: remove CFBundleExecutable from this resource "
          + "bundle's Info.plist (and set CFBundlePackageType to BNDL)")
    ]
  }
}
