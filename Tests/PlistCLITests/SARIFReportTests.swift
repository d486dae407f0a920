import Foundation
import PlistCore
import PlistRules
import TestSupport
import Testing

@testable import PlistCLI

/// SARIF and annotations that tools accept (issue 13, item 5): every log the tests make is
/// valid against the OASIS schema, URIs are percent-encoded, locations are files that exist.
@Suite struct SARIFReportTests {
  /// A small Xcode project: `Demo` generates its Info.plist from build settings only,
  /// `Widget` has an `INFOPLIST_FILE`.
  static let pbxproj = """
    // !$*UTF8*$!
    {
      archiveVersion = 1;
      objectVersion = 77;
      objects = {
        P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1, T2); };
        G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
        PD = { isa = XCBuildConfiguration; buildSettings = {
            SDKROOT = iphoneos;
          }; name = Debug; };
        T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = Demo; productType = "com.apple.product-type.application"; };
        TL = { isa = XCConfigurationList; buildConfigurations = (TD); defaultConfigurationName = Debug; };
        TD = { isa = XCBuildConfiguration; buildSettings = {
            GENERATE_INFOPLIST_FILE = YES;
            INFOPLIST_KEY_NSCameraUsageDescription = "";
            PRODUCT_BUNDLE_IDENTIFIER = "com.example.demo";
            PRODUCT_NAME = Demo;
            SDKROOT = iphoneos;
          }; name = Debug; };
        T2 = { isa = PBXNativeTarget; buildConfigurationList = T2L; name = Widget; productType = "com.apple.product-type.application"; };
        T2L = { isa = XCConfigurationList; buildConfigurations = (T2D); defaultConfigurationName = Debug; };
        T2D = { isa = XCBuildConfiguration; buildSettings = {
            GENERATE_INFOPLIST_FILE = NO;
            INFOPLIST_FILE = "Widget Files/Info.plist";
            SDKROOT = iphoneos;
          }; name = Debug; };
      };
      rootObject = P1;
    }
    """

  static let widgetInfo = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleName</key><string>Wïdget</string><key>NSCameraUsageDescription</key><string></string>
    </dict>
    </plist>

    """

  /// Writes the project into `folder` (whose name holds a space, `%` and `#`).
  static func project(_ harness: CLIHarness) throws -> String {
    let root = harness.path("My %Proj# dir")
    try FileManager.default.createDirectory(
      atPath: root + "/Demo.xcodeproj", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/Widget Files", withIntermediateDirectories: true)
    try Data(pbxproj.utf8).write(to: URL(fileURLWithPath: root + "/Demo.xcodeproj/project.pbxproj"))
    try Data(widgetInfo.utf8).write(to: URL(fileURLWithPath: root + "/Widget Files/Info.plist"))
    return root
  }

  static func json(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  static func results(_ log: [String: Any]) throws -> [[String: Any]] {
    let runs = try #require(log["runs"] as? [[String: Any]])
    return try #require(runs.first?["results"] as? [[String: Any]])
  }

  /// The file a result's location names, decoded from its URI (relative ones against the
  /// working folder, as `%SRCROOT%` says).
  static func file(_ result: [String: Any]) throws -> String {
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    let uri = try #require(artifact["uri"] as? String)
    let decoded = try #require(uri.removingPercentEncoding)
    if decoded.hasPrefix("file://") { return String(decoded.dropFirst("file://".count)) }
    #expect(artifact["uriBaseId"] as? String == SARIFReport.baseID)
    return FileManager.default.currentDirectoryPath + "/" + decoded
  }

  @Test(.enabled(if: SARIFSchema.isAvailable || SARIFSchema.isRequired, SARIFSchema.absentComment))
  func everySARIFTheTestsMakeIsValidAgainstTheOASISSchema() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let project = try Self.project(harness)
    let hostile = try HostileOutputTests.makeFiles(harness)
    let clean = harness.path("Clean.plist")
    try Data("<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>".utf8).write(
      to: URL(fileURLWithPath: clean))
    let baseline = harness.path("baseline.json")
    _ = harness.run(["lint", project, "--baseline", baseline])
    var logs: [(name: String, bytes: [UInt8])] = []
    for (name, arguments) in [
      ("project", ["lint", project, "--format", "sarif"]),
      ("project with baseline", ["lint", project, "--baseline", baseline, "--format", "sarif"]),
      ("no findings", ["lint", clean, "--format", "sarif"]),
      ("hostile file", ["lint", hostile.plist, "--format", "sarif"]),
      ("hostile bundle", ["lint", hostile.app, "--format", "sarif"]),
      ("hostile ipa", ["lint", hostile.ipa, "--format", "sarif"]),
      ("unreadable", ["lint", hostile.badXML, "--format", "sarif"]),
      ("demo (signed entitlements)", ["lint", "--demo", "--format", "sarif"]),
      ("stdin", ["lint", "-", "--format", "sarif"]),
    ] {
      let run = harness.run(arguments, input: Array(LintCommandTests.duplicate.utf8))
      #expect(!run.console.output.isEmpty, "\(name)")
      logs.append((name, run.console.output))
    }
    let errors = try SARIFSchema.errors(logs)
    #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
    // The validator does fail: a log with an empty helpUri, as the old writer made, is refused.
    var broken = try Self.json(logs[0].bytes)
    var runs = try #require(broken["runs"] as? [[String: Any]])
    var tool = try #require(runs[0]["tool"] as? [String: Any])
    var driver = try #require(tool["driver"] as? [String: Any])
    var rules = try #require(driver["rules"] as? [[String: Any]])
    rules[0]["helpUri"] = ""
    driver["rules"] = rules
    tool["driver"] = driver
    runs[0]["tool"] = tool
    broken["runs"] = runs
    let brokenBytes = Array(try JSONSerialization.data(withJSONObject: broken))
    #expect(!(try SARIFSchema.errors([("empty helpUri", brokenBytes)])).isEmpty)
  }

  @Test func aProjectsFindingsPointAtFilesThatExistWithEncodedURIs() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let project = try Self.project(harness)
    let log = try Self.json(harness.run(["lint", project, "--format", "sarif"]).console.output)
    #expect(log["$schema"] as? String == SARIFReport.schemaURI)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["informationUri"] == nil)
    for rule in try #require(driver["rules"] as? [[String: Any]]) {
      #expect((rule["helpUri"] as? String)?.hasPrefix("https://") ?? true, "\(rule)")
    }
    let results = try Self.results(log)
    #expect(results.count >= 3)
    var files: Set<String> = []
    for result in results {
      let file = try Self.file(result)
      files.insert(URL(fileURLWithPath: file).lastPathComponent)
      #expect(FileManager.default.fileExists(atPath: file), "\(file) does not exist")
      let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
      #expect(fingerprints[SARIFReport.fingerprintKey]?.isEmpty == false)
    }
    #expect(files == ["project.pbxproj", "Info.plist"])
    let text = String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self)
    #expect(text.contains("My%20%25Proj%23%20dir"))
    #expect(!text.contains("Demo.xcodeproj/Demo/Info.plist"))
    // The camera setting's finding is on its line in the project file.
    let camera = try #require(
      results.first {
        ($0["message"] as? [String: Any])?["text"] as? String != nil
          && (try? Self.file($0))?.hasSuffix("project.pbxproj") == true
          && $0["ruleId"] as? String == "blank_purpose_string"
      })
    let region = try #require(
      ((camera["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 16)
    // The same findings give the same fingerprints on a second run, however the path is
    // spelt.
    let relative = try Self.results(
      Self.json(
        Array(
          try EndToEndTests.runBinary(
            ["lint", "./My %Proj# dir", "--format", "sarif"], in: harness.folder
          ).output)))
    let plain = try Self.results(
      Self.json(
        Array(
          try EndToEndTests.runBinary(
            ["lint", "My %Proj# dir", "--format", "sarif"], in: harness.folder
          ).output)))
    #expect(!plain.isEmpty)
    #expect(
      relative.map { $0["partialFingerprints"] as? [String: String] }
        == plain.map { $0["partialFingerprints"] as? [String: String] })
    // The same findings give the same fingerprints on a second run.
    let again = try Self.results(
      Self.json(harness.run(["lint", project, "--format", "sarif"]).console.output))
    #expect(
      again.map { $0["partialFingerprints"] as? [String: String] }
        == results.map { $0["partialFingerprints"] as? [String: String] })
  }

  @Test func gitHubAnnotationsOfAProjectPointAtFilesThatExist() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let project = try Self.project(harness)
    let run = harness.run(["lint", project, "--format", "github"])
    let lines = run.console.outputText.split(separator: "\n")
    #expect(lines.count >= 3)
    for line in lines {
      // `::error file=…,line=…,title=…::message`; the file may hold spaces, not commas.
      let command = try #require(
        line.split(separator: "::", omittingEmptySubsequences: false).dropFirst().first)
      let properties = try #require(command.split(separator: " ", maxSplits: 1).last)
      let file = try #require(properties.split(separator: ",").first)
      #expect(file.hasPrefix("file="))
      let path = String(file.dropFirst("file=".count)).replacingOccurrences(of: "%2C", with: ",")
        .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%25", with: "%")
      #expect(FileManager.default.fileExists(atPath: path), "\(line)")
    }
    // Columns in characters: the "ï" before the empty string is two bytes but one column
    // (the text report says byte 84, as compilers count).
    #expect(run.console.outputText.contains("Widget Files/Info.plist,line=4,col=83,"))
    #expect(
      harness.run(["lint", project]).console.outputText.contains("Widget Files/Info.plist:4:84:"))
  }

  @Test func findingsInsideAnIpaPointAtTheArchive() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let ipa = harness.path("App.ipa")
    try Data(try ZipBuilder.ipa(infoPlist: LintCommandTests.duplicate)).write(
      to: URL(fileURLWithPath: ipa))
    let github = harness.run(["lint", ipa, "--format", "github"]).console.outputText
    let line = try #require(github.split(separator: "\n").first { $0.contains("duplicate_key") })
    #expect(line.hasPrefix("::warning file=\(ipa),title=duplicate_key::"))
    #expect(line.hasSuffix("(in \(ipa)/Payload/App.app/Info.plist:4:2)"))
    let log = try Self.json(harness.run(["lint", ipa, "--format", "sarif"]).console.output)
    let result = try #require(
      try Self.results(log).first { $0["ruleId"] as? String == "duplicate_key" })
    #expect(try Self.file(result) == ipa)
    let physical = try #require(
      (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect(physical["region"] == nil)
  }

  @Test func aBaselinedFindingIsASuppressedResult() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let project = try Self.project(harness)
    let baseline = harness.path("baseline.json")
    _ = harness.run(["lint", project, "--baseline", baseline])
    let run = harness.run(["lint", project, "--baseline", baseline, "--format", "sarif"])
    #expect(run.status == 0)
    let results = try Self.results(Self.json(run.console.output))
    #expect(!results.isEmpty)
    for result in results {
      let suppressions = try #require(result["suppressions"] as? [[String: Any]])
      #expect(suppressions.first?["kind"] as? String == "external")
    }
  }

  @Test func signedEntitlementsAreReportedAtTheExecutable() throws {
    let finding = Finding(
      ruleID: "duplicate_key", severity: .warning, file: "App#entitlements", keyPath: .root,
      message: "m", url: "https://developer.apple.com/documentation/bundleresources/entitlements")
    let reported = LintCommand.Reported(finding: finding, path: "My App.app/App#entitlements")
    let log = try Self.json(Array(SARIFReport.log([reported], workingFolder: "/w").utf8))
    let result = try #require(try Self.results(log).first)
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let artifact = try #require(
      (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == "My%20App.app/App")
    #expect(artifact["description"] != nil)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let bases = try #require(run["originalUriBaseIds"] as? [String: [String: Any]])
    #expect(bases[SARIFReport.baseID]?["uri"] as? String == "file:///w/")
  }

  @Test func theUnreadableRuleIsARuleLikeTheOthers() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let bad = harness.path("Bad.plist")
    try Data("<plist><dict><key>a</key></dict></plist>".utf8).write(to: URL(fileURLWithPath: bad))
    #expect(harness.run(["rules"]).console.outputText.contains("unreadable_property_list"))
    #expect(harness.run(["explain", "unreadable_property_list"]).status == 0)
    let found = harness.run(["lint", bad, "--format", "sarif"])
    #expect(found.status == 1)
    let log = try Self.json(found.console.output)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rule = try #require((driver["rules"] as? [[String: Any]])?.first)
    #expect(rule["id"] as? String == "unreadable_property_list")
    #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
    #expect(try Self.results(log).first?["level"] as? String == "error")
    let disabled = harness.run(["lint", bad, "--disable", "unreadable_property_list"])
    #expect(disabled.status == 0)
    #expect(
      disabled.console.outputText.hasSuffix(
        ": linted as property list: neither its name nor its keys mark it as an Info.plist, entitlements or privacy manifest; give --role to lint it as one\n0 errors, 0 warnings, 0 notes\n"
      ))
  }

  @Test func jsonReportsLeaveOutPositionsTheyDoNotHave() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let project = try Self.project(harness)
    let report = try Self.json(harness.run(["lint", project, "--format", "json"]).console.output)
    #expect(report["formatVersion"] as? Int == LintReport.jsonFormatVersion)
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(!findings.isEmpty)
    #expect(findings.allSatisfy { ($0["line"] as? Int).map { $0 > 0 } ?? true })
    #expect(
      findings.allSatisfy { ["error", "warning", "note"].contains($0["severity"] as? String) })
  }
}

/// Running the command with no files of its own.
enum CLIHarnessless {
  static func run(_ arguments: [String]) -> (status: Int32, output: [UInt8]) {
    let console = BufferConsole()
    let status = CLI.run(arguments, console: console)
    return (status, console.output)
  }
}
