import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// `required_reason_api_without_declaration` over loaded bundles whose executables are real
/// Mach-O bytes with a symbol table: each bundle answers for its own executable.
@Suite struct RequiredReasonAPIWithoutDeclarationRuleTests {
  /// A thin arm64 iOS executable (`LC_BUILD_VERSION` iOS 17.0, `LC_SYMTAB`) whose symbol
  /// table holds `imports` as undefined externals (`N_UNDF | N_EXT`) and `_main` as a defined
  /// one; names are given as the compiler writes them, with the underscore.
  static func executable(importing imports: [String]) -> [UInt8] {
    var out: [UInt8] = []
    func le(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
    let names = imports + ["_main"]
    var strings: [UInt8] = [0x20, 0]
    var indices: [UInt32] = []
    for name in names {
      indices.append(UInt32(strings.count))
      strings += Array(name.utf8) + [0]
    }
    let commandsSize: UInt32 = 24 + 24
    let symbolOffset = 32 + Int(commandsSize)
    let stringOffset = symbolOffset + names.count * 16
    for value in [0xfeed_facf, 0x0100_000c, 0, 2, 2, commandsSize, 0x0020_0085, 0] {
      le(value)
    }
    for value: UInt32 in [0x32, 24, 2, 0x0011_0000, 0x0012_0000, 0] { le(value) }
    for value in [2, 24, symbolOffset, names.count, stringOffset, strings.count] {
      le(UInt32(value))
    }
    for (index, name) in zip(indices, names) {
      le(index)
      out += name == "_main" ? [0x0f, 1, 0, 0] : [0x01, 0, 0, 0]
      le(0)
      le(0)
    }
    return out + strings
  }

  static func plist(_ body: String) -> [UInt8] {
    Array(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)"
        + "</dict></plist>\n").utf8)
  }

  static func info(_ executable: String, _ identifier: String, package: String) -> [UInt8] {
    plist(
      "<key>CFBundleExecutable</key><string>\(executable)</string>"
        + "<key>CFBundleIdentifier</key><string>\(identifier)</string>"
        + "<key>CFBundlePackageType</key><string>\(package)</string>"
        + "<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string></array>")
  }

  /// A manifest declaring `categories` (full constants), each with `reason`.
  static func manifest(_ categories: [(String, String)]) -> [UInt8] {
    let items = categories.map {
      "<dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategory\($0.0)"
        + "</string><key>NSPrivacyAccessedAPITypeReasons</key><array><string>\($0.1)</string>"
        + "</array></dict>"
    }
    return plist(
      "<key>NSPrivacyTracking</key><false/><key>NSPrivacyAccessedAPITypes</key><array>"
        + items.joined() + "</array>")
  }

  /// App.app (imports `stat`, `lstat`, `NSUserDefaults`; declares UserDefaults) holding
  /// Kit.framework (imports `mach_absolute_time`; no manifest) and Share.appex (imports
  /// `statfs`, declares DiskSpace).
  static func input() throws -> AppBundle {
    let files: [String: [UInt8]] = [
      "App.app/Info.plist": info("App", "com.example.app", package: "APPL"),
      "App.app/App": executable(importing: [
        "_stat", "_lstat", "_OBJC_CLASS_$_NSUserDefaults", "_objc_msgSend",
      ]),
      "App.app/PrivacyInfo.xcprivacy": manifest([("UserDefaults", "CA92.1")]),
      "App.app/Frameworks/Kit.framework/Info.plist": info(
        "Kit", "com.example.app.Kit", package: "FMWK"),
      "App.app/Frameworks/Kit.framework/Kit": executable(importing: ["_mach_absolute_time"]),
      "App.app/PlugIns/Share.appex/Info.plist": info(
        "Share", "com.example.app.Share", package: "XPC!"),
      "App.app/PlugIns/Share.appex/Share": executable(importing: ["_statfs"]),
      "App.app/PlugIns/Share.appex/PrivacyInfo.xcprivacy": manifest([("DiskSpace", "E174.1")]),
    ]
    return try BundleLoader.load(
      tree: MemoryTree(name: "App.app", files: files), path: "App.app", inputPath: "App.app")
  }

  static func lint(
    _ input: AppBundle, distribution: LintContext.Distribution? = nil
  ) -> [Finding] {
    var configuration = LintConfiguration()
    configuration.distribution = distribution
    return Linter(
      rules: [RequiredReasonAPIWithoutDeclarationRule()], configuration: configuration
    ).lint(input)
  }

  @Test func loadsTheImportedSymbolsOfEachExecutable() throws {
    let bundles = try Self.input().allBundles
    #expect(
      bundles.map { $0.executable?.importedSymbols ?? [] } == [
        ["stat", "lstat", "OBJC_CLASS_$_NSUserDefaults", "objc_msgSend"],
        ["statfs"], ["mach_absolute_time"],
      ])
  }

  @Test func reportsEachBundleForItsOwnExecutable() throws {
    let found = Self.lint(try Self.input())
    #expect(
      found.map(\.file) == [
        "App.app/PrivacyInfo.xcprivacy", "App.app/Frameworks/Kit.framework/Info.plist",
      ])
    #expect(found.map(\.keyPath.description) == ["NSPrivacyAccessedAPITypes", ""])
    #expect(found.map(\.severity) == [.warning, .warning])
    #expect(found.map(\.itms) == ["ITMS-91053", "ITMS-91053"])
    let app = try #require(found.first)
    #expect(
      app.message
        == "the executable App imports lstat, stat, which Apple lists under "
        + "NSPrivacyAccessedAPICategoryFileTimestamp, but NSPrivacyAccessedAPITypes has no "
        + "entry for it; add one with the approved reason that fits (ITMS-91053; inferred from "
        + "the imported symbols)")
    #expect(app.line > 1)
    let kit = try #require(found.last)
    #expect(
      kit.message
        == "the executable Kit imports required-reason APIs of "
        + "NSPrivacyAccessedAPICategorySystemBootTime (mach_absolute_time), but the bundle has "
        + "no PrivacyInfo.xcprivacy; add one that declares this category in "
        + "NSPrivacyAccessedAPITypes with approved reasons (ITMS-91053; inferred from the "
        + "imported symbols)")
  }

  @Test func lowersToANoteOutsideTheAppStore() throws {
    let found = Self.lint(try Self.input(), distribution: .enterprise)
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.severity == .note })
    #expect(found.allSatisfy { $0.message.contains("upload check") })
  }

  @Test func saysNothingForASourceTreeOrAMacOSTarget() throws {
    var input = try Self.input()
    input.isBuilt = false
    #expect(Self.lint(input).isEmpty)
    var configuration = LintConfiguration()
    configuration.platforms = [.macOS]
    let mac = Linter(
      rules: [RequiredReasonAPIWithoutDeclarationRule()], configuration: configuration
    ).lint(try Self.input())
    #expect(mac.isEmpty)
  }

  @Test(arguments: [
    (["stat$INODE64"], ["NSPrivacyAccessedAPICategoryFileTimestamp"]),
    (
      ["getattrlistat"],
      [
        "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryFileTimestamp",
      ]
    ),
    (
      ["fstatvfs", "getattrlistbulk"],
      [
        "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryFileTimestamp",
      ]
    ),
    (["OBJC_CLASS_$_NSUserDefaultsController", "OBJC_METACLASS_$_NSUserDefaults"], []),
    (
      ["NSURLVolumeTotalCapacityKey", "NSFileModificationDate"],
      [
        "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryFileTimestamp",
      ]
    ),
    (["NSFileSize", "NSURLIsDirectoryKey", "NSURLVolumeNameKey", "CFPreferencesCopyAppValue"], []),
    (
      ["stat64", "statx", "mach_continuous_time", "fstatat"],
      [
        "NSPrivacyAccessedAPICategoryFileTimestamp"
      ]
    ),
  ])
  func mapsSymbolsToCategories(symbols: [String], categories: [String]) {
    #expect(RequiredReasonSymbols.uses(Set(symbols)).map(\.category) == categories)
  }

  @Test func namesThreeSymbolsAndCountsTheRest() throws {
    let bundle = {
      var node = BundleNode(path: "App.app", kind: .application, layout: .shallow)
      node.executable = MachOFile.example(importing: [
        "stat", "fstat", "lstat", "fstatat", "getattrlistbulk",
      ])
      return node
    }()
    let root: PlistNode = ["NSPrivacyTracking": false]
    let subject = LintSubject(
      path: "App.app/PrivacyInfo.xcprivacy", role: .privacyManifest, root: root, bundle: bundle,
      context: LintContext(platforms: [.iOS], isBuilt: true))
    let found = RequiredReasonAPIWithoutDeclarationRule().check(subject)
    #expect(found.count == 1)
    #expect(
      found.first?.message.hasPrefix(
        "the executable imports fstat, fstatat, getattrlistbulk and 2 more,") == true)
  }
}
