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
  /// deployment platform), `assets` (a dictionary: asset name → its renditions, each under a
  /// label such as `pad @2x 152×152`, see `Asset.renditionLabels`), and `packed renditions`
  /// (an array). A rendition is a dictionary of `name`, `idiom`, `scale`,
  /// `width`, `height` (pixels), `opaque` (bitmaps only), `format`, `layout` and, for the
  /// app icon's multi-size image, `sizes` (`20x20 #0`, points and index). Rule findings about
  /// an asset land on `assets.NAME` or `assets.NAME.LABEL` (see `keyPath(asset:rendition:)`).
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
      let renditions = zip(asset.renditionLabels, asset.renditions).map { label, rendition in
        PlistEntry(key: label, node: Self.node(of: rendition))
      }
      return PlistEntry(key: asset.name, node: PlistNode(.dictionary(PlistDictionary(renditions))))
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

  /// The key path of `asset` in `document`, or of its rendition at index `rendition`.
  package static func keyPath(asset: Asset, rendition: Int? = nil) -> KeyPath {
    var components: [KeyPath.Component] = [.key(assetsKey), .key(asset.name)]
    if let rendition, rendition >= 0, rendition < asset.renditions.count {
      components.append(.key(asset.renditionLabels[rendition]))
    }
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

extension CompiledAssetCatalog.Asset {
  /// A label per rendition, unique within the asset, for the tree: `pad @2x 152×152` for a
  /// bitmap, `phone multi-size image` for others; a label that repeats gets ` #2`, ` #3`.
  package var renditionLabels: [String] {
    var seen: [String: Int] = [:]
    return renditions.map { rendition in
      var label = "\(rendition.idiom.name) "
      if rendition.width > 0 || rendition.height > 0 {
        label += "@\(rendition.scale)x \(rendition.width)×\(rendition.height)"
      } else {
        label += rendition.layoutName
      }
      let count = (seen[label] ?? 0) + 1
      seen[label] = count
      return count == 1 ? label : "\(label) #\(count)"
    }
  }
}
