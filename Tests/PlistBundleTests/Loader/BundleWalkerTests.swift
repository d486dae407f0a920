import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// An XML Info.plist with the given string entries, written by hand.
func infoPlist(_ entries: [(String, String)], extra: String = "") -> [UInt8] {
  var body = ""
  for (key, value) in entries { body += "\t<key>\(key)</key>\n\t<string>\(value)</string>\n" }
  return Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body)\(extra)</dict>
    </plist>

    """.utf8)
}

/// A small signed arm64 iOS executable (LC_BUILD_VERSION iOS 15.0, SDK 17.2) whose code
/// signature carries `entitlements` as XML.
func signedExecutable(entitlements: String) -> [UInt8] {
  let builder = MachOBuilder(
    commands: [.buildVersion(platform: 2, minOS: 0x000F_0000, sdk: 0x0011_0200)],
    signature: .init(xmlEntitlements: entitlements))
  return builder.build().bytes
}

/// A signed executable with the get-task-allow entitlement.
let debugExecutable = signedExecutable(
  entitlements: MachOBuilder.xmlHeader
    + "<dict>\n\t<key>get-task-allow</key>\n\t<true/>\n</dict>\n</plist>\n")

/// The PNG signature and an `IHDR` chunk for a `width`×`height` image of `colourType`.
func pngHeader(width: UInt32, height: UInt32, colourType: UInt8) -> [UInt8] {
  func be(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
  return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8)
    + be(width) + be(height) + [8, colourType, 0, 0, 0] + [0, 0, 0, 0]
}

@Suite struct BundleWalkerTests {
  /// An iOS app with a share extension, a framework, a watch app, icons, a launch storyboard,
  /// a privacy manifest, a profile and localised InfoPlist.strings; our own fixture.
  static let iOSApp = MemoryTree(
    name: "Demo.app",
    files: [
      "Info.plist": infoPlist(
        [
          ("CFBundleIdentifier", "org.example.demo"), ("CFBundleExecutable", "Demo"),
          ("CFBundleShortVersionString", "1.2"), ("CFBundleVersion", "7"),
          ("DTPlatformName", "iphoneos"), ("UILaunchStoryboardName", "Launch"),
        ],
        extra: """
          \t<key>UIDeviceFamily</key>
          \t<array><integer>1</integer><integer>2</integer></array>
          \t<key>CFBundleIcons</key>
          \t<dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconFiles</key>
          \t<array><string>AppIcon60x60</string></array></dict></dict>

          """),
      "Demo": debugExecutable,
      "AppIcon60x60@2x.png": pngHeader(width: 120, height: 120, colourType: 2),
      "AppIcon60x60@3x.png": pngHeader(width: 180, height: 180, colourType: 6),
      "Base.lproj/Launch.storyboardc/Info.plist": infoPlist([]),
      "PrivacyInfo.xcprivacy": infoPlist([("NSPrivacyTracking", "no")]),
      "embedded.mobileprovision":
        (try? TestSigner.sign(
          String(
            decoding: infoPlist([("Name", "Demo Development"), ("TeamName", "Example")]),
            as: UTF8.self))) ?? [],
      "en.lproj/InfoPlist.strings": Array("\"CFBundleDisplayName\" = \"Demo\";".utf8),
      "fr.lproj/infoPlist.strings": Array("\"CFBundleDisplayName\" = \"Démo\";".utf8),
      "PlugIns/Share.appex/Info.plist": infoPlist([
        ("CFBundleIdentifier", "org.example.demo.share"), ("CFBundleExecutable", "Share"),
      ]),
      "PlugIns/Share.appex/Share": debugExecutable,
      "Frameworks/Kit.framework/Info.plist": infoPlist([("CFBundleIdentifier", "org.example.kit")]),
      "Watch/DemoWatch.app/Info.plist": infoPlist(
        [("CFBundleIdentifier", "org.example.demo.watchkitapp"), ("CFBundleExecutable", "Gone")],
        extra: "\t<key>UIDeviceFamily</key>\n\t<array><integer>4</integer></array>\n"),
      "Watch/DemoWatch.app/PlugIns/Complication.appex/Info.plist": infoPlist([
        ("CFBundleIdentifier", "org.example.demo.watchkitapp.complication")
      ]),
    ])

  @Test func walksAnIOSAppWithNestedBundles() throws {
    let app = BundleWalker(tree: Self.iOSApp).walk("", kind: .application)
    #expect(app.layout == .shallow)
    #expect(app.identifier == "org.example.demo")
    #expect(app.platforms == [.iOS, .iPadOS])
    #expect(
      app.allBundles.map(\.path) == [
        "", "PlugIns/Share.appex", "Watch/DemoWatch.app",
        "Watch/DemoWatch.app/PlugIns/Complication.appex", "Frameworks/Kit.framework",
      ])
    #expect(
      app.allBundles.map(\.kind) == [
        .application, .appExtension, .watchApplication, .appExtension, .framework,
      ])
    let roles = Dictionary(grouping: app.files, by: \.role).mapValues { $0.map(\.path).sorted() }
    #expect(roles[.infoPlist] == ["Info.plist"])
    #expect(roles[.executable] == ["Demo"])
    #expect(roles[.signedEntitlements] == ["Demo#entitlements"])
    let signed = app.files.first { $0.role == .signedEntitlements }?.document?.root
    #expect(signed?.value.dictionaryValue?["get-task-allow"]?.value == .boolean(true))
    #expect(app.executable?.slices.first?.architecture == "arm64")
    #expect(roles[.privacyManifest] == ["PrivacyInfo.xcprivacy"])
    #expect(roles[.provisioningProfile] == ["embedded.mobileprovision"])
    #expect(
      roles[.infoPlistStrings] == ["en.lproj/InfoPlist.strings", "fr.lproj/infoPlist.strings"])
    #expect(roles[.iconImage] == ["AppIcon60x60@2x.png", "AppIcon60x60@3x.png"])
    #expect(roles[.launchStoryboard] == ["Base.lproj/Launch.storyboardc"])
    let icons = app.files.filter { $0.role == .iconImage }.compactMap(\.image)
    #expect(
      icons == [
        ImageInfo(width: 120, height: 120, hasAlpha: false),
        ImageInfo(width: 180, height: 180, hasAlpha: true),
      ])
    #expect(app.files.allSatisfy { $0.problem == nil })
    let profile = try #require(app.files.first { $0.role == .provisioningProfile }?.profile)
    #expect(profile.name == "Demo Development")
    #expect(profile.teamName == "Example")
    let watch = app.children[1]
    #expect(watch.platforms == [.watchOS])
    let missing = try #require(watch.files.first { $0.role == .executable })
    #expect(missing.path == "Watch/DemoWatch.app/Gone")
    #expect(missing.problem?.kind == .notFound)
  }

  @Test func walksAMacAppWithAnXPCServiceAndALoginItem() throws {
    let tree = MemoryTree(
      name: "Mac.app",
      files: [
        "Mac.app/Contents/Info.plist": infoPlist(
          [("CFBundleIdentifier", "org.example.mac"), ("CFBundleExecutable", "Mac")],
          extra: "\t<key>LSMinimumSystemVersion</key>\n\t<string>13.0</string>\n"),
        "Mac.app/Contents/MacOS/Mac": MachOBuilder(
          commands: [.buildVersion(platform: 1, minOS: 0x000D_0000, sdk: 0x000E_0000)],
          signature: .init(xmlEntitlements: nil)
        ).build().bytes,
        "Mac.app/Contents/embedded.provisionprofile":
          (try? TestSigner.sign(String(decoding: infoPlist([("Name", "Mac")]), as: UTF8.self)))
          ?? [],
        "Mac.app/Contents/Resources/PrivacyInfo.xcprivacy": infoPlist([]),
        "Mac.app/Contents/XPCServices/Helper.xpc/Contents/Info.plist": infoPlist([
          ("CFBundleIdentifier", "org.example.mac.helper")
        ]),
        "Mac.app/Contents/Library/LoginItems/Launcher.app/Contents/Info.plist": infoPlist([
          ("CFBundleIdentifier", "org.example.mac.launcher")
        ]),
        "Mac.app/Contents/Frameworks/Core.framework/Versions/A/Resources/Info.plist": infoPlist([
          ("CFBundleIdentifier", "org.example.core")
        ]),
      ],
      links: ["Mac.app/Contents/Frameworks/Core.framework/Versions/Current": "A"])
    let app = BundleWalker(tree: tree).walk("Mac.app", kind: .application)
    #expect(app.layout == .deep)
    #expect(app.platforms == [.macOS])
    #expect(
      app.files.map(\.path).sorted() == [
        "Mac.app/Contents/Info.plist", "Mac.app/Contents/MacOS/Mac",
        "Mac.app/Contents/Resources/PrivacyInfo.xcprivacy",
        "Mac.app/Contents/embedded.provisionprofile",
      ])
    #expect(app.children.map(\.kind) == [.framework, .xpcService, .loginItem])
    #expect(app.children[0].layout == .versionedFramework)
    #expect(app.children[0].identifier == "org.example.core")
    #expect(app.children[1].identifier == "org.example.mac.helper")
  }

  @Test func keepsAnUnreadableInfoPlistWithItsError() throws {
    let tree = MemoryTree(
      name: "Bad.app", files: ["Info.plist": Array("<plist><dict><key>a</key></dict></plist>".utf8)]
    )
    let app = BundleWalker(tree: tree).walk("", kind: .application)
    let file = try #require(app.infoPlistFile)
    #expect(file.document == nil)
    #expect(file.problem?.kind == .plist)
    #expect(file.problem?.underlying?.line == 1)
    #expect(file.problem?.description.hasPrefix("Info.plist:1:26: error: missing value") == true)
  }

  /// An iOS app made of real files: NetNewsWire's app, share and widget Info.plists, a
  /// framework (Stats' module bundle), a watch app (home-assistant's launcher plist in the
  /// slot), a privacy manifest and a localised InfoPlist.strings.
  static func corpusIOSFiles() throws -> [String: [UInt8]] {
    [
      "Info.plist": try Corpus.bytes("info-plist/NetNewsWire__iOS__Info.plist"),
      "PlugIns/Share.appex/Info.plist": try Corpus.bytes(
        "info-plist/NetNewsWire__iOS__ShareExtension__Info.plist"),
      "PlugIns/Widget.appex/Info.plist": try Corpus.bytes(
        "info-plist/NetNewsWire__Widget__Info.plist"),
      "Frameworks/CPU.framework/Info.plist": try Corpus.bytes(
        "info-plist/stats__Modules-CPU__Info.plist"),
      "Watch/Watch.app/Info.plist": try Corpus.bytes(
        "info-plist/home-assistant-iOS__Launcher__Info.plist"),
      "PrivacyInfo.xcprivacy": try Corpus.bytes(
        "privacy-manifests/NetNewsWire__iOS__PrivacyInfo.xcprivacy"),
      "Base.lproj/InfoPlist.strings": try Corpus.bytes(
        "info-plist/home-assistant-iOS__App__Base.lproj__InfoPlist.strings"),
    ]
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func walksAnIOSAppMadeOfCorpusFiles() throws {
    let tree = MemoryTree(name: "NetNewsWire.app", files: try Self.corpusIOSFiles())
    let app = BundleWalker(tree: tree).walk("", kind: .application)
    #expect(
      app.children.map(\.path) == [
        "PlugIns/Share.appex", "PlugIns/Widget.appex", "Watch/Watch.app",
        "Frameworks/CPU.framework",
      ])
    #expect(
      app.children.map(\.kind) == [.appExtension, .appExtension, .watchApplication, .framework])
    #expect(app.allBundles.allSatisfy { $0.infoPlistFile?.document != nil })
    #expect(app.info("CFBundleIdentifier") == "$(PRODUCT_BUNDLE_IDENTIFIER)")
    #expect(app.files.contains { $0.role == .privacyManifest && $0.document != nil })
    let strings = try #require(app.files.first { $0.role == .infoPlistStrings })
    #expect(strings.document?.format == .ascii)
    // NetNewsWire names a launch storyboard that the test bundle does not hold.
    #expect(app.files.first { $0.role == .launchStoryboard }?.problem?.kind == .notFound)
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func walksAMacAppMadeOfCorpusFiles() throws {
    let tree = MemoryTree(
      name: "NetNewsWire.app",
      files: [
        "NetNewsWire.app/Contents/Info.plist": try Corpus.bytes(
          "info-plist/NetNewsWire__Mac__Info.plist"),
        "NetNewsWire.app/Contents/PlugIns/Share.appex/Contents/Info.plist": try Corpus.bytes(
          "info-plist/NetNewsWire__Mac__ShareExtension__Info.plist"),
        "NetNewsWire.app/Contents/XPCServices/Helper.xpc/Contents/Info.plist": try Corpus.bytes(
          "info-plist/UTM__utmctl__Info.plist"),
        "NetNewsWire.app/Contents/Library/LoginItems/Launcher.app/Contents/Info.plist":
          try Corpus
          .bytes("info-plist/home-assistant-iOS__Launcher__Info.plist"),
      ])
    let app = BundleWalker(tree: tree).walk("NetNewsWire.app", kind: .application)
    #expect(app.platforms.contains(.macOS))
    #expect(app.children.map(\.kind) == [.appExtension, .xpcService, .loginItem])
    #expect(app.allBundles.allSatisfy { $0.layout == .deep && $0.infoPlistFile?.document != nil })
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func readsTheSameCorpusAppAsAnIPA() throws {
    var builder = ZipBuilder()
    for (path, bytes) in try Self.corpusIOSFiles().sorted(by: { $0.key < $1.key }) {
      builder = builder.file("Payload/NetNewsWire.app/" + path, bytes)
    }
    let tree = try ZipTree(bytes: try builder.build(), name: "NetNewsWire.ipa")
    let fromZip = BundleWalker(tree: tree).walk("Payload/NetNewsWire.app", kind: .application)
    let fromMemory = BundleWalker(tree: MemoryTree(name: "m", files: try Self.corpusIOSFiles()))
      .walk("", kind: .application)
    #expect(fromZip.allBundles.count == fromMemory.allBundles.count)
    #expect(fromZip.allBundles.map(\.infoPlist) == fromMemory.allBundles.map(\.infoPlist))
    #expect(
      fromZip.files.map { $0.path.replacingOccurrences(of: "Payload/NetNewsWire.app/", with: "") }
        == fromMemory.files.map(\.path))
  }
}

@Suite struct ImageInfoTests {
  @Test func readsPNGHeaders() {
    #expect(
      ImageInfo(png: pngHeader(width: 1024, height: 1024, colourType: 2))
        == ImageInfo(width: 1024, height: 1024, hasAlpha: false))
    #expect(ImageInfo(png: pngHeader(width: 16, height: 8, colourType: 4))?.hasAlpha == true)
    #expect(ImageInfo(png: Array("GIF89a".utf8)) == nil)
    #expect(ImageInfo(png: Array(pngHeader(width: 1, height: 1, colourType: 2).prefix(20))) == nil)
  }

  @Test func readsACgBIPNG() {
    // Xcode's crushed PNG: the CgBI chunk (4 bytes of flags) comes before IHDR.
    let plain = pngHeader(width: 120, height: 120, colourType: 6)
    let cgbi =
      Array(plain[0..<8]) + [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0, 0x20, 0x06]
      + [0, 0, 0, 0] + Array(plain[8...])
    #expect(
      ImageInfo(png: cgbi) == ImageInfo(width: 120, height: 120, hasAlpha: true, isCgBI: true))
    #expect(ImageInfo(png: plain)?.isCgBI == false)
  }

  @Test func noticesATransparencyChunk() {
    var bytes = pngHeader(width: 2, height: 2, colourType: 2)
    bytes += [0, 0, 0, 6] + Array("tRNS".utf8) + [0, 0, 0, 0, 0, 0] + [0, 0, 0, 0]
    #expect(ImageInfo(png: bytes)?.hasAlpha == true)
  }
}
