import PlistBundle
import PlistCore

/// A purpose string that is empty or only whitespace, in the Info.plist or a localised copy.
struct BlankPurposeStringRule: Rule {
  static let description = RuleDescription(
    identifier: "blank_purpose_string",
    name: "Blank Purpose String",
    severity: .error,
    category: .privacy,
    appliesTo: [.infoPlist, .infoPlistStrings],
    summary: "A purpose string is empty or made only of whitespace",
    rationale: """
      Apple's first check for every purpose string, localised ones included, is that it "isn't
      blank and doesn't consist solely of whitespace characters". App Store Connect answers an
      empty value with ITMS-90738 ("Invalid purpose string value: the \\"\\" value for the … key
      isn't allowed"); that code is known from App Store Connect e-mails quoted in several
      public issue trackers, not from an Apple page, and older reports show the same case as
      ITMS-90683 (missing purpose string). App Review rejects apps that reach a protected
      resource without a purpose string.
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
      RuleExample(["NSCameraUsageDescription": ""], expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSLocationWhenInUseUsageDescription": " \n\t"],
        expect: ["NSLocationWhenInUseUsageDescription"]),
      RuleExample(
        ["NSPhotoLibraryUsageDescription": "\u{00A0}"], role: .infoPlistStrings,
        expect: ["NSPhotoLibraryUsageDescription"]),
      RuleExample(
        ["NSLocationTemporaryUsageDescriptionDictionary": ["Navigation": ""]],
        expect: ["NSLocationTemporaryUsageDescriptionDictionary.Navigation"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    PurposeStrings.values(in: subject).filter { PurposeStrings.isBlank($0.text) }.map { value in
      let what = value.text.isEmpty ? "empty" : "only whitespace"
      let copy = subject.role == .infoPlistStrings ? "localised " : ""
      return subject.finding(
        Self.description, at: value.path,
        "the \(copy)purpose string for \(value.key) is \(what); write one sentence saying why "
          + "the app needs the access, or remove the key if the app never asks for it")
    }
  }
}
