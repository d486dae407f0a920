import PlistBundle
import PlistCore

/// A purpose string of 4,000 UTF-8 bytes or more.
struct LongPurposeStringRule: Rule {
  /// Apple's limit: a purpose string is shorter than this many bytes.
  static let limit = 4_000

  static let description = RuleDescription(
    identifier: "purpose_string_too_long",
    name: "Purpose String Too Long",
    severity: .warning,
    category: .privacy,
    appliesTo: [.infoPlist, .infoPlistStrings],
    summary: "A purpose string is 4,000 bytes or longer",
    rationale: """
      Apple's second check for every purpose string, localised ones included: it "is shorter
      than 4,000 bytes". Bytes, not characters: the text is counted in UTF-8, so a translation
      in a non-Latin script reaches the limit with fewer characters. Apple adds that a typical
      purpose string is one complete sentence. Apple does not say what App Store Connect does
      with a longer one.
      """,
    appleSource: PurposeStrings.requestingAccess,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans the QR code on your ticket."]),
      RuleExample([
        "NSCameraUsageDescription": PlistNode(.string(String(repeating: "a", count: 3_999)))
      ]),
      RuleExample([
        "CFBundleGetInfoString": PlistNode(.string(String(repeating: "a", count: 5_000)))
      ]),
    ],
    triggering: [
      RuleExample(
        ["NSCameraUsageDescription": PlistNode(.string(String(repeating: "a", count: 4_000)))],
        expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSContactsUsageDescription": PlistNode(.string(String(repeating: "я", count: 2_000)))],
        role: .infoPlistStrings, expect: ["NSContactsUsageDescription"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    PurposeStrings.values(in: subject).compactMap { value in
      let bytes = value.text.utf8.count
      guard bytes >= Self.limit else { return nil }
      return subject.finding(
        Self.description, at: value.path,
        "the purpose string for \(value.key) is \(bytes) bytes in UTF-8; Apple requires fewer "
          + "than 4,000, so shorten it to the sentence that says why the app needs the access")
    }
  }
}
