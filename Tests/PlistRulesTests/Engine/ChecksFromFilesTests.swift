import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The issue 12 item 3 checks where a single-file example cannot show the case: a project's
/// settings, the bytes of a file, the lines a finding names.
@Suite struct ChecksFromFilesTests {
  /// A project with one iOS app target (`App`, configuration `Release`) whose target settings
  /// are `settings`, as Xcode writes `project.pbxproj`.
  static func project(_ settings: String) -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tR1 = {
    \t\t\tisa = PBXProject;
    \t\t\tbuildConfigurationList = PL;
    \t\t\ttargets = (N1, );
    \t\t};
    \t\tPL = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (P1, );
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t\tP1 = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tSDKROOT = iphoneos;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\tN1 = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = TL;
    \t\t\tname = App;
    \t\t\tproductName = App;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\tTL = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (T1, );
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t\tT1 = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \(settings)
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t};
    \trootObject = R1;
    }

    """
  }

  func lint(_ files: [String: String]) -> [Finding] {
    let tree = MemoryTree(
      name: "App", files: files.mapValues { [UInt8]($0.utf8) })
    let input = ProjectInput.load(tree: tree, projects: ["App.xcodeproj"], inputPath: "App")
    return Linter().lint(input)
  }

  @Test func anIneffectiveSettingIsReportedOnItsLineInTheProjectFile() throws {
    let settings = """
      \t\t\t\tGENERATE_INFOPLIST_FILE = NO;
      \t\t\t\tINFOPLIST_FILE = App/Info.plist;
      \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = Trails;
      """
    let found = lint([
      "App.xcodeproj/project.pbxproj": Self.project(settings),
      "App/Info.plist": "<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>",
    ]).filter { $0.ruleID == "ineffective_infoplist_key_setting" }
    #expect(found.map(\.file) == ["App.xcodeproj/project.pbxproj"])
    let text = Self.project(settings).split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(text.firstIndex { $0.contains("INFOPLIST_KEY_CFBundleDisplayName") })
    #expect(found.map(\.line) == [line + 1])
    #expect(found.map(\.severity) == [.warning])
    #expect(found.first?.fix == nil)
    #expect(found.first?.noFixReason?.contains("read") == true)
  }

  @Test func anXCConfigThatTheProjectReadsDecides() {
    let settings = """
      \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = Trails;
      """
    // The target's configuration is based on App.xcconfig (the Xcode 16 folder form).
    let project = Self.project(settings).replacingOccurrences(
      of: "\t\t\tname = Release;\n\t\t};\n\t};",
      with: "\t\t\tbaseConfigurationReferenceAnchor = G1;\n"
        + "\t\t\tbaseConfigurationReferenceRelativePath = App.xcconfig;\n"
        + "\t\t\tname = Release;\n\t\t};\n"
        + "\t\tG1 = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n"
        + "\t\t\tpath = Config;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n\t};")
    func found(_ xcconfig: String?) -> [Finding] {
      var files = ["App.xcodeproj/project.pbxproj": project]
      if let xcconfig { files["Config/App.xcconfig"] = xcconfig }
      return lint(files).filter { $0.ruleID == "ineffective_infoplist_key_setting" }
    }
    #expect(found("GENERATE_INFOPLIST_FILE = NO\n").map(\.severity) == [.warning])
    #expect(found("GENERATE_INFOPLIST_FILE = YES\n").isEmpty)
    // The .xcconfig is missing: nothing can be said.
    #expect(found(nil).isEmpty)
  }

  @Test func aGeneratedInfoPlistMakesTheSettingCount() {
    let settings = """
      \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
      \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = Trails;
      """
    let found = lint(["App.xcodeproj/project.pbxproj": Self.project(settings)])
    #expect(!found.contains { $0.ruleID == "ineffective_infoplist_key_setting" })
  }

  @Test func theLaunchScreenKeyIsCheckedAgainstTheTargetsDeploymentSetting() {
    func found(_ target: String) -> [Finding] {
      lint([
        "App.xcodeproj/project.pbxproj": Self.project(
          """
          \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
          \t\t\t\tINFOPLIST_KEY_UILaunchScreen_Generation = YES;
          \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \(target);
          """)
      ]).filter { $0.ruleID == "launch_screen_below_ios_14" }
    }
    let old = found("13.0")
    #expect(old.map(\.keyPath.description) == ["UILaunchScreen"])
    #expect(old.first?.message.contains("IPHONEOS_DEPLOYMENT_TARGET is 13.0") == true)
    #expect(found("15.0").isEmpty)
  }

  @Test func aHandWrittenMinimumOSVersionThatDisagreesWithTheTargetIsAWarningInTheFile() {
    func found(_ target: String) -> [Finding] {
      lint([
        "App.xcodeproj/project.pbxproj": Self.project(
          """
          \t\t\t\tINFOPLIST_FILE = App/Info.plist;
          \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \(target);
          """),
        "App/Info.plist": """
        <plist><dict><key>CFBundleExecutable</key><string>App</string>
        <key>MinimumOSVersion</key><string>15.0</string></dict></plist>
        """,
      ]).filter { $0.ruleID == "hand_written_minimum_os_version" }
    }
    let disagreeing = found("17.0")
    #expect(disagreeing.map(\.file) == ["App/Info.plist"])
    #expect(disagreeing.map(\.line) == [2])
    #expect(disagreeing.map(\.severity) == [.warning])
    #expect(disagreeing.first?.message.contains("IPHONEOS_DEPLOYMENT_TARGET = 17.0") == true)
    #expect(found("15.0").map(\.severity) == [.note])
  }

  @Test func aByteOrderMarkIsNotedInAFileReadFromDisk() throws {
    let folder = try TemporaryFolder("bom").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><dict/></plist>"
    let marked = folder.appendingPathComponent("Marked.entitlements")
    try Data([0xEF, 0xBB, 0xBF] + Array(plain.utf8)).write(to: marked)
    let clean = folder.appendingPathComponent("Clean.entitlements")
    try Data(plain.utf8).write(to: clean)
    let linter = Linter()
    let markedFindings = try linter.lint(BundleLoader.load(path: marked.path))
      .filter { $0.ruleID == "byte_order_mark" }
    #expect(markedFindings.map(\.line) == [1])
    #expect(markedFindings.first?.message.contains("UTF-8 byte-order mark") == true)
    let cleanFindings = try linter.lint(BundleLoader.load(path: clean.path))
    #expect(!cleanFindings.contains { $0.ruleID == "byte_order_mark" })
  }

  @Test func aDuplicateURLTypesKeyNamesBothLinesAndTheLostScheme() throws {
    let xml = """
      <plist><dict>
      <key>CFBundleURLTypes</key>
      <array><dict><key>CFBundleURLSchemes</key><array><string>trails</string></array></dict></array>
      <key>CFBundleURLTypes</key>
      <array><dict><key>CFBundleURLSchemes</key><array><string>fb123</string></array></dict></array>
      </dict></plist>
      """
    let document = try PlistReader.read(bytes: Array(xml.utf8))
    let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: document.root)
    let found = Linter(rules: [DuplicateKeyRule()]).lint(subject)
    let message = try #require(found.first?.message)
    #expect(message.contains("keeps the last (line 4)"))
    #expect(message.contains("ignores the one on line 2"))
    #expect(message.contains("URL scheme \"trails\""))
    #expect(!message.contains("fb123"))
    #expect(found.first?.line == 2)
  }

  @Test func duplicateCopiesThatAgreeLoseNothing() throws {
    let xml = """
      <plist><dict><key>CFBundleName</key><string>One</string>
      <key>CFBundleName</key><string>One</string></dict></plist>
      """
    let document = try PlistReader.read(bytes: Array(xml.utf8))
    let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: document.root)
    let found = Linter(rules: [DuplicateKeyRule()]).lint(subject)
    #expect(found.first?.message.contains("nothing is lost") == true)
  }

  /// A hostile file: 2,000 nested dictionaries, each writing a key twice.
  ///
  /// The first 100 copies are findings with their key paths, one more finding at the root counts the other 1,900
  /// (100,000 levels made findings of 50,000-step paths on average, and `lint` ran out of
  /// memory).
  @Test func duplicatesPastTheFirstHundredAreCounted() throws {
    let depth = 2_000
    let xml =
      "<plist>"
      + String(repeating: "<dict><key>a</key><true/><key>a</key><false/><key>n</key>", count: depth)
      + "<true/>" + String(repeating: "</dict>", count: depth) + "</plist>"
    let document = try PlistReader.read(bytes: Array(xml.utf8))
    let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: document.root)
    // On a large stack, as `lint` runs rules: the rule's walk recurses once per level.
    let found = LargeStack.run { Linter(rules: [DuplicateKeyRule()]).lint(subject) }
    #expect(found.count == DuplicateKeyRule.maxFindings + 1)
    let listed = found.filter { !$0.keyPath.isRoot }
    #expect(listed.count == 100)
    #expect(listed.map(\.keyPath.components.count).max() == 100)
    let summary = try #require(found.first { $0.keyPath.isRoot })
    #expect(summary.message.hasPrefix("1900 more keys are written more than once"))
    // Exactly at the limit, nothing is counted.
    let hundred =
      "<plist>"
      + String(repeating: "<dict><key>a</key><true/><key>a</key><false/><key>n</key>", count: 100)
      + "<true/>" + String(repeating: "</dict>", count: 100) + "</plist>"
    let atLimit = LintSubject(
      path: "Info.plist", role: .infoPlist,
      root: try PlistReader.read(bytes: Array(hundred.utf8)).root)
    #expect(LargeStack.run { Linter(rules: [DuplicateKeyRule()]).lint(atLimit) }.count == 100)
  }

  @Test func locationUsageDescriptionAloneDoesNotSatisfyAnIOSLocationMode() throws {
    // The macOS key alone leaves an iOS app that uses location in the background without the
    // purpose string iOS reads.
    let example = RuleExample(
      [
        "UIBackgroundModes": ["location"],
        "NSLocationUsageDescription": "Shows nearby stores.",
      ], context: LintContext(platforms: [.iOS]))
    let subject = LintSubject(
      path: "Info.plist", role: .infoPlist, root: example.root, context: example.context)
    let found = Linter(rules: [MissingPurposeStringRule()]).lint(subject)
    #expect(found.map(\.keyPath.description) == ["UIBackgroundModes[0]"])
    #expect(found.first?.message.hasPrefix("NSLocationWhenInUseUsageDescription") == true)
    let mac = LintSubject(
      path: "Info.plist", role: .infoPlist, root: example.root,
      context: LintContext(platforms: [.macOS]))
    #expect(Linter(rules: [MissingPurposeStringRule()]).lint(mac).isEmpty)
  }
}
