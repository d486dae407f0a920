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
      platforms Xcode offers it on, when the targeted platforms are known. Apple does not say
      an upload fails on an unknown value, so the finding is a warning.
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
      RuleExample(["UIBackgroundModes": ["audio", "fetchh"]], expect: ["UIBackgroundModes[1]"]),
      RuleExample(
        ["UIBackgroundModes": ["location"]], context: LintContext(platforms: [.tvOS]),
        expect: ["UIBackgroundModes[0]"]),
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["arm64": true, "retina": true]],
        expect: ["UIRequiredDeviceCapabilities.retina"]),
      RuleExample(
        ["aps-environment": "Production"], role: .entitlements, expect: ["aps-environment"]),
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
        if entry.closedValues, !entry.allowedValues.contains(value) {
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
          var finding = subject.finding(Self.description, at: path, message)
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
                  ? .rename(path, to: match) : .set(path, PlistValueBox(.string(match)))
              ])
          }
          findings.append(finding)
        }
      }
    }
    return findings
  }

  /// True when a value available on `platforms` is available on `platform` (iPadOS and Mac
  /// Catalyst follow iOS).
  private static func offers(_ platforms: [Platform], on platform: Platform) -> Bool {
    platforms.contains(platform)
      || ((platform == .iPadOS || platform == .macCatalyst) && platforms.contains(.iOS))
  }
}
