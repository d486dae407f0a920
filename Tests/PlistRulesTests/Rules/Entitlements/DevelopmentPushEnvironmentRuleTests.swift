import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The file-name half of `development_push_environment`: examples always use the same file
/// name, so a release-named file is checked here.
@Suite struct DevelopmentPushEnvironmentRuleTests {
  @Test(arguments: [
    ("IceCubesApp-release.entitlements", true), ("Release.entitlements", true),
    ("App/app_Release_v2.entitlements", true), ("Prerelease.entitlements", false),
    ("App.entitlements", false), ("Releases/App.entitlements", false),
  ])
  func tellsAReleaseNameByWord(path: String, isRelease: Bool) {
    #expect(DevelopmentPushEnvironmentRule.nameSaysRelease(path) == isRelease)
  }

  static func findings(_ path: String, _ context: LintContext = LintContext()) -> [Finding] {
    let root: PlistNode = ["aps-environment": "development"]
    let subject = LintSubject(path: path, role: .entitlements, root: root, context: context)
    return Linter(rules: [DevelopmentPushEnvironmentRule()]).lint(subject)
  }

  @Test func notesDevelopmentInAReleaseNamedFile() throws {
    let found = Self.findings("App/App-release.entitlements")
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.severity == .note)
    #expect(finding.keyPath == KeyPath([.key("aps-environment")]))
    #expect(finding.message.contains("the file's name says it is for release builds"))
    #expect(finding.fix?.edits == [.set(finding.keyPath, .string("production"))])
  }

  @Test func trustsAKnownDevelopmentDistributionOverTheName() {
    #expect(
      Self.findings("App-release.entitlements", LintContext(distribution: .development)).isEmpty)
  }

  @Test func leavesOtherNamesAlone() {
    #expect(Self.findings("App.entitlements").isEmpty)
  }
}
