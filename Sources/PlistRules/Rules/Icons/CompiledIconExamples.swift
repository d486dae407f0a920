import PlistBundle
import PlistCore

/// Builders for the compiled-icon rules' examples: a built app bundle holding an Info.plist,
/// an `Assets.car` given as a catalog value (no bytes) and legacy icon PNGs given by size.
enum CompiledIconExamples {
  /// The path of the example bundle's Info.plist and catalog.
  static let infoPath = "App.app/Info.plist"
  static let catalogPath = "App.app/Assets.car"

  /// A built iOS app: the context of every example unless one says otherwise.
  static let built = LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos17.0")

  /// The Info.plist of an iPhone app (`UIDeviceFamily` [1]) naming `AppIcon`.
  static let iPhoneInfo: KeyValuePairs<String, PlistNode> = [
    "CFBundlePackageType": "APPL", "CFBundleIconName": "AppIcon", "UIDeviceFamily": [1],
    "MinimumOSVersion": "15.0", "DTSDKName": "iphoneos17.0",
  ]

  /// The same for an iPhone and iPad app.
  static let universalInfo: KeyValuePairs<String, PlistNode> = [
    "CFBundlePackageType": "APPL", "CFBundleIconName": "AppIcon", "UIDeviceFamily": [1, 2],
    "MinimumOSVersion": "15.0", "DTSDKName": "iphoneos17.0",
  ]

  /// An icon rendition of `idiom` at `scale`, `pixels` wide and high.
  static func icon(
    _ idiom: Idiom, _ scale: Int, _ pixels: Int, opaque: Bool = true, name: String? = nil
  ) -> CSIRendition {
    CSIRendition(
      name: name ?? "AppIcon-\(pixels).png", idiom: idiom, scale: scale, width: pixels,
      height: pixels, isOpaque: opaque, layout: 1003, identifier: 6849)
  }

  /// The renditions Xcode compiles for a complete iPhone and iPad icon set: 120 and 180
  /// (phone), 76, 152 and 167 (pad), 1024 (marketing, opaque unless told).
  static func fullIcon(storeOpaque: Bool = true) -> [CSIRendition] {
    [
      icon(.phone, 2, 120), icon(.phone, 3, 180), icon(.pad, 1, 76), icon(.pad, 2, 152),
      icon(.pad, 2, 167), icon(.marketing, 1, 1024, opaque: storeOpaque),
    ]
  }

  /// A catalog holding one asset `AppIcon` with `renditions`.
  static func catalog(
    _ renditions: [CSIRendition], thinned: Bool = false
  )
    -> CompiledAssetCatalog
  {
    catalog("AppIcon", renditions, thinned: thinned)
  }

  /// A catalog holding one asset `name` with `renditions`.
  static func catalog(
    _ name: String, _ renditions: [CSIRendition], thinned: Bool = false
  ) -> CompiledAssetCatalog {
    CompiledAssetCatalog(
      assets: [
        CompiledAssetCatalog.Asset(
          name: name, identifier: 6849, element: 85, part: 220, renditions: renditions)
      ], thinningArguments: thinned ? "thinned <idiom 1> <scale 2>" : "")
  }

  /// A built app bundle with Info.plist `info`, the catalog `catalog` (none when nil) and a
  /// legacy PNG of each size in `legacy` (`AppIcon60x60@2x.png` style names).
  static func bundle(
    info: KeyValuePairs<String, PlistNode>, catalog: CompiledAssetCatalog?,
    legacy: [(name: String, pixels: Int)] = []
  ) -> BundleNode {
    let root = PlistNode(
      .dictionary(PlistDictionary(info.map { PlistEntry(key: $0.key, node: $0.value) })))
    var files = [
      BundleFile(
        path: infoPath, role: .infoPlist, document: PlistDocument(root: root, format: .xml))
    ]
    if let catalog {
      var file = BundleFile(path: catalogPath, role: .assetCatalog, document: catalog.document)
      file.assetCatalog = catalog
      files.append(file)
    }
    for (name, pixels) in legacy {
      files.append(
        BundleFile(
          path: "App.app/" + name, role: .iconImage,
          image: ImageInfo(width: pixels, height: pixels, hasAlpha: true, isCgBI: true)))
    }
    return BundleNode(path: "App.app", kind: .application, layout: .shallow, files: files)
  }

  /// An example that lints the Info.plist `info` of `bundle(info:catalog:legacy:)`.
  static func infoExample(
    _ info: KeyValuePairs<String, PlistNode>, catalog: CompiledAssetCatalog?,
    legacy: [(name: String, pixels: Int)] = [], context: LintContext = built,
    expect: [String] = [], severity: Severity? = nil, file: String = #filePath,
    line: Int = #line
  ) -> RuleExample {
    RuleExample(
      info, context: context, expect: expect, severity: severity, file: file, line: line
    )
    .within(path: infoPath, bundle: bundle(info: info, catalog: catalog, legacy: legacy))
  }

  /// An example that lints the catalog of `bundle(info:catalog:)`.
  static func catalogExample(
    _ catalog: CompiledAssetCatalog, info: KeyValuePairs<String, PlistNode> = iPhoneInfo,
    context: LintContext = built, expect: [String] = [], severity: Severity? = nil,
    file: String = #filePath, line: Int = #line
  ) -> RuleExample {
    var example = RuleExample(
      [:], role: .assetCatalog, context: context, expect: expect, severity: severity,
      file: file, line: line)
    example.root = catalog.document.root
    return example.within(path: catalogPath, bundle: bundle(info: info, catalog: catalog))
  }
}
