import Foundation
import PlistBundle
import PlistCore

/// An app extension's `NSExtension` dictionary that lacks what its extension point needs: the
/// point's identifier, the principal class or main storyboard, the attributes the point
/// requires; or that carries the keys App Store Connect rejects (ITMS-90363).
struct AppExtensionConfigurationRule: Rule {
  /// Keys old templates wrote into `NSExtension` that App Store Connect calls invalid.
  static let rejectedKeys = ["NSExtensionPointName", "NSExtensionPointVersion"]

  static let description = RuleDescription(
    identifier: "app_extension_configuration",
    name: "App Extension Configuration",
    severity: .warning,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "An app extension's NSExtension dictionary lacks what its extension point needs "
      + "or holds keys App Store Connect rejects",
    rationale: """
      Apple's `NSExtension` page lists the keys of an extension's dictionary:
      `NSExtensionPointIdentifier` (the kind of extension, one of the values on its page),
      `NSExtensionPrincipalClass` or `NSExtensionMainStoryboard` (where the extension's code
      starts), and `NSExtensionAttributes` (the point's own keys). The page gives no
      requiredness text, so a missing `NSExtension`, identifier, principal class or storyboard
      is a note. The archived App Extension Keys reference marks some attributes required for
      their point (`NSExtensionActivationRule` for Share and Action extensions,
      `UNNotificationExtensionCategory` for notification content, `IntentsSupported` for
      Intents, `PHSupportedMediaTypes` for photo editing): a warning. `ExtensionPoints` is the
      table, each row with the entry point its type uses (WidgetKit extensions use none).
      Points outside the table are not checked beyond the identifier. App Store Connect
      rejects `NSExtensionPointName` and `NSExtensionPointVersion`, keys early templates
      wrote ("ITMS-90363: Invalid Info.plist key. The key 'NSExtensionPointName' in bundle
      ….appex is invalid", quoted in public reports): an error, fixed by removing the key.
      An `NSExtensionActivationRule` of `TRUEPREDICATE` (the template's placeholder, which
      matches everything) is reported as rejected on upload ("Invalid Info.plist value. The
      value for the key 'NSExtensionActivationRule' … is invalid"): a warning, as the reports
      carry no ITMS code.
      """,
    appleSource: AppleSource(title: "NSExtension", url: KnownKeys.infoPage + "nsextension"),
    nonTriggering: [
      RuleExample([
        "CFBundlePackageType": "XPC!",
        "NSExtension": [
          "NSExtensionPointIdentifier": "com.apple.share-services",
          "NSExtensionMainStoryboard": "MainInterface",
          "NSExtensionAttributes": [
            "NSExtensionActivationRule": ["NSExtensionActivationSupportsText": true]
          ],
        ],
      ]),
      RuleExample([
        "CFBundlePackageType": "XPC!",
        "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
      ]),
      RuleExample([
        "CFBundlePackageType": "XPC!",
        "NSExtension": ["NSExtensionPointIdentifier": "com.example.custom-point"],
      ]),
      RuleExample(["CFBundlePackageType": "APPL", "CFBundleIdentifier": "com.example.app"]),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundlePackageType": "XPC!",
          "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.share-services",
            "NSExtensionPointName": "com.apple.share-services",
            "NSExtensionPointVersion": "1.0",
          ],
        ],
        expect: [
          "NSExtension.NSExtensionPointName", "NSExtension.NSExtensionPointVersion",
          "NSExtension.NSExtensionPrincipalClass", "NSExtension.NSExtensionAttributes",
        ]),
      RuleExample(
        [
          "CFBundlePackageType": "XPC!",
          "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension",
            "NSExtensionPrincipalClass": "NotificationViewController",
            "NSExtensionAttributes": ["UNNotificationExtensionInitialContentSizeRatio": 1],
          ],
        ],
        expect: ["NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"]),
      RuleExample(
        [
          "CFBundlePackageType": "XPC!",
          "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.share-services",
            "NSExtensionPrincipalClass": "ShareViewController",
            "NSExtensionAttributes": ["NSExtensionActivationRule": "TRUEPREDICATE"],
          ],
        ],
        expect: ["NSExtension.NSExtensionAttributes.NSExtensionActivationRule"]),
      RuleExample(
        ["CFBundlePackageType": "XPC!", "NSExtension": ["NSExtensionPrincipalClass": "Handler"]],
        expect: ["NSExtension.NSExtensionPointIdentifier"], severity: .note),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let facts = InfoPlistFacts(subject), facts.kind == .appExtension,
      let settings = facts.info["NSExtension"]?.value.dictionaryValue
    else { return [] }
    let base = KeyPath.root.appending(key: "NSExtension")
    var findings: [Finding] = []
    for key in Self.rejectedKeys where settings[key] != nil {
      let path = base.appending(key: key)
      findings.append(
        subject.finding(
          Self.description, at: path,
          "\(key) is not a key App Store Connect accepts in an app extension's NSExtension "
            + "(ITMS-90363: invalid Info.plist key); remove it, NSExtensionPointIdentifier "
            + "names the point", severity: .error, itms: "ITMS-90363",
          fix: Fix("remove \(key)", [.remove(path)])))
    }
    guard let identifier = settings["NSExtensionPointIdentifier"]?.value.stringValue else {
      var finding = subject.finding(
        Self.description, at: base.appending(key: "NSExtensionPointIdentifier"),
        "NSExtension has no NSExtensionPointIdentifier, the key that tells the system which "
          + "kind of extension this is", severity: .note)
      finding.noFixReason = "only you know which kind of extension this is"
      findings.append(finding)
      return findings
    }
    guard let point = ExtensionPoints.point(identifier) else { return findings }
    let hasClass = settings["NSExtensionPrincipalClass"] != nil
    let hasStoryboard = settings["NSExtensionMainStoryboard"] != nil
    switch point.entry {
    case .principalClassOrStoryboard where !hasClass && !hasStoryboard,
      .principalClass where !hasClass:
      let wanted =
        point.entry == .principalClass
        ? "NSExtensionPrincipalClass"
        : "NSExtensionPrincipalClass or NSExtensionMainStoryboard"
      var finding = subject.finding(
        Self.description, at: base.appending(key: "NSExtensionPrincipalClass"),
        "this \(point.name) (\(identifier)) names no \(wanted), so the system has no class "
          + "or storyboard to start it from", severity: .note)
      finding.noFixReason = "the class or storyboard name is in your code"
      findings.append(finding)
    default:
      break
    }
    let attributes = settings["NSExtensionAttributes"]?.value.dictionaryValue
    let attributesPath = base.appending(key: "NSExtensionAttributes")
    let missing = point.requiredAttributes.filter { attributes?[$0] == nil }
    if attributes == nil, !missing.isEmpty {
      var finding = subject.finding(
        Self.description, at: attributesPath,
        "this \(point.name) has no NSExtensionAttributes, where Apple's reference requires "
          + missing.joined(separator: ", "))
      finding.noFixReason = "the values describe what the extension handles"
      findings.append(finding)
    } else {
      for key in missing {
        var finding = subject.finding(
          Self.description, at: attributesPath.appending(key: key),
          "this \(point.name) has no \(key) in NSExtensionAttributes; Apple's reference marks "
            + "it required for the point")
        finding.noFixReason = "the value describes what the extension handles"
        findings.append(finding)
      }
    }
    if let rule = attributes?["NSExtensionActivationRule"]?.value.stringValue,
      rule.trimmingCharacters(in: .whitespacesAndNewlines) == "TRUEPREDICATE"
    {
      var finding = subject.finding(
        Self.description, at: attributesPath.appending(key: "NSExtensionActivationRule"),
        "NSExtensionActivationRule is TRUEPREDICATE, the template's match-everything "
          + "placeholder; uploads with it are reported rejected as an invalid value, so "
          + "describe the content the extension handles")
      finding.noFixReason = "the rule describes what the extension handles"
      findings.append(finding)
    }
    return findings
  }
}
