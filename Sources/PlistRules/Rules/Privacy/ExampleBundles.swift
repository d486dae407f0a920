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

  /// A document whose root dictionary holds `entries`.
  static func document(_ entries: KeyValuePairs<String, PlistNode>) -> PlistDocument {
    PlistDocument(
      root: PlistNode(
        .dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.key, node: $0.value) }))),
      format: .xml)
  }
}
