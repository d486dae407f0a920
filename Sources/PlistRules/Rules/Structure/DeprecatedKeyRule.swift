import PlistBundle
import PlistCore

/// A known key that Apple deprecated (or calls obsolete) on the platforms the bundle targets.
struct DeprecatedKeyRule: Rule {
  /// Deprecated keys another rule reports, deprecation included, with more to say:
  /// `requires_full_screen_ineffective` says what `UIRequiresFullScreen` still does.
  static let checkedElsewhere: Set<String> = ["UIRequiresFullScreen"]

  static let description = RuleDescription(
    identifier: "deprecated_key",
    name: "Deprecated Key",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A key is deprecated on the targeted platforms; Apple names what replaces it",
    rationale: """
      The finding names the version and the replacement Apple gives. It appears only when the
      deprecation applies to every targeted platform that reads the key, or, with unknown
      platforms, when the key is deprecated everywhere it applies (`NSLocationUsageDescription`
      is deprecated on iOS but current on macOS, so it is not flagged without a platform).
      Deprecated purpose strings may still be needed for older deployment targets.
      """,
    appleSource: AppleSource(
      title: "NSBluetoothPeripheralUsageDescription",
      url: KnownKeys.infoPage + "nsbluetoothperipheralusagedescription"),
    nonTriggering: [
      RuleExample(["NSLocationUsageDescription": "Shows nearby stores."]),
      RuleExample(["UIRequiresFullScreen": true], context: LintContext(platforms: [.iPadOS])),
      RuleExample(
        ["NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.macOS])),
      RuleExample(
        ["NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.iOS])),
      RuleExample(["NSBluetoothAlwaysUsageDescription": "Finds your sensor."]),
      RuleExample(
        ["UIApplicationExitsOnSuspend": false], context: LintContext(platforms: [.visionOS])),
      RuleExample(["UIApplicationExitsOnSuspend": false]),
    ],
    triggering: [
      RuleExample(
        ["UILaunchImages~ipad": []], context: LintContext(platforms: [.iPadOS]),
        expect: ["UILaunchImages~ipad"]),
      RuleExample(
        ["NSLocationAlwaysUsageDescription": "Tracks your runs."],
        context: LintContext(platforms: [.iOS]), expect: ["NSLocationAlwaysUsageDescription"]),
      RuleExample(
        ["NSBluetoothPeripheralUsageDescription": "Finds your sensor."],
        expect: ["NSBluetoothPeripheralUsageDescription"]),
      RuleExample(
        ["NSCalendarsUsageDescription": "Adds your bookings."],
        context: LintContext(platforms: [.macOS]), expect: ["NSCalendarsUsageDescription"]),
      RuleExample(
        ["UIApplicationExitsOnSuspend": false], context: LintContext(platforms: [.iOS]),
        expect: ["UIApplicationExitsOnSuspend"]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["example.com": ["NSRequiresCertificateTransparency": true]]
          ]
        ],
        expect: [
          "NSAppTransportSecurity.NSExceptionDomains.\"example.com\""
            + ".NSRequiresCertificateTransparency"
        ]),
      RuleExample(
        ["com.apple.security.files.all": true], role: .entitlements,
        expect: ["\"com.apple.security.files.all\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    let context = subject.context
    CatalogWalk.visit(subject) { visit in
      guard let entry = visit.entry, !entry.deprecations.isEmpty,
        !Self.checkedElsewhere.contains(entry.key)
      else { return }
      let deprecation: KnownKey.Deprecation
      if context.platforms.isEmpty || entry.deprecations.contains(where: { $0.platform == nil }) {
        guard entry.isDeprecatedEverywhere, let first = entry.deprecations.first else { return }
        deprecation = first
      } else {
        let readers = PlatformReach.readers(entry, context, role: subject.role)
        let hit = readers.map { entry.deprecations(on: $0) }
        guard !readers.isEmpty, hit.allSatisfy({ !$0.isEmpty }), let first = hit.first?.first
        else { return }
        deprecation = first
      }
      // A deprecated purpose string is still required while the app deploys to versions that
      // read it
      // (https://developer.apple.com/documentation/bundleresources/information-property-list/nscalendarsusagedescription):
      // say nothing when the minimum OS is below the version.
      if entry.isPurposeString, let minimum = Self.minimumOS(subject),
        let deprecated = OSVersion(deprecation.version), minimum < deprecated
      {
        return
      }
      var message: String
      if deprecation.version.isEmpty {
        message = "Apple calls \(visit.key) obsolete and says not to use it; remove it"
      } else {
        let since = deprecation.versionDescription
        message = "\(visit.key) is deprecated since \(since)"
        if let replacement = deprecation.replacement {
          message += "; Apple's replacement: \(replacement)"
        } else {
          message += " and Apple names no replacement; remove it"
        }
        if entry.isPurposeString {
          message += " (keep it only while the app still deploys to versions that read it)"
        }
      }
      var finding = subject.finding(Self.description, at: visit.path, message)
      finding.url = entry.url
      findings.append(finding)
    }
    return findings
  }
  /// The deployment target the Info.plist states (`MinimumOSVersion` or
  /// `LSMinimumSystemVersion`), if any.
  static func minimumOS(_ subject: LintSubject) -> OSVersion? {
    OSVersion.stated(in: subject.dictionary, key: "MinimumOSVersion")
      ?? OSVersion.stated(in: subject.dictionary, key: "LSMinimumSystemVersion")
  }
}
