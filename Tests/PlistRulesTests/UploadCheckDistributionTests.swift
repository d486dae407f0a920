import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// App Store Connect upload checks (rules with an ITMS code) against the distribution channel:
/// outside the App Store their findings drop to notes that say why.
@Suite struct UploadCheckDistributionTests {
  static let uploadRules = RuleCatalog.all.filter { $0.description.isUploadCheck }.map {
    RuleCase(type: $0)
  }

  static func findings(
    _ rule: any Rule, _ example: RuleExample, _ distribution: LintContext.Distribution?
  ) -> [Finding] {
    var context = example.context
    context.distribution = distribution
    let subject = LintSubject(
      path: example.path, role: example.role, root: example.root, bundle: example.bundle,
      input: example.input, context: context)
    return Linter(rules: [rule]).lint(subject)
  }

  /// The rules with an ITMS code whose findings also hold outside the App Store: purpose
  /// strings the system reads, a signature its profile does not cover (the app does not
  /// launch), and a launch storyboard and a deployment target whose only some findings are
  /// App Store Connect's.
  @Test func everyRuleWithAnITMSCodeIsAnUploadCheckExceptTheRulesThatHoldEverywhere() {
    let descriptions = RuleCatalog.all.map { $0.description }
    let exempt = descriptions.filter { $0.itms != nil && !$0.isUploadCheck }.map {
      $0.identifier
    }.sorted()
    #expect(
      exempt == [
        "blank_purpose_string", "duplicate_bundle_identifier", "entitlement_not_in_profile",
        "launch_storyboard_name", "localized_purpose_string_without_base",
        "malformed_deployment_target", "missing_purpose_string",
      ])
    #expect(Self.uploadRules.count >= 10)
  }

  @Test(arguments: uploadRules)
  func findingsOutsideTheAppStoreAreNotesThatSayWhy(rule: RuleCase) {
    let instance = rule.type.init()
    for example in rule.type.description.triggering
    where example.context.distribution == nil {
      let plain = Self.findings(instance, example, nil)
      let store = Self.findings(instance, example, .appStore)
      #expect(
        store.map(\.severity) == plain.map(\.severity), "\(example)",
        sourceLocation: example.sourceLocation)
      for channel in [LintContext.Distribution.enterprise, .adHoc, .development, .developerID] {
        let found = Self.findings(instance, example, channel)
        #expect(
          found.map(\.keyPath) == plain.map(\.keyPath), "\(example) \(channel)",
          sourceLocation: example.sourceLocation)
        for finding in found where finding.itms != nil {
          #expect(
            finding.severity == .note, "\(example): \(finding.description)",
            sourceLocation: example.sourceLocation)
          #expect(
            finding.message.hasSuffix(
              "this is \(channel.withArticle) build, so it does not apply)"),
            "\(example): \(finding.message)")
        }
      }
    }
  }

  /// A blank purpose string is an error only with evidence that the app asks for the access
  /// and a build that may go to the App Store (ITMS-90738 arrives as a warning otherwise).
  @Test func blankPurposeStringsAreErrorsOnlyWithEvidenceAndForTheAppStore() {
    func severities(
      _ entries: [PlistEntry], _ distribution: LintContext.Distribution?
    ) -> [Severity] {
      let subject = LintSubject(
        path: "Info.plist", role: .infoPlist,
        root: PlistNode(.dictionary(PlistDictionary(entries))),
        context: LintContext(distribution: distribution))
      return Linter(rules: [BlankPurposeStringRule()]).lint(subject).map(\.severity)
    }
    let blank = PlistEntry(key: "NSLocationWhenInUseUsageDescription", node: PlistNode(.string("")))
    let mode = PlistEntry(key: "UIBackgroundModes", node: ["location"])
    #expect(severities([blank], nil) == [.warning])
    #expect(severities([blank], .appStore) == [.warning])
    #expect(severities([mode, blank], nil) == [.error])
    #expect(severities([mode, blank], .appStore) == [.error])
    #expect(severities([mode, blank], .enterprise) == [.warning])
  }
}
