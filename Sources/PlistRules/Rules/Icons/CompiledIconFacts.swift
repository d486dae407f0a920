import PlistBundle
import PlistCore

/// What a built bundle says about its app icon: the facts the compiled-icon rules share.
///
/// They are the name its Info.plist gives, the compiled asset catalog (`Assets.car`) and the
/// icon asset in it, and the legacy icon PNGs Xcode copies to the bundle root.
struct CompiledIconFacts {
  /// The bundle.
  let bundle: BundleNode
  /// Its Info.plist.
  let info: PlistDictionary
  /// Its `Assets.car`, when there is one (read or not).
  let catalogFile: BundleFile?

  /// The facts of `bundle` with Info.plist `info`.
  init(bundle: BundleNode, info: PlistDictionary) {
    self.bundle = bundle
    self.info = info
    catalogFile = bundle.files.first { $0.role == .assetCatalog }
  }

  /// The facts of the bundle around an Info.plist subject, or nil without a bundle.
  init?(infoPlist subject: LintSubject) {
    guard let bundle = subject.bundle, let info = subject.dictionary else { return nil }
    self.init(bundle: bundle, info: info)
  }

  /// The facts of the bundle around an `Assets.car` subject, or nil when the subject is not
  /// its bundle's catalog or the bundle has no Info.plist.
  init?(catalog subject: LintSubject) {
    guard let bundle = subject.bundle, let info = bundle.infoPlist,
      bundle.files.contains(where: { $0.role == .assetCatalog && $0.path == subject.path })
    else { return nil }
    self.init(bundle: bundle, info: info)
  }

  /// The catalog, when it read.
  var catalog: CompiledAssetCatalog? { catalogFile?.assetCatalog }

  /// Where the primary icon's name is written: `CFBundleIconName`, or the
  /// `CFBundleIconName` of `CFBundleIcons` / `CFBundleIcons~ipad` → `CFBundlePrimaryIcon`
  /// (where Xcode's asset compiler writes it), with its key path; nil when neither names one.
  var iconName: (name: String, path: KeyPath)? {
    if let name = info["CFBundleIconName"]?.value.stringValue, !name.isEmpty {
      return (name, KeyPath([.key("CFBundleIconName")]))
    }
    for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
      let primary = info[key]?.value.dictionaryValue?["CFBundlePrimaryIcon"]?.value
      if let name = primary?.dictionaryValue?["CFBundleIconName"]?.value.stringValue,
        !name.isEmpty
      {
        return (
          name,
          KeyPath([.key(key), .key("CFBundlePrimaryIcon"), .key("CFBundleIconName")])
        )
      }
    }
    return nil
  }

  /// The icon asset the name points at in the catalog, when both exist.
  var iconAsset: CompiledAssetCatalog.Asset? {
    guard let name = iconName?.name else { return nil }
    return catalog?.asset(named: name)
  }

  /// The legacy icon PNGs read from the bundle (`AppIcon60x60@2x.png`, …), with their pixel
  /// sizes.
  var legacyImages: [(path: String, image: ImageInfo)] {
    bundle.files.compactMap { file in
      guard file.role == .iconImage, let image = file.image else { return nil }
      return (file.path, image)
    }
  }

  /// The renditions of the icon asset for `idiom` that are exactly `pixels` × `pixels`.
  func iconRenditions(_ idiom: Idiom, pixels: Int) -> [CSIRendition] {
    (iconAsset?.renditions ?? []).filter {
      $0.idiom == idiom && $0.width == pixels && $0.height == pixels && $0.isBitmap
    }
  }

  /// The App Store renditions of the icon asset (marketing idiom, 1024 × 1024 pixels) with
  /// their index in the asset.
  var appStoreRenditions: [(index: Int, rendition: CSIRendition)] {
    (iconAsset?.renditions ?? []).enumerated().compactMap { index, rendition in
      guard rendition.idiom == .marketing, rendition.width == 1024, rendition.height == 1024,
        rendition.isBitmap
      else { return nil }
      return (index, rendition)
    }
  }
}

extension CompiledIconFacts {
  /// True when the compiled-icon checks apply to the bundle around `subject`: a built iOS
  /// app (not an extension, not a Mac build), built with the iOS 11 SDK or later when the SDK
  /// is known.
  static func isChecked(_ subject: LintSubject) -> Bool {
    guard subject.context.isBuilt, let bundle = subject.bundle, bundle.kind == .application,
      let info = bundle.infoPlistFile?.document?.root
    else { return false }
    var infoSubject = subject
    infoSubject.root = info
    infoSubject.role = .infoPlist
    infoSubject.path = bundle.infoPlistFile?.path ?? subject.path
    guard let facts = InfoPlistFacts(infoSubject), facts.isIOSApp else { return false }
    if let sdk = facts.sdkMajorVersion, sdk < 11 { return false }
    return true
  }
}
