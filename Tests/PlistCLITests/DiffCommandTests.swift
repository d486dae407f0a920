import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

/// `infoscope diff OLD NEW` (issue 16, item 4): text and JSON reports, exit statuses, the
/// command table, escaping.
@Suite struct DiffCommandTests {
  typealias T = TreeBuilder

  static let old = T.dict([
    ("CFBundleIdentifier", T.string("com.example.trail")),
    ("CFBundleShortVersionString", T.string("2.1")), ("CFBundleVersion", T.string("318")),
    ("CFBundleName", T.string("Trail")), ("UIFileSharingEnabled", T.bool(true)),
  ])
  static let new = T.dict([
    ("CFBundleVersion", T.string("319")), ("CFBundleIdentifier", T.string("com.example.trail")),
    ("CFBundleShortVersionString", T.string("2.1")), ("CFBundleName", T.string("Trail")),
    ("NSCameraUsageDescription", T.string("Scans trail maps.")),
  ])

  @Test func diffIsInTheCommandTableHelpCompletionsAndManPage() {
    #expect(CommandTable.commands.contains { $0.subcommand == .diff && $0.name == "diff" })
    #expect(CLI.help(for: nil).contains("diff OLD NEW"))
    let help = CLI.help(for: .diff)
    for option in ["--format", "--fail-on", "--strict", "--platform", "--distribution"] {
      #expect(help.contains(option), "\(option)")
    }
    for shell in ShellCompletions.Shell.allCases {
      #expect(ShellCompletions.script(shell).contains("fail-on"), "\(shell)")
    }
    #expect(ShellCompletions.manPage().contains("fail\\-on"))
  }

  /// The heading of a project's generated Info.plist names the source file it comes from,
  /// never the path inside the .xcodeproj that no file has.
  @Test func aProjectsGeneratedInfoPlistIsHeadedByItsSourceFile() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    for (side, tree) in [("old", Self.old), ("new", Self.new)] {
      let folder = harness.folder.appendingPathComponent(side)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Trail.xcodeproj"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Trail"), withIntermediateDirectories: true)
      try Data(ProjectFixture.pbxproj().utf8).write(
        to: folder.appendingPathComponent("Trail.xcodeproj/project.pbxproj"))
      try Data(try XMLPlistWriter.write(tree)).write(
        to: folder.appendingPathComponent("Trail/Info.plist"))
    }
    let (old, new) = (harness.path("old"), harness.path("new"))
    let (_, console) = harness.run(["diff", old, new])
    let lines = console.outputText.split(separator: "\n").map(String.init)
    #expect(lines.contains("--- \(old)/Trail/Info.plist as the build generates it"))
    #expect(lines.contains("+++ \(new)/Trail/Info.plist as the build generates it (Info.plist)"))
    #expect(!console.outputText.contains("Trail.xcodeproj/Trail"))
    #expect(
      lines.contains {
        $0.hasPrefix("\(new)/Trail/Info.plist:") && $0.contains("changed CFBundleVersion")
      })
  }

  @Test func theTextReportGroupsChangesByFileWithTypedValuesAndBothLocations() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let a = try harness.writeXML(Self.old, named: "Old-Info.plist")
    let b = try harness.writeXML(Self.new, named: "Info.plist")
    let (status, console) = harness.run(["diff", a, b])
    let lines = console.outputText.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.contains("--- \(a)"))
    #expect(lines.contains("+++ \(b) (Info.plist)"))
    #expect(lines.contains("\(b):5:2: changed CFBundleVersion: String \"318\" → \"319\" (OLD 9:2)"))
    #expect(
      lines.contains("\(b):13:2: added NSCameraUsageDescription: String \"Scans trail maps.\""))
    #expect(lines.contains("\(a):13:2: removed UIFileSharingEnabled: Boolean true"))
    #expect(console.outputText.contains("1 file changed (3 changes); release checks: none failed"))
    #expect(status == 0)
  }

  @Test func theJSONReportHasAFormatVersionFilesChangesAndFindings() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let a = try harness.writeXML(Self.old, named: "a.plist")
    let b = try harness.writeXML(Self.new, named: "b.plist")
    let (status, console) = harness.run(["diff", a, b, "--format", "json"])
    #expect(status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(console.output)) as? [String: Any])
    #expect(object["formatVersion"] as? Int == 1)
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files.first?["status"] as? String == "changed")
    #expect(files.first?["role"] as? String == "infoPlist")
    let changes = try #require(files.first?["changes"] as? [[String: Any]])
    #expect(changes.map { $0["change"] as? String } == ["changed", "added", "removed"])
    let first = try #require(changes.first)
    #expect((first["old"] as? [String: Any])?["value"] as? String == "318")
    #expect((first["new"] as? [String: Any])?["line"] as? Int == 5)
    #expect((first["new"] as? [String: Any])?["type"] as? String == "string")
    let findings = try #require(object["findings"] as? [String: Any])
    #expect(findings["unchanged"] is Int)
    #expect((object["old"] as? [String: Any])?["kind"] as? String == "file")
  }

  @Test func failOnDecidesTheExitStatus() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    // An error both have (a malformed version), and a release check: the build number is the
    // same for the same version.
    let old = T.dict([
      ("CFBundleIdentifier", T.string("com.example.app")),
      ("CFBundleShortVersionString", T.string("1.0 beta")), ("CFBundleVersion", T.string("7")),
    ])
    try FileManager.default.createDirectory(
      atPath: harness.path("b"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: harness.path("a"), withIntermediateDirectories: true)
    let oldPath = try harness.writeXML(old, named: "a/Info.plist")
    let newPath = try harness.writeXML(old, named: "b/Info.plist")
    // The version does not parse, so no release check: only the unchanged error fails.
    #expect(harness.run(["diff", oldPath, newPath]).status == 1)
    #expect(harness.run(["diff", oldPath, newPath, "--fail-on", "new"]).status == 0)
    #expect(harness.run(["diff", oldPath, newPath, "--fail-on", "none"]).status == 0)
    // With a version that parses, the repeated build number is a new error.
    let good = T.dict([
      ("CFBundleIdentifier", T.string("com.example.app")),
      ("CFBundleShortVersionString", T.string("1.0")), ("CFBundleVersion", T.string("7")),
    ])
    let c = try harness.writeXML(good, named: "a/Info.plist")
    let d = try harness.writeXML(good, named: "b/Info.plist")
    let run = harness.run(["diff", c, d, "--fail-on", "new"])
    #expect(run.status == 1)
    #expect(run.console.outputText.contains("[build_number_not_increased] (ITMS-90189)"))
    #expect(harness.run(["diff", c, d, "--fail-on", "none"]).status == 0)
  }

  @Test func usageAndUnreadableInputs() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let a = try harness.writeXML(Self.old, named: "a.plist")
    #expect(harness.run(["diff", a]).status == 64)
    #expect(harness.run(["diff", a, a, a]).status == 64)
    #expect(harness.run(["diff", a, a, "--fail-on", "sometimes"]).status == 64)
    #expect(harness.run(["diff", a, a, "--bogus"]).status == 64)
    let missing = harness.run(["diff", a, harness.path("nothing.plist")])
    #expect(missing.status == 66)
    #expect(missing.console.errorText.contains("nothing.plist"))
    #expect(harness.run(["diff", "-", "-"]).status == 64)
  }

  @Test func textFromTheFilesIsEscaped() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let a = try harness.writeXML(T.dict([("Name", T.string("plain"))]), named: "a.plist")
    let b = try harness.writeXML(
      T.dict([("Name", T.string("evil\u{1B}[31m\u{202E}")), ("K\u{1B}", T.int(1))]),
      named: "b.plist")
    for format in ["text", "json"] {
      let (_, console) = harness.run(["diff", a, b, "--format", format])
      #expect(!console.output.contains(0x1B), "\(format)")
      #expect(!console.outputText.contains("\u{202E}"), "\(format)")
    }
    #expect(harness.run(["diff", a, b]).console.outputText.contains("\\e[31m\\u{202E}"))
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func aCorpusBundleAgainstItselfAndItsBinaryInfoPlistAgainstAnXMLTwin() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = Corpus.directory.appendingPathComponent("bundles/SaverApp.app").path
    let same = harness.run(["diff", app, app, "--fail-on", "none"])
    #expect(same.status == 0)
    #expect(same.console.outputText.contains("0 files changed (0 changes)"))
    #expect(same.console.outputText.contains("findings: 0 new, 0 resolved"))
    // SaverApp's Info.plist is binary; its XML twin, made here, is the same property list.
    let info = try PlistReader.read(
      bytes: try Corpus.bytes("bundles/SaverApp.app/Info.plist"))
    #expect(info.format == .binary)
    let twin = try harness.writeXML(info.root, named: "Info.plist")
    let twins = harness.run(["diff", app + "/Info.plist", twin, "--fail-on", "none"])
    #expect(twins.console.outputText.contains("0 files changed (0 changes)"))
    // The twin against the bundle: compared with the bundle's Info.plist alone.
    let mixed = harness.run(["diff", twin, app, "--format", "json", "--fail-on", "none"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(mixed.console.output)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.map { $0["status"] as? String } == ["unchanged"])
  }
}
