import PlistBundle
import PlistCore

extension ExampleBundles {
  /// A bundle for rule examples at `path`, whose Info.plist (`path/Info.plist`) holds `info`,
  /// with `children` inside it and, when given, an executable.
  static func nested(
    _ path: String, kind: BundleKind, info: KeyValuePairs<String, PlistNode> = [:],
    executable: MachOFile? = nil, children: [BundleNode] = [], platforms: [Platform] = [.iOS]
  ) -> BundleNode {
    var node = BundleNode(
      path: path, kind: kind, layout: .shallow,
      files: [
        BundleFile(
          path: path.isEmpty ? "Info.plist" : path + "/Info.plist", role: .infoPlist,
          document: document(info))
      ], children: children, platforms: platforms)
    node.executable = executable
    return node
  }

  /// A built input holding `bundle` as its only top-level bundle.
  static func input(_ bundle: BundleNode) -> AppBundle {
    AppBundle(inputPath: "App.app", inputKind: .bundle, isBuilt: true, bundles: [bundle])
  }
}
