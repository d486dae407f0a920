import PlistBundle
import PlistCore

/// A macOS app icon set with empty slots.
struct MacIconSizesRule: Rule {
  static let description = RuleDescription(
    identifier: "mac_icon_sizes",
    name: "macOS Icon Sizes",
    severity: .warning,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "A macOS app icon set supplies an image for each of its mac slots",
    rationale: """
      Apple: "For macOS and tvOS, you need to supply an asset for each size" on the asset
      catalog path, and the macOS App Store icon goes in the "App Store - 2x" well (512 pt at
      2x). Apple lists no macOS sizes on a current page (the HIG gives one 1024×1024 layout
      size): the ten slots of 16 to 512 pt at 1x and 2x are Xcode's template, not an Apple
      list. So the rule judges only the mac slots the set itself declares and leaves empty, and
      says so: a warning. An empty 512 pt slot (at 1x or 2x) is an error for a build bound for
      the App Store: the app's ICNS, which Xcode builds from these slots, then lacks that image,
      and App Store Connect refuses the upload with ITMS-90236 ("Missing required icon": the
      message, as quoted in public reports, asks for an ICNS icon that holds the 512×512 image
      at both 1x and 2x); a note when the distribution is known and is not
      the App Store. An Icon Composer icon of the same name replaces the set and needs no sizes,
      so the rule is silent then.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    nonTriggering: [
      IconExamples.example(images: IconExamples.macSlots(), files: IconExamples.macFiles),
      // No mac slots: an iOS set.
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)]),
      // The Icon Composer path needs no sizes.
      IconExamples.example(
        images: IconExamples.macSlots(empty: ["16@1", "16@2"]), files: IconExamples.macFiles,
        iconComposer: ["AppIcon"]),
    ],
    triggering: [
      IconExamples.example(
        images: IconExamples.macSlots(empty: ["16@1", "512@2"]), files: IconExamples.macFiles,
        expect: [""], severity: .error),
      IconExamples.example(
        images: IconExamples.macSlots(empty: ["512@1"]), files: IconExamples.macFiles,
        expect: [""], severity: .error),
      IconExamples.example(
        images: IconExamples.macSlots(empty: ["512@2"]), files: IconExamples.macFiles,
        expect: [""], context: LintContext(platforms: [.macOS], distribution: .developerID),
        severity: .note),
      IconExamples.example(
        images: IconExamples.macSlots(empty: ["16@1"]), files: IconExamples.macFiles,
        expect: [""], severity: .warning),
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")] + IconExamples.macSlots(empty: ["32@2"]),
        files: IconExamples.macFiles.merging(["Icon.png": IconExamples.png(1024, 1024)]) {
          a, _ in a
        }, expect: [""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject), !facts.hasSameNamedIconComposerIcon else {
      return []
    }
    let mac = facts.slots.filter { $0.image.iconPlatform == .macOS && $0.image.appearances.isEmpty }
    let empty = mac.filter { $0.image.filename == nil }
    guard !empty.isEmpty else { return [] }
    let sizes = empty.map { "\($0.image.size ?? "?") @\($0.image.scale)x" }
    let store =
      empty.contains { $0.image.size == "512x512" && $0.image.scale == 2 }
      ? " (among them the App Store - 2x well)" : ""
    let message =
      "\(facts.folderName) leaves \(empty.count) of its \(mac.count) mac slots empty\(store): "
      + sizes.joined(separator: ", ")
    guard empty.contains(where: { $0.image.size == "512x512" }) else {
      return [
        subject.finding(
          Self.description, at: .root,
          message + "; Apple says a macOS icon set needs an asset for each size but lists no "
            + "sizes, so fill the slots the set declares or use an Icon Composer icon")
      ]
    }
    return [
      subject.finding(
        Self.description, at: .root,
        message + "; without the 512 pt images at 1x and 2x the app's ICNS icon lacks what App "
          + "Store Connect requires, so fill them or use an Icon Composer icon",
        severity: .error, itms: "ITMS-90236")
    ]
  }
}
