import PlistBundle
import PlistCore

/// A purpose string that is empty or only whitespace, in the Info.plist or a localised copy.
struct BlankPurposeStringRule: Rule {
  static let description = RuleDescription(
    identifier: "blank_purpose_string",
    name: "Blank Purpose String",
    severity: .warning,
    category: .privacy,
    appliesTo: [.infoPlist, .infoPlistStrings],
    summary: "A purpose string is empty or made only of whitespace",
    rationale: """
      Apple's first check for every purpose string, localised ones included, is that it "isn't
      blank and doesn't consist solely of whitespace characters". App Store Connect answers an
      empty value with ITMS-90738 ("Invalid purpose string value": the "" value for the key
      isn't allowed), as its e-mails quoted in public reports show; those e-mails say the
      delivery succeeded, so the upload itself is not refused. The message is sent because the
      app's code references the APIs or an entitlement permits the access, and App Review
      rejects apps that reach a protected resource without a purpose string.

      So the finding is an error when the bundle shows evidence that the app asks for the
      access (the evidence `PurposeStringEvidence` reads: an entitlement, a background mode,
      Bonjour services, a linked framework most of whose API needs the permission) and the
      build may go to the App Store; a warning otherwise, and a warning in a build known not to
      go there. A framework that is only linked (Core Location, Contacts, Core Bluetooth) is
      weak evidence and leaves it a warning that says so.
      """,
    appleSource: PurposeStrings.requestingAccess,
    itms: "ITMS-90738",
    // The system reads the purpose string whatever the channel: not only an upload check.
    isUploadCheck: false,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans the QR code on your ticket."]),
      RuleExample(["CFBundleDisplayName": ""]),
      RuleExample(
        ["NSMicrophoneUsageDescription": "Zeichnet Sprachnachrichten auf."],
        role: .infoPlistStrings),
    ],
    triggering: [
      // No evidence that the app asks: App Store Connect's e-mail is a warning.
      RuleExample(
        ["NSCameraUsageDescription": ""], expect: ["NSCameraUsageDescription"],
        severity: .warning),
      RuleExample(
        ["NSLocationWhenInUseUsageDescription": " \n\t"],
        expect: ["NSLocationWhenInUseUsageDescription"], severity: .warning),
      RuleExample(
        ["NSPhotoLibraryUsageDescription": "\u{00A0}"], role: .infoPlistStrings,
        expect: ["NSPhotoLibraryUsageDescription"]),
      RuleExample(
        ["NSLocationTemporaryUsageDescriptionDictionary": ["Navigation": ""]],
        expect: ["NSLocationTemporaryUsageDescriptionDictionary.Navigation"]),
      // A background mode shows the app asks for location: an error.
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationWhenInUseUsageDescription": ""],
        expect: ["NSLocationWhenInUseUsageDescription"], severity: .error),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationWhenInUseUsageDescription": ""],
        context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["NSLocationWhenInUseUsageDescription"], severity: .error),
      RuleExample(
        ["UIBackgroundModes": ["location"], "NSLocationWhenInUseUsageDescription": ""],
        context: LintContext(isBuilt: true, distribution: .development),
        expect: ["NSLocationWhenInUseUsageDescription"], severity: .warning),
      // An API the built app's executable imports (one evidence table for both purpose-string
      // rules): the camera.
      RuleExample(
        ["NSCameraUsageDescription": ""], context: LintContext(platforms: [.iOS], isBuilt: true),
        expect: ["NSCameraUsageDescription"], severity: .error
      ).within(bundle: ExampleBundles.app(importing: ["OBJC_CLASS_$_AVCaptureDevice"])),
      // An entitlement Apple pairs with the key.
      RuleExample(["NSHomeKitUsageDescription": ""], expect: ["NSHomeKitUsageDescription"])
        .within(bundle: ExampleBundles.app(entitlements: ["com.apple.developer.homekit": true])),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let values = PurposeStrings.values(in: subject).filter { PurposeStrings.isBlank($0.text) }
    guard !values.isEmpty else { return [] }
    let evidence = Self.evidence(subject)
    return values.map { value in
      let what = value.text.isEmpty ? "empty" : "only whitespace"
      let copy = subject.role == .infoPlistStrings ? "localised " : ""
      var message =
        "the \(copy)purpose string for \(value.key) is \(what); write one sentence saying why "
        + "the app needs the access, or remove the key if the app never asks for it"
      var severity = Severity.warning
      if let seen = evidence.first(where: { $0.row.keys.contains(value.key) }) {
        if seen.row.basis >= .inferred, subject.context.nonStoreDistribution == nil {
          severity = .error
          message +=
            " (\(seen.what) \(seen.row.reason), and App Review rejects access without "
            + "a purpose string)"
        } else {
          message += " (\(seen.what) \(seen.row.reason))"
        }
      }
      return subject.finding(Self.description, at: value.path, message, severity: severity)
    }
  }

  /// What the bundle shows the app asks for (`PurposeStringEvidence.seen`), strongest first:
  /// its background modes and other Info.plist keys, its entitlements (files and code
  /// signature), and in a built bundle the APIs its executables import and the frameworks
  /// they link.
  static func evidence(_ subject: LintSubject) -> [(what: String, row: PurposeStringEvidence.Row)] {
    let info =
      subject.role == .infoPlist
      ? subject.dictionary : PurposeStrings.baseInfoPlist(for: subject)?.0
    return PurposeStringEvidence.seen(info: info, bundle: subject.bundle, context: subject.context)
      .map { ($0.evidence, $0.row) }.sorted { $0.row.basis > $1.row.basis }
  }
}
