import PlistBundle
import PlistCore

/// A localised purpose string whose key the bundle's Info.plist does not define.
struct LocalizedPurposeStringWithoutBaseRule: Rule {
  static let description = RuleDescription(
    identifier: "localized_purpose_string_without_base",
    name: "Localised Purpose String Without Base",
    severity: .warning,
    category: .privacy,
    appliesTo: [.infoPlistStrings],
    summary: "An InfoPlist.strings file translates a purpose key that the Info.plist lacks",
    rationale: """
      `InfoPlist.strings` holds localised values for keys of the Info.plist, keyed by the key's
      name; Apple describes it as localising the values the Info.plist already has. A
      translated purpose string for a key the Info.plist (with its `INFOPLIST_KEY_*` build
      settings, for a project target) does not define is never looked up, and it often means
      the Info.plist itself lacks a purpose string the app asks for. Apple does not state what
      the system does with such an entry; this rule infers it from how localised values are
      looked up. The rule needs the bundle (or the project target) the file belongs to, and
      stays silent without it.
      """,
    appleSource: PurposeStrings.aboutInfoPlistFiles,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scanne den QR-Code."], role: .infoPlistStrings),
      RuleExample(
        ["NSCameraUsageDescription": "Scanne den QR-Code.", "CFBundleDisplayName": "Scanner"],
        role: .infoPlistStrings
      ).within(
        path: "App.app/de.lproj/InfoPlist.strings",
        bundle: ExampleBundles.app(info: ["NSCameraUsageDescription": "Scans QR codes."])),
    ],
    triggering: [
      RuleExample(
        ["NSCameraUsageDescription": "Scanne den QR-Code."], role: .infoPlistStrings,
        expect: ["NSCameraUsageDescription"]
      ).within(
        path: "App.app/de.lproj/InfoPlist.strings",
        bundle: ExampleBundles.app(info: ["CFBundleName": "App"]))
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let strings = subject.dictionary,
      let (info, bundle) = PurposeStrings.baseInfoPlist(for: subject)
    else { return [] }
    let defined = PurposeStrings.definedKeys(info, bundle: bundle)
    let plist = bundle.effectiveInfoPlist?.sourceFile?.path ?? bundle.infoPlistFile?.path
    return strings.entries.filter {
      PurposeStrings.isPurposeKey($0.key) && !defined.contains($0.key)
    }.map { entry in
      subject.finding(
        Self.description, at: KeyPath.root.appending(key: entry.key),
        "\(entry.key) is translated here but \(plist ?? "the Info.plist") does not define it, "
          + "so the translation is likely never shown (Apple does not say); add the key to the Info.plist if the app asks "
          + "for this access, or remove the translation")
    }
  }
}
