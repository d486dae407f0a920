import PlistBundle
import PlistCore

/// An App Store icon image with an alpha channel.
struct AppStoreIconAlphaRule: Rule {
  static let description = RuleDescription(
    identifier: "app_store_icon_alpha",
    name: "App Store Icon With Alpha",
    severity: .error,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "The 1024×1024 App Store image of an iOS or watchOS icon set has no alpha channel",
    rationale: """
      App Store Connect rejects an App Store icon that is transparent or has an alpha channel
      (ITMS-90717, "can't be transparent nor contain an alpha channel"; quoted from upload
      logs). The PNG header tells: colour types 4 and 6 carry alpha, and a `tRNS` chunk adds
      transparency. Only the default-appearance 1024 slot is checked: Apple asks for the dark
      variant to have a transparent background. Severity as for `missing_app_store_icon`: an
      error for a set an app target names as its primary icon, a warning when no project tells,
      nothing for other sets.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    itms: "ITMS-90717",
    nonTriggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)]),
      // The dark variant is meant to be transparent.
      IconExamples.example(
        images: [
          IconExamples.universal("Icon.png"),
          IconExamples.universal("Dark.png", appearance: "dark"),
        ],
        files: [
          "Icon.png": IconExamples.png(1024, 1024),
          "Dark.png": IconExamples.png(1024, 1024, alpha: true),
        ]),
      // macOS icons keep their transparent corners.
      IconExamples.example(
        images: [IconExamples.slot("mac", 512, 2, "Mac.png")],
        files: ["Mac.png": IconExamples.png(1024, 1024, alpha: true)]),
    ],
    triggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024, alpha: true)],
        expect: ["images[0].filename"]),
      IconExamples.example(
        images: [
          IconExamples.slot("iphone", 60, 2, "Icon-120.png"),
          IconExamples.slot("ios-marketing", 1024, 1, "Icon-1024.png"),
        ],
        files: [
          "Icon-120.png": IconExamples.png(120, 120, alpha: true),
          "Icon-1024.png": IconExamples.png(1024, 1024, alpha: true),
        ], expect: ["images[1].filename"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject), let relevance = facts.storeRelevance else {
      return []
    }
    return facts.slots.compactMap { index, slot in
      guard slot.isAppStoreSlot, let name = slot.filename, slot.image?.hasAlpha == true else {
        return nil
      }
      let scope = relevance == .sure ? "" : " (if this is the app's primary icon set)"
      return subject.finding(
        Self.description, at: IconSetFacts.slot(index).appending(key: "filename"),
        "the App Store image \(name) has an alpha channel\(scope); App Store Connect rejects "
          + "a transparent App Store icon: export it without alpha",
        severity: relevance == .sure ? .error : .warning)
    }
  }
}
