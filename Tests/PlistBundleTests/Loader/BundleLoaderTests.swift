import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

@Suite struct BundleLoaderTests {
  static let appInfo = String(
    decoding: infoPlist([
      ("CFBundleIdentifier", "org.example.demo"), ("CFBundleExecutable", "Demo"),
      ("CFBundleShortVersionString", "3.1"), ("CFBundleVersion", "42"),
      ("DTPlatformName", "iphoneos"),
    ]), as: UTF8.self)

  @Test func loadsAnIPAInMemory() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let profile = try TestSigner.sign(
      String(decoding: infoPlist([("Name", "Demo Dev")]), as: UTF8.self))
    let ipa = try ZipBuilder.ipa(
      app: "Demo", infoPlist: Self.appInfo,
      files: [
        "Demo": debugExecutable,
        "embedded.mobileprovision": profile,
        "PlugIns/Share.appex/Info.plist": infoPlist([
          ("CFBundleIdentifier", "org.example.demo.share")
        ]),
        "PrivacyInfo.xcprivacy": infoPlist([]),
      ])
    let path = try folder.write("Demo.ipa", ipa)
    let bundle = try BundleLoader.load(path: path)
    #expect(bundle.inputKind == .ipa)
    #expect(bundle.isBuilt)
    #expect(bundle.problems.isEmpty)
    let app = try #require(bundle.bundles.first)
    #expect(app.path == "Payload/Demo.app")
    #expect(app.identifier == "org.example.demo")
    #expect(app.platforms == [.iOS])
    #expect(app.children.map(\.identifier) == ["org.example.demo.share"])
    #expect(
      Set(app.files.map(\.role)) == [
        .infoPlist, .executable, .signedEntitlements, .provisioningProfile, .privacyManifest,
      ])
    #expect(bundle.file(at: "Payload/Demo.app/Info.plist")?.format == .xml)
    // Nothing was extracted next to the archive.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Demo.ipa"])
  }

  @Test func reportsAnIPAWithoutPayloadAndUnsafeEntries() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let zip = try ZipBuilder().file("../evil.plist", text: "x").file("Other/Info.plist", text: "y")
      .build()
    let bundle = try BundleLoader.load(path: try folder.write("Odd.ipa", zip))
    #expect(bundle.bundles.isEmpty)
    #expect(bundle.problems.map(\.kind) == [.unsafePath, .notFound])
  }

  /// An Info.plist that is a symbolic-link entry, or a ZIP bomb, is kept with its problem, so
  /// lint reports it instead of passing an app it could not read.
  @Test func anUnreadableInfoPlistEntryIsKeptWithItsProblem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let link = try ZipBuilder().directory("Payload/App.app/")
      .symbolicLink("Payload/App.app/Info.plist", target: "/etc/passwd").build()
    let bundle = try BundleLoader.load(path: try folder.write("Link.ipa", link))
    let info = try #require(bundle.allFiles.first { $0.role == .infoPlist })
    #expect(info.document == nil)
    #expect(info.problem?.kind == .unsafePath)
    let bomb = try ZipBuilder.ipa(infoPlist: String(repeating: " ", count: 4 << 20))
    let limits = ZipLimits(maxEntrySize: 1 << 20)
    let archive = try ZipArchive(bytes: bomb, name: "Bomb.ipa", limits: limits)
    let walked = BundleWalker(tree: ZipTree(archive: archive)).walk(
      "Payload/App.app", kind: .application)
    #expect(walked.files.first { $0.role == .infoPlist }?.problem?.kind == .limitExceeded)
  }

  /// An encrypted or LZMA Info.plist entry is kept with libzip's reason (Debian's libzip has
  /// no liblzma), so lint reports it instead of passing an app it could not read.
  @Test func anEncryptedOrLZMAInfoPlistEntryIsKeptWithItsProblem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let plist = Self.appInfo
    let encrypted = try ZipBuilder().file(
      "Payload/App.app/Info.plist", text: plist, method: .aes256(password: "secret")
    ).build()
    let locked = try BundleLoader.load(path: try folder.write("Locked.ipa", encrypted))
    let lockedInfo = try #require(locked.allFiles.first { $0.role == .infoPlist })
    #expect(lockedInfo.document == nil)
    #expect(lockedInfo.problem?.description.contains("password") == true)
    let stored = try ZipBuilder().file("Payload/App.app/Info.plist", text: plist, method: .store)
      .build()
    let lzma = ZipBuilder.patchCompressionMethod(
      stored, entry: "Payload/App.app/Info.plist", to: 14)
    let packed = try BundleLoader.load(path: try folder.write("LZMA.ipa", lzma))
    let packedInfo = try #require(packed.allFiles.first { $0.role == .infoPlist })
    #expect(packedInfo.document == nil)
    #expect(packedInfo.problem?.description.contains("not supported") == true)
    // The unpatched twin reads, so the patch is what made the entry unreadable.
    let plain = try BundleLoader.load(path: try folder.write("Plain.ipa", stored))
    #expect(plain.allFiles.first { $0.role == .infoPlist }?.document != nil)
  }

  @Test func loadsAnXcarchive() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("Demo.xcarchive/Info.plist", infoPlist([("Name", "Demo")]))
    try folder.write(
      "Demo.xcarchive/Products/Applications/Demo.app/Info.plist", Array(Self.appInfo.utf8))
    try folder.write(
      "Demo.xcarchive/Products/Applications/Demo.app/Demo", debugExecutable)
    let bundle = try BundleLoader.load(
      path: folder.url.appendingPathComponent("Demo.xcarchive").path)
    #expect(bundle.inputKind == .archive)
    #expect(bundle.files.map(\.role) == [.archiveInfo])
    #expect(bundle.bundles.map(\.path) == ["Products/Applications/Demo.app"])
    #expect(bundle.bundles.first?.files.compactMap(\.problem).map(\.description) == [])
  }

  @Test func readsTheEntitlementsOfABareExecutable() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bundle = try BundleLoader.load(path: try folder.write("Demo", debugExecutable))
    #expect(bundle.files.map(\.path) == ["Demo", "Demo#entitlements"])
    #expect(bundle.isBuilt)
    let broken = try BundleLoader.load(
      path: try folder.write("Broken", Array(debugExecutable.prefix(40))))
    #expect(broken.files.first?.problem?.kind == .malformed)
  }

  @Test func loadsBareFilesByRole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let entitlements = try folder.write(
      "App.entitlements",
      Array(
        "<plist><dict><key>com.apple.security.app-sandbox</key><true/></dict></plist>".utf8))
    var bundle = try BundleLoader.load(path: entitlements)
    #expect(bundle.inputKind == .file)
    #expect(bundle.files.map(\.role) == [.entitlements])
    #expect(
      bundle.files.first?.document?.root.value.dictionaryValue?.keys == [
        "com.apple.security.app-sandbox"
      ])
    let profile = try folder.write(
      "embedded.mobileprovision",
      try TestSigner.sign(String(decoding: infoPlist([("Name", "Demo")]), as: UTF8.self)))
    bundle = try BundleLoader.load(path: profile)
    #expect(bundle.files.first?.role == .provisioningProfile)
    #expect(
      bundle.files.first?.document?.root.value.dictionaryValue?["Name"]?.value == .string("Demo"))
    let broken = try folder.write("PrivacyInfo.xcprivacy", Array("<plist><dict>".utf8))
    bundle = try BundleLoader.load(path: broken)
    #expect(bundle.files.first?.role == .privacyManifest)
    #expect(bundle.files.first?.problem?.kind == .plist)
    #expect(throws: BundleError.self) { try BundleLoader.load(path: folder.url.path + "/missing") }
    #expect(throws: BundleError.self) { try BundleLoader.load(path: folder.url.path) }
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func loadsACorpusProjectWithItsSourceFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "IceCubesApp.xcodeproj/project.pbxproj",
      try Corpus.bytes("pbxproj/IceCubesApp__IceCubesApp.xcodeproj__project.pbxproj"))
    try folder.write(
      "IceCubesApp/Info.plist", try Corpus.bytes("info-plist/IceCubesApp__IceCubesApp__Info.plist"))
    try folder.write(
      "IceCubesShareExtension/Info.plist",
      try Corpus.bytes("info-plist/IceCubesApp__IceCubesShareExtension__Info.plist"))
    try folder.write(
      "IceCubesApp/App/IceCubesApp-release.entitlements",
      try Corpus.bytes("entitlements/IceCubesApp__IceCubesApp-release.entitlements"))
    try folder.write(
      "IceCubesApp/PrivacyInfo.xcprivacy",
      try Corpus.bytes("privacy-manifests/NetNewsWire__iOS__PrivacyInfo.xcprivacy"))
    try folder.write(
      "IceCubesApp/Assets.xcassets/AppIcon.appiconset/Contents.json",
      try Corpus.bytes("appiconset/IceCubesApp__Icon.appiconset__Contents.json"))
    let bundle = try BundleLoader.load(path: folder.url.path)
    #expect(bundle.inputKind == .project)
    #expect(!bundle.isBuilt)
    #expect(
      bundle.bundles.map(\.name) == [
        "IceCubesApp", "IceCubesActionExtension", "IceCubesNotifications",
        "IceCubesShareExtension", "IceCubesAppWidgetsExtensionExtension",
      ])
    let app = try #require(bundle.bundles.first)
    #expect(app.kind == .application)
    let info = try #require(app.infoPlist)
    // Set by INFOPLIST_KEY_NSCameraUsageDescription in the project, not by the Info.plist file.
    #expect(info["NSCameraUsageDescription"]?.value.stringValue?.isEmpty == false)
    #expect(info["CFBundleShortVersionString"]?.value == .string("2.1.4"))
    let effective = try #require(app.effectiveInfoPlist)
    #expect(effective.isGenerated)
    #expect(bundle.projects.map(\.targets.count) == [5])
    let entitlements = try #require(app.files.first { $0.role == .entitlements })
    #expect(entitlements.path == "IceCubesApp/App/IceCubesApp-release.entitlements")
    #expect(entitlements.document != nil)
    #expect(bundle.files.map(\.role) == [.projectFile, .privacyManifest, .appIconSet])
    #expect(
      bundle.files.map(\.path).last
        == "IceCubesApp/Assets.xcassets/AppIcon.appiconset/Contents.json")
  }
}
