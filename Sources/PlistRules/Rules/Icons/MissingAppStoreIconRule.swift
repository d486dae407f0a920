import PlistBundle
import PlistCore

/// An iOS or watchOS app icon set without its 1024×1024 App Store image.
struct MissingAppStoreIconRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_app_store_icon",
    name: "Missing App Store Icon",
    severity: .error,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "An iOS or watchOS app icon set fills its 1024×1024 App Store slot",
    rationale: """
      Apple: "If you distribute your app through the App Store, you must provide app icon
      imagery to use in the App Store"; for iOS that is the "iOS 1,024pt" well (the single-size
      `universal` slot, or `ios-marketing` in older sets), and watchOS has its own well. App
      Store Connect rejects the upload without it (ITMS-90704: "An app icon measuring 1024 by
      1024 pixels in PNG format must be included in the Asset Catalog of apps built for iOS,
      iPadOS, or watchOS"; quoted from upload logs).

      Only a set an app target uses as its primary icon matters. In a project infoscope reads
      `ASSETCATALOG_COMPILER_APPICON_NAME` of each app target: a named set gives an error, a set
      no target names (an alternate icon, an extension's) gives nothing. Without a project to
      tell, a warning. A set replaced by an Icon Composer icon of the same name is skipped:
      that file provides the App Store icon. A slot whose file is missing is reported by
      `missing_icon_image`.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    itms: "ITMS-90704",
    nonTriggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)]),
      IconExamples.example(
        images: [
          IconExamples.slot("iphone", 60, 2, "Icon-120.png"),
          IconExamples.slot("ios-marketing", 1024, 1, "Icon-1024.png"),
        ],
        files: [
          "Icon-120.png": IconExamples.png(120, 120),
          "Icon-1024.png": IconExamples.png(1024, 1024),
        ]),
      // A macOS-only set: the Mac App Store well is checked by mac_icon_sizes.
      IconExamples.example(images: IconExamples.macSlots(), files: IconExamples.macFiles),
      // An Icon Composer icon of the same name replaces the set.
      IconExamples.example(
        images: [IconExamples.universal(nil)], iconComposer: ["AppIcon"]),
    ],
    triggering: [
      IconExamples.example(images: [IconExamples.universal(nil)], expect: ["images[0]"]),
      // A Developer ID or enterprise build is not uploaded to App Store Connect: a note.
      IconExamples.example(
        images: [IconExamples.universal(nil)], expect: ["images[0]"],
        context: LintContext(distribution: .enterprise), severity: .note),
      IconExamples.example(
        images: [IconExamples.slot("iphone", 60, 2, "Icon-120.png")],
        files: ["Icon-120.png": IconExamples.png(120, 120)], expect: [""]),
      // Only a dark variant fills a 1024 slot.
      IconExamples.example(
        images: [IconExamples.universal("Dark.png", appearance: "dark")],
        files: ["Dark.png": IconExamples.png(1024, 1024, alpha: true)], expect: [""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject), let relevance = facts.storeRelevance else {
      return []
    }
    var findings: [Finding] = []
    for platform in [Platform.iOS, .watchOS] {
      let slots = facts.slots.filter { $0.image.iconPlatform == platform }
      guard !slots.isEmpty else { continue }
      let store = slots.filter { $0.image.isAppStoreSlot }
      guard !store.contains(where: { $0.image.filename != nil }) else { continue }
      let path = store.first.map { IconSetFacts.slot($0.index) } ?? .root
      let well = platform == .iOS ? "iOS 1024pt" : "watchOS 1024pt"
      let severity: Severity = relevance == .sure ? .error : .warning
      let scope =
        relevance == .sure
        ? "the app's primary icon set \(facts.folderName)"
        : "\(facts.folderName), if it is the app's primary icon set,"
      findings.append(
        subject.finding(
          Self.description, at: path,
          "\(scope) has no \(well) App Store image; App Store Connect rejects the upload "
            + "without a 1024×1024 PNG: add one to the set", severity: severity))
    }
    return findings
  }
}
