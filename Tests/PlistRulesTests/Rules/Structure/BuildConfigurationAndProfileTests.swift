import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// What the examples of `unreadable_build_configuration` and `expired_provisioning_profile`
/// cannot express: the files and lines findings land on, and their exact words.
@Suite struct BuildConfigurationAndProfileTests {
  static func findings(_ example: RuleExample, _ rule: any Rule) -> [Finding] {
    Linter(rules: [rule]).lint(
      LintSubject(
        path: example.path, role: example.role, root: example.root, input: example.input,
        context: example.context, text: example.text))
  }

  @Test func aMissingFileNamedTwiceIsOneFindingThatCountsTheOther() throws {
    let example = UnreadableBuildConfigurationRule.example(base: "Base.xcconfig", projectToo: true)
    let found = Self.findings(example, UnreadableBuildConfigurationRule())
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.file == "App.xcodeproj/project.pbxproj")
    // P1's reference is on line 10 of the example's text, T1's on line 16.
    #expect(finding.line == 10)
    #expect(finding.severity == .error)
    #expect(
      finding.message.hasPrefix(
        "the configuration file Base.xcconfig is missing; Xcode stops the build"))
    #expect(finding.message.hasSuffix("(1 other configuration name it too)"))
    #expect(finding.noFixReason?.hasPrefix("infoscope cannot make the file") == true)
  }

  @Test func aMissingIncludeIsReportedOnTheIncludingLine() throws {
    let example = UnreadableBuildConfigurationRule.example(
      base: "Base.xcconfig",
      files: ["Base.xcconfig": "PRODUCT_NAME = App\n#include \"Shared.xcconfig\"\n"])
    let found = Self.findings(example, UnreadableBuildConfigurationRule())
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.file == "Base.xcconfig")
    #expect(finding.line == 2)
    #expect(finding.keyPath == .root)
    #expect(finding.message.hasPrefix("#include on line 2 names Shared.xcconfig, which is missing"))
  }

  /// A base configuration that exists but cannot be read (here, past the size infoscope
  /// reads) is reported on the project file's line that names it, and an include alike on
  /// the including line, each saying what could not be read.
  @Test func aConfigurationThatCannotBeReadIsReportedWhereItIsNamed() throws {
    let big = String(repeating: "A = 1\n", count: XCConfigParser.maxFileBytes / 6 + 1)
    let base = UnreadableBuildConfigurationRule.example(
      base: "Base.xcconfig", files: ["Base.xcconfig": big])
    let finding = try #require(Self.findings(base, UnreadableBuildConfigurationRule()).first)
    #expect(finding.file == "App.xcodeproj/project.pbxproj")
    #expect(finding.line == 16)
    #expect(finding.message.hasPrefix("the configuration file Base.xcconfig could not be read: "))
    let include = UnreadableBuildConfigurationRule.example(
      base: "Base.xcconfig",
      files: ["Base.xcconfig": "#include \"Big.xcconfig\"\n", "Big.xcconfig": big])
    let second = try #require(Self.findings(include, UnreadableBuildConfigurationRule()).first)
    #expect(second.file == "Base.xcconfig")
    #expect(second.line == 1)
    #expect(
      second.message.hasPrefix(
        "#include on line 1 names Big.xcconfig, which could not be read: "))
  }

  @Test func aCocoaPodsConfigurationSaysToRunPodInstall() throws {
    let example = UnreadableBuildConfigurationRule.example(
      base: "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig")
    let finding = try #require(Self.findings(example, UnreadableBuildConfigurationRule()).first)
    #expect(finding.message.hasSuffix("(CocoaPods writes this file: run pod install)"))
  }

  @Test func theProfileFindingCountsTheDays() throws {
    let rule = ExpiredProvisioningProfileRule()
    let expired = try #require(
      Self.findings(ExpiredProvisioningProfileRule.example("2026-11-30T12:00:00Z", .adHoc), rule)
        .first)
    #expect(
      expired.message
        == "the provisioning profile expired on 2026-11-30 (2 days ago), and devices do not "
        + "launch an ad hoc build once its profile has expired: renew the profile and sign again")
    let yesterday = try #require(
      Self.findings(ExpiredProvisioningProfileRule.example("2026-12-01T23:59:59Z", .adHoc), rule)
        .first)
    #expect(yesterday.message.contains("(yesterday)"))
    let soon = try #require(
      Self.findings(
        ExpiredProvisioningProfileRule.example("2026-12-20T00:00:00Z", .development), rule
      ).first)
    #expect(soon.message.hasPrefix("the provisioning profile expires on 2026-12-20 (in 18 days)"))
    // The last day before the warning starts says nothing.
    #expect(
      Self.findings(
        ExpiredProvisioningProfileRule.example("2027-01-01T00:00:00Z", .development), rule
      ).isEmpty)
    #expect(
      !Self.findings(
        ExpiredProvisioningProfileRule.example("2026-12-31T23:59:59Z", .development), rule
      ).isEmpty)
  }
}
