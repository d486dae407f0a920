import Foundation
import PlistBundle
import PlistCore
import PlistRules
import TestSupport
import Testing

@testable import PlistCLI

@Suite struct LintCommandTests {
  static let duplicate = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleName</key>
    \t<string>One</string>
    \t<key>CFBundleName</key>
    \t<string>Two</string>
    </dict>
    </plist>

    """

  func write(_ harness: CLIHarness, _ name: String, _ text: String) throws -> String {
    let path = harness.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func reportsFindingsAsCompilersDo() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(harness, "Info.plist", Self.duplicate)
    let (status, console) = harness.run(["lint", file])
    #expect(status == 0)  // a warning does not fail without --strict
    #expect(
      console.outputText
        == "\(file):4:2: warning: \"CFBundleName\" is written 2 times; Apple's XML parser keeps "
        + "the last (line 6) and ignores the one on line 4; lost with the ignored copy: \"One\" "
        + "[duplicate_key]\n\(file): linted as Info.plist: its name ends in Info.plist\n"
        + "0 errors, 1 warning, 0 notes\n")
    #expect(harness.run(["lint", file, "--strict"]).status == 1)
    let quiet = harness.run(["lint", file, "--min-severity", "error"])
    #expect(
      quiet.console.outputText
        == "\(file): linted as Info.plist: its name ends in Info.plist\n0 errors, 0 warnings, 0 notes\n"
    )
    let disabled = harness.run(["lint", file, "--disable", "duplicate_key", "--strict"])
    #expect(disabled.status == 0)
  }

  @Test func failsOnErrorsAndUnreadableFiles() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let array = try write(harness, "App.entitlements", "<plist><array/></plist>")
    let run = harness.run(["lint", array])
    #expect(run.status == 1)
    #expect(run.console.outputText.contains("error: the root of this entitlements is an array"))
    let bundle = harness.folder.appendingPathComponent("Broken.app")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try Data("<plist><dict><key>a</key></dict></plist>".utf8).write(
      to: bundle.appendingPathComponent("Info.plist"))
    let broken = harness.run(["lint", bundle.path])
    #expect(broken.status == 1)
    #expect(
      broken.console.outputText.hasPrefix("\(bundle.path)/Info.plist:1:26: error: missing value"))
    #expect(harness.run(["lint", harness.path("missing.plist")]).status == 66)
    #expect(harness.run(["lint"]).status == 64)
    #expect(harness.run(["lint", array, "--disable", "no_such_rule"]).status == 64)
  }

  /// An asset catalog given alone names each of its files in the report (a hostile tester's
  /// broken icon files were all reported under the catalog's path, and before that not at all).
  @Test func anAssetCatalogsBrokenIconFilesAreErrorsNamedByTheirPaths() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let catalog = harness.folder.appendingPathComponent("C.xcassets")
    for (folder, text) in [
      ("NaN.appiconset", #"{"images":[{"idiom":NaN}]}"#), ("Fine.appiconset", #"{"images":[]}"#),
    ] {
      let url = catalog.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url.appendingPathComponent("Contents.json"))
    }
    let run = harness.run(["lint", catalog.path])
    #expect(run.status == 1)
    #expect(
      run.console.outputText.hasPrefix(
        "\(harness.folder.path)/C.xcassets/NaN.appiconset/Contents.json: error: the app icon set "
          + "could not be read: "))
    #expect(run.console.outputText.contains("[unreadable_property_list]"))
    #expect(!run.console.outputText.contains("Fine.appiconset/Contents.json: error"))
  }

  @Test func writesSARIF210() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(harness, "Info.plist", Self.duplicate)
    let (status, console) = harness.run(["lint", file, "--format", "sarif"])
    #expect(status == 0)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(console.output)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == SARIFReport.schemaURI)
    let runs = try #require(log["runs"] as? [[String: Any]])
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "infoscope")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == ["duplicate_key"])
    #expect((rules[0]["helpUri"] as? String)?.hasPrefix("https://developer.apple.com/") == true)
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 1)
    #expect(results[0]["ruleId"] as? String == "duplicate_key")
    #expect(results[0]["ruleIndex"] as? Int == 0)
    #expect(results[0]["level"] as? String == "warning")
    let location = try #require((results[0]["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + file)
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 4)
    #expect(region["startColumn"] as? Int == 2)
    if SARIFSchema.isAvailable || SARIFSchema.isRequired {
      let errors = try SARIFSchema.errors([("writesSARIF210", console.output)])
      #expect(errors.isEmpty, "\(errors)")
    }
  }

  @Test func writesJSONAndGitHubAnnotations() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(harness, "Info.plist", Self.duplicate)
    let json = harness.run(["lint", file, "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.console.output)) as? [String: Any])
    #expect(report["formatVersion"] as? Int == 1)
    let items = try #require(report["findings"] as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items[0]["keyPath"] as? String == "CFBundleName")
    #expect(items[0]["line"] as? Int == 4)
    let github = harness.run(["lint", file, "--format", "github"])
    #expect(
      github.console.outputText.contains(
        "::warning file=\(file),line=4,col=2,title=duplicate_key::\"CFBundleName\" is written"))
    #expect(github.console.outputText.hasPrefix("::notice file=\(file),title=infoscope%3A role::"))
  }

  @Test func recordsABaselineThenReportsOnlyNewFindings() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(harness, "Info.plist", Self.duplicate)
    let baseline = harness.path("baseline.json")
    let record = harness.run(["lint", file, "--baseline", baseline, "--strict"])
    #expect(record.status == 0)
    #expect(record.console.errorText.contains("recorded 1 findings in the baseline"))
    let again = harness.run(["lint", file, "--baseline", baseline, "--strict"])
    #expect(again.status == 0)
    #expect(
      again.console.outputText
        == "\(file): linted as Info.plist: its name ends in Info.plist\n0 errors, 0 warnings, 0 notes\n"
    )
    _ = try write(
      harness, "Info.plist",
      Self.duplicate.replacingOccurrences(
        of: "<dict>",
        with: "<dict>\n\t<key>A</key><string>1</string>\n\t<key>A</key><string>2</string>"))
    let new = harness.run(["lint", file, "--baseline", baseline, "--strict"])
    #expect(new.status == 1)
    #expect(new.console.outputText.contains("\"A\" is written 2 times"))
    #expect(!new.console.outputText.contains("\"CFBundleName\""))
  }

  @Test func listsAndExplainsRules() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let rules = harness.run(["rules"])
    #expect(rules.status == 0)
    #expect(rules.console.outputText.contains("duplicate_key"))
    let markdown = harness.run(["rules", "--markdown"])
    #expect(markdown.console.outputText.hasPrefix("| rule | default severity | area |"))
    #expect(
      markdown.console.outputText.contains("\nEach severity is the default. The lint context"))
    let explain = harness.run(["explain", "duplicate_key"])
    #expect(explain.console.outputText.hasPrefix("Duplicate Key [duplicate_key]"))
    // Plain text for a terminal: no Markdown markers, lines within 80 columns.
    let rationale = harness.run(["explain", "missing_icon_name"]).console.outputText
    #expect(!rationale.contains("`") && !rationale.contains("**"))
    #expect(
      rationale.contains("  App Store Connect rejects an iOS upload without CFBundleIconName"))
    let prose = rationale.split(separator: "\n").filter { !$0.contains("https://") }
    #expect(prose.allSatisfy { $0.count <= 80 }, "\(prose.filter { $0.count > 80 })")
    let variant = harness.run(["explain", "UISupportedInterfaceOrientations~iPad"])
    #expect(variant.status == 0)
    #expect(
      variant.console.outputText.hasPrefix(
        "UISupportedInterfaceOrientations (Supported interface orientations)\n"
          + "  UISupportedInterfaceOrientations~iPad is the iPad variant of\n"))
    let key = harness.run(["explain", "Privacy - Camera Usage Description"])
    #expect(key.console.outputText.hasPrefix("NSCameraUsageDescription (Privacy - Camera Usage"))
    #expect(harness.run(["explain", "nothing_like_it"]).status == 1)
    let spoken = harness.run(["explain", "CFBundleSpokenName"])
    #expect(spoken.status == 0)
    #expect(
      spoken.console.outputText.hasPrefix("CFBundleSpokenName (Accessibility Bundle Name)\n"))
  }

  /// `explain ITMS-…` finds the rules that anticipate an App Store Connect error; the listing
  /// shows each rule's code.
  @Test func findsRulesByITMSCode() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let one = harness.run(["explain", "ITMS-90713"])
    #expect(one.status == 0)
    #expect(
      one.console.outputText.hasPrefix(
        "ITMS-90713 is anticipated by missing_icon_name\n\nMissing Icon Name [missing_icon_name]"))
    for spelling in ["itms-90713", "ITMS 90713", "90713"] {
      #expect(harness.run(["explain", spelling]).console.outputText == one.console.outputText)
    }
    let many = harness.run(["explain", "ITMS-90683"]).console.outputText
    #expect(many.hasPrefix("ITMS-90683 is anticipated by "))
    #expect(many.contains("  missing_purpose_string "))
    #expect(many.contains("  localized_purpose_string_without_base "))
    let none = harness.run(["explain", "ITMS-12345"])
    #expect(none.status == 1)
    #expect(
      String(decoding: none.console.errorOutput, as: UTF8.self).contains(
        "no rule anticipates ITMS-12345"))
    let listing = harness.run(["rules"]).console.outputText
    let line = try #require(
      listing.split(separator: "\n").first { $0.hasPrefix("missing_icon_name ") })
    #expect(line.hasSuffix("(ITMS-90713) [from iOS 11 SDK]"))
    for rule in RuleCatalog.all.map({ $0.description }) where rule.itms != nil {
      #expect(
        RuleCatalog.rules(itms: rule.itms!).contains {
          $0.description.identifier == rule.identifier
        })
    }
  }

  /// Run from inside the `.xcodeproj` (`lint .`), findings name files from where the user is:
  /// the project's folder is `..`, not the current folder.
  @Test func aProjectLintedFromInsideItsXcodeprojClimbsOut() {
    #expect(LintCommand.climbing(to: "/src/App", from: "/src/App/App.xcodeproj") == "..")
    #expect(
      LintCommand.climbing(to: "/src/App", from: "/src/App/App.xcodeproj/xcshareddata") == "../..")
    #expect(LintCommand.climbing(to: "/src/App", from: "/src/App") == ".")
    #expect(LintCommand.climbing(to: "/src/App", from: "/src/Apps/x") == "/src/App")
    let project = AppBundle(
      inputPath: "/src/App/App.xcodeproj/.", inputKind: .project, isBuilt: false)
    #expect(
      LintCommand.reportPath("/src/App/App.xcodeproj/.", project, "App.xcodeproj/project.pbxproj")
        == "/src/App/App.xcodeproj/project.pbxproj")
    #expect(
      LintCommand.reportPath("/src/App/App.xcodeproj", project, "App.xcodeproj/project.pbxproj")
        == "/src/App/App.xcodeproj/project.pbxproj")
  }
}

@Suite struct LintCommandDistributionTests {
  @Test func theDistributionAppliesToABareEntitlementsFileWithoutAPlatform() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(
      ["get-task-allow": true, "aps-environment": "development"], named: "App.entitlements")
    let plain = harness.run(["lint", file, "--format", "json"]).console.outputText
    #expect(!plain.contains("get_task_allow_in_distribution"))
    #expect(!plain.contains("development_push_environment"))
    for channel in ["app-store", "ad-hoc", "enterprise"] {
      let out = harness.run(["lint", file, "--distribution", channel]).console.outputText
      #expect(out.contains("[get_task_allow_in_distribution]"), "\(channel): \(out)")
      #expect(out.contains("[development_push_environment]"), "\(channel): \(out)")
    }
    let development = harness.run(["lint", file, "--distribution=development"])
    #expect(!development.console.outputText.contains("get_task_allow_in_distribution"))
  }
}

@Suite struct LintCommandNewcomerTests {
  @Test func aBaselineMatchesWhateverSpellingOfTheInputIsUsed() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = harness.folder.appendingPathComponent("Demo.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(LintCommandTests.duplicate.utf8).write(to: app.appendingPathComponent("Info.plist"))
    let baseline = harness.path("baseline.json")
    let first = harness.run(["lint", app.path, "--baseline", baseline, "--format", "json"])
    #expect(first.status == 0)
    // The recording run still prints its report.
    let report =
      try JSONSerialization.jsonObject(with: Data(first.console.output)) as? [String: Any]
    #expect((report?["findings"] as? [Any])?.isEmpty == false)
    let again = harness.run(["lint", app.path + "/", "--baseline", baseline, "--strict"])
    #expect(again.status == 0)
    #expect(again.console.outputText == "0 errors, 0 warnings, 0 notes\n")
  }

  @Test func unreadableFilesAreFindingsInEveryFormatAndInputsAreReportedOnce() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = harness.folder.appendingPathComponent("Bad.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data("<plist><dict><key>a</key></dict></plist>".utf8).write(
      to: app.appendingPathComponent("Info.plist"))
    let json = harness.run(["lint", app.path, "--format", "json"])
    #expect(json.status == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.console.output)) as? [String: Any])
    let items = try #require(report["findings"] as? [[String: Any]])
    #expect(items.map { $0["rule"] as? String } == ["unreadable_property_list"])
    #expect(items.first?["line"] as? Int == 1)
    let twice = harness.run(["lint", app.path, app.path])
    #expect(
      twice.console.outputText.components(separatedBy: "\n").filter { $0.contains("error:") }.count
        == 1)
  }

  /// A summary that already names its ITMS code is not given it twice (it was, in `rules` and
  /// the README's table, for missing_document_configuration and missing_bundle_name).
  @Test func rulesNameEachITMSCodeOnce() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    for format in [["rules"], ["rules", "--markdown"]] {
      let out = harness.run(format).console.outputText
      let line = try #require(
        out.components(separatedBy: "\n").first { $0.contains("missing_document_configuration") })
      #expect(line.components(separatedBy: "ITMS-90737").count == 2, "\(line)")
      // A summary without its code still gets it.
      let other = try #require(
        out.components(separatedBy: "\n").first {
          $0.contains("`missing_icon_name`") || $0.hasPrefix("missing_icon_name ")
        })
      #expect(other.contains("(ITMS-90713)"), "\(other)")
    }
  }

  /// An `.ipa` whose Info.plist entry is encrypted or LZMA-compressed (which Debian's libzip
  /// cannot read) fails lint with the reason, instead of passing with 0 errors.
  @Test func anIPAWhoseInfoPlistCannotBeDecompressedFails() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let info = "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>"
    let encrypted = try ZipBuilder().file(
      "Payload/App.app/Info.plist", text: info, method: .aes256(password: "p")
    ).build()
    let stored = try ZipBuilder().file("Payload/App.app/Info.plist", text: info, method: .store)
      .build()
    let lzma = ZipBuilder.patchCompressionMethod(
      stored, entry: "Payload/App.app/Info.plist", to: 14)
    for (name, bytes) in [("Locked.ipa", encrypted), ("LZMA.ipa", lzma)] {
      try Data(bytes).write(to: URL(fileURLWithPath: harness.path(name)))
      let result = harness.run(["lint", harness.path(name)])
      #expect(result.status == 1, "\(name)")
      let errors = result.console.outputText.components(separatedBy: "\n")
        .filter { $0.contains("error:") && $0.contains("[unreadable_property_list]") }
      #expect(errors.count == 1, "\(name): \(result.console.outputText)")
    }
  }

  /// An `.ipa` with no app in `Payload`, and an entry that climbs out with `..`, once passed
  /// with "0 errors": each is now an `unreadable_input` error, and lint fails.
  @Test func anIPAWithNoAppAndASkippedEntryFails() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let placeholder = try ZipBuilder().file("Payload2/x.txt", text: "hi")
      .file("Xevil.txt", text: "x").build()
    let bytes = ZipBuilder.patchName(placeholder, "Xevil.txt", Array("/evil.txt".utf8))
    try Data(bytes).write(to: URL(fileURLWithPath: harness.path("Empty.ipa")))
    let result = harness.run(["lint", harness.path("Empty.ipa")])
    #expect(result.status == 1)
    let lines = result.console.outputText.components(separatedBy: "\n")
      .filter { $0.contains("[unreadable_input]") }
    #expect(lines.count == 2, "\(result.console.outputText)")
    #expect(
      lines.contains {
        $0.hasSuffix(
          "Empty.ipa/Payload: error: the .ipa holds no Payload/*.app folder [unreadable_input]")
      })
    #expect(result.console.outputText.contains("2 errors, 0 warnings, 0 notes"))
  }
}

@Suite struct ConvertContainerTests {
  @Test func convertRefusesABundleAndSaysWhatToDoInstead() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = harness.folder.appendingPathComponent("Demo.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data("<plist><dict/></plist>".utf8).write(to: app.appendingPathComponent("Info.plist"))
    let run = harness.run(["convert", app.path, "--to", "json"])
    #expect(run.status == 64)
    #expect(
      run.console.errorText.hasPrefix(
        "\(app.path): error: this input holds more than one property list; convert takes one"))
  }
}
