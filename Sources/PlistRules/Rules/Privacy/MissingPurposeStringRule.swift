import PlistBundle
import PlistCore

/// A purpose key that evidence in the bundle calls for but the Info.plist lacks: an imported
/// API, an entitlement, a linked framework, a background mode or Bonjour services.
struct MissingPurposeStringRule: Rule {
  static let description = RuleDescription(
    identifier: "missing_purpose_string",
    name: "Missing Purpose String",
    severity: .error,
    category: .privacy,
    appliesTo: [.infoPlist],
    summary: "The bundle shows it reaches a protected resource but its Info.plist has no purpose "
      + "string for it",
    rationale: """
      App Review "rejects apps that contain code accessing those resources without a purpose
      string", and App Store Connect's ITMS-90683 names two triggers. Its e-mail reads
      "Missing purpose string in Info.plist - Your app's code references one or more APIs that
      access sensitive user data, or the app has one or more entitlements that permit such
      access", adds that APIs referenced by "external libraries or SDKs" count, and names the
      bundle whose Info.plist lacks the key (recent e-mails let the delivery through and ask for
      the fix in the next one; App Review and the crash remain). The rule reads the evidence a
      built bundle holds, each row with its Apple page:

      - APIs the executables import (`PurposeStringAPIs`): Objective-C classes
        (`OBJC_CLASS_$_EKEventStore`), C functions (`ABAddressBookCreateWithOptions`) and Swift
        symbols whose context is the class (`$sSo12EKEventStoreC…`), read from `LC_SYMTAB`,
        the chained fixups and the dyld bind opcodes of every slice of the app's executable
        and of the frameworks and bundles inside it (App Store Connect counts their code for
        the app; the finding names the executable, the architecture and the symbol). Where
        the API's page says the key is required: an error with ITMS-90683. Outside the App
        Store (a known ad hoc, enterprise, development or Developer ID build) the upload check
        does not apply but the app may still crash when the code asks for the access, and a
        referenced symbol does not prove the code runs: a warning. Where the page says only
        "should include" (the local network) or "add this key before" use, and for App
        Tracking Transparency (SDKs reference `ATTrackingManager` to read the status too): a
        warning;
      - entitlements whose pairing Apple states (macOS camera and microphone, HealthKit,
        HomeKit): an error with ITMS-90683;
      - other entitlements, whose pairing is inferred from the purpose key's page (Apple
        publishes no table): a warning;
      - background modes (`location`, `bluetooth-central`, `bluetooth-peripheral`) and
        `NSBonjourServices` (Apple says Bonjour apps "should include" the local-network
        description): a warning;
      - frameworks linked by the executable or an embedded framework, weaker evidence than an
        imported API and said so: a warning when most of the framework's API needs the
        permission (HealthKit, HomeKit, Core NFC, Speech, SensorKit), a note when much of it
        needs none (App Tracking Transparency, Core Location, Contacts, Core Bluetooth,
        EventKit). Linking AVFoundation is not taken as evidence.

      Methods (`requestRecordPermission`, `requestAlwaysAuthorization`) leave no symbol, so an
      API reached only through a class with other uses (`AVAudioSession`) is not seen, nor one
      looked up at run time: no finding does not prove every key is there. A class shared by
      two keys (`AVCaptureDevice` for camera and microphone, `EKEventStore` for calendars and
      reminders) is answered by either. Any of the platform's keys satisfies a row (on macOS
      `NSLocationUsageDescription`, elsewhere the `NSLocationWhenInUse…` keys): for a bundle
      known to target only iOS-family platforms `NSLocationUsageDescription` alone does not
      count, since Apple documents it for macOS and deprecated it on iOS in 8.0. A key set by
      an `INFOPLIST_KEY_*` build setting counts as present, conditional ones included.
      Framework and loadable-bundle Info.plists are skipped: the app's Info.plist carries the
      purpose strings. One finding per key, on its strongest evidence, the rest listed as also
      seen.
      """,
    appleSource: PurposeStrings.requestingAccess,
    itms: "ITMS-90683",
    // The system reads the purpose string whatever the channel: not only an upload check.
    isUploadCheck: false,
    nonTriggering: [
      RuleExample([
        "UIBackgroundModes": ["location", "audio"],
        "NSLocationWhenInUseUsageDescription": "Shows your position on the trail map.",
      ]),
      RuleExample(["UIBackgroundModes": ["audio", "fetch", "remote-notification"]]),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.macOS])),
      RuleExample([
        "NSBonjourServices": ["_myapp._tcp"],
        "NSLocalNetworkUsageDescription": "Finds speakers on your network.",
      ]),
      RuleExample(["NSCameraUsageDescription": "Scans QR codes."]).within(
        bundle: ExampleBundles.app(
          entitlements: ["com.apple.security.device.camera": true], platforms: [.macOS])),
      RuleExample(["NSCameraUsageDescription": "Scans QR codes."]).within(
        bundle: ExampleBundles.app(
          entitlements: ["com.apple.security.device.camera": false], platforms: [.macOS])),
      // API references answered: any of the row's keys will do.
      RuleExample(
        ["NSCalendarsFullAccessUsageDescription": "Adds your bookings to your calendar."],
        context: built
      ).within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_EKEventStore"])),
      RuleExample(
        ["NSRemindersFullAccessUsageDescription": "Adds your tasks to Reminders."], context: built
      ).within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_EKEventStore"])),
      RuleExample(["NSMicrophoneUsageDescription": "Records voice memos."], context: built)
        .within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_AVCaptureDevice"])),
      // Names that only look like the APIs.
      RuleExample(["CFBundleIdentifier": "com.example.app"], context: built).within(
        bundle: ExampleBundles.app(importing: [
          "OBJC_CLASS_$_EKEventStoreFake", "$s5MyApp18XSo12EKEventStoreCV", "EKEventStore",
          "OBJC_METACLASS_$_NSObject", "CLLocationManager", "ABAddressBookCreateWithOptionsX",
          "$sSo16CLLocationManagerC", "$sSo012EKEventStoreC",
        ])),
      // Face ID's key is for iOS: LAContext on macOS is Touch ID.
      RuleExample(["CFBundleIdentifier": "com.example.app"], context: builtMac).within(
        bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_LAContext"], platforms: [.macOS])),
      // Source, not a built bundle: nothing imported yet.
      RuleExample(["CFBundleIdentifier": "com.example.app"]).within(
        bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_CLLocationManager"])),
    ],
    triggering: [
      RuleExample(
        ["UIBackgroundModes": ["audio", "location"]], expect: ["UIBackgroundModes[1]"]),
      RuleExample(["NSBonjourServices": ["_myapp._tcp"]], expect: ["NSBonjourServices"]),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationUsageDescription": "Shows nearby stores."],
        context: LintContext(platforms: [.iOS]), expect: ["UIBackgroundModes[0]"]),
      RuleExample(["CFBundleIdentifier": "com.example.app"], expect: ["NSCameraUsageDescription"])
        .within(
          bundle: ExampleBundles.app(
            entitlements: ["com.apple.security.device.camera": true], platforms: [.macOS])),
      RuleExample(["CFBundleIdentifier": "com.example.app"], expect: ["NSHomeKitUsageDescription"])
        .within(bundle: ExampleBundles.app(entitlements: ["com.apple.developer.homekit": true])),
      // An Objective-C class, a C function, a Swift symbol.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSCalendarsFullAccessUsageDescription"], severity: .error
      ).within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_EKEventStore", "stat"])),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSContactsUsageDescription"], severity: .error
      ).within(bundle: ExampleBundles.app(importing: ["ABAddressBookCreateWithOptions"])),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSLocationWhenInUseUsageDescription"], severity: .error
      ).within(
        bundle: ExampleBundles.app(importing: [
          "$sSo17CLLocationManagerC12CoreLocationE7updatesyyF"
        ])),
      // An embedded framework's code counts for the app.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSBluetoothAlwaysUsageDescription"], severity: .error
      ).within(
        bundle: ExampleBundles.app(importing: [], framework: ["OBJC_CLASS_$_CBCentralManager"])),
      // Outside the App Store the upload check does not apply: a warning.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"],
        context: LintContext(platforms: [.iOS], isBuilt: true, distribution: .enterprise),
        expect: ["NSPhotoLibraryAddUsageDescription"], severity: .warning
      ).within(bundle: ExampleBundles.app(importing: ["UIImageWriteToSavedPhotosAlbum"])),
      // Apple says "should include": a warning.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSLocalNetworkUsageDescription"], severity: .warning
      ).within(bundle: ExampleBundles.app(importing: ["DNSServiceBrowse"])),
      // SDKs read the tracking status through the same class: a warning.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSUserTrackingUsageDescription"], severity: .warning
      ).within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_ATTrackingManager"])),
      // Linking a framework alone is weaker evidence.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: built,
        expect: ["NSHealthShareUsageDescription"], severity: .warning
      ).within(
        bundle: ExampleBundles.app(
          importing: [], linking: ["/System/Library/Frameworks/HealthKit.framework/HealthKit"])),
      // On macOS the location key is NSLocationUsageDescription.
      RuleExample(
        ["CFBundleIdentifier": "com.example.app"], context: builtMac,
        expect: ["NSLocationUsageDescription"], severity: .error
      ).within(
        bundle: ExampleBundles.app(
          importing: ["OBJC_CLASS_$_CLLocationManager"], platforms: [.macOS])),
    ])

  /// A built iOS bundle, the context of the API examples.
  private static let built = LintContext(platforms: [.iOS], isBuilt: true)
  /// A built macOS bundle.
  private static let builtMac = LintContext(platforms: [.macOS], isBuilt: true)

  /// One requirement found, with the evidence for it.
  private typealias Need = PurposeStringEvidence.Seen

  func check(_ subject: LintSubject) -> [Finding] {
    // Frameworks and loadable bundles answer through the app that holds them.
    guard let info = subject.dictionary, subject.bundle?.kind != .framework,
      subject.bundle?.kind != .bundle
    else { return [] }
    var defined = PurposeStrings.definedKeys(info, bundle: subject.bundle)
    // NSLocationUsageDescription is the macOS key (iOS deprecated it in 8.0): alone, it
    // satisfies no location need of a bundle that targets only iOS-family platforms.
    let platforms = subject.context.platforms
    let macOSOnlyLocationKey = "NSLocationUsageDescription"
    if !platforms.isEmpty, !platforms.contains(.macOS), !platforms.contains(.macCatalyst) {
      defined.remove(macOSOnlyLocationKey)
    }
    let needs = PurposeStringEvidence.seen(
      info: info, bundle: subject.bundle, context: subject.context)
    // One finding per missing key, with its strongest evidence first.
    var findings: [Finding] = []
    var reported: Set<String> = []
    let missing = needs.filter { need in !need.row.keys.contains { defined.contains($0) } }
    for need in missing.sorted(by: { $0.row.basis > $1.row.basis }) {
      let key = Self.keyToAdd(need.row, subject.context)
      guard !key.isEmpty, reported.insert(key).inserted else { continue }
      let others = missing.filter {
        Self.keyToAdd($0.row, subject.context) == key && $0.evidence != need.evidence
      }
      findings.append(
        finding(subject, key: key, need: need, alsoSeen: others.map { Self.bare($0.evidence) }))
    }
    // Evidence from an import table that did not read to its end is incomplete: say so, never
    // pass in silence.
    if subject.context.isBuilt, let bundle = subject.bundle,
      let first = PurposeStringUses.importProblems(in: bundle).first
    {
      let count = PurposeStringUses.importProblems(in: bundle).count
      var message =
        "the imports of \(first.executable) (\(first.architecture)) could not all be read "
        + "(\(ErrorText.cut(first.problem.message))), so the APIs it uses, and the purpose "
        + "strings they need, are not all known"
      if count > 1 { message += "; \(count - 1) more import tables did not read either" }
      findings.append(
        subject.finding(Self.description, at: .root, message, severity: .note))
    }
    return findings
  }

  /// The key a finding asks for: `NSLocationUsageDescription` for a macOS-only bundle when the
  /// row accepts it (Apple's iOS location pages send macOS apps there), else the row's first.
  private static func keyToAdd(_ row: PurposeStringEvidence.Row, _ context: LintContext) -> String {
    if context.isMacOnly, row.keys.contains("NSLocationUsageDescription") {
      return "NSLocationUsageDescription"
    }
    return row.keys.first ?? ""
  }

  /// Evidence without its connective, for the "also seen" list.
  private static func bare(_ evidence: String) -> String {
    for suffix in [", so the app", " shows the app"] where evidence.hasSuffix(suffix) {
      return String(evidence.dropLast(suffix.count))
    }
    return evidence
  }

  private func finding(
    _ subject: LintSubject, key: String, need: Need, alsoSeen: [String]
  ) -> Finding {
    let row = need.row
    let others = row.keys.filter { $0 != key }
    let alternatives =
      others.isEmpty ? "" : " (or another of \(others.joined(separator: ", ")))"
    var message = "\(key)\(alternatives) is missing, but \(need.evidence) \(row.reason)"
    if row.keys.contains("NSLocationUsageDescription"),
      subject.dictionary?["NSLocationUsageDescription"] != nil
    {
      message += " (NSLocationUsageDescription is the macOS key, which iOS does not read)"
    }
    switch row.basis {
    case .apple:
      message += "; Apple requires the purpose string when an entitlement permits the access"
    case .inferred:
      message +=
        "; add it if the app asks for this access (inferred: Apple publishes no "
        + "table of what needs which purpose string)"
    case .weakInference:
      message +=
        "; if the app or an SDK in it asks for this access, add the purpose string "
        + "(inferred from the linked framework only)"
    case .apiReference:
      if let channel = subject.context.nonStoreDistribution {
        message +=
          "; ITMS-90683 is an App Store Connect check and does not apply to \(channel.withArticle) "
          + "build, but the app may still crash when this code asks for the access"
      } else {
        message +=
          "; App Store Connect reports ITMS-90683 for code that references such an API, App "
          + "Review rejects it, and the app may crash when the code asks for the access"
      }
    }
    if !alsoSeen.isEmpty {
      let shown = alsoSeen.prefix(3).joined(separator: ", ")
      let more = alsoSeen.count > 3 ? " and \(alsoSeen.count - 3) more" : ""
      message += "; also seen: \(shown)\(more)"
    }
    var severity = row.basis.severity
    if row.basis == .apiReference, subject.context.nonStoreDistribution != nil {
      severity = .warning
    }
    var finding = subject.finding(
      Self.description, at: need.path ?? KeyPath.root.appending(key: key), message,
      severity: severity)
    finding.url = row.url
    if row.basis != .apple && row.basis != .apiReference { finding.itms = nil }
    // Only the developer knows the reason: the fix adds the key empty, and the inspector opens
    // its editor.
    finding.fix = Fix(
      "add \(key)", [.set(KeyPath.root.appending(key: key), .string(""))])
    return finding
  }

}
