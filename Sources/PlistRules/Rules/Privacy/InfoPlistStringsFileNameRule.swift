import PlistBundle
import PlistCore

/// A localised Info.plist strings file whose name is not spelled `InfoPlist.strings`.
struct InfoPlistStringsFileNameRule: Rule {
  /// The name Apple gives the file.
  static let expectedName = "InfoPlist.strings"

  static let description = RuleDescription(
    identifier: "info_plist_strings_file_name",
    name: "InfoPlist.strings File Name",
    severity: .warning,
    category: .privacy,
    appliesTo: [.infoPlistStrings],
    summary: "A localised Info.plist strings file is not named exactly InfoPlist.strings",
    rationale: """
      Apple names the file of localised Info.plist values `InfoPlist.strings`, one per
      `<language>.lproj` folder (its current guidance is a string catalog named
      `InfoPlist.xcstrings`). The same Apple page warns that `NSBundle` and Core Foundation
      "consider case when searching for resources inside a bundle directory" and that "case
      mismatches could prevent you from finding your resources at runtime". A file named
      `infoPlist.strings` works on a case-insensitive Mac volume and may be missed on a
      case-sensitive one, such as an iOS device's.
      """,
    appleSource: PurposeStrings.aboutInfoPlistFiles,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scanne den QR-Code."], role: .infoPlistStrings),
      RuleExample(["NSCameraUsageDescription": "Scan."], role: .infoPlistStrings)
        .within(path: "App.app/Base.lproj/InfoPlist.strings"),
    ],
    triggering: [
      RuleExample(["NSCameraUsageDescription": "Scan."], role: .infoPlistStrings, expect: [""])
        .within(path: "App.app/Base.lproj/infoPlist.strings")
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let name = subject.path.split(separator: "/").last.map(String.init) ?? subject.path
    guard name != Self.expectedName, name.lowercased() == Self.expectedName.lowercased() else {
      return []
    }
    return [
      subject.finding(
        Self.description, at: .root,
        "this file is named \(name); rename it \(Self.expectedName), because bundle look-ups "
          + "match file names by case and a case-sensitive file system (iOS) may not find it")
    ]
  }
}
