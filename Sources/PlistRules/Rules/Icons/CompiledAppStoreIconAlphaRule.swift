import PlistBundle
import PlistCore

/// A built iOS app whose compiled App Store icon is not opaque.
struct CompiledAppStoreIconAlphaRule: Rule {
  static let description = RuleDescription(
    identifier: "compiled_app_store_icon_alpha",
    name: "Compiled App Store Icon With Alpha",
    severity: .error,
    category: .icons,
    appliesTo: [.assetCatalog],
    summary: "The 1024×1024 App Store image in a built iOS app's Assets.car is opaque",
    rationale: """
      App Store Connect rejects an App Store icon that "can't be transparent nor contain an
      alpha channel" (ITMS-90717, quoted from upload logs). A compiled catalog keeps no PNG
      colour type; its rendition header carries the opaque flag the asset compiler sets when
      the image has no alpha channel (what `assetutil --info` prints as `"Opaque"`, and what
      public release scripts test before uploading). So a marketing rendition without the
      flag was compiled from an image with alpha. Apple documents neither the flag nor how App
      Store Connect reads the compiled image, which is why this rule names the flag in its
      message. The source icon set's own check is `app_store_icon_alpha`; a missing App Store
      image is `missing_compiled_app_store_icon`.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    itms: "ITMS-90717",
    nonTriggering: [
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
      // Home-screen sizes may keep alpha: only the App Store image is checked.
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([
          CompiledIconExamples.icon(.phone, 2, 120, opaque: false),
          CompiledIconExamples.icon(.marketing, 1, 1024),
        ])),
      // No App Store image at all is the other rule's finding.
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 2, 120)])),
    ],
    triggering: [
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(CompiledIconExamples.fullIcon(storeOpaque: false)),
        expect: ["assets.AppIcon.marketing @1x 1024×1024"]),
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(CompiledIconExamples.fullIcon(storeOpaque: false)),
        context: LintContext(
          platforms: [.iOS], isBuilt: true, distribution: .enterprise, sdk: "iphoneos17.0"),
        expect: ["assets.AppIcon.marketing @1x 1024×1024"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let icons = CompiledIconFacts(catalog: subject), CompiledIconFacts.isChecked(subject),
      let asset = icons.iconAsset
    else { return [] }
    return icons.appStoreRenditions.compactMap { index, rendition in
      guard !rendition.isOpaque else { return nil }
      return subject.finding(
        Self.description, at: CompiledAssetCatalog.keyPath(asset: asset, rendition: index),
        "the App Store image of \(asset.name) (\(rendition.name)) is compiled without the "
          + "opaque flag, so it has an alpha channel, which App Store Connect rejects: export "
          + "the 1024×1024 image without alpha")
    }
  }
}
