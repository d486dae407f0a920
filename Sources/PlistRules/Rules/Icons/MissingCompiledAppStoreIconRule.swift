import PlistBundle
import PlistCore

/// A built iOS app whose compiled app icon has no 1024×1024 App Store rendition.
struct MissingCompiledAppStoreIconRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_compiled_app_store_icon",
    name: "Missing Compiled App Store Icon",
    severity: .error,
    category: .icons,
    appliesTo: [.assetCatalog],
    summary: "The app icon in a built iOS app's Assets.car has its 1024×1024 App Store image",
    rationale: """
      App Store Connect rejects the upload: "An app icon measuring 1024 by 1024 pixels in PNG
      format must be included in the Asset Catalog of apps built for iOS, iPadOS, or watchOS.
      Without this icon, apps cannot be submitted for review" (ITMS-90704, quoted from upload
      logs). Xcode compiles the icon set's App Store slot (`ios-marketing`, or the single-size
      1024 image) into `Assets.car` as a rendition of the marketing idiom, 1024 × 1024 pixels;
      this rule looks for it in the asset `CFBundleIconName` names.

      Not checked: a catalog thinned for one device (an installed or downloaded build, whose
      `EXTENDED_METADATA` names its thinning: the App Store image is removed then), apps built
      with an SDK older than iOS 11, and a name that matches no asset (that is
      `icon_name_not_in_catalog`). The source icon set's own check is
      `missing_app_store_icon`.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    itms: "ITMS-90704",
    nonTriggering: [
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
      // Thinned for one iPhone: the App Store image is gone by design.
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(
          [CompiledIconExamples.icon(.phone, 2, 120)], thinned: true)),
      // The name matches no asset: icon_name_not_in_catalog says so.
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog("Other", [CompiledIconExamples.icon(.phone, 2, 120)])),
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 2, 120)]),
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos10.3")),
    ],
    triggering: [
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([
          CompiledIconExamples.icon(.phone, 2, 120), CompiledIconExamples.icon(.pad, 2, 152),
        ]), expect: ["assets.AppIcon"]),
      // A 1024 image of another idiom is not the App Store one.
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 1, 1024)]),
        expect: ["assets.AppIcon"]),
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 2, 120)]),
        context: LintContext(
          platforms: [.iOS], isBuilt: true, distribution: .adHoc, sdk: "iphoneos17.0"),
        expect: ["assets.AppIcon"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let icons = CompiledIconFacts(catalog: subject), CompiledIconFacts.isChecked(subject),
      let catalog = icons.catalog, !catalog.isThinned, let asset = icons.iconAsset,
      icons.appStoreRenditions.isEmpty
    else { return [] }
    return [
      subject.finding(
        Self.description, at: CompiledAssetCatalog.keyPath(asset: asset),
        "the app icon \(asset.name) in Assets.car has no 1024×1024 App Store image (marketing "
          + "idiom), so App Store Connect rejects the upload: fill the App Store slot of the "
          + "icon set")
    ]
  }
}
