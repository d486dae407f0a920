import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// `malformed_deployment_target` over real files: a built iOS app, a built Mac app and a bare
/// Info.plist, each with one deployment-target value, linted with every rule so that a value
/// another rule reports is seen reported once.
@Suite struct MalformedDeploymentTargetRuleTests {
  /// Where the value is written.
  enum Place: CaseIterable {
    /// `Demo.app/Info.plist` of a built iOS app (or `Demo.app/Contents/Info.plist` of a built
    /// Mac app, for `LSMinimumSystemVersion`).
    case builtBundle
    /// `Info.plist` on its own, holding only the key.
    case bareInfoPlist
  }

  /// One malformed value: as XML, and the message expected for each key.
  struct Shape: Sendable, CustomStringConvertible {
    /// The value's XML element.
    var xml: String
    /// The message, with `KEY` for the key and `EXAMPLE` for the version it suggests.
    var message: String
    var description: String { xml }
  }

  static let notAVersion =
    "KEY \"VALUE\" is not a version, so it names no OS release; a deployment target is one to "
    + "three period-separated numbers, digits only, such as EXAMPLE"

  /// The malformed shapes, other than the empty string (its severity depends on the key).
  static let shapes: [Shape] = [
    Shape(xml: "<string>abc</string>", message: notAVersion),
    Shape(xml: "<string>15.</string>", message: notAVersion),
    Shape(xml: "<string>v15</string>", message: notAVersion),
    Shape(xml: "<string>15,0</string>", message: notAVersion),
    Shape(
      xml: "<string> 15.0</string>",
      message: "KEY \" 15.0\" has spaces around the version; write it as \"15.0\""),
    Shape(
      xml: "<string>15.0.0.0</string>",
      message: "KEY \"15.0.0.0\" has 4 components, but a deployment target has at most three "
        + "(major.minor.patch), such as EXAMPLE or EXAMPLE.1"),
    Shape(
      xml: "<integer>15</integer>",
      message: "KEY holds an integer, but a deployment target is a string, such as "
        + "\"EXAMPLE\"; the OS and the App Store look for a version there"),
    Shape(
      xml: "<real>15.5</real>",
      message: "KEY holds a real, but a deployment target is a string, such as "
        + "\"EXAMPLE\"; the OS and the App Store look for a version there"),
  ]

  static let keys = ["MinimumOSVersion", "LSMinimumSystemVersion"]

  /// Every finding over a file holding `key` = `valueXML`, written at `place`.
  func lint(_ key: String, _ valueXML: String, at place: Place) throws -> [Finding] {
    let folder = try TemporaryFolder("deployment-target")
    defer { folder.remove() }
    let entry = "<key>\(key)</key>\(valueXML)"
    let path: String
    switch place {
    case .bareInfoPlist:
      path = try folder.write("Info.plist", Self.plist(entry))
    case .builtBundle where key == "LSMinimumSystemVersion":
      try folder.write(
        "Demo.app/Contents/Info.plist",
        Self.plist(Self.builtKeys(platform: "MacOSX", sdk: "macosx15.0") + entry))
      path = folder.path("Demo.app")
    case .builtBundle:
      try folder.write(
        "Demo.app/Info.plist",
        Self.plist(Self.builtKeys(platform: "iPhoneOS", sdk: "iphoneos18.0") + entry))
      path = folder.path("Demo.app")
    }
    return Linter().lint(try BundleLoader.load(path: path))
  }

  static func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
  }

  static func builtKeys(platform: String, sdk: String) -> String {
    "<key>CFBundleIdentifier</key><string>com.example.demo</string>"
      + "<key>CFBundleExecutable</key><string>Demo</string>"
      + "<key>CFBundlePackageType</key><string>APPL</string>"
      + "<key>CFBundleSupportedPlatforms</key><array><string>\(platform)</string></array>"
      + "<key>DTSDKName</key><string>\(sdk)</string>"
  }

  /// The findings about `key` itself.
  func about(_ key: String, _ findings: [Finding]) -> [Finding] {
    findings.filter { $0.keyPath == KeyPath([.key(key)]) }
  }

  @Test(arguments: keys, shapes)
  func reportsAMalformedValueOnceInABuiltBundle(key: String, shape: Shape) throws {
    let found = about(key, try lint(key, shape.xml, at: .builtBundle))
    #expect(found.map(\.ruleID) == ["malformed_deployment_target"], "\(found)")
    let finding = try #require(found.first)
    #expect(finding.severity == .warning)
    #expect(finding.itms == nil)
    #expect(finding.message == expected(shape, key))
  }

  @Test(arguments: keys, shapes)
  func reportsAMalformedValueInABareInfoPlist(key: String, shape: Shape) throws {
    let found = about(key, try lint(key, shape.xml, at: .bareInfoPlist))
    // A bare MinimumOSVersion string is also written by hand, a separate note.
    let handWritten = key == "MinimumOSVersion" && shape.xml.hasPrefix("<string>")
    let others = handWritten ? ["hand_written_minimum_os_version"] : []
    #expect(found.map(\.ruleID).sorted() == (others + ["malformed_deployment_target"]).sorted())
    let finding = try #require(found.first { $0.ruleID == "malformed_deployment_target" })
    #expect(finding.severity == .warning)
    #expect(finding.itms == nil)
    #expect(finding.message == expected(shape, key))
    #expect(finding.url.hasSuffix("/" + key.lowercased()))
  }

  @Test(arguments: Place.allCases)
  func anEmptyMinimumOSVersionIsRefusedOnUpload(place: Place) throws {
    let found = about(
      "MinimumOSVersion", try lint("MinimumOSVersion", "<string></string>", at: place))
    let finding = try #require(found.first { $0.ruleID == "malformed_deployment_target" })
    #expect(!found.contains { $0.ruleID == "empty_value" })
    #expect(finding.itms == "ITMS-90530")
    switch place {
    case .builtBundle:
      #expect(found.count == 1)
      #expect(finding.severity == .error)
      #expect(
        finding.message
          == "MinimumOSVersion is empty, so the bundle states no deployment target, and App "
          + "Store Connect refuses that; set it to the deployment target, such as 15.0")
    case .bareInfoPlist:
      #expect(finding.severity == .warning)
      #expect(
        finding.message
          == "MinimumOSVersion is empty, so the bundle states no deployment target, and App "
          + "Store Connect refuses that if the build keeps it; set it to the deployment "
          + "target, such as 15.0")
    }
  }

  @Test(arguments: Place.allCases)
  func anEmptyLSMinimumSystemVersionIsAWarning(place: Place) throws {
    let key = "LSMinimumSystemVersion"
    let found = about(key, try lint(key, "<string></string>", at: place))
    #expect(found.map(\.ruleID) == ["malformed_deployment_target"])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.itms == nil)
    #expect(
      found.first?.message
        == "LSMinimumSystemVersion is empty, so the app states no minimum macOS; set it to the "
        + "deployment target, such as 11.0")
  }

  @Test(arguments: keys, ["15", "15.0", "15.0.1", "10.15"])
  func acceptsAVersion(key: String, value: String) throws {
    for place in Place.allCases {
      let found = try lint(key, "<string>\(value)</string>", at: place)
      #expect(!found.contains { $0.ruleID == "malformed_deployment_target" }, "\(place)")
    }
  }

  @Test(arguments: keys, Place.allCases)
  func leavesAPlaceholderToTheBuild(key: String, place: Place) throws {
    let setting =
      key == "MinimumOSVersion" ? "$(IPHONEOS_DEPLOYMENT_TARGET)" : "${MACOSX_DEPLOYMENT_TARGET}"
    let found = about(key, try lint(key, "<string>\(setting)</string>", at: place))
    #expect(!found.contains { $0.ruleID == "malformed_deployment_target" })
    // Left in a built bundle, the placeholder is reported once, by its own rule.
    if place == .builtBundle {
      #expect(found.map(\.ruleID) == ["unresolved_placeholder"])
    }
  }

  @Test func aWholeNumberIsWrittenAsAString() throws {
    let found = try lint("MinimumOSVersion", "<integer>15</integer>", at: .builtBundle)
    let finding = try #require(found.first { $0.ruleID == "malformed_deployment_target" })
    let path = KeyPath([.key("MinimumOSVersion")])
    #expect(finding.fix?.edits == [.set(path, .string("15"))])
    let spaced = try lint("LSMinimumSystemVersion", "<string>11.0 </string>", at: .bareInfoPlist)
    #expect(
      spaced.first { $0.ruleID == "malformed_deployment_target" }?.fix?.edits
        == [.set(KeyPath([.key("LSMinimumSystemVersion")]), .string("11.0"))])
  }

  /// An embedded framework's empty or non-string value in a built device bundle is the
  /// framework rule's, reported once.
  @Test func leavesAnEmbeddedFrameworksValueToTheFrameworkRule() throws {
    let framework = BundleNode(
      path: "Frameworks/Kit.framework", kind: .framework, layout: .shallow,
      files: [BundleFile(path: "Frameworks/Kit.framework/Kit", role: .executable, size: 1)],
      platforms: [.iOS])
    let rules: [any Rule] = [
      MalformedDeploymentTargetRule(), FrameworkMinimumOSVersionRule(), EmptyValueRule(),
      KnownKeyWrongTypeRule(),
    ]
    let cases: [(PlistNode, String)] = [
      ("", "MinimumOSVersion is empty"),
      (15, "MinimumOSVersion holds an integer, not a version string"),
    ]
    for (value, start) in cases {
      let example = RuleExample(
        ["MinimumOSVersion": value], context: LintContext(platforms: [.iOS], isBuilt: true)
      ).inBundle(framework)
      let found = rules.flatMap { RuleExampleTests.findings($0, example) }
      #expect(found.map(\.ruleID) == ["framework_minimum_os_version"])
      #expect(found.first?.itms == "ITMS-90530")
      #expect(found.first?.severity == .error)
      #expect(
        found.first?.message
          == start + " in Kit.framework's Info.plist, which App Store Connect refuses: set it "
          + "to the framework's deployment target")
    }
  }

  func expected(_ shape: Shape, _ key: String) -> String {
    let example = key == "MinimumOSVersion" ? "15.0" : "11.0"
    let value = shape.xml.split(separator: ">").dropFirst().first?.split(separator: "<").first
    return shape.message.replacingOccurrences(of: "KEY", with: key)
      .replacingOccurrences(of: "EXAMPLE", with: example)
      .replacingOccurrences(of: "VALUE", with: value.map(String.init) ?? "")
  }
}
