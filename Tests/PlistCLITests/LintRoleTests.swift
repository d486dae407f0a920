import Foundation
import PlistCore
import Testing

@testable import PlistCLI

/// Every report says which role a file given on its own was linted as and why; `--role`
/// says it explicitly; a file no rule inspects says so instead of a clean count.
@Suite struct LintRoleTests {
  static let infoLike: PlistNode = [
    "CFBundleIdentifier": "com.example.app", "CFBundleExecutable": "App",
    "NSCameraUsageDescription": "",
  ]

  @Test func aMisnamedInfoPlistIsLintedAsOneAndSaysWhy() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.infoLike, named: "MyApp-Release.plist")
    let text = harness.run(["lint", file]).console.outputText
    #expect(text.contains("[blank_purpose_string]"), "\(text)")
    #expect(
      text.contains(
        "MyApp-Release.plist: linted as Info.plist: its root has CFBundle* keys "
          + "(CFBundleIdentifier, CFBundleExecutable)\n"),
      "\(text)")
    let json = try #require(
      JSONSerialization.jsonObject(
        with: Data(harness.run(["lint", file, "--format", "json"]).console.output))
        as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files.first?["role"] as? String == "infoPlist")
    #expect(
      (files.first?["roleReason"] as? String)?.hasPrefix("its root has CFBundle* keys") == true)
    #expect((files.first?["rules"] as? Int ?? 0) > 10)
    let sarif = try #require(
      JSONSerialization.jsonObject(
        with: Data(harness.run(["lint", file, "--format", "sarif"]).console.output))
        as? [String: Any])
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let linted = try #require(
      (run["properties"] as? [String: Any])?["lintedFiles"] as? [[String: Any]])
    #expect(linted.first?["role"] as? String == "infoPlist")
    let github = harness.run(["lint", file, "--format", "github"]).console.outputText
    #expect(
      github.contains("::notice file=") && github.contains("title=infoscope%3A role::"), "\(github)"
    )
  }

  @Test func theRoleGivenWins() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(
      ["Title": "x", "NSCameraUsageDescription": ""], named: "Settings.plist")
    let plain = harness.run(["lint", file]).console.outputText
    #expect(!plain.contains("[blank_purpose_string]"))
    #expect(plain.contains("Settings.plist: linted as property list: "), "\(plain)")
    #expect(plain.contains("give --role to lint it as one"))
    let given = harness.run(["lint", file, "--role", "infoPlist"]).console.outputText
    #expect(given.contains("[blank_purpose_string]"), "\(given)")
    #expect(given.contains(": given with --role\n"))
    let bad = harness.run(["lint", file, "--role", "xcconfig"])
    #expect(bad.status == 64)
    #expect(bad.console.errorText.contains("unknown role 'xcconfig'"))
  }

  @Test func standardInputGetsItsRoleFromItsContent() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let bytes = try XMLPlistWriter.write(Self.infoLike)
    let text = harness.run(["lint", "-"], input: bytes).console.outputText
    #expect(text.contains("[blank_purpose_string]"), "\(text)")
    #expect(text.contains("<stdin>: linted as Info.plist: its root has CFBundle* keys"), "\(text)")
  }

  @Test func aFileNoRuleInspectsSaysNothingWasChecked() throws {
    let file = LintedFile(
      path: "a.xcconfig", role: .buildConfiguration, reason: "its name ends in .xcconfig", rules: 0)
    let text = LintReport.text([], linted: [file])
    #expect(
      text
        == "a.xcconfig: no rule applies to its role (xcconfig), so nothing was checked: its name "
        + "ends in .xcconfig\nnothing checked: no rule applies to what was given\n")
  }
}

/// An input that cannot be opened is said on standard error; with nothing else to lint, no
/// report of no findings follows (a hostile tester saw "0 errors" on standard output).
@Suite struct LintNothingOpenedTests {
  @Test func writesNoReportWhenNothingOpened() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let run = harness.run(["lint", harness.path("missing.plist")])
    #expect(run.status == 66)
    #expect(run.console.outputText.isEmpty)
    #expect(run.console.errorText.contains("missing.plist"))
    let file = try harness.writeXML(["CFBundleIdentifier": "a.b"], named: "Info.plist")
    let mixed = harness.run(["lint", harness.path("missing.plist"), file])
    #expect(mixed.status == 66)
    #expect(mixed.console.outputText.hasSuffix("0 errors, 0 warnings, 0 notes\n"))
  }
}
