import PlistBundle
import PlistCore

/// An app extension that carries a `Frameworks` folder of its own.
struct FrameworksInExtensionRule: Rule {
  static let description = RuleDescription(
    identifier: "frameworks_in_extension",
    name: "Frameworks In Extension",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An iOS app extension embeds no frameworks of its own; they belong in the app's "
      + "Frameworks folder",
    rationale: """
      On iOS and its related platforms frameworks are placed at the app level only (Apple's
      "Placing content in a bundle"; an extension links the app's copy, as the App Extension
      Programming Guide's "Using an Embedded Framework to Share Code" describes). App Store
      Connect refuses an extension that has a `Frameworks` folder, with two messages public
      reports quote together: `ITMS-90205: "Invalid Bundle. The bundle at '….app/PlugIns/
      ….appex' contains disallowed nested bundles."` (for the frameworks in it) and
      `ITMS-90206: "Invalid Bundle. The bundle at '….appex' contains disallowed file
      'Frameworks'."` (for the folder itself, even when it holds only Swift libraries). The
      usual cause is a CocoaPods or Carthage embed step run for the extension target.

      Checked in built bundles for app extensions of an iOS, iPadOS, tvOS or visionOS app.
      The extensions inside a watch app are left out: a WatchKit extension keeps its
      frameworks in its own `Frameworks` folder, and macOS extensions may embed frameworks.
      """,
    appleSource: AppleSource(
      title: "Placing content in a bundle",
      url: "https://developer.apple.com/documentation/bundleresources/placing-content-in-a-bundle"),
    itms: "ITMS-90206",
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "com.example.app.share"], context: built)
        .inBundle(share(frameworks: nil)),
      RuleExample(["CFBundleIdentifier": "com.example.app.share"], context: built)
        .inBundle(share(frameworks: ["Kit.framework"], path: "Watch/W.app/PlugIns/W.appex")),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app.share"],
        context: LintContext(platforms: [.macOS], isBuilt: true)
      ).inBundle(share(frameworks: ["Kit.framework"])),
    ],
    triggering: [
      RuleExample(
        ["CFBundleIdentifier": "com.example.app.share"], context: built, expect: [""]
      ).inBundle(share(frameworks: ["Kit.framework", "libswiftCore.dylib"])),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app.share"], context: built, expect: [""]
      ).inBundle(share(frameworks: ["libswiftCore.dylib"])),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app.share"], context: built, expect: [""]
      ).inBundle(share(frameworks: [])),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private static func share(
    frameworks: [String]?, path: String = "PlugIns/Share.appex"
  ) -> BundleNode {
    var bundle = BundleNode(
      path: path, kind: .appExtension, layout: .shallow,
      files: [BundleFile(path: path + "/Info.plist", role: .infoPlist)], platforms: [.iOS])
    bundle.frameworksFolder = frameworks
    return bundle
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isBuilt, let bundle = subject.bundle, bundle.kind == .appExtension,
      let entries = bundle.frameworksFolder,
      !subject.context.platforms.contains(.macOS),
      !subject.context.platforms.contains(.macCatalyst),
      !subject.context.platforms.contains(.watchOS),
      !bundle.path.split(separator: "/").contains("Watch")
    else { return [] }
    let nested = entries.filter { BundleWalker.kind(ofFolder: $0) != nil }
    let folder = bundle.path + "/Frameworks"
    if nested.isEmpty {
      return [
        subject.finding(
          Self.description, at: .root,
          "\(bundle.name) has a Frameworks folder (\(Self.describe(entries))), which App Store "
            + "Connect refuses in an app extension: embed frameworks and libraries in the app "
            + "only, and remove \(folder)")
      ]
    }
    return [
      subject.finding(
        Self.description, at: .root,
        "\(bundle.name) embeds \(Self.describe(nested)) in its own Frameworks folder, which "
          + "App Store Connect refuses in an app extension (ITMS-90205 for the nested bundles): "
          + "embed them in the app only, link them from the extension, and remove \(folder)")
    ]
  }

  private static func describe(_ names: [String]) -> String {
    if names.isEmpty { return "empty" }
    let shown = names.sorted().prefix(3).joined(separator: ", ")
    return names.count > 3 ? shown + " and \(names.count - 3) more" : shown
  }
}
