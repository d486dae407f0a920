import Foundation
import PlistBundle
import PlistCore

/// A purpose string that does not follow the HIG's form: sentence case, ending with a period.
struct PurposeStringStyleRule: Rule {
  /// Characters that end a sentence, in the scripts purpose strings are commonly written in.
  static let sentenceEnds: Set<Character> = [".", "。", "．", "!", "?", "！", "？", "।", "…"]

  static let description = RuleDescription(
    identifier: "purpose_string_style",
    name: "Purpose String Style",
    severity: .note,
    category: .privacy,
    appliesTo: [.infoPlist],
    summary: "A purpose string does not start with a capital letter or end with a period",
    rationale: """
      The Human Interface Guidelines ask for "a brief, complete sentence that's straightforward,
      specific, and easy to understand", written in sentence case, without passive voice, and
      with a period at the end. Only the first letter and the final punctuation can be checked
      by a tool, so this rule checks those two, as recommendations. The
      `NSUserTrackingUsageDescription` page allows a sentence fragment without closing
      punctuation, so the period is not asked for there. Localised copies are left alone:
      capitalisation and punctuation differ between languages.
      """,
    appleSource: PurposeStrings.hig,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans the QR code on your ticket."]),
      RuleExample(["NSCameraUsageDescription": "${PRODUCT_NAME} scans QR codes on tickets."]),
      RuleExample(["NSCameraUsageDescription": "カメラでQRコードを読み取ります。"]),
      RuleExample(["NSUserTrackingUsageDescription": "Shows you ads that fit your interests"]),
      RuleExample(["NSCameraUsageDescription": "Scans the QR code (on your ticket.)"]),
      RuleExample(["NSCameraUsageDescription": "  "]),
      RuleExample(["CFBundleDisplayName": "app"]),
      RuleExample(["NSCameraUsageDescription": "[localized in InfoPlist.strings]"]),
    ],
    triggering: [
      RuleExample(
        ["NSCameraUsageDescription": "Scans the QR code on your ticket"],
        expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSMicrophoneUsageDescription": "records voice notes."],
        expect: ["NSMicrophoneUsageDescription"]),
      RuleExample(
        ["NSUserTrackingUsageDescription": "shows you ads that fit your interests"],
        expect: ["NSUserTrackingUsageDescription"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    PurposeStrings.values(in: subject).compactMap { value in
      let text = Self.trimmed(value.text)
      // A bracketed marker ("[localized in strings file]") stands for a translation.
      let marker =
        (text.first == "[" && text.last == "]") || (text.first == "<" && text.last == ">")
      guard !marker, let first = text.first,
        PlaceholderPurposeStringRule.emptiness(of: text, key: value.key) == nil
      else { return nil }
      var advice: [String] = []
      if first.isLowercase { advice.append("start it with a capital letter (sentence case)") }
      if value.key != "NSUserTrackingUsageDescription", !endsSentence(text) {
        advice.append("end it with a period")
      }
      guard !advice.isEmpty else { return nil }
      return subject.finding(
        Self.description, at: value.path,
        "the purpose string for \(value.key) is not written as the HIG recommends: "
          + advice.joined(separator: " and "))
    }
  }

  /// `text` without the whitespace and newlines at its ends; the text itself, without asking
  /// Foundation, when it starts and ends with printable ASCII (as nearly every one does).
  private static func trimmed(_ text: String) -> String {
    if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F,
      last > 0x20, last < 0x7F
    {
      return text
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// True when `text` ends a sentence, allowing closing brackets and quotes after the mark.
  private func endsSentence(_ text: String) -> Bool {
    let closers: Set<Character> = [")", "\"", "'", "”", "’", "」", "』", "»", "）"]
    let body = text.reversed().drop { closers.contains($0) }
    return body.first.map { Self.sentenceEnds.contains($0) } ?? false
  }
}
