import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The orientation and launch rules over a built bundle: the compiled launch storyboard, which a
/// single-file example cannot show.
@Suite struct OrientationBundleRulesTests {
  /// Writes a built iOS app whose Info.plist names the launch storyboard `storyboard`, with
  /// `files` (relative paths) in it, and returns the findings of `launch_storyboard_name`.
  func findings(
    storyboard: String, files: [String], key: String = "UILaunchStoryboardName"
  ) throws -> [Finding] {
    let root = TemporaryFolder.uniqueURL("orientation")
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.appendingPathComponent("Demo.app")
    for file in files + ["Demo"] {
      let url = app.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: url)
    }
    let info = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>com.example.demo</string>
      <key>CFBundleExecutable</key><string>Demo</string>
      <key>CFBundlePackageType</key><string>APPL</string>
      <key>\(key)</key><string>\(storyboard)</string>
      </dict></plist>
      """
    try Data(info.utf8).write(to: app.appendingPathComponent("Info.plist"))
    let input = try BundleLoader.load(path: app.path)
    return Linter(rules: [LaunchStoryboardNameRule()]).lint(input)
  }

  @Test func aCompiledStoryboardInTheBundleOrAnLprojIsFound() throws {
    #expect(try findings(storyboard: "Launch", files: ["Launch.storyboardc/Info.plist"]).isEmpty)
    #expect(
      try findings(storyboard: "Launch", files: ["Base.lproj/Launch.storyboardc/Info.plist"])
        .isEmpty)
  }

  /// Issue 11, item 5: a launch screen made from a XIB is compiled to `X.nib`, a file or a
  /// folder, at the top level or in an `.lproj` folder; it is a launch screen too.
  @Test func aLaunchScreenCompiledFromAXIBIsFound() throws {
    #expect(try findings(storyboard: "LaunchScreen", files: ["LaunchScreen.nib"]).isEmpty)
    #expect(
      try findings(storyboard: "Launch", files: ["Base.lproj/Launch.nib/runtime.nib"]).isEmpty)
    #expect(try findings(storyboard: "Launch", files: ["fr.lproj/Launch.nib"]).isEmpty)
    #expect(
      try findings(
        storyboard: "LaunchPad", files: ["LaunchPad.nib"], key: "UILaunchStoryboardName~ipad"
      ).isEmpty)
    // Another nib is not the launch screen.
    #expect(try findings(storyboard: "Launch", files: ["Other.nib"]).count == 1)
  }

  @Test func aMissingCompiledStoryboardIsAnError() throws {
    let found = try findings(storyboard: "Launch", files: [])
    #expect(found.count == 1)
    #expect(found.first?.severity == .error)
    #expect(found.first?.keyPath == KeyPath([.key("UILaunchStoryboardName")]))
    #expect(found.first?.line == 5)
    #expect(
      found.first?.message
        == "UILaunchStoryboardName names \"Launch\", but neither Launch.storyboardc nor "
        + "Launch.nib is in the bundle, so the app has no launch screen; add the launch screen "
        + "to the target or fix the name")
  }

  @Test func anIPadOnlyStoryboardIsLookedUpToo() throws {
    let key = "UILaunchStoryboardName~ipad"
    #expect(
      try findings(
        storyboard: "LaunchPad", files: ["Base.lproj/LaunchPad.storyboardc/Info.plist"], key: key
      ).isEmpty)
    let found = try findings(storyboard: "LaunchPad", files: [], key: key)
    #expect(found.map(\.keyPath) == [KeyPath([.key(key)])])
    #expect(
      found.first?.message
        == "UILaunchStoryboardName~ipad names \"LaunchPad\", but neither LaunchPad.storyboardc nor "
        + "LaunchPad.nib is in the bundle, so the app has no launch screen on iPad; add the launch "
        + "screen to the target or fix the name")
  }

  @Test func aNameWithTheExtensionIsReportedOnceWithAFix() throws {
    // The devices are unknown, so the app may support iPad multitasking: ITMS-90476.
    let found = try findings(storyboard: "Launch.storyboard", files: [])
    #expect(found.map(\.severity) == [.error])
    #expect(found.map(\.itms) == ["ITMS-90476"])
    #expect(
      found.first?.fix
        == Fix(
          "drop the extension",
          [.set(KeyPath([.key("UILaunchStoryboardName")]), .string("Launch"))]))
  }

  /// The findings of the launch-screen and scene rules over a one-target iOS project whose
  /// target has `settings` (and generates its Info.plist).
  func projectFindings(_ settings: String) throws -> [Finding] {
    let root = TemporaryFolder.uniqueURL("orientation")
    defer { try? FileManager.default.removeItem(at: root) }
    let project = root.appendingPathComponent("Demo.xcodeproj")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    let pbxproj = """
      // !$*UTF8*$!
      { archiveVersion = 1; objectVersion = 77; objects = {
        P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1); };
        G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
        PD = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
        T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = Demo; productType = "com.apple.product-type.application"; };
        TL = { isa = XCConfigurationList; buildConfigurations = (TD); };
        TD = { isa = XCBuildConfiguration; buildSettings = {
            GENERATE_INFOPLIST_FILE = YES;
            PRODUCT_BUNDLE_IDENTIFIER = com.example.demo;
            TARGETED_DEVICE_FAMILY = 1;
            \(settings)
          }; name = Debug; };
      }; rootObject = P1; }
      """
    try Data(pbxproj.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
    let input = try BundleLoader.load(path: project.path)
    return Linter(rules: [MissingLaunchScreenRule(), MissingSceneManifestRule()]).lint(input)
  }

  @Test func aProjectThatGeneratesTheKeysOnlyForSomeSDKsCountsAsHavingThem() throws {
    let found = try projectFindings(
      """
      "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]" = YES;
      "INFOPLIST_KEY_UIApplicationSceneManifest_Generation[sdk=iphoneos*]" = YES;
      """)
    #expect(found.isEmpty, "\(found.map(\.description))")
  }

  @Test func aProjectWithoutEitherKeyIsWarned() throws {
    let found = try projectFindings("")
    #expect(found.map(\.ruleID) == ["missing_launch_screen", "missing_scene_manifest"])
    #expect(
      found.allSatisfy { $0.severity == .warning && $0.file == "Demo.xcodeproj/project.pbxproj" })
  }
}
