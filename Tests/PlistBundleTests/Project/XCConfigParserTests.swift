import PlistBundle
import Testing

@Suite struct XCConfigParserTests {
  @Test func reportsCyclesMissingIncludesAndBadLines() {
    let tree = MemoryFileTree([
      "a.xcconfig": "#include \"b.xcconfig\"\nA = 1\n#include \"gone.xcconfig\"\nnot a setting\n",
      "b.xcconfig": "#include \"a.xcconfig\"\nB = 2 // comment\n",
    ])
    var issues: [BundleError] = []
    let out = XCConfigParser.assignments(
      path: "a.xcconfig", level: .targetXCConfig, files: tree, issues: &issues)
    #expect(out.map(\.name) == ["B", "A"])
    #expect(out.map(\.value) == ["2", "1"])
    #expect(out.map(\.origin.description) == ["b.xcconfig:2", "a.xcconfig:2"])
    #expect(
      issues.map(\.message) == [
        "expected NAME = value or #include on line 4",
        "#include on line 1 includes a.xcconfig again (a cycle)",
        "#include on line 3 names gone.xcconfig, which is missing",
      ])
  }

  /// Each file including the next three, 15 levels deep, once made `files` and `lint` run for
  /// ever (3^15 reads): expansion stops at `maxIncludeExpansions` files and says so once.
  @Test func includesThatFanOutAreBoundedAndReported() {
    var files: [String: String] = [:]
    for level in 0..<15 {
      let next = (0..<3).map { _ in "#include \"l\(level + 1).xcconfig\"\n" }.joined()
      files["l\(level).xcconfig"] = next + "L\(level) = \(level)\n"
    }
    files["l15.xcconfig"] = "LAST = yes\n"
    var issues: [BundleError] = []
    let out = XCConfigParser.assignments(
      path: "l0.xcconfig", level: .targetXCConfig, files: MemoryFileTree(files), issues: &issues)
    #expect(out.count <= XCConfigParser.maxIncludeExpansions)
    #expect(out.contains { $0.name == "L0" })
    let limits = issues.filter { $0.kind == .limitExceeded }
    #expect(limits.count == 1)
    #expect(
      limits.first?.message.hasSuffix(
        "were not read: the includes expand to more than 1000 files") == true)
  }

  @Test func parsesConditionalKeys() throws {
    let key = try #require(BuildSettingAssignment.parseKey("NAME[sdk=iphoneos*][arch=arm64]"))
    #expect(key.name == "NAME")
    #expect(
      key.conditions == [
        SettingCondition(key: "sdk", pattern: "iphoneos*"),
        SettingCondition(key: "arch", pattern: "arm64"),
      ])
    #expect(BuildSettingAssignment.parseKey("NAME[sdk=x") == nil)
    #expect(SettingCondition(key: "sdk", pattern: "iphone*").matches("iphoneos17.2"))
    #expect(!SettingCondition(key: "sdk", pattern: "iphoneos*").matches("iphonesimulator"))
    #expect(SettingCondition(key: "sdk", pattern: "mac?sx*").matches("macosx"))
  }
}
