import PlistBundle
import PlistCore

/// An app icon set with an Icon Composer icon of the same name beside it.
struct IconComposerReplacesIconSetRule: Rule {
  static let description = RuleDescription(
    identifier: "icon_composer_replaces_icon_set",
    name: "Icon Composer Replaces Icon Set",
    severity: .note,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "An app icon set is replaced by an Icon Composer icon of the same name",
    rationale: """
      Apple: "If you add an Icon Composer file to your Xcode project, it replaces any existing
      icon asset catalog that you previously used to represent your app icon", and Xcode makes
      images for earlier releases from it; to keep the old icon on earlier releases, "continue
      to use asset catalogs" instead. tvOS and visionOS still use an asset catalog. So with both
      present, the `.icon` is what iOS, iPadOS, macOS and watchOS ship, and the set's images
      for them serve only Xcode versions that predate Icon Composer. The match by name (the App Icon
      setting names the `.icon` file) comes from a third-party reading of Apple's article; a set
      and an icon with different names are not judged. Keeping both can be deliberate, so this
      is a note.
      """,
    appleSource: AppleSource(
      title: "Creating your app icon using Icon Composer",
      url: "https://developer.apple.com/documentation/xcode/"
        + "creating-your-app-icon-using-icon-composer"),
    nonTriggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)]),
      // A different name: not the same icon as far as infoscope can tell.
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)], iconComposer: ["AppIconLiquid"]),
      // tvOS and visionOS slots still come from the catalog.
      IconExamples.example(
        images: [IconExamples.slot("tv", 400, 1, "TV.png")],
        files: ["TV.png": IconExamples.png(400, 400)], iconComposer: ["AppIcon"]),
    ],
    triggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)], iconComposer: ["AppIcon"],
        expect: [""])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject), facts.hasSameNamedIconComposerIcon else {
      return []
    }
    let replaced: Set<Platform> = [.iOS, .iPadOS, .macOS, .watchOS]
    let covered = facts.slots.filter { slot in
      slot.image.filename != nil
        && (slot.image.iconPlatform.map(replaced.contains) ?? (slot.image.idiom == "universal"))
    }
    guard !covered.isEmpty else { return [] }
    return [
      subject.finding(
        Self.description, at: .root,
        "\(facts.name).icon (Icon Composer) replaces \(facts.folderName) for iOS, iPadOS, "
          + "macOS and watchOS, so Xcode uses it instead of these \(covered.count) images (they "
          + "serve only Xcode versions without Icon Composer): remove the set, or remove the "
          + ".icon to keep this icon on earlier releases")
    ]
  }
}
