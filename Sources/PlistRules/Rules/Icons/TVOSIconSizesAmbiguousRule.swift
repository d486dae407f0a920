import PlistBundle
import PlistCore

/// A tvOS icon set with empty slots, where Apple's page says two things.
struct TVOSIconSizesAmbiguousRule: Rule {
  static let description = RuleDescription(
    identifier: "tvos_icon_sizes_ambiguous",
    name: "tvOS Icon Sizes Ambiguous",
    severity: .note,
    category: .icons,
    appliesTo: [.appIconSet],
    summary: "A tvOS icon set leaves slots empty, which Apple's page both allows and forbids",
    rationale: """
      "Configuring your app icon using an asset catalog" says in one bullet that iOS, iPadOS,
      tvOS and watchOS apps can generate every icon variant from a single 1024×1024 image, and
      in the next that "for macOS and tvOS, you need to supply an asset for each size". Apple
      does not reconcile the two. infoscope does not pick a side: it reports the empty tvOS
      slots as a note that names the contradiction, so the result can be checked in Xcode's
      build log and on a device.
      """,
    appleSource: AppleSource(
      title: "Configuring your app icon using an asset catalog",
      url: "https://developer.apple.com/documentation/xcode/configuring-your-app-icon"),
    nonTriggering: [
      IconExamples.example(
        images: [
          IconExamples.slot("tv", 400, 1, "TV.png"), IconExamples.slot("tv", 400, 2, "TV2.png"),
        ],
        files: ["TV.png": IconExamples.png(400, 400), "TV2.png": IconExamples.png(800, 800)]),
      // Empty slots of other platforms are not this rule's business.
      IconExamples.example(images: [IconExamples.universal(nil)]),
    ],
    triggering: [
      IconExamples.example(
        images: [IconExamples.slot("tv", 400, 1, "TV.png"), IconExamples.slot("tv", 400, 2)],
        files: ["TV.png": IconExamples.png(400, 400)], expect: [""])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = IconSetFacts(subject) else { return [] }
    let tv = facts.slots.filter { $0.image.iconPlatform == .tvOS }
    let empty = tv.filter { $0.image.filename == nil }
    guard !empty.isEmpty else { return [] }
    return [
      subject.finding(
        Self.description, at: .root,
        "\(facts.folderName) leaves \(empty.count) of its \(tv.count) tvOS slots empty; Apple's "
          + "page says both that tvOS can generate every size from one 1024×1024 image and that "
          + "tvOS needs an asset for each size, so check the built icon on Apple TV")
    ]
  }
}
