/// A compiled asset catalog (`Assets.car`): its header, its asset names and the renditions of
/// each.
///
/// The file is a BOM store (see `BOMStore`) whose named blocks are little-endian CoreUI
/// structures: `CARHEADER` (tag `CTAR`: versions, rendition count, main version string,
/// colour space), `KEYFORMAT` (tag `kfmt`: the attributes that make up a rendition key),
/// `EXTENDED_METADATA` (tag `META`: thinning arguments, deployment platform and version,
/// authoring tool), and the trees `FACETKEYS` (asset name → key attributes, among them the
/// name identifier) and `RENDITIONS` (rendition key → CSI header and data). Renditions are
/// joined to their asset by the identifier attribute; renditions of no asset (the packed
/// images that internal references point into) are kept apart.
package struct CompiledAssetCatalog: Sendable, Hashable {
  /// One named asset and its renditions.
  package struct Asset: Sendable, Hashable {
    /// The name code looks the asset up by (`AppIcon`).
    package var name: String
    /// The name identifier that its renditions carry, when the facet key has one.
    package var identifier: UInt16?
    /// The asset's element and part (85 and 220 for an app icon image, 181 for an image).
    package var element: UInt16?
    package var part: UInt16?
    /// Its renditions, in the catalog's key order.
    package var renditions: [CSIRendition]

    /// Creates an asset.
    package init(
      name: String, identifier: UInt16? = nil, element: UInt16? = nil, part: UInt16? = nil,
      renditions: [CSIRendition] = []
    ) {
      self.name = name
      self.identifier = identifier
      self.element = element
      self.part = part
      self.renditions = renditions
    }
  }

  /// CoreUI's version number (`coreuiVersion`).
  package var coreUIVersion: Int
  /// The storage format version.
  package var storageVersion: Int
  /// The number of renditions the header declares.
  package var declaredRenditionCount: Int
  /// The tool that wrote the file (`@(#)PROGRAM:CoreUI  PROJECT:CoreUI-492.2`), trimmed.
  package var mainVersion: String
  /// The asset compiler's version (`IBCocoaTouchImageCatalogTool-9.2`).
  package var versionString: String
  /// The colour space identifier of the catalog.
  package var colorSpace: Int
  /// The attributes a rendition key is made of, in order.
  package var keyFormat: [RenditionAttribute]
  /// The arguments the catalog was thinned with (`thinned <idiom 1> <scale 2> …`), empty for
  /// a catalog as Xcode built it; nil when there is no `EXTENDED_METADATA`.
  package var thinningArguments: String?
  /// The platform and minimum version it was compiled for (`ios`, `10.3`).
  package var deploymentPlatform: String?
  package var deploymentPlatformVersion: String?
  /// The named assets, in name order.
  package var assets: [Asset]
  /// Renditions whose identifier names no asset (packed images), in key order.
  package var unnamedRenditions: [CSIRendition]

  /// Creates a catalog from its parts (rule examples and tests; `parse` reads one).
  package init(
    assets: [Asset], unnamedRenditions: [CSIRendition] = [], thinningArguments: String? = "",
    deploymentPlatform: String? = "ios", mainVersion: String = "", versionString: String = ""
  ) {
    self.coreUIVersion = 0
    self.storageVersion = 0
    self.declaredRenditionCount = assets.reduce(0) { $0 + $1.renditions.count }
    self.mainVersion = mainVersion
    self.versionString = versionString
    self.colorSpace = 0
    self.keyFormat = []
    self.thinningArguments = thinningArguments
    self.deploymentPlatform = deploymentPlatform
    self.deploymentPlatformVersion = nil
    self.assets = assets
    self.unnamedRenditions = unnamedRenditions
  }

  /// The most attributes a key format may list (real ones list up to 28).
  static let maxKeyAttributes = 64
  /// The most multi-size entries (`SISM` lists) read over all renditions of one catalog.
  package static let maxTotalSizes = 65_536

  /// Every rendition, named or not.
  package var renditionCount: Int {
    assets.reduce(unnamedRenditions.count) { $0 + $1.renditions.count }
  }

  /// The asset named `name`.
  package func asset(named name: String) -> Asset? { assets.first { $0.name == name } }

  /// True when the catalog was thinned for one device (an App Store download or an
  /// installed build): renditions for other idioms and scales were removed.
  package var isThinned: Bool { !(thinningArguments ?? "").isEmpty }

  /// Reads a compiled asset catalog.
  ///
  /// - Parameter bytes: the whole `Assets.car`.
  /// - Returns: the catalog.
  /// - Throws: `BundleError` of kind `.malformed` (with the absolute offset) when the BOM
  ///   store, a named block or a rendition breaks its format, or `.limitExceeded` when a count
  ///   passes a limit (`BOMStore.maxBlocks`, `maxTreeEntries`, …).
  package static func parse(_ bytes: [UInt8]) throws(BundleError) -> CompiledAssetCatalog {
    let store = try BOMStore(bytes)
    let header = try store.namedBlock("CARHEADER", bigEndian: false)
    try header.require(0, 436, "the CARHEADER block is shorter than 436 bytes")
    guard Array(try header.slice(0, 4)) == Array("RATC".utf8) else {
      throw .malformed("expected the CARHEADER block to start with \"RATC\"", at: header.start)
    }
    let format = try store.namedBlock("KEYFORMAT", bigEndian: false)
    guard Array(try format.slice(0, 4)) == Array("tmfk".utf8) else {
      throw .malformed("expected the KEYFORMAT block to start with \"tmfk\"", at: format.start)
    }
    let count = Int(try format.u32(8))
    guard count <= maxKeyAttributes else {
      throw .limit(
        "the key format lists \(count) attributes, more than the \(maxKeyAttributes) infoscope "
          + "reads (CompiledAssetCatalog.maxKeyAttributes)", at: format.absolute(8))
    }
    var keyFormat: [RenditionAttribute] = []
    for i in 0..<count {
      keyFormat.append(RenditionAttribute(rawValue: try format.u32(12 + i * 4)))
    }
    var catalog = CompiledAssetCatalog(
      assets: [], thinningArguments: nil, deploymentPlatform: nil,
      mainVersion: text(try header.slice(20, 128)), versionString: text(try header.slice(148, 256)))
    catalog.coreUIVersion = Int(try header.u32(4))
    catalog.storageVersion = Int(try header.u32(8))
    catalog.declaredRenditionCount = Int(try header.u32(16))
    catalog.colorSpace = Int(try header.u32(428))
    catalog.keyFormat = keyFormat
    if store.variable("EXTENDED_METADATA") != nil {
      let meta = try store.namedBlock("EXTENDED_METADATA")
      if meta.contains(0, 1028) {
        catalog.thinningArguments = text(try meta.slice(4, 256))
        catalog.deploymentPlatformVersion = text(try meta.slice(260, 256))
        catalog.deploymentPlatform = text(try meta.slice(516, 256))
      }
    }
    var assets: [Asset] = []
    for (key, value) in try store.tree("FACETKEYS") {
      try value.require(0, 6, "a facet key is shorter than 6 bytes")
      let attributeCount = Int(try value.halfWord(4))
      try value.require(
        6, attributeCount * 4, "a facet key holds fewer attributes than its count")
      var asset = Asset(name: text(try key.slice(0, key.count)))
      for i in 0..<attributeCount {
        let name = try value.halfWord(6 + i * 4)
        let number = try value.halfWord(8 + i * 4)
        switch RenditionAttribute(rawValue: UInt32(name)) {
        case .identifier: asset.identifier = number
        case .element: asset.element = number
        case .part: asset.part = number
        default: break
        }
      }
      assets.append(asset)
    }
    var byIdentifier: [UInt16: Int] = [:]
    for (index, asset) in assets.enumerated() {
      if let identifier = asset.identifier, byIdentifier[identifier] == nil {
        byIdentifier[identifier] = index
      }
    }
    // Each rendition's size list is capped on its own; many renditions sharing one long list
    // (a hostile file) are capped together, so the catalog costs memory in proportion to it.
    var sizes = 0
    for (key, value) in try store.tree("RENDITIONS") {
      let rendition = try CSIRendition(key: key, format: keyFormat, csi: value)
      sizes += rendition.sizes.count
      guard sizes <= Self.maxTotalSizes else {
        throw .limit(
          "the renditions list more than \(Self.maxTotalSizes) multi-size entries in all, the "
            + "most infoscope reads (CompiledAssetCatalog.maxTotalSizes)", at: value.absolute(0))
      }
      if let identifier = rendition.nameIdentifier, let index = byIdentifier[identifier] {
        assets[index].renditions.append(rendition)
      } else {
        catalog.unnamedRenditions.append(rendition)
      }
    }
    catalog.assets = assets
    return catalog
  }

  /// The text of a NUL-padded field (up to the first NUL), with surrounding white space and
  /// newlines removed; invalid UTF-8 is repaired.
  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    let raw = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    var slice = Substring(raw)
    while let c = slice.first, c.isWhitespace { slice.removeFirst() }
    while let c = slice.last, c.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
