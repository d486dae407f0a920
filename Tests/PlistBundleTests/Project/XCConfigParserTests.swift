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
