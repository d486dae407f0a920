import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// What the structure rules' examples cannot express: fixes, cited pages, and the findings over
/// the real corpus.
@Suite struct StructureRulesTests {
  static func lint(
    _ root: PlistNode, role: FileRole = .infoPlist, platforms: [Platform] = [],
    rules: [any Rule.Type] = RuleCatalog.structure
  ) -> [Finding] {
    Linter(rules: rules.map { $0.init() }).lint(
      LintSubject(
        path: "Info.plist", role: role, root: root, context: LintContext(platforms: platforms)))
  }

  @Test func nearMissOffersARenameThatKeepsTheDeviceSuffix() throws {
    let found = Self.lint(
      ["UIRequiresFullscreen~ipad": true, "CFBundleIdentifer": "com.example"],
      rules: [NearMissKeyRule.self])
    #expect(found.count == 2)
    let fullScreen = try #require(found.first { $0.keyPath.lastKey == "UIRequiresFullscreen~ipad" })
    #expect(
      fullScreen.fix?.edits
        == [.rename(KeyPath([.key("UIRequiresFullscreen~ipad")]), to: "UIRequiresFullScreen~ipad")])
    #expect(fullScreen.url == KnownKeys.infoPage + "uirequiresfullscreen")
  }

  @Test func nearMissOffersNoRenameWhenTheRightKeyIsAlsoThere() throws {
    let found = Self.lint(
      ["UIRequiresFullScreen": true, "UIRequiresFullscreen": true], rules: [NearMissKeyRule.self])
    let finding = try #require(found.first)
    #expect(found.count == 1 && finding.fix == nil)
    #expect(finding.message.contains("also present"))
  }

  @Test func findingsCiteTheKeysOwnPage() throws {
    let found = Self.lint(
      ["LSRequiresIPhoneOS": "maybe", "NSBluetoothPeripheralUsageDescription": "Finds sensors."],
      platforms: [.iOS])
    let types = try #require(found.first { $0.ruleID == "known_key_wrong_type" })
    #expect(types.url == KnownKeys.infoPage + "lsrequiresiphoneos")
    #expect(types.severity == .warning)
    let deprecated = try #require(found.first { $0.ruleID == "deprecated_key" })
    #expect(deprecated.url == KnownKeys.infoPage + "nsbluetoothperipheralusagedescription")
    #expect(deprecated.message.contains("iOS 13.0"))
    #expect(deprecated.message.contains("NSBluetoothAlwaysUsageDescription"))
  }

  @Test func platformFindingNamesTheDeprecationOnTheTargetedPlatform() throws {
    let found = Self.lint(
      ["NSLocationUsageDescription": "Finds stores near you."], platforms: [.iOS])
    let finding = try #require(found.first)
    #expect(found.map(\.ruleID) == ["key_for_other_platform"])
    #expect(finding.message.contains("only for macOS"))
    #expect(finding.message.contains("deprecated in 8.0"))
  }

  /// Every structure finding over the corpus's Info.plists, entitlements and privacy manifests
  /// with unknown platforms, checked by hand against Apple's pages.
  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func findsTheCorpusFaultsAndNothingElse() throws {
    var found: [String] = []
    for (folder, role) in [
      ("info-plist", FileRole.infoPlist), ("entitlements", .entitlements),
      ("privacy-manifests", .privacyManifest),
    ] {
      let directory = Corpus.directory.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      where !name.hasSuffix(".strings") {
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
        guard let document = try? PlistReader.read(bytes: Array(bytes)) else { continue }
        found += Self.lint(document.root, role: role).map {
          "\(name) \($0.keyPath) \($0.ruleID)"
        }
      }
    }
    #expect(
      found == [
        "Rectangle__Rectangle__Info.plist CFBundleIconFile empty_value",
        "Swiftfin__iOS__Info.plist NSBluetoothPeripheralUsageDescription deprecated_key",
        "UTM__Platform__iOS__Info.plist NSLocationAlwaysUsageDescription deprecated_key",
        "UTM__Platform__macOS__Info.plist CFBundleDocumentTypes[0].LSTypeIsPackageLSTypeIsPackage "
          + "near_miss_key",
        "UTM__Platform__macOS__Info.plist CFBundleIconFile empty_value",
        "WhisperKit__WhisperAX__Info.plist NSPrivacyAccessedAPITypes key_in_wrong_file",
        "home-assistant-iOS__App__Info.plist NSLocationAlwaysUsageDescription deprecated_key",
        "home-assistant-iOS__App__Info.plist NSRemindersUsageDescription deprecated_key",
        "home-assistant-iOS__Extensions__Intents__Info.plist NSLocationAlwaysUsageDescription "
          + "deprecated_key",
        "home-assistant-iOS__Launcher__Info.plist CFBundleIconFile empty_value",
        "iina__iina__Info.plist CFBundleDocumentTypes[24].LSTypeIsPackage known_key_wrong_type",
        "NetNewsWire__Mac__NetNewsWire.entitlements \"com.apple.developer.aps-environment\" "
          + "invalid_value",
        "NetNewsWire__iOS__NetNewsWire.entitlements aps-environment invalid_value",
      ], "\(found)")
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func flagsTheMacLocationKeyInTheHomeAssistantIOSApp() throws {
    let url = Corpus.directory.appendingPathComponent(
      "info-plist/home-assistant-iOS__App__Info.plist")
    let document = try PlistReader.read(bytes: Array(try Data(contentsOf: url)))
    let found = Self.lint(document.root, platforms: [.iOS], rules: [KeyForOtherPlatformRule.self])
    #expect(found.map(\.keyPath.description) == ["NSLocationUsageDescription"])
  }
}
