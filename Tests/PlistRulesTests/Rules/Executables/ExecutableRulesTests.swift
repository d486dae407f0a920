import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The executable and nested-bundle rules over bundles the walker reads, with the day of the
/// lint given by the configuration.
@Suite struct ExecutableRulesTests {
  static func info(_ entries: [(String, String)]) -> [UInt8] {
    var body = ""
    for (key, value) in entries { body += "<key>\(key)</key><string>\(value)</string>" }
    return Array("<plist><dict>\(body)</dict></plist>".utf8)
  }

  static func lint(
    _ files: [String: [UInt8]], on day: CalendarDay, rule: String
  ) -> [Finding] {
    let app = BundleWalker(tree: MemoryTree(name: "A.app", files: files))
      .walk("", kind: .application)
    let input = AppBundle(inputPath: "A.app", inputKind: .bundle, isBuilt: true, bundles: [app])
    var configuration = LintConfiguration()
    configuration.date = day
    return Linter(configuration: configuration).lint(input).filter { $0.ruleID == rule }
  }

  /// A built iOS app (its executable `A` left out: only the Info.plist matters here).
  static let iOS185 = [
    "Info.plist": info([
      ("CFBundleIdentifier", "com.example.a"), ("CFBundleExecutable", "A"),
      ("DTSDKName", "iphoneos18.5"),
      ("DTPlatformName", "iphoneos"), ("DTXcode", "1640"),
    ])
  ]

  @Test func theSDKMinimumDependsOnTheDayOfTheLint() throws {
    let before = Self.lint(Self.iOS185, on: CalendarDay(2026, 2, 3), rule: "sdk_below_minimum")
    #expect(before.map(\.severity) == [.warning])
    #expect(
      before.first?.message
        == "the app was built with the iOS 18.5 SDK (DTSDKName iphoneos18.5) and with Xcode "
        + "16.4 (DTXcode); from April 28, 2026 App Store Connect requires the iOS 26 SDK or "
        + "later and Xcode 26 or later (until then it only warns): build it with a current "
        + "Xcode")
    let after = Self.lint(Self.iOS185, on: CalendarDay(2026, 12, 2), rule: "sdk_below_minimum")
    #expect(after.map(\.severity) == [.error])
    #expect(after.first?.keyPath == KeyPath([.key("DTSDKName")]))
    #expect(after.first?.message.contains("since April 28, 2026") == true)
    let earlier = Self.lint(Self.iOS185, on: CalendarDay(2025, 1, 1), rule: "sdk_below_minimum")
    #expect(earlier.isEmpty)
  }

  @Test func theTableReadsSDKNamesAndXcodeVersions() throws {
    #expect(SDKRequirements.platform(ofSDKName: "iphonesimulator11.4") == .iOS)
    #expect(SDKRequirements.platform(ofSDKName: "appletvos17.0") == .tvOS)
    #expect(SDKRequirements.platform(ofSDKName: "xros2.0") == .visionOS)
    #expect(SDKRequirements.platform(ofSDKName: "macosx15.0") == nil)
    #expect(SDKRequirements.version(ofSDKName: "iphoneos18.2") == "18.2")
    #expect(SDKRequirements.xcode("0941")?.spelled == "9.4.1")
    #expect(SDKRequirements.xcode("2610")?.major == 26)
    #expect(SDKRequirements.xcode("16") == nil)
    let (current, next) = SDKRequirements.requirements(for: .visionOS, on: CalendarDay(2025, 5, 1))
    #expect(current?.sdk == "2.0")
    #expect(next?.since == CalendarDay(2026, 4, 28))
    // The steps are in date order, each with an Apple page.
    let days = SDKRequirements.all.map(\.since)
    #expect(days == days.sorted())
    #expect(SDKRequirements.all.allSatisfy { $0.url.hasPrefix("https://developer.apple.com/") })
  }

  @Test func aFrameworkWithoutItsBinaryIsAMissingExecutable() throws {
    var files = Self.iOS185
    files["A"] = []
    files["Frameworks/Kit.framework/Info.plist"] = Self.info([
      ("CFBundleIdentifier", "com.example.kit"), ("CFBundleExecutable", "Kit"),
      ("CFBundlePackageType", "FMWK"),
    ])
    let found = Self.lint(files, on: CalendarDay(2026, 12, 2), rule: "missing_bundle_executable")
    #expect(found.map(\.file) == ["Frameworks/Kit.framework/Info.plist"])
    #expect(found.first?.severity == .error)
  }

  @Test func aResourceBundleNamingAMissingExecutableIsReported() throws {
    var files = Self.iOS185
    files["A"] = []
    files["Kit.bundle/Info.plist"] = Self.info([("CFBundleExecutable", "Kit")])
    let found = Self.lint(files, on: CalendarDay(2026, 12, 2), rule: "unexpected_bundle_executable")
    #expect(found.map(\.file) == ["Kit.bundle/Info.plist"])
    #expect(found.first?.itms == "ITMS-90535")
    // It is not also a missing app executable.
    #expect(
      Self.lint(files, on: CalendarDay(2026, 12, 2), rule: "missing_bundle_executable").isEmpty)
  }

  @Test func anExtensionWithAFrameworksFolderIsReported() throws {
    var files = Self.iOS185
    files["PlugIns/Share.appex/Info.plist"] = Self.info([
      ("CFBundleIdentifier", "com.example.a.share"), ("DTPlatformName", "iphoneos"),
    ])
    files["PlugIns/Share.appex/Frameworks/Kit.framework/Info.plist"] = Self.info([
      ("CFBundleIdentifier", "com.example.kit")
    ])
    let found = Self.lint(files, on: CalendarDay(2026, 12, 2), rule: "frameworks_in_extension")
    #expect(found.map(\.file) == ["PlugIns/Share.appex/Info.plist"])
    #expect(found.first?.message.contains("embeds Kit.framework") == true)
  }

  /// Two thousand extensions, every identifier distinct but the last: one duplicate pair,
  /// found through the index (the cost per file does not grow with the bundle count).
  @Test func duplicateIdentifiersAmongManyExtensions() throws {
    var files = Self.iOS185
    for i in 0..<2_000 {
      files["PlugIns/E\(i).appex/Info.plist"] = Self.info([
        ("CFBundleIdentifier", "com.example.a.e\(i == 1_999 ? 0 : i)")
      ])
    }
    let found = Self.lint(files, on: CalendarDay(2026, 12, 2), rule: "duplicate_bundle_identifier")
    #expect(
      found.map(\.file).sorted() == [
        "PlugIns/E0.appex/Info.plist", "PlugIns/E1999.appex/Info.plist",
      ])
  }
}
