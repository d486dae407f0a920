import PlistBundle
import PlistCore

/// An icon file name in a built iOS app's Info.plist with no file behind it.
struct MissingIconFileRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_icon_file",
    name: "Missing Icon File",
    severity: .error,
    category: .icons,
    appliesTo: [.infoPlist],
    summary: "Every icon file a built iOS app's Info.plist names is in the bundle",
    rationale: """
      App Store Connect rejects the upload: "Invalid Image Path - No image found at the path
      referenced under key 'CFBundleIcons': 'AppIcon76x76'" (ITMS-90032, quoted from upload
      logs, also for `CFBundleIconFiles` and `CFBundleAlternateIcons`). A name in
      `CFBundleIconFiles` is found as iOS finds it: the name itself, or without `.png` followed
      by `.png`, `@2x`/`@3x` or `~ipad` (`AppIcon60x60` → `AppIcon60x60@2x.png`), in the bundle
      root. Checked: the `CFBundleIconFiles` of `CFBundleIcons` and `CFBundleIcons~ipad` (the
      primary icon and each alternate icon) and the top-level `CFBundleIconFiles`, in a built
      iOS app. Names in a source Info.plist are not checked: the files are copied by the build.
      """,
    appleSource: AppleSource(
      title: "CFBundleIcons", url: KnownKeys.infoPage + "cfbundleicons"),
    itms: "ITMS-90032",
    nonTriggering: [
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]],
        ], catalog: nil, legacy: [("AppIcon60x60@2x.png", 120)]),
      CompiledIconExamples.infoExample(
        ["CFBundlePackageType": "APPL", "CFBundleIconFiles": ["Icon.png"]], catalog: nil,
        legacy: [("Icon.png", 57)]),
      // A source file: the build copies the images.
      CompiledIconExamples.infoExample(
        ["CFBundlePackageType": "APPL", "CFBundleIconFiles": ["Icon.png"]], catalog: nil,
        context: LintContext(platforms: [.iOS])),
    ],
    triggering: [
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1],
          "CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"]]
          ],
        ], catalog: nil, legacy: [("AppIcon60x60@2x.png", 120)],
        expect: ["CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles[1]"]),
      CompiledIconExamples.infoExample(
        [
          "CFBundlePackageType": "APPL",
          "CFBundleIcons": [
            "CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["DarkIcon"]]]
          ],
        ], catalog: nil,
        expect: ["CFBundleIcons.CFBundleAlternateIcons.Dark.CFBundleIconFiles[0]"]),
      CompiledIconExamples.infoExample(
        ["CFBundlePackageType": "APPL", "CFBundleIconFiles": ["Icon.png"]], catalog: nil,
        legacy: [("Other.png", 57)], expect: ["CFBundleIconFiles[0]"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.isIOSApp, facts.completeness == .built,
      let bundle = subject.bundle
    else { return [] }
    let files = bundle.files.filter { $0.role == .iconImage }.map {
      $0.path.split(separator: "/").last.map(String.init) ?? $0.path
    }
    var findings: [Finding] = []
    func check(_ list: PlistNode?, at path: KeyPath, key: String) {
      for (index, node) in (list?.value.arrayValue ?? []).enumerated() {
        guard let name = node.value.stringValue, !name.isEmpty,
          !files.contains(where: { BundleWalker.iconFile($0, matches: name) })
        else { continue }
        findings.append(
          subject.finding(
            Self.description, at: path.appending(index: index),
            "\(key) names the icon file \"\(name)\", but no such image is in the bundle, "
              + "which App Store Connect rejects: add the PNG or remove the name"))
      }
    }
    for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
      let icons = facts.info[key]?.value.dictionaryValue
      let primary = KeyPath([.key(key), .key("CFBundlePrimaryIcon")])
      check(
        icons?["CFBundlePrimaryIcon"]?.value.dictionaryValue?["CFBundleIconFiles"],
        at: primary.appending(key: "CFBundleIconFiles"), key: key)
      for alternate in icons?["CFBundleAlternateIcons"]?.value.dictionaryValue?.entries ?? [] {
        check(
          alternate.node.value.dictionaryValue?["CFBundleIconFiles"],
          at: KeyPath([
            .key(key), .key("CFBundleAlternateIcons"), .key(alternate.key),
            .key("CFBundleIconFiles"),
          ]), key: key)
      }
    }
    check(
      facts.info["CFBundleIconFiles"], at: KeyPath([.key("CFBundleIconFiles")]),
      key: "CFBundleIconFiles")
    return findings
  }
}
