import PlistBundle
import PlistCore

/// An iPad app that takes part in multitasking but does not support all four orientations.
struct IPadMultitaskingOrientationsRule: Rule {
  static let orientations = [
    "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
    "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
  ]

  static let description = RuleDescription(
    identifier: "ipad_multitasking_orientations",
    name: "iPad Multitasking Orientations",
    severity: .error,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "An iPad app that supports multitasking lists all four interface orientations",
    rationale: """
      App Store Connect rejects an iPad app that supports multitasking but lists fewer than four
      orientations (ITMS-90474, as public reports quote it), and TN3192 lists "supports all
      interface orientations" among the conditions for resizable scenes. The iPad list is
      `UISupportedInterfaceOrientations~ipad` when present (any case of the suffix), else
      `UISupportedInterfaceOrientations`. An app keeping `UIRequiresFullScreen` true opts out
      before the iOS 27 SDK; from the iOS 27 SDK that key no longer exempts the app (TN3192), so
      the finding returns, as a warning because Apple has not said the upload check changes.
      Only apps that run on iPad are checked: iPadOS among the platforms, or `UIDeviceFamily`
      holding 2.
      """,
    appleSource: AppleSource(
      title: "UISupportedInterfaceOrientations",
      url: KnownKeys.infoPage + "uisupportedinterfaceorientations"),
    itms: "ITMS-90474",
    nonTriggering: [
      RuleExample([
        "UIDeviceFamily": [1, 2],
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        "UISupportedInterfaceOrientations~ipad": [
          "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
          "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
        ],
      ]),
      // iPhone only.
      RuleExample([
        "UIDeviceFamily": [1],
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
      ]),
      // Opted out, before the iOS 27 SDK.
      RuleExample(
        [
          "UIDeviceFamily": [1, 2], "UIRequiresFullScreen": true,
          "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        ], context: LintContext(sdk: "iphoneos26.2")),
      // The iOS container of a watch-only app (Apple's documentation is silent on it).
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "ITSWatchOnlyContainer": true, "UIDeviceFamily": [1, 2],
        ], context: LintContext(isBuilt: true)),
      // Only the iPhone list is short; the iPad has its own.
      RuleExample([
        "UIDeviceFamily": [1, 2],
        "UISupportedInterfaceOrientations~iphone": ["UIInterfaceOrientationPortrait"],
        "UISupportedInterfaceOrientations~iPad": [
          "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
          "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
        ],
      ]),
      // Device family unknown: a partial source file.
      RuleExample(["UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]]),
      // An extension.
      RuleExample([
        "UIDeviceFamily": [1, 2], "NSExtension": [:], "CFBundlePackageType": "XPC!",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
      ]),
    ],
    triggering: [
      RuleExample(
        [
          "UIDeviceFamily": [1, 2],
          "UISupportedInterfaceOrientations": [
            "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
            "UIInterfaceOrientationLandscapeRight",
          ],
        ], expect: ["UISupportedInterfaceOrientations"]),
      RuleExample(
        [
          "UIDeviceFamily": [1, 2],
          "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        ], context: LintContext(distribution: .development),
        expect: ["UISupportedInterfaceOrientations"], severity: .note),
      RuleExample(
        [
          "UISupportedInterfaceOrientations~iPad": ["UIInterfaceOrientationPortrait"]
        ], context: LintContext(platforms: [.iPadOS]),
        expect: ["UISupportedInterfaceOrientations~iPad"]),
      RuleExample(
        [
          "UIDeviceFamily": [2], "UIRequiresFullScreen": true,
          "UISupportedInterfaceOrientations": ["UIInterfaceOrientationLandscapeLeft"],
        ], context: LintContext(sdk: "iphoneos27.0"),
        expect: ["UISupportedInterfaceOrientations"]),
      // The iPhone has its own full list; the iPad reads the short base list.
      RuleExample(
        [
          "UIDeviceFamily": [1, 2],
          "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
          "UISupportedInterfaceOrientations~iphone": [
            "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
            "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
          ],
        ], expect: ["UISupportedInterfaceOrientations"]),
      RuleExample(
        ["UIDeviceFamily": [1, 2], "CFBundlePackageType": "APPL"],
        context: LintContext(isBuilt: true), expect: ["UISupportedInterfaceOrientations"]),
    ]
  ).requiring(
    [
      RuleRequirement(
        since: "iOS 27 SDK", "UIRequiresFullScreen no longer exempts an iPad app (TN3192)")
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp || facts.kind == nil,
      facts.kind != .appExtension, !facts.isMacBuild, !facts.isWatchOnlyContainer,
      facts.targetsIPad
    else { return [] }
    let fullScreen = facts.info["UIRequiresFullScreen"]?.value.boolValue == true
    let sdk27 = (facts.sdkMajorVersion ?? 0) >= 27
    if fullScreen && !sdk27 { return [] }
    let base = "UISupportedInterfaceOrientations"
    let key = facts.key(base, for: .iPad) ?? base
    let path = KeyPath([.key(key)])
    let severity: Severity = fullScreen ? .warning : .error
    let because =
      fullScreen
      ? "; from the iOS 27 SDK UIRequiresFullScreen no longer exempts the app from multitasking"
      : ""
    guard let node = facts.info[key] else {
      guard [.built, .assembled].contains(facts.completeness),
        !facts.has(base + "~ipad"), !facts.has(base)
      else { return [] }
      return [
        subject.finding(
          Self.description, at: path,
          "the app runs on iPad but declares no supported orientations, so it gets portrait "
            + "only; list all four for iPad multitasking" + because, severity: severity,
          fix: Self.fix(path, present: []))
      ]
    }
    guard let items = node.value.arrayValue else { return [] }
    let present = items.compactMap { $0.value.stringValue }
    let missing = Self.orientations.filter { !present.contains($0) }
    guard !missing.isEmpty else { return [] }
    let names = missing.map { $0.replacingPrefix("UIInterfaceOrientation") }
    return [
      subject.finding(
        Self.description, at: path,
        "\(key) lacks \(names.joined(separator: ", ")); an iPad app that supports multitasking "
          + "must list all four orientations" + because, severity: severity,
        fix: Self.fix(path, present: present))
    ]
  }

  static func fix(_ path: KeyPath, present: [String]) -> Fix {
    let all = present + orientations.filter { !present.contains($0) }
    return Fix(
      "add the missing orientations",
      [.set(path, .array(all.map { PlistNode(.string($0)) }))])
  }
}

extension String {
  /// The string without `prefix` when it starts with it.
  fileprivate func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
