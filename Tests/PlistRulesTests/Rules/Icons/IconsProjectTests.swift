import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The icon rules in a project, where the build settings say which set is the app's icon and
/// whether the build will write `CFBundleIconName`.
@Suite struct IconsProjectTests {
  /// A one-target iOS app project with `settings` on its target, and the files `files`.
  static func project(_ settings: String, files: [String: [UInt8]] = [:]) -> AppBundle {
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
            TARGETED_DEVICE_FAMILY = "1,2";
            \(settings)
          }; name = Debug; };
      }; rootObject = P1; }
      """
    var all = files
    all["Demo.xcodeproj/project.pbxproj"] = Array(pbxproj.utf8)
    return ProjectInput.load(
      tree: MemoryTree(name: "Demo", files: all), projects: ["Demo.xcodeproj"],
      inputPath: "Demo")
  }

  /// An icon set `name` whose only slot is an empty iOS 1024 well.
  static func emptySet(_ name: String) -> [String: [UInt8]] {
    let json = "{\"images\":[\(IconExamples.universal(nil))],\"info\":{\"version\":1}}"
    return ["Demo/Assets.xcassets/\(name).appiconset/Contents.json": Array(json.utf8)]
  }

  static func findings(_ input: AppBundle) -> [Finding] {
    Linter(rules: RuleCatalog.icons.map { $0.init() }).lint(input)
  }

  @Test func theAppsPrimarySetWithoutAnAppStoreImageIsAnError() {
    let input = Self.project(
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
      files: Self.emptySet("AppIcon").merging(Self.emptySet("Alternate")) { a, _ in a })
    let found = Self.findings(input)
    #expect(found.map(\.ruleID) == ["missing_app_store_icon"])
    #expect(found.first?.severity == .error)
    #expect(found.first?.itms == "ITMS-90704")
    #expect(found.first?.file == "Demo/Assets.xcassets/AppIcon.appiconset/Contents.json")
    #expect(found.first?.keyPath == KeyPath([.key("images"), .index(0)]))
  }

  @Test func aSetNoTargetNamesIsNotHeldToTheAppStoreRules() {
    let input = Self.project(
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", files: Self.emptySet("Alternate"))
    #expect(Self.findings(input).isEmpty)
  }

  @Test func aTargetWithoutAnAppIconSettingWillBuildWithoutAnIconName() {
    let found = Self.findings(Self.project(""))
    #expect(found.map(\.ruleID) == ["missing_icon_name"])
    #expect(found.first?.severity == .warning)
    // The effective Info.plist exists only in the build: the finding points at the project.
    #expect(found.first?.file == "Demo.xcodeproj/project.pbxproj")
    #expect(found.first?.message.contains("ASSETCATALOG_COMPILER_APPICON_NAME") == true)
  }

  @Test func aTargetWithAnAppIconSettingOrTheKeyGetsNoIconNameFinding() {
    #expect(Self.findings(Self.project("ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;")).isEmpty)
    let info = """
      <plist><dict><key>CFBundleIconName</key><string>AppIcon</string></dict></plist>
      """
    let withKey = Self.project(
      "INFOPLIST_FILE = Demo/Info.plist;", files: ["Demo/Info.plist": Array(info.utf8)])
    #expect(Self.findings(withKey).isEmpty)
    // Xcode has no INFOPLIST_KEY_ setting for the key: it is ignored, and the finding stays.
    #expect(
      Self.findings(Self.project("INFOPLIST_KEY_CFBundleIconName = AppIcon;")).map(\.ruleID)
        == ["missing_icon_name"])
  }

  @Test func anAlphaChannelInThePrimaryAppStoreImageIsAnError() {
    let json = "{\"images\":[\(IconExamples.universal("Icon.png"))]}"
    let folder = "Demo/Assets.xcassets/AppIcon.appiconset/"
    let input = Self.project(
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
      files: [
        folder + "Contents.json": Array(json.utf8),
        folder + "Icon.png": IconExamples.png(1024, 1024, alpha: true),
      ])
    let found = Self.findings(input)
    #expect(found.map(\.ruleID) == ["app_store_icon_alpha"])
    #expect(found.first?.severity == .error)
    #expect(found.first?.itms == "ITMS-90717")
  }
}
