import PlistBundle
import PlistCore

/// Small bundles for rule examples that read more than one file of a bundle.
enum ExampleBundles {
  /// An app bundle `App.app` whose Info.plist is `info`, with an entitlements file when
  /// `entitlements` is given.
  static func app(
    info: KeyValuePairs<String, PlistNode> = [:],
    entitlements: KeyValuePairs<String, PlistNode>? = nil, platforms: [Platform] = [.iOS]
  ) -> BundleNode {
    var files = [
      BundleFile(path: "App.app/Info.plist", role: .infoPlist, document: document(info))
    ]
    if let entitlements {
      files.append(
        BundleFile(
          path: "App.entitlements", role: .entitlements, document: document(entitlements)))
    }
    return BundleNode(
      path: "App.app", kind: .application, layout: .shallow, files: files, platforms: platforms)
  }

  /// A built app `App.app` whose executable `App.app/App` imports `symbols` and links
  /// `libraries`, holding `Frameworks/Kit.framework` (executable `Kit`) when `framework` gives
  /// that framework's imports.
  static func app(
    importing symbols: Set<String>, linking libraries: [String] = [],
    framework: Set<String>? = nil, platforms: [Platform] = [.iOS]
  ) -> BundleNode {
    let mac = platforms == [.macOS]
    var bundle = BundleNode(
      path: "App.app", kind: .application, layout: mac ? .deep : .shallow,
      files: [
        BundleFile(path: "App.app/Info.plist", role: .infoPlist),
        BundleFile(path: mac ? "App.app/Contents/MacOS/App" : "App.app/App", role: .executable),
      ], platforms: platforms)
    bundle.executable = MachOFile.example(importing: symbols, linking: libraries)
    if let framework {
      var kit = BundleNode(
        path: "App.app/Frameworks/Kit.framework", kind: .framework, layout: .shallow,
        files: [
          BundleFile(path: "App.app/Frameworks/Kit.framework/Info.plist", role: .infoPlist),
          BundleFile(path: "App.app/Frameworks/Kit.framework/Kit", role: .executable),
        ], platforms: platforms)
      kit.executable = MachOFile.example(importing: framework)
      bundle.children = [kit]
    }
    return bundle
  }

  /// A document whose root dictionary holds `entries`.
  static func document(_ entries: KeyValuePairs<String, PlistNode>) -> PlistDocument {
    PlistDocument(
      root: PlistNode(
        .dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.key, node: $0.value) }))),
      format: .xml)
  }
}
