import PlistBundle
import PlistCore

/// A value outside the closed set Apple lists for a key, or one not available on the targeted
/// platforms.
struct InvalidValueRule: Rule {
  static let description = RuleDescription(
    identifier: "invalid_value",
    name: "Invalid Value",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A key holds a value outside the set Apple lists for it, or one for another platform",
    rationale: """
      Only keys whose list of values Apple gives as a closed set are checked (orientations,
      background modes, device capabilities, status bar styles, TLS versions, environments…);
      keys with open or partial lists are not. A background mode is also checked against the
      platforms Xcode offers it on, when the targeted platforms are known.

      Most findings are warnings: Apple's pages do not say what an unknown value does. Two are
      errors for a build bound for the App Store, because App Store Connect refuses the upload
      (as its messages quoted in public reports show):

      - a `UIBackgroundModes` value that is not one Apple lists: ITMS-90112, "UIBackgroundModes
        contains an invalid value" (e.g. `picture-in-picture`);
      - a signed `aps-environment` (or `com.apple.developer.aps-environment`) other than
        `development` or `production`: ITMS-90046, the value "is not supported" (e.g.
        `Production`, with a capital). In a source `.entitlements` file it stays a warning:
        Xcode writes the value of the distribution profile when it exports an App Store build.

      Those two drop to notes when the distribution is known and is not the App Store. A value
      offered only on other platforms stays a warning: no upload message names that case.
      """,
    appleSource: AppleSource(
      title: "UIBackgroundModes", url: KnownKeys.infoPage + "uibackgroundmodes"),
    nonTriggering: [
      RuleExample(["UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]]),
      RuleExample(
        ["UIBackgroundModes": ["audio", "fetch"]], context: LintContext(platforms: [.tvOS])),
      RuleExample(
        ["UIBackgroundModes": ["location"]], context: LintContext(platforms: [.macCatalyst])),
      RuleExample(["UIBackgroundModes": ["location"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64": true, "gps": false]]),
      RuleExample(["UIDeviceFamily": [1, 2, 7], "CFBundlePackageType": "XPC!"]),
      RuleExample(["UIStatusBarStyle": "$(STATUS_BAR_STYLE)"]),
      RuleExample(["aps-environment": "production"], role: .entitlements),
    ],
    triggering: [
      RuleExample(
        ["UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait", "Landscape"]],
        expect: ["UISupportedInterfaceOrientations~ipad[1]"]),
      RuleExample(
        ["UIBackgroundModes": ["audio", "fetchh"]], expect: ["UIBackgroundModes[1]"],
        severity: .error),
      RuleExample(
        ["UIBackgroundModes": ["audio", "picture-in-picture"]],
        context: LintContext(distribution: .appStore), expect: ["UIBackgroundModes[1]"],
        severity: .error),
      // Not bound for the App Store: App Store Connect's check does not apply.
      RuleExample(
        ["UIBackgroundModes": ["picture-in-picture"]],
        context: LintContext(distribution: .adHoc), expect: ["UIBackgroundModes[0]"],
        severity: .note),
      // Offered only on other platforms: no upload message names it, so a warning.
      RuleExample(
        ["UIBackgroundModes": ["location"]], context: LintContext(platforms: [.tvOS]),
        expect: ["UIBackgroundModes[0]"], severity: .warning),
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["arm64": true, "retina": true]],
        expect: ["UIRequiredDeviceCapabilities.retina"]),
      RuleExample(
        ["aps-environment": "Production"], role: .entitlements, expect: ["aps-environment"],
        severity: .warning),
      RuleExample(
        ["aps-environment": "Production"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .appStore),
        expect: ["aps-environment"], severity: .error),
      RuleExample(
        ["aps-environment": "Production"], role: .signedEntitlements,
        context: LintContext(platforms: [.iOS], distribution: .development),
        expect: ["aps-environment"], severity: .note),
      RuleExample(
        ["UIStatusBarStyle": "UIStatusBarStyleLight"], expect: ["UIStatusBarStyle"],
        severity: .warning),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["example.com": ["NSExceptionMinimumTLSVersion": "1.2"]]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSExceptionMinimumTLSVersion"
        ]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    let context = subject.context
    CatalogWalk.visit(subject) { visit in
      guard let entry = visit.entry, !entry.allowedValues.isEmpty else { return }
      var values: [(String, KeyPath)] = []
      switch visit.node.value {
      case .string(let text): values = [(text, visit.path)]
      case .array(let items):
        for (index, item) in items.enumerated() {
          if let text = item.value.stringValue {
            values.append((text, visit.path.appending(index: index)))
          }
        }
      case .dictionary(let dictionary):
        values = dictionary.entries.map { ($0.key, visit.path.appending(key: $0.key)) }
      default: break
      }
      for (value, path) in values where !value.isEmpty && !value.hasBuildSettingPlaceholder {
        var message: String?
        var code: String?
        if entry.closedValues, !entry.allowedValues.contains(value) {
          code = Self.uploadCheck(entry.key, subject.role)
          message = "\"\(value)\" is not one of the values Apple lists for \(visit.key)"
          if let match = entry.allowedValues.first(where: {
            $0.lowercased() == value.lowercased()
          }) {
            message? += "; Apple lists it as \"\(match)\""
          } else {
            message? += " (\(entry.allowedValues.joined(separator: ", ")))"
          }
        } else if let platforms = entry.platforms(ofValue: value), !context.platforms.isEmpty,
          !context.platforms.contains(where: { Self.offers(platforms, on: $0) })
        {
          message =
            "\(visit.key) value \"\(value)\" is available only on "
            + "\(platforms.map(\.displayName).joined(separator: ", ")), and this bundle targets "
            + "\(context.platforms.map(\.displayName).joined(separator: ", ")); remove it"
        }
        if let message {
          var finding = subject.finding(
            Self.description, at: path,
            message + (code == nil ? "" : "; App Store Connect refuses the upload"),
            severity: code == nil ? nil : .error, itms: code)
          finding.url = entry.url
          // A value that differs from Apple's only in case ("Production"): the edit is certain.
          if entry.closedValues,
            let match = entry.allowedValues.first(where: {
              $0 != value && $0.lowercased() == value.lowercased()
            })
          {
            finding.fix = Fix(
              "write \"\(match)\"",
              [
                visit.node.value.dictionaryValue != nil
                  ? .rename(path, to: match) : .set(path, .string(match))
              ])
          }
          findings.append(finding)
        }
      }
    }
    return findings
  }

  /// The App Store Connect code that refuses an unknown value of `key` in a file of `role`:
  /// ITMS-90112 for background modes, ITMS-90046 for a signed push environment; nil for the
  /// keys whose unknown values no upload message names.
  static func uploadCheck(_ key: String, _ role: FileRole) -> String? {
    switch key {
    case "UIBackgroundModes": "ITMS-90112"
    case "aps-environment", "com.apple.developer.aps-environment":
      role == .signedEntitlements ? "ITMS-90046" : nil
    default: nil
    }
  }

  /// True when a value available on `platforms` is available on `platform` (iPadOS and Mac
  /// Catalyst follow iOS).
  private static func offers(_ platforms: [Platform], on platform: Platform) -> Bool {
    platforms.contains(platform)
      || ((platform == .iPadOS || platform == .macCatalyst) && platforms.contains(.iOS))
  }
}
