import PlistBundle
import PlistCore

/// A UIKit app with no `UIApplicationSceneManifest`: the sign that it has not adopted the scene
/// life cycle, which apps built with the iOS 27 SDK need in order to launch.
struct MissingSceneManifestRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_scene_manifest",
    name: "Missing Scene Manifest",
    severity: .warning,
    category: .orientation,
    appliesTo: [.infoPlist],
    summary: "A UIKit app declares UIApplicationSceneManifest, as the scene life cycle is "
      + "required from the iOS 27 SDK",
    rationale: """
      TN3187: an app that uses scenes has a `UIApplicationSceneManifest` dictionary in its
      Info.plist, and in the next major release after iOS 26 the scene life cycle is required
      when building with the latest SDK, "otherwise, your app won't launch" (iOS, iPadOS, Mac
      Catalyst, tvOS, visionOS). Only the scene life cycle is required; supporting multiple
      scenes (`UIApplicationSupportsMultipleScenes`) stays optional, so it is not checked.
      A warning, whatever the SDK: the manifest is how Apple says to tell, but a SwiftUI app
      (the `App` protocol) manages its own scenes and Apple does not say whether it needs the
      key, which a file check cannot tell apart. Checked on
      app bundles; in a source file only when it is written in full (the build may still
      generate the manifest with `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`).
      """,
    appleSource: AppleSource(
      title: "TN3187: Migrating to the UIKit scene-based life cycle",
      url: "https://developer.apple.com/documentation/technotes/"
        + "tn3187-migrating-to-the-uikit-scene-based-life-cycle"),
    nonTriggering: [
      RuleExample(
        [
          "CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2],
          "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false],
        ], context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      // The iOS container of a watch-only app (Apple's documentation is silent on it).
      RuleExample(
        ["CFBundlePackageType": "APPL", "ITSWatchOnlyContainer": true, "UIDeviceFamily": [1]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
      // A native macOS app has no UIKit scenes; a partial source file; an extension.
      RuleExample(
        ["CFBundlePackageType": "APPL"],
        context: LintContext(platforms: [.macOS], isBuilt: true, sdk: "macosx27.0")),
      RuleExample(["LSRequiresIPhoneOS": true]),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "NSExtension": [:], "UIDeviceFamily": [1]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0")),
    ],
    triggering: [
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]],
        context: LintContext(isBuilt: true, sdk: "iphoneos27.0"),
        expect: ["UIApplicationSceneManifest"]),
      RuleExample(
        ["CFBundlePackageType": "APPL", "UIDeviceFamily": [3]],
        context: LintContext(platforms: [.tvOS], isBuilt: true, sdk: "appletvos26.0"),
        expect: ["UIApplicationSceneManifest"]),
      RuleExample(
        ["CFBundleExecutable": "App", "LSRequiresIPhoneOS": true],
        expect: ["UIApplicationSceneManifest"]),
    ]
  ).requiring(
    [RuleRequirement(since: "iOS 27 SDK", "a UIKit app adopts the scene life cycle (TN3187)")])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.completeness != .partialSource,
      facts.kind == .application || facts.kind == nil, !facts.isWatchOnlyContainer,
      facts.isIOSApp || facts.targets([.tvOS, .visionOS, .macCatalyst], fallback: false),
      !facts.has("UIApplicationSceneManifest")
    else { return [] }
    let path = KeyPath([.key("UIApplicationSceneManifest")])
    let generated = facts.completeness == .fullSource ? " (unless the build generates it)" : ""
    let sdk = facts.sdkMajorVersion.flatMap { $0 >= 27 ? $0 : nil }
    let when = sdk.map { "built with the iOS \($0) SDK, " } ?? "from the iOS 27 SDK, "
    return [
      subject.finding(
        Self.description, at: path,
        "no UIApplicationSceneManifest\(generated), the key TN3187 names as the sign that an "
          + "app uses scenes; \(when)a UIKit app without the scene life cycle won't launch: "
          + "adopt scenes and add the manifest")
    ]
  }
}
