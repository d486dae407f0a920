import PlistBundle
import PlistCore

/// An icon image whose pixel size is not its slot's size × scale.
struct IconPixelSizeRule: Rule {
  static let description = RuleDescription(
    identifier: "icon_pixel_size",
    name: "Icon Pixel Size",
    severity: .warning,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "Each image of an app icon set has the pixel size of its slot: size × scale",
    rationale: """
      A slot's `size` is in points and `scale` multiplies it (Asset Catalog Format Reference,
      App Icon Type), so a `60x60` slot at `2x` takes a 120×120 pixel image. Xcode warns about
      an image of another size; Apple's pages say nothing of what the build then does with it,
      so this is a warning. Upload checks ask for exact pixel sizes (ITMS-90022 / 90023 for the
      older per-size sets, ITMS-90704 for the 1024 App Store image), so a wrong size can still
      end in a rejected upload.
      """,
    appleSource: AppleSource(
      title: "Asset Catalog Format Reference: App Icon Type",
      url: "https://developer.apple.com/library/archive/documentation/Xcode/Reference/"
        + "xcode_ref-Asset_Catalog_Format/AppIconType.html"),
    nonTriggering: [
      IconExamples.example(
        images: [
          IconExamples.universal("Icon.png"), IconExamples.slot("iphone", 60, 3, "Icon-180.png"),
        ],
        files: [
          "Icon.png": IconExamples.png(1024, 1024), "Icon-180.png": IconExamples.png(180, 180),
        ]),
      IconExamples.example(images: IconExamples.macSlots(), files: IconExamples.macFiles),
      // An image that is not there is missing_icon_image's finding, not this one.
      IconExamples.example(images: [IconExamples.slot("iphone", 60, 2, "Gone.png")]),
    ],
    triggering: [
      IconExamples.example(
        images: [IconExamples.slot("iphone", 60, 2, "Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)], expect: ["images[0].filename"]),
      IconExamples.example(
        images: [IconExamples.universal("Icon.png"), IconExamples.slot("mac", 16, 2, "16.png")],
        files: ["Icon.png": IconExamples.png(1000, 1000), "16.png": IconExamples.png(16, 16)],
        expect: ["images[0].filename", "images[1].filename"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject) else { return [] }
    return facts.slots.compactMap { index, slot in
      guard let name = slot.filename, let image = slot.image,
        let expected = slot.expectedPixels,
        image.width != expected.width || image.height != expected.height
      else { return nil }
      return subject.finding(
        Self.description, at: IconSetFacts.slot(index).appending(key: "filename"),
        "\(name) is \(image.width)×\(image.height) pixels but its slot (\(slot.label)) takes "
          + "\(expected.width)×\(expected.height): export the image at that size")
    }
  }
}
