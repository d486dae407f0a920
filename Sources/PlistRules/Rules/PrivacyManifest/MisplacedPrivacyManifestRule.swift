import PlistBundle
import PlistCore

/// A macOS bundle's privacy manifest outside `Contents/Resources`.
struct MisplacedPrivacyManifestRule: Rule {
  static let description = RuleDescription(
    identifier: "misplaced_privacy_manifest",
    name: "Misplaced Privacy Manifest",
    severity: .warning,
    category: .privacyManifest,
    appliesTo: [.privacyManifest],
    summary: "A macOS bundle keeps PrivacyInfo.xcprivacy in Contents/Resources",
    rationale: """
      Apple: iOS, iPadOS, tvOS, visionOS and watchOS bundles keep the privacy manifest at the
      bundle's root; macOS bundles (the `Contents/` layout) keep it in `Contents/Resources/`.
      Apple does not say what happens to a manifest elsewhere, so this is a warning. The rule
      reads the bundle's layout and says nothing for a file outside a bundle.
      """,
    appleSource: AppleSource(
      title: "Adding a privacy manifest to your app or third-party SDK",
      url:
        "https://developer.apple.com/documentation/bundleresources/"
        + "adding-a-privacy-manifest-to-your-app-or-third-party-sdk"),
    nonTriggering: [
      RuleExample(["NSPrivacyTracking": false], role: .privacyManifest),
      RuleExample(["NSPrivacyTracking": false], role: .privacyManifest)
        .inBundle(BundleNode(path: "", kind: .application, layout: .shallow)),
    ],
    triggering: [
      // The example's file is `Example.plist`, at the bundle's top.
      RuleExample(["NSPrivacyTracking": false], role: .privacyManifest, expect: [""])
        .inBundle(BundleNode(path: "", kind: .application, layout: .deep))
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let bundle = subject.bundle, bundle.layout == .deep else { return [] }
    let prefix = (bundle.path.isEmpty ? "" : bundle.path + "/") + "Contents/Resources/"
    guard !subject.path.hasPrefix(prefix) else { return [] }
    return [
      subject.finding(
        Self.description, at: .root,
        "this privacy manifest is at \(subject.path), but a macOS bundle keeps it at "
          + "\(prefix)PrivacyInfo.xcprivacy; move it there")
    ]
  }
}
