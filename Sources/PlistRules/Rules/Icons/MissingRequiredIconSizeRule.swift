import PlistBundle
import PlistCore

/// A built iPhone or iPad app without an app icon of a pixel size App Store Connect requires.
struct MissingRequiredIconSizeRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_required_icon_size",
    name: "Missing Required Icon Size",
    severity: .error,
    category: .icons,
    appliesTo: [.infoPlist],
    summary: "A built iPhone or iPad app has the app icon sizes App Store Connect requires",
    rationale: """
      App Store Connect rejects an upload without an app icon of exactly these pixel sizes
      (quoted from upload logs): "The bundle does not contain an app icon for iPhone / iPod
      Touch of exactly '120x120' pixels, in .png format for iOS versions >= 7.0"
      (ITMS-90022); for iPad, "exactly '152x152' pixels, in .png format for iOS versions >=
      10.0" and "exactly '167x167' pixels, in .png format for iOS versions supporting iPad
      Pro" (ITMS-90023), and in older logs "'76x76' pixels … for iOS versions >= 7.0". The
      messages add that "the icon may be required in the bundle outside of an asset catalog",
      so both places count: a rendition of the named icon asset in `Assets.car` (phone idiom
      for iPhone, pad idiom for iPad) or a legacy icon PNG Xcode copies to the bundle root
      (`AppIcon60x60@2x.png`, CgBI files included).

      iPhone means `UIDeviceFamily` 1 (or no family), iPad means 2. The 76×76 size is asked
      only when `MinimumOSVersion` is below 10: the 1x iPads that use it stop at iOS 9, and
      no message read says whether a later deployment target exempts it, so infoscope does
      not claim it there. Not checked: a catalog thinned for one device, a catalog that does
      not read, an icon name that matches no asset (`icon_name_not_in_catalog` reports
      that instead), and an app that names no icon at all (`missing_icon_name`).
      """,
    appleSource: AppleSource(
      title: "CFBundleIcons", url: KnownKeys.infoPage + "cfbundleicons"),
    itms: "ITMS-90022",
    nonTriggering: [
      CompiledIconExamples.infoExample(
        CompiledIconExamples.universalInfo,
        catalog: CompiledIconExamples.catalog(CompiledIconExamples.fullIcon())),
      // Loose PNGs alone, as Xcode 8 and older built apps.
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]],
        ], catalog: nil, legacy: [("AppIcon60x60@2x.png", 120)]),
      // iPad sizes from the catalog, iPhone size from a loose PNG.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.universalInfo,
        catalog: CompiledIconExamples.catalog([
          CompiledIconExamples.icon(.pad, 2, 152), CompiledIconExamples.icon(.pad, 2, 167),
        ]), legacy: [("AppIcon60x60@2x.png", 120)]),
      // A thinned catalog lost the other devices' sizes by design.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.universalInfo,
        catalog: CompiledIconExamples.catalog(
          [CompiledIconExamples.icon(.phone, 2, 120)], thinned: true)),
      // An iPhone-only app needs no iPad size; 76×76 only below iOS 10.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo,
        catalog: CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 2, 120)])),
      // No icon named anywhere: missing_icon_name reports it once.
      CompiledIconExamples.infoExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]], catalog: nil),
      // The name matches no asset: icon_name_not_in_catalog reports it.
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo,
        catalog: CompiledIconExamples.catalog("Other", [])),
    ],
    triggering: [
      CompiledIconExamples.infoExample(
        CompiledIconExamples.iPhoneInfo,
        catalog: CompiledIconExamples.catalog([CompiledIconExamples.icon(.phone, 3, 180)]),
        expect: ["CFBundleIconName"]),
      CompiledIconExamples.infoExample(
        CompiledIconExamples.universalInfo,
        catalog: CompiledIconExamples.catalog([
          CompiledIconExamples.icon(.phone, 2, 120), CompiledIconExamples.icon(.pad, 2, 152),
        ]), expect: ["CFBundleIconName"]),
      // An iPad 120 is not the iPhone one; below iOS 10, 76×76 too.
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "CFBundleIconName": "AppIcon",
          "UIDeviceFamily": [1, 2], "MinimumOSVersion": "9.0",
        ],
        catalog: CompiledIconExamples.catalog([
          CompiledIconExamples.icon(.pad, 2, 120), CompiledIconExamples.icon(.pad, 2, 152),
          CompiledIconExamples.icon(.pad, 2, 167),
        ]), expect: ["CFBundleIconName", "CFBundleIconName"]),
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]],
        ], catalog: nil, legacy: [("AppIcon60x60.png", 60)], expect: ["CFBundleIcons"]),
    ])

  /// True when the Info.plist names legacy icon files (`CFBundleIconFiles` at the top level or
  /// in `CFBundleIcons` / `CFBundleIcons~ipad` → `CFBundlePrimaryIcon`, or `CFBundleIconFile`).
  static func namesIconFiles(_ info: PlistDictionary) -> Bool {
    if info["CFBundleIconFiles"] != nil || info["CFBundleIconFile"] != nil { return true }
    return ["CFBundleIcons", "CFBundleIcons~ipad"].contains { key in
      let primary = info[key]?.value.dictionaryValue?["CFBundlePrimaryIcon"]?.value
      return primary?.dictionaryValue?["CFBundleIconFiles"] != nil
    }
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp, facts.completeness == .built,
      let icons = CompiledIconFacts(infoPlist: subject)
    else { return [] }
    if let file = icons.catalogFile {
      guard let catalog = file.assetCatalog, !catalog.isThinned else { return [] }
    }
    if icons.iconName != nil, icons.iconAsset == nil, icons.catalogFile != nil { return [] }
    // An app that names no icon at all is missing_icon_name's finding, once.
    if icons.iconName == nil, icons.legacyImages.isEmpty, !Self.namesIconFiles(facts.info) {
      return []
    }
    if icons.iconName != nil, icons.catalogFile == nil,
      (facts.sdkMajorVersion ?? 11) >= 11
    {
      return []
    }
    var required: [(device: String, idiom: Idiom, pixels: Int, itms: String)] = []
    if facts.devices.contains(.iPhone) || facts.devices.isEmpty {
      required.append(("iPhone", .phone, 120, "ITMS-90022"))
    }
    if facts.devices.contains(.iPad) {
      let minimum = facts.string("MinimumOSVersion").flatMap {
        Int($0.split(separator: ".").first ?? "")
      }
      if let minimum, minimum < 10 { required.append(("iPad", .pad, 76, "ITMS-90023")) }
      required.append(("iPad", .pad, 152, "ITMS-90023"))
      required.append(("iPad", .pad, 167, "ITMS-90023"))
    }
    let path =
      icons.iconName?.path
      ?? (facts.info["CFBundleIcons"] != nil ? KeyPath([.key("CFBundleIcons")]) : .root)
    let place = icons.iconAsset.map { "in Assets.car (\($0.name)) or " } ?? ""
    return required.compactMap { need in
      let inCatalog =
        !icons.iconRenditions(need.idiom, pixels: need.pixels).isEmpty
        || !icons.iconRenditions(.universal, pixels: need.pixels).isEmpty
      let loose = icons.legacyImages.contains {
        $0.image.width == need.pixels && $0.image.height == need.pixels
      }
      guard !inCatalog, !loose else { return nil }
      return subject.finding(
        Self.description, at: path,
        "the bundle has no \(need.device) app icon of exactly \(need.pixels)×\(need.pixels) "
          + "pixels \(place)as a PNG at its root, which App Store Connect requires: add the "
          + "size to the app icon set", itms: need.itms)
    }
  }
}
