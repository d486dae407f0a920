import PlistBundle
import PlistCore

/// Two bundles of one app with the same `CFBundleIdentifier`, frameworks included.
struct DuplicateBundleIdentifierRule: Rule {
  static let description = RuleDescription(
    identifier: "duplicate_bundle_identifier",
    name: "Duplicate Bundle Identifier",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "Each bundle inside an app, frameworks included, has its own CFBundleIdentifier",
    rationale: """
      A bundle ID "uniquely identifies a single app throughout the system" (Apple's key page);
      bundle IDs are compared without regard to case, as Apple's page says they are
      case-insensitive. App Store Connect checks every bundle of the upload, frameworks
      included, as its messages quoted in public reports show:

      - two bundles of one application (the app, its extensions and the frameworks either
        embeds) with one identifier: `ITMS-90685: CFBundleIdentifier Collision. There is more
        than one bundle with the CFBundleIdentifier value '…' under the iOS application
        '….app'`, an error that stops the upload (a framework copied into both the app and an
        extension is the usual cause);
      - the same framework identifier in the app and in its watch app or App Clip: `ITMS-90806:
        CFBundleIdentifier collision - Each bundle must have a unique bundle identifier`,
        which reports show arriving as a warning (a framework built once per platform with
        one identifier); a warning here too;
      - an app, extension, watch app or App Clip sharing an identifier with another anywhere
        in the app is an error (ITMS-90685; the device installer refuses such an app as well).

      Resource bundles (`.bundle` folders) are left out: the upload messages quoted in public
      reports name apps, extensions and frameworks, and Apple says nothing of resource
      bundles' identifiers. Checked across the bundles of one built app (project targets for
      different platforms may share an identifier on purpose), and in a single file when a
      watch app or WatchKit extension names its own identifier as its companion's
      (`WKCompanionAppBundleIdentifier`, `WKAppBundleIdentifier`). The cost is linear in the
      number of bundles: each file looks up its identifier in an index built once per lint.
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    itms: "ITMS-90685", isUploadCheck: false,
    nonTriggering: [
      RuleExample([
        "CFBundleIdentifier": "com.example.app.watchkitapp",
        "WKCompanionAppBundleIdentifier": "com.example.app",
      ]),
      RuleExample(["CFBundleIdentifier": "com.example.app"]),
      RuleExample(["CFBundleIdentifier": "com.example.Kit"], context: built)
        .within(bundleAt: "Frameworks/Kit.framework", of: distinctIdentifiers),
      // A resource bundle is not compared.
      RuleExample(["CFBundleIdentifier": "com.example.app"], context: built)
        .within(bundleAt: "", of: resourceBundleSharingTheAppIdentifier),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.app",
          "WKCompanionAppBundleIdentifier": "com.example.app",
        ], expect: ["CFBundleIdentifier"]),
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.app.watchkitapp",
          "NSExtension": [
            "NSExtensionAttributes": ["WKAppBundleIdentifier": "com.example.app.WatchKitApp"]
          ],
        ], expect: ["CFBundleIdentifier"]),
      // The same framework in the app and in its extension: one application, ITMS-90685.
      RuleExample(
        ["CFBundleIdentifier": "org.cocoapods.Kit"], context: built,
        expect: ["CFBundleIdentifier"], severity: .error
      ).within(bundleAt: "PlugIns/Share.appex/Frameworks/Kit.framework", of: frameworkTwice),
      // The same framework in the app and in its watch app: ITMS-90806, a warning.
      RuleExample(
        ["CFBundleIdentifier": "org.cocoapods.Kit"], context: built,
        expect: ["CFBundleIdentifier"], severity: .warning
      ).within(bundleAt: "Frameworks/Kit.framework", of: frameworkInWatchApp),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["CFBundleIdentifier"], severity: .error
      ).within(bundleAt: "PlugIns/Share.appex", of: extensionWithTheAppIdentifier),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private static func framework(_ path: String, _ id: String) -> BundleNode {
    ExampleBundles.nested(
      path, kind: .framework, info: ["CFBundleIdentifier": PlistNode(.string(id))])
  }

  private static let distinctIdentifiers = ExampleBundles.input(
    ExampleBundles.nested(
      "", kind: .application, info: ["CFBundleIdentifier": "com.example.app"],
      children: [
        framework("Frameworks/Kit.framework", "com.example.Kit"),
        framework("Frameworks/Other.framework", "com.example.Other"),
      ]))

  private static let resourceBundleSharingTheAppIdentifier = ExampleBundles.input(
    ExampleBundles.nested(
      "", kind: .application, info: ["CFBundleIdentifier": "com.example.app"],
      children: [
        ExampleBundles.nested(
          "Resources.bundle", kind: .bundle, info: ["CFBundleIdentifier": "com.example.app"])
      ]))

  private static let frameworkTwice = ExampleBundles.input(
    ExampleBundles.nested(
      "", kind: .application, info: ["CFBundleIdentifier": "com.example.app"],
      children: [
        framework("Frameworks/Kit.framework", "org.cocoapods.Kit"),
        ExampleBundles.nested(
          "PlugIns/Share.appex", kind: .appExtension,
          info: ["CFBundleIdentifier": "com.example.app.share"],
          children: [framework("PlugIns/Share.appex/Frameworks/Kit.framework", "org.cocoapods.Kit")]
        ),
      ]))

  private static let frameworkInWatchApp = ExampleBundles.input(
    ExampleBundles.nested(
      "", kind: .application, info: ["CFBundleIdentifier": "com.example.app"],
      children: [
        framework("Frameworks/Kit.framework", "org.cocoapods.Kit"),
        ExampleBundles.nested(
          "Watch/W.app", kind: .watchApplication,
          info: ["CFBundleIdentifier": "com.example.app.watchkitapp"],
          children: [framework("Watch/W.app/Frameworks/Kit.framework", "org.cocoapods.Kit")],
          platforms: [.watchOS]),
      ]))

  private static let extensionWithTheAppIdentifier = ExampleBundles.input(
    ExampleBundles.nested(
      "", kind: .application, info: ["CFBundleIdentifier": "com.example.app"],
      children: [
        ExampleBundles.nested(
          "PlugIns/Share.appex", kind: .appExtension,
          info: ["CFBundleIdentifier": "com.example.app"])
      ]))

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary,
      let identifier = info["CFBundleIdentifier"]?.value.stringValue, !identifier.isEmpty,
      !Placeholder.contains(identifier)
    else { return [] }
    let path = KeyPath([.key("CFBundleIdentifier")])
    if let bundle = subject.bundle, subject.context.isBuilt, let input = subject.input {
      let index = subject.index ?? BundleIndex(input)
      guard let mine = index.entries[bundle.path], mine.kind != .bundle else { return [] }
      let others = index.others(withIdentifier: identifier, than: bundle.path).filter {
        $0.kind != .bundle
      }
      guard !others.isEmpty else { return [] }
      // Frameworks of different applications (the app and its watch app): ITMS-90806.
      let crossPlatform =
        mine.kind == .framework
        && others.allSatisfy { $0.kind == .framework && $0.application != mine.application }
      let inputName = input.inputPath.split(separator: "/").last.map(String.init) ?? "the app"
      let names = others.prefix(5).map { $0.path.isEmpty ? inputName : $0.path }
      let list =
        names.joined(separator: ", ") + (others.count > 5 ? " and \(others.count - 5) more" : "")
      if crossPlatform {
        return [
          subject.finding(
            Self.description, at: path,
            "\"\(identifier)\" is also the identifier of \(list), a framework of another "
              + "application in this bundle; App Store Connect warns that every bundle needs "
              + "its own identifier: give each platform's build of the framework its own",
            severity: .warning, itms: "ITMS-90806")
        ]
      }
      if mine.kind == .framework && others.allSatisfy({ $0.kind == .framework }) {
        // Only the upload fails: the frameworks load on a device.
        return [
          subject.finding(
            Self.description, at: path,
            "\"\(identifier)\" is also the identifier of \(list); App Store Connect refuses "
              + "an app with two bundles of one identifier: embed the framework once, in the "
              + "app, or give each copy its own identifier", itms: "ITMS-90685")
        ]
      }
      return [
        subject.finding(
          Self.description, at: path,
          "\"\(identifier)\" is also the identifier of \(list); App Store Connect and the "
            + "device installer refuse an app with two bundles of one identifier: give each "
            + "bundle its own")
      ]
    }
    let companions: [(String, String?)] = [
      ("WKCompanionAppBundleIdentifier", info["WKCompanionAppBundleIdentifier"]?.value.stringValue),
      (
        "WKAppBundleIdentifier",
        info["NSExtension"]?.value.dictionaryValue?["NSExtensionAttributes"]?.value
          .dictionaryValue?["WKAppBundleIdentifier"]?.value.stringValue
      ),
    ]
    let id = identifier.lowercased()
    for case (let key, let other?) in companions where other.lowercased() == id {
      var finding = subject.finding(
        Self.description, at: path,
        "CFBundleIdentifier \"\(identifier)\" is the same as \(key), the "
          + "identifier of the bundle it belongs with; give this bundle its own identifier")
      finding.itms = nil  // Seen in one file: no upload message speaks of it.
      return [finding]
    }
    return []
  }
}
