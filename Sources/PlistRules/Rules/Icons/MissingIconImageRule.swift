import PlistBundle
import PlistCore

/// An app icon set naming an image that is not in its folder.
struct MissingIconImageRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_icon_image",
    name: "Missing Icon Image",
    severity: .warning,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "Every image an app icon set names is in the set's folder",
    rationale: """
      A slot's `filename` names a PNG in the `.appiconset` folder (Asset Catalog Format
      Reference, App Icon Type). Xcode warns about a file that is not there and leaves the slot
      without an image, so the icon is incomplete; when the missing file is the App Store image
      the upload is rejected (ITMS-90704). Apple's pages do not say more, so this is a warning.
      When none of the images a set names is there (a folder copied without its images, or
      images kept in Git LFS and not fetched), one finding covers the set instead of one per
      slot.
      """,
    appleSource: AppleSource(
      title: "Asset Catalog Format Reference: App Icon Type",
      url: "https://developer.apple.com/library/archive/documentation/Xcode/Reference/"
        + "xcode_ref-Asset_Catalog_Format/AppIconType.html"),
    nonTriggering: [
      IconExamples.example(
        images: [IconExamples.universal("Icon.png")],
        files: ["Icon.png": IconExamples.png(1024, 1024)]),
      // Empty slots name no file.
      IconExamples.example(images: [IconExamples.universal(nil)]),
    ],
    triggering: [
      IconExamples.example(
        images: [
          IconExamples.universal("Icon.png"),
          IconExamples.universal("Dark.png", appearance: "dark"),
        ],
        files: ["Icon.png": IconExamples.png(1024, 1024)], expect: ["images[1].filename"]),
      IconExamples.example(images: IconExamples.macSlots(), expect: [""]),
      IconExamples.example(images: [IconExamples.universal("Icon.png")], expect: [""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject) else { return [] }
    let named = facts.slots.filter { $0.image.filename != nil }
    let missing = named.filter { $0.image.problem?.kind == .notFound }
    guard let first = missing.first, let firstName = first.image.filename else { return [] }
    if missing.count == named.count {
      let count = missing.count == 1 ? "the image" : "none of the \(missing.count) images"
      let verb = missing.count == 1 ? "is not" : "is"
      return [
        subject.finding(
          Self.description, at: .root,
          "\(count) \(facts.folderName) names (\(firstName)\(missing.count > 1 ? ", …" : "")) "
            + "\(verb) in its folder: add the images or fix the file names")
      ]
    }
    return missing.compactMap { index, slot in
      guard let name = slot.filename else { return nil }
      return subject.finding(
        Self.description, at: IconSetFacts.slot(index).appending(key: "filename"),
        "\(name), named by the \(slot.label) slot, is not in \(facts.folderName): add it or fix "
          + "the file name")
    }
  }
}
