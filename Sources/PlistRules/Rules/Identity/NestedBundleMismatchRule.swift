import PlistBundle
import PlistCore

/// An extension, watch app or App Clip whose identifier or versions disagree with the app that
/// holds it.
struct NestedBundleMismatchRule: Rule {
  static let description = RuleDescription(
    identifier: "nested_bundle_mismatch",
    name: "Nested Bundle Mismatch",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app extension, watch app or App Clip has its parent app's bundle ID followed by "
      + "a period as prefix, and the parent's versions",
    rationale: """
      **Identifier.** Apple's CFBundleIdentifier page requires the WatchKit app and extension to
      carry the iOS app's bundle ID as prefix (`<ID>.watchkitapp`), and the App Clip entitlement
      page requires the App Clip's identifier to start with the full app's. For app extensions
      Apple's reference pages are silent; Xcode refuses to embed such an extension ("Embedded
      binary's bundle identifier is not prefixed with the parent app's bundle identifier") and
      the device installer rejects the app, as public reports show. The comparison ignores case,
      as bundle IDs do. A watch app's `WKCompanionAppBundleIdentifier` is checked the same way
      in a single file.

      **Versions.** App Store Connect warns when an extension's `CFBundleShortVersionString` or
      `CFBundleVersion` differs from its containing app's (ITMS-90473, delivery still succeeds),
      and refuses a watch app whose versions differ (ITMS-90379); Xcode refuses an App Clip
      whose versions differ. These codes come from App Store Connect's messages as quoted in
      public reports; Apple's reference pages do not list them. Frameworks, XPC services and
      other bundles are not compared.
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    nonTriggering: [
      RuleExample([
        "CFBundleIdentifier": "com.example.app.watchkitapp",
        "WKCompanionAppBundleIdentifier": "com.example.app",
      ]),
      RuleExample([
        "CFBundleIdentifier": "com.Example.App.watchkitapp",
        "WKCompanionAppBundleIdentifier": "com.example.app",
      ]),
      RuleExample([
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "WKCompanionAppBundleIdentifier": "$(APP_BUNDLE_ID)",
      ]),
      // The same identifier is duplicate_bundle_identifier's business.
      RuleExample([
        "CFBundleIdentifier": "com.example.app",
        "WKCompanionAppBundleIdentifier": "com.example.app",
      ]),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.watch",
          "WKCompanionAppBundleIdentifier": "com.example.app",
        ], expect: ["CFBundleIdentifier"]),
      RuleExample(
        [
          "CFBundleIdentifier": "com.example.appwatchkitapp",
          "WKCompanionAppBundleIdentifier": "com.example.app",
        ], expect: ["CFBundleIdentifier"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary,
      let identifier = info["CFBundleIdentifier"]?.value.stringValue,
      !Placeholder.contains(identifier)
    else { return [] }
    var findings: [Finding] = []
    let path = KeyPath([.key("CFBundleIdentifier")])
    if let bundle = subject.bundle, let parent = subject.parentBundle,
      [.appExtension, .watchApplication, .appClip].contains(bundle.kind)
    {
      if let parentID = parent.identifier, !Placeholder.contains(parentID),
        !Self.isPrefixed(identifier, by: parentID)
      {
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(bundle.kind.rawValue) identifier \"\(identifier)\" does not start with \"\(parentID).\","
              + " the identifier of \(InfoPlistFacts.name(of: parent, in: subject.input)) that holds it; prefix it with that identifier"
          ))
      }
      findings += versionFindings(subject, bundle: bundle, parent: parent)
    } else if let companion = info["WKCompanionAppBundleIdentifier"]?.value.stringValue,
      !Placeholder.contains(companion), !companion.isEmpty,
      !Self.isPrefixed(identifier, by: companion)
    {
      findings.append(
        subject.finding(
          Self.description, at: path,
          "watch app identifier \"\(identifier)\" does not start with \"\(companion).\", "
            + "the companion app named by WKCompanionAppBundleIdentifier; use "
            + "\(companion).watchkitapp"))
    }
    return findings
  }

  /// True when `identifier` starts with `parent` and a period (ignoring case), or equals it
  /// (a duplicate, reported by `duplicate_bundle_identifier`).
  static func isPrefixed(_ identifier: String, by parent: String) -> Bool {
    let id = identifier.lowercased()
    let prefix = parent.lowercased()
    return id == prefix || id.hasPrefix(prefix + ".")
  }

  func versionFindings(
    _ subject: LintSubject, bundle: BundleNode, parent: BundleNode
  ) -> [Finding] {
    let (severity, itms): (Severity, String?) =
      switch bundle.kind {
      case .watchApplication: (.error, "ITMS-90379")
      case .appClip: (.error, nil)
      default: (.warning, "ITMS-90473")
      }
    var findings: [Finding] = []
    for key in ["CFBundleShortVersionString", "CFBundleVersion"] {
      guard let mine = bundle.info(key), let theirs = parent.info(key), mine != theirs,
        !Placeholder.contains(mine), !Placeholder.contains(theirs)
      else { continue }
      var finding = subject.finding(
        Self.description, at: KeyPath([.key(key)]),
        "\(key) \"\(mine)\" of this \(bundle.kind.rawValue) differs from \"\(theirs)\" of "
          + "\(InfoPlistFacts.name(of: parent, in: subject.input)) that holds it; give both the same value",
        severity: severity,
        itms: itms)
      finding.itms = itms
      findings.append(finding)
    }
    return findings
  }
}
