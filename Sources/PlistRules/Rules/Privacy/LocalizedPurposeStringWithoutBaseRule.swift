import PlistBundle
import PlistCore

/// A localised purpose string whose key the bundle's Info.plist does not define.
struct LocalizedPurposeStringWithoutBaseRule: Rule {
  static let description = RuleDescription(
    identifier: "localized_purpose_string_without_base",
    name: "Localised Purpose String Without Base",
    severity: .error,
    category: .privacy,
    appliesTo: [.infoPlistStrings],
    summary: "An InfoPlist.strings file translates a purpose key that the Info.plist lacks",
    rationale: """
      `InfoPlist.strings` holds localised values for keys of the Info.plist, keyed by the key's
      name; Apple describes it as localising the values the Info.plist already has. App Store
      Connect's ITMS-90683 message ("Missing purpose string in Info.plist", as quoted in public
      reports) says that an app with several localisations must give the purpose string in the
      Info.plist in addition to each localised copy. A translated purpose string shows that
      the app asks for the access, so a key the Info.plist (with its `INFOPLIST_KEY_*` build
      settings, for a project target) does not define is an error for a build bound for the
      App Store, where App Review rejects access without a purpose string. For a build known
      not to go to the App Store it is a warning: Apple does not say what the system does with
      a translation whose key the Info.plist lacks. The rule needs the bundle (or the project
      target) the file belongs to, and stays silent without it.
      """,
    appleSource: PurposeStrings.aboutInfoPlistFiles,
    itms: "ITMS-90683",
    // The Info.plist needs the key whatever the channel; only the severity follows it.
    isUploadCheck: false,
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
        expect: ["NSCameraUsageDescription"], severity: .error
      ).within(
        path: "App.app/de.lproj/InfoPlist.strings",
        bundle: ExampleBundles.app(info: ["CFBundleName": "App"])),
      RuleExample(
        ["NSCameraUsageDescription": "Scanne den QR-Code."], role: .infoPlistStrings,
        context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["NSCameraUsageDescription"], severity: .error
      ).within(
        path: "App.app/de.lproj/InfoPlist.strings",
        bundle: ExampleBundles.app(info: ["CFBundleName": "App"])),
      RuleExample(
        ["NSCameraUsageDescription": "Scanne den QR-Code."], role: .infoPlistStrings,
        context: LintContext(isBuilt: true, distribution: .enterprise),
        expect: ["NSCameraUsageDescription"], severity: .warning
      ).within(
        path: "App.app/de.lproj/InfoPlist.strings",
        bundle: ExampleBundles.app(info: ["CFBundleName": "App"])),
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
      let where_ = plist ?? "the Info.plist"
      if let channel = subject.context.nonStoreDistribution {
        var finding = subject.finding(
          Self.description, at: KeyPath.root.appending(key: entry.key),
          "\(entry.key) is translated here but \(where_) does not define it; add the key to the "
            + "Info.plist if the app asks for this access, or remove the translation (this is "
            + "\(channel.withArticle) build: Apple does not say what the system does with such "
            + "a translation)", severity: .warning)
        finding.itms = nil
        return finding
      }
      return subject.finding(
        Self.description, at: KeyPath.root.appending(key: entry.key),
        "\(entry.key) is translated here but \(where_) does not define it; App Store Connect "
          + "asks for the purpose string in the Info.plist as well as in each localisation: "
          + "add the key to the Info.plist, or remove the translation if the app "
          + "never asks for this access")
    }
  }
}
