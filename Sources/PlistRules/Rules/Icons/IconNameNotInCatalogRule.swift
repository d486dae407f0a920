import PlistBundle
import PlistCore

/// A built iOS app whose `CFBundleIconName` names no asset of its compiled asset catalog.
struct IconNameNotInCatalogRule: Rule {
  static let description = RuleDescription(
    identifier: "icon_name_not_in_catalog",
    name: "Icon Name Not In Catalog",
    severity: .error,
    category: .icons,
    appliesTo: [.infoPlist],
    summary: "The app icon a built iOS app names in CFBundleIconName is in its Assets.car",
    rationale: """
      `CFBundleIconName` is the name of the app icon asset in the app's compiled asset
      catalog; Xcode's asset compiler writes it (at the top level or in
      `CFBundleIcons` → `CFBundlePrimaryIcon`) together with the icon renditions it puts in
      `Assets.car`. App Store Connect reads the App Store icon from that catalog: "An app icon
      measuring 1024 by 1024 pixels in PNG format must be included in the Asset Catalog of
      apps built for iOS, iPadOS, or watchOS" (ITMS-90704, quoted from upload logs). When the
      name matches no asset, or the bundle has no `Assets.car` at all, there is no such icon
      and the upload is rejected; this rule reports that once, on the key, instead of the
      size checks that would follow (`missing_compiled_app_store_icon`,
      `missing_required_icon_size` read the named asset and stay silent then).

      The public upload logs read for this project quote no code of its own for a name that
      points at nothing (ITMS-90032, "Invalid Image Path", is quoted only for files named by
      `CFBundleIconFiles`, `CFBundleIcons` and `CFBundleAlternateIcons`), so the finding
      carries ITMS-90704, the rejection that follows. Checked: built iOS apps (not
      extensions) built with the iOS 11 SDK or later, whose `Assets.car` read; a catalog
      that does not read is reported by `unreadable_asset_catalog`.
      """,
    appleSource: AppleSource(
      title: "CFBundleIconName", url: KnownKeys.infoPage + "cfbundleiconname"),
    itms: "ITMS-90704",
    nonTriggering: [
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo,
        catalog: CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
      // The name as Xcode 9 writes it, inside CFBundlePrimaryIcon.
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        ], catalog: CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
      // An SDK older than iOS 11: icons were loose files then.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo, catalog: nil,
        context: LintContext(platforms: [.iOS], isBuilt: true, sdk: "iphoneos10.0")),
      // A source Info.plist: the catalog is compiled later.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo, catalog: nil, context: LintContext(platforms: [.iOS])),
      // No name at all is missing_icon_name's finding.
      CompiledIconExamples.infoExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1]],
        catalog: CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
    ],
    triggering: [
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo,
        catalog: CompiledIconExamples.catalog("Icon", CompiledIconExamples.fullIcon()),
        expect: ["CFBundleIconName"]),
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo, catalog: nil, expect: ["CFBundleIconName"]),
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        ], catalog: CompiledIconExamples.catalog("Other", CompiledIconExamples.fullIcon()),
        expect: ["CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconName"]),
      // A development build never reaches App Store Connect: a note.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo, catalog: nil,
        context: LintContext(
          platforms: [.iOS], isBuilt: true, distribution: .development, sdk: "iphoneos17.0"),
        expect: ["CFBundleIconName"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp, facts.completeness == .built,
      let icons = CompiledIconFacts(infoPlist: subject), let (name, path) = icons.iconName
    else { return [] }
    if let sdk = facts.sdkMajorVersion, sdk < 11 { return [] }
    guard let file = icons.catalogFile else {
      return [
        subject.finding(
          Self.description, at: path,
          "CFBundleIconName names \"\(name)\", but the bundle has no compiled asset catalog "
            + "(Assets.car), so App Store Connect finds no app icon: add the icon set to the "
            + "target's asset catalog")
      ]
    }
    guard let catalog = file.assetCatalog, catalog.asset(named: name) == nil else { return [] }
    return [
      subject.finding(
        Self.description, at: path,
        "CFBundleIconName names \"\(name)\", but Assets.car holds no asset of that name, so "
          + "App Store Connect finds no app icon: name the app icon set of the asset catalog "
          + "(ASSETCATALOG_COMPILER_APPICON_NAME)")
    ]
  }
}
