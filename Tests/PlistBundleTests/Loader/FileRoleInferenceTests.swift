import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// A file given on its own gets its role from its name, else from its content, with the
/// reason; icon sets given as a file or a folder are read as icon sets.
@Suite struct FileRoleInferenceTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static func load(_ name: String, _ text: String, role: FileRole? = nil) throws -> BundleFile {
    let folder = try TemporaryFolder("roles").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    let bundle = try BundleLoader.load(path: url.path, role: role)
    return try #require(bundle.files.first)
  }

  static let cases: [(String, String, FileRole, String)] = [
    (
      "App-Info.plist", plist("<key>Title</key><string>x</string>"), .infoPlist,
      "its name ends in Info.plist"
    ),
    (
      "Info-iOS.plist", plist("<key>CFBundleIdentifier</key><string>a.b</string>"), .infoPlist,
      "its root has CFBundle* keys (CFBundleIdentifier)"
    ),
    (
      "MyApp-Release.plist",
      plist(
        "<key>CFBundleIdentifier</key><string>a.b</string><key>CFBundleVersion</key>"
          + "<string>1</string><key>LSRequiresIPhoneOS</key><true/>"),
      .infoPlist, "its root has CFBundle* keys (CFBundleIdentifier, CFBundleVersion)"
    ),
    (
      "Release.plist",
      plist(
        "<key>application-identifier</key><string>T.a.b</string><key>aps-environment</key>"
          + "<string>production</string><key>com.apple.developer.siri</key><true/>"
          + "<key>com.apple.security.app-sandbox</key><true/>"),
      .entitlements,
      "its root has only entitlement keys (application-identifier, aps-environment, "
        + "com.apple.developer.siri and 1 more)"
    ),
    (
      "Privacy.plist", plist("<key>NSPrivacyTracking</key><false/>"), .privacyManifest,
      "its root has only NSPrivacy* keys (NSPrivacyTracking)"
    ),
    (
      "App.entitlements", plist("<key>CFBundleIdentifier</key><string>a.b</string>"),
      .entitlements, "its name ends in .entitlements"
    ),
    (
      "Settings.plist", plist("<key>Title</key><string>x</string><key>com.apple.x</key><true/>"),
      .propertyList,
      "neither its name nor its keys mark it as an Info.plist, entitlements or privacy "
        + "manifest; give --role to lint it as one"
    ),
    (
      "Polish.strings",
      "\"CFBundleDisplayName\" = \"Otwórz\";\n\"NSCameraUsageDescription\" = \"x\";",
      .infoPlistStrings,
      "it is a strings file of Info.plist keys (CFBundleDisplayName, NSCameraUsageDescription), "
        + "as InfoPlist.strings is"
    ),
    // A privacy key in an Info.plist keeps it an Info.plist (key_in_wrong_file then says so).
    (
      "Main.plist",
      plist("<key>CFBundleName</key><string>A</string><key>NSPrivacyTracking</key><false/>"),
      .infoPlist, "its root has CFBundle* keys (CFBundleName)"
    ),
  ]

  @Test(arguments: cases)
  func tellsTheRole(name: String, text: String, role: FileRole, reason: String) throws {
    let file = try Self.load(name, text)
    #expect(file.role == role, "\(name)")
    #expect(file.roleReason == reason, "\(name)")
    #expect(file.document != nil)
  }

  @Test func takesTheRoleGiven() throws {
    let file = try Self.load(
      "Settings.plist", Self.plist("<key>Title</key><string>x</string>"), role: .infoPlist)
    #expect(file.role == .infoPlist)
    #expect(file.roleReason == "given with --role")
  }

  static let iconSet = """
    {
      "images" : [
        { "filename" : "Icon.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """

  /// Makes `App.xcassets/AppIcon.appiconset/Contents.json` and `App.xcassets/Glyph.icon/icon.json`.
  static func catalog() throws -> URL {
    let root = try TemporaryFolder("roles").url
    let set = root.appendingPathComponent("App.xcassets/AppIcon.appiconset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Data(iconSet.utf8).write(to: set.appendingPathComponent("Contents.json"))
    let icon = root.appendingPathComponent("App.xcassets/Glyph.icon")
    try FileManager.default.createDirectory(at: icon, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: icon.appendingPathComponent("icon.json"))
    return root
  }

  @Test func readsAContentsJSONAsAnIconSet() throws {
    let root = try Self.catalog()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("App.xcassets/AppIcon.appiconset/Contents.json").path
    let bundle = try BundleLoader.load(path: path)
    let file = try #require(bundle.files.first)
    #expect(bundle.files.count == 1)
    #expect(file.path == "AppIcon.appiconset/Contents.json")
    #expect(file.role == .appIconSet)
    #expect(file.roleReason == "it is the Contents.json of an .appiconset folder")
    #expect(file.problem == nil)
    #expect(file.iconSet?.images.count == 1)
    #expect(file.iconSet?.images.first?.size == "1024x1024")
  }

  @Test func readsAnIconSetFolder() throws {
    let root = try Self.catalog()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = try BundleLoader.load(
      path: root.appendingPathComponent("App.xcassets/AppIcon.appiconset").path)
    #expect(bundle.files.map(\.path) == ["AppIcon.appiconset/Contents.json"])
    #expect(bundle.files.first?.iconSet?.images.count == 1)
    let icon = try BundleLoader.load(
      path: root.appendingPathComponent("App.xcassets/Glyph.icon").path)
    #expect(icon.files.map(\.role) == [.iconComposer])
    #expect(icon.files.first?.roleReason == "it is the icon.json of an Icon Composer .icon folder")
  }

  @Test func readsEverySetOfAnAssetCatalog() throws {
    let root = try Self.catalog()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = try BundleLoader.load(path: root.appendingPathComponent("App.xcassets").path)
    #expect(
      bundle.files.map(\.path).sorted()
        == ["App.xcassets/AppIcon.appiconset/Contents.json", "App.xcassets/Glyph.icon/icon.json"])
    #expect(bundle.files.allSatisfy { $0.roleReason == "it is in the asset catalog App.xcassets" })
    #expect(bundle.files.first { $0.role == .appIconSet }?.iconSet?.images.count == 1)
  }

  @Test func saysWhenAnAssetCatalogHoldsNoIcon() throws {
    let root = try TemporaryFolder("roles").url
    defer { try? FileManager.default.removeItem(at: root) }
    let catalog = root.appendingPathComponent("Empty.xcassets")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    let bundle = try BundleLoader.load(path: catalog.path)
    #expect(bundle.files.isEmpty)
    #expect(
      bundle.problems.map(\.message) == ["the asset catalog holds no .appiconset or .icon folder"])
  }
}
