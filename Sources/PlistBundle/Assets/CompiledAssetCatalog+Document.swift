import PlistCore

extension CompiledAssetCatalog {
  /// The key of the catalog's header facts in `document`.
  package static let catalogKey = "catalog"
  /// The key of the assets in `document`.
  package static let assetsKey = "assets"
  /// The key of the renditions that belong to no asset (packed images) in `document`.
  package static let unnamedKey = "packed renditions"

  /// The catalog as a read-only property-list tree, so the inspector can browse and search it
  /// and `print --file Assets.car` can print it; nothing in it is ever written back.
  ///
  /// Shape: `catalog` (the header: CoreUI version, authoring tool, key format, thinning,
  /// deployment platform), `assets` (a dictionary: asset name → array of renditions), and
  /// `packed renditions` (an array). A rendition is a dictionary of `name`, `idiom`, `scale`,
  /// `width`, `height` (pixels), `opaque` (bitmaps only), `format`, `layout` and, for the
  /// app icon's multi-size image, `sizes` (`20x20 #0`, points and index). Rule findings about
  /// an asset land on `assets.NAME` or `assets.NAME[i]` (see `keyPath(asset:rendition:)`).
  package var document: PlistDocument {
    var header: [PlistEntry] = []
    func add(_ key: String, _ value: PlistValue) {
      header.append(PlistEntry(key: key, node: PlistNode(value)))
    }
    add("assets", .integer(PlistInteger(assets.count)))
    add("renditions", .integer(PlistInteger(renditionCount)))
    if !mainVersion.isEmpty { add("CoreUI", .string(mainVersion)) }
    if !versionString.isEmpty { add("compiler", .string(versionString)) }
    if storageVersion > 0 { add("storage version", .integer(PlistInteger(storageVersion))) }
    if let platform = deploymentPlatform, !platform.isEmpty {
      let version = deploymentPlatformVersion.map { " " + $0 } ?? ""
      add("deployment target", .string(platform + version))
    }
    if let thinning = thinningArguments {
      add("thinned", .string(thinning.isEmpty ? "no" : thinning))
    }
    if !keyFormat.isEmpty {
      add("key format", .array(keyFormat.map { PlistNode(.string($0.name)) }))
    }
    let assetEntries = assets.map { asset in
      PlistEntry(
        key: asset.name, node: PlistNode(.array(asset.renditions.map(Self.node(of:)))))
    }
    let root: [PlistEntry] = [
      PlistEntry(key: Self.catalogKey, node: PlistNode(.dictionary(PlistDictionary(header)))),
      PlistEntry(
        key: Self.assetsKey, node: PlistNode(.dictionary(PlistDictionary(assetEntries)))),
      PlistEntry(
        key: Self.unnamedKey, node: PlistNode(.array(unnamedRenditions.map(Self.node(of:))))),
    ]
    return PlistDocument(root: PlistNode(.dictionary(PlistDictionary(root))), format: .binary)
  }

  /// The key path of asset `asset` in `document`, or of its rendition at `rendition`.
  package static func keyPath(asset: String, rendition: Int? = nil) -> KeyPath {
    var components: [KeyPath.Component] = [.key(assetsKey), .key(asset)]
    if let rendition { components.append(.index(rendition)) }
    return KeyPath(components)
  }

  private static func node(of rendition: CSIRendition) -> PlistNode {
    var entries: [PlistEntry] = []
    func add(_ key: String, _ value: PlistValue) {
      entries.append(PlistEntry(key: key, node: PlistNode(value)))
    }
    add("name", .string(rendition.name))
    add("idiom", .string(rendition.idiom.name))
    if rendition.scale > 0 { add("scale", .integer(PlistInteger(rendition.scale))) }
    if rendition.width > 0 || rendition.height > 0 {
      add("width", .integer(PlistInteger(rendition.width)))
      add("height", .integer(PlistInteger(rendition.height)))
    }
    if rendition.isBitmap { add("opaque", .boolean(rendition.isOpaque)) }
    if !rendition.pixelFormat.isEmpty { add("format", .string(rendition.pixelFormat)) }
    add("layout", .string(rendition.layoutName))
    if !rendition.sizes.isEmpty {
      add(
        "sizes",
        .array(
          rendition.sizes.map { PlistNode(.string("\($0.width)x\($0.height) #\($0.index)")) }))
    }
    return PlistNode(.dictionary(PlistDictionary(entries)))
  }
}
