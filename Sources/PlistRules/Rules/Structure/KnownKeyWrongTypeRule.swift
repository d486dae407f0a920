import PlistBundle
import PlistCore

/// A known key whose value is of a kind Apple does not document for it.
struct KnownKeyWrongTypeRule: Rule {
  static let description = RuleDescription(
    identifier: "known_key_wrong_type",
    name: "Known Key With The Wrong Type",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A key Apple documents holds a value of another type, so the system does not read it",
    rationale: """
      The system reads each documented key as the type its page gives (a Boolean, a string, an
      array…); a value of another kind is not what it looks for. Some readers accept the strings
      `YES`/`NO` for a Boolean, so that case is a warning. Apple documents both an array and a
      dictionary for `UIRequiredDeviceCapabilities`, and integers and reals alike as numbers.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    nonTriggering: [
      RuleExample(["LSRequiresIPhoneOS": true, "CFBundleIdentifier": "com.example.app"]),
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64": true]]),
      RuleExample(["UIDeviceFamily": [1, 2]]),
      RuleExample(["UIDeviceFamily": 1]),
      RuleExample(["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]),
      RuleExample(["LSRequiresIPhoneOS": "$(REQUIRES_IPHONE)"]),
      RuleExample(["MyAppSetting": 3, "UISupportedInterfaceOrientations~ipad": ["x"]]),
      RuleExample(["com.apple.security.app-sandbox": true], role: .entitlements),
      RuleExample(["NSPrivacyAccessedAPITypes": ["NSPrivacyAccessedAPIType": "x"]]),
      RuleExample(
        ["CFBundleDocumentTypes": [["CFBundleTypeName": "Doc", "LSTypeIsPackage": true]]]),
      RuleExample(["NSAppTransportSecurity": ["NSExceptionDomains": ["example.com": [:]]]]),
      // Left to malformed_deployment_target.
      RuleExample(["MinimumOSVersion": 15, "LSMinimumSystemVersion": 11]),
    ],
    triggering: [
      RuleExample(["LSRequiresIPhoneOS": 1], expect: ["LSRequiresIPhoneOS"]),
      RuleExample(["LSRequiresIPhoneOS": 2.5], expect: ["LSRequiresIPhoneOS"]),
      RuleExample(["LSRequiresIPhoneOS": "YES"], expect: ["LSRequiresIPhoneOS"]),
      RuleExample(["CFBundleIdentifier": ["com.example.app"]], expect: ["CFBundleIdentifier"]),
      RuleExample(
        ["UISupportedInterfaceOrientations~ipad": "UIInterfaceOrientationPortrait"],
        expect: ["UISupportedInterfaceOrientations~ipad"]),
      RuleExample(
        ["CFBundleDocumentTypes": [["LSTypeIsPackage": "true"]]],
        expect: ["CFBundleDocumentTypes[0].LSTypeIsPackage"]),
      RuleExample(
        ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": "NO"]],
        expect: ["NSAppTransportSecurity.NSAllowsArbitraryLoads"]),
      RuleExample(
        ["com.apple.security.app-sandbox": "true"], role: .entitlements,
        expect: ["\"com.apple.security.app-sandbox\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    CatalogWalk.visit(subject) { visit in
      guard let entry = visit.entry, entry.home == KnownKey.Home(subject.role),
        !Self.checkedElsewhere(visit, subject)
      else { return }
      let kind = visit.node.value.kind
      guard !entry.accepts(kind) else { return }
      if let text = visit.node.value.stringValue, text.hasBuildSettingPlaceholder,
        !subject.context.isBuilt
      {
        return
      }
      let expected = entry.types.map { $0.appleName }.joined(separator: " or ")
      var severity = Severity.warning
      var message =
        "\(visit.key) holds \(kind.article), but Apple documents it as "
        + "\(entry.types.count == 1 ? "a \(expected)" : expected); write it as "
        + "\(entry.types.first?.article ?? "documented")"
      if entry.types == [.boolean], let text = Self.booleanLike(visit.node.value) {
        severity = .warning
        message =
          "\(visit.key) holds \(kind.article) \(text), but Apple documents it as a Boolean; "
          + "some readers accept it, others may not, so write <\(Self.bool(text))/>"
      }
      var finding = subject.finding(Self.description, at: visit.path, message, severity: severity)
      finding.url = entry.url
      if entry.types == [.boolean], let text = Self.booleanLike(visit.node.value) {
        // "YES", "0" and the like say which Boolean was meant: the edit is certain.
        let value = Self.bool(text) == "true"
        finding.fix = Fix(
          "write <\(Self.bool(text))/>", [.set(visit.path, .boolean(value))])
      } else {
        finding.noFixReason =
          "the value's meaning in the documented type is not certain, so it is left to you"
      }
      findings.append(finding)
    }
    return findings
  }

  /// True for a deployment target at the top of an Info.plist: `malformed_deployment_target`
  /// reports a value of another type there, with the rest of what makes it unreadable.
  private static func checkedElsewhere(_ visit: CatalogVisit, _ subject: LintSubject) -> Bool {
    subject.role == .infoPlist && visit.path.components.count == 1
      && MalformedDeploymentTargetRule.keys.contains { $0.key == visit.key }
  }

  /// The text of a string or integer that reads as a Boolean ("YES", "0"), or nil.
  private static func booleanLike(_ value: PlistValue) -> String? {
    let text: String
    switch value {
    case .string(let string): text = string
    case .integer(let integer): text = integer.description
    default: return nil
    }
    return ["yes", "no", "true", "false", "1", "0"].contains(text.lowercased()) ? text : nil
  }

  private static func bool(_ text: String) -> String {
    ["yes", "true", "1"].contains(text.lowercased()) ? "true" : "false"
  }
}
