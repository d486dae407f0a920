import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// A small catalog built in memory: an app icon (a multi-size list, three bitmaps, one of
/// them the opaque App Store image) and an image asset.
func sampleCatalog() -> CompiledAssetCatalog {
  var sizes = CSIRendition(
    name: "AppIcon", idiom: .phone, scale: 0, width: 0, height: 0, pixelFormat: "",
    layout: 1010)
  sizes.sizes = [.init(width: 60, height: 60, index: 3)]
  let icon = CompiledAssetCatalog.Asset(
    name: "AppIcon", identifier: 6849, element: 85, part: 220,
    renditions: [
      sizes,
      CSIRendition(
        name: "Icon-120.png", idiom: .phone, scale: 2, width: 120, height: 120, layout: 1003),
      CSIRendition(
        name: "Icon-167.png", idiom: .pad, scale: 2, width: 167, height: 167, layout: 12),
      CSIRendition(
        name: "Icon-1024.png", idiom: .marketing, scale: 1, width: 1024, height: 1024,
        isOpaque: true, pixelFormat: "JPEG", layout: 12),
    ])
  let image = CompiledAssetCatalog.Asset(
    name: "Trail Map", identifier: 12, element: 85, part: 181,
    renditions: [
      CSIRendition(name: "map@3x.png", scale: 3, width: 30, height: 9, pixelFormat: "GA8")
    ])
  return CompiledAssetCatalog(
    assets: [icon, image], thinningArguments: "", deploymentPlatform: "ios",
    mainVersion: "CoreUI-test", versionString: "tool-1")
}

@Suite struct CompiledAssetCatalogTests {
  @Test func readsWhatTheWriterWrote() throws {
    let catalog = try CompiledAssetCatalog.parse(sampleCatalog().carBytes())
    #expect(catalog.assets.map(\.name) == ["AppIcon", "Trail Map"])
    #expect(catalog.renditionCount == 5)
    #expect(catalog.mainVersion == "CoreUI-test")
    #expect(catalog.versionString == "tool-1")
    #expect(catalog.deploymentPlatform == "ios")
    #expect(!catalog.isThinned)
    #expect(catalog.keyFormat.map(\.name).prefix(3) == ["scale", "idiom", "identifier"])
    let icon = try #require(catalog.asset(named: "AppIcon"))
    #expect(icon.identifier == 6849)
    #expect(icon.part == 220)
    #expect(
      icon.renditions.map(\.summary) == [
        "phone multi-size image", "phone @2x 120×120 ARGB not opaque internal reference",
        "pad @2x 167×167 ARGB not opaque image", "marketing @1x 1024×1024 JPEG opaque image",
      ])
    #expect(icon.renditions[0].sizes == [.init(width: 60, height: 60, index: 3)])
    #expect(icon.renditions[3].idiom == .marketing)
    #expect(catalog.asset(named: "Trail Map")?.renditions.first?.pixelFormat == "GA8")
  }

  @Test func treeHasOneArrayOfRenditionsPerAsset() throws {
    let document = try CompiledAssetCatalog.parse(sampleCatalog().carBytes()).document
    let asset = try #require(sampleCatalog().asset(named: "AppIcon"))
    #expect(
      asset.renditionLabels == [
        "phone multi-size image", "phone @2x 120×120", "pad @2x 167×167",
        "marketing @1x 1024×1024",
      ])
    let store = try #require(
      document.root.node(at: CompiledAssetCatalog.keyPath(asset: asset, rendition: 3)))
    let entries = try #require(store.value.dictionaryValue)
    #expect(entries["width"]?.value == .integer(PlistInteger(1024)))
    #expect(entries["idiom"]?.value == .string("marketing"))
    #expect(entries["opaque"]?.value == .boolean(true))
    #expect(entries["layout"]?.value == .string("image"))
    let sizes = document.root.node(
      at: try KeyPath(parsing: "assets.AppIcon.phone multi-size image.sizes[0]"))
    #expect(sizes?.value == .string("60x60 #3"))
    #expect(
      document.root.node(at: try KeyPath(parsing: "catalog.renditions"))?.value
        == .integer(PlistInteger(5)))
  }

  @Test func refusesWhatIsNotABOMStore() {
    #expect(throws: BundleError.self) { try CompiledAssetCatalog.parse(Array("bplist00".utf8)) }
    var bytes = sampleCatalog().carBytes()
    bytes[0] = UInt8(ascii: "X")
    #expect {
      try CompiledAssetCatalog.parse(bytes)
    } throws: { ($0 as? BundleError)?.message.contains("BOMStore") == true }
  }

  @Test func everyTruncationThrowsAndNeverTraps() {
    let bytes = sampleCatalog().carBytes()
    for length in stride(from: 0, to: bytes.count, by: 7) {
      #expect(throws: BundleError.self) { try CompiledAssetCatalog.parse(Array(bytes[..<length])) }
    }
  }

  @Test func flippedBytesNeverTrap() {
    let bytes = sampleCatalog().carBytes()
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      var mutated = bytes
      for _ in 0..<3 {
        let at = Int.random(in: 0..<mutated.count, using: &generator)
        mutated[at] = UInt8.random(in: 0...255, using: &generator)
      }
      _ = try? CompiledAssetCatalog.parse(mutated)
    }
  }

  @Test func refusesATreeWhoseLeavesLoop() throws {
    var bytes = sampleCatalog().carBytes()
    let store = try BOMStore(bytes)
    let header = try store.namedBlock("RENDITIONS")
    let pathsIndex = Int(try header.u32(8))
    let paths = try store.block(pathsIndex, "paths")
    // The leaf's forward link points at itself.
    for (i, byte) in withUnsafeBytes(of: UInt32(pathsIndex).bigEndian, Array.init).enumerated() {
      bytes[paths.start + 4 + i] = byte
    }
    #expect {
      try CompiledAssetCatalog.parse(bytes)
    } throws: { error in
      guard let error = error as? BundleError else { return false }
      return error.message.contains("cycle") && error.offset == paths.start
    }
  }

  @Test func refusesAHugeBlockCountBeforeReadingIt() throws {
    var bytes = sampleCatalog().carBytes()
    let indexOffset = Int(try ByteWindow(bytes, bigEndian: true).u32(16))
    for i in 0..<4 { bytes[indexOffset + i] = 0x7F }
    #expect {
      try CompiledAssetCatalog.parse(bytes)
    } throws: { ($0 as? BundleError)?.kind == .limitExceeded }
  }

  @Test func namesTheOffsetOfABlockOutsideTheFile() throws {
    var bytes = sampleCatalog().carBytes()
    let store = try BOMStore(bytes)
    let block = try #require(store.variable("KEYFORMAT"))
    let indexOffset = Int(try ByteWindow(bytes, bigEndian: true).u32(16))
    let entry = indexOffset + 4 + block * 8
    for i in 0..<4 { bytes[entry + i] = 0xFF }
    #expect {
      try CompiledAssetCatalog.parse(bytes)
    } throws: { ($0 as? BundleError)?.message.contains("KEYFORMAT") == true }
  }

  @Test func opensABareAssetsCar() throws {
    let folder = try TemporaryFolder("car").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("Assets.car")
    try Data(sampleCatalog().carBytes()).write(to: good)
    #expect(BundleLoader.opensAsContainer(good.path))
    let loaded = try BundleLoader.load(path: good.path)
    #expect(loaded.isBuilt)
    #expect(loaded.files.map(\.role) == [.assetCatalog])
    #expect(loaded.files.first?.assetCatalog?.assets.count == 2)
    // Damaged, it is still read as a catalog (by its name) and says why.
    let bad = folder.appendingPathComponent("Broken.car")
    try Data(Array("BOMStore".utf8)).write(to: bad)
    let broken = try BundleLoader.load(path: bad.path)
    #expect(broken.files.first?.role == .assetCatalog)
    #expect(broken.files.first?.problem?.kind == .malformed)
  }

  @Test func walkerReadsAssetsCarAndKeepsAProblem() throws {
    let info = infoPlist([
      ("CFBundleIdentifier", "org.example.app"), ("CFBundleIconName", "AppIcon"),
    ])
    let good = try BundleLoader.load(
      tree: MemoryTree(
        name: "A.app", files: ["Info.plist": info, "Assets.car": sampleCatalog().carBytes()]),
      inputPath: "A.app")
    let file = try #require(good.allFiles.first { $0.role == .assetCatalog })
    #expect(file.path == "Assets.car")
    #expect(file.assetCatalog?.assets.count == 2)
    #expect(file.document?.root.node(at: try KeyPath(parsing: "assets.AppIcon")) != nil)
    let bad = try BundleLoader.load(
      tree: MemoryTree(
        name: "A.app", files: ["Info.plist": info, "Assets.car": Array("BOMStore".utf8)]),
      inputPath: "A.app")
    let broken = try #require(bad.allFiles.first { $0.role == .assetCatalog })
    #expect(broken.assetCatalog == nil)
    #expect(broken.problem?.path == "Assets.car")
    #expect(broken.problem?.kind == .malformed)
  }
}

@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct CompiledAssetCatalogCorpusTests {
  func catalog(_ app: String) throws -> CompiledAssetCatalog {
    let url = Corpus.directory.appendingPathComponent("bundles/\(app).app/Assets.car")
    return try CompiledAssetCatalog.parse(Array(try Data(contentsOf: url)))
  }

  @Test func readsSaverApp() throws {
    let catalog = try catalog("SaverApp")
    #expect(
      catalog.assets.map(\.name) == [
        "AppIcon", "goal3-1", "houseIcon2", "icons8-Goal-64", "icons8-Home Filled-50",
        "icons8-Paycheque-50",
      ])
    #expect(catalog.renditionCount == 31)
    #expect(catalog.declaredRenditionCount == 31)
    #expect(catalog.versionString == "IBCocoaTouchImageCatalogTool-9.2")
    #expect(!catalog.isThinned)
    let icon = try #require(catalog.asset(named: "AppIcon"))
    #expect(icon.renditions.count == 17)
    #expect(!icon.renditions.contains { $0.idiom == .marketing })
    let pro = try #require(icon.renditions.first { $0.name == "167!!!.png" })
    #expect(pro.summary == "pad @2x 167×167 ARGB not opaque image")
    #expect(catalog.unnamedRenditions.allSatisfy { $0.name.hasPrefix("ZZZZPackedAsset") })
  }

  @Test func readsThinnedCatalogs() throws {
    let wdio = try catalog("wdiodemoapp")
    #expect(wdio.assets.map(\.name) == ["AppIcon", "LaunchImage"])
    #expect(wdio.renditionCount == 8)
    #expect(wdio.isThinned)
    #expect(
      wdio.asset(named: "AppIcon")?.renditions.filter(\.isBitmap).map { $0.width }
        == [40, 58, 80, 120])
    let glass = try catalog("MyGlass")
    #expect(glass.assets.count == 103)
    #expect(glass.renditionCount == 103)
    #expect(glass.isThinned)
    #expect(glass.asset(named: "AppIcon") == nil)
  }
}

@Suite struct LegacyIconTests {
  @Test func readsThePNGsOfTheNamedIconSetAndOfAlternateIcons() throws {
    let info = Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>org.example.app</string>
      <key>CFBundleIcons</key><dict>
        <key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>AppIcon</string></dict>
        <key>CFBundleAlternateIcons</key><dict>
          <key>Dark</key><dict><key>CFBundleIconFiles</key><array><string>Dark</string></array></dict>
        </dict>
      </dict>
      </dict></plist>
      """.utf8)
    let bundle = try BundleLoader.load(
      tree: MemoryTree(
        name: "A.app",
        files: [
          "Info.plist": info,
          "AppIcon60x60@2x.png": pngHeader(width: 120, height: 120, colourType: 6),
          "AppIcon83.5x83.5@2x~ipad.png": pngHeader(width: 167, height: 167, colourType: 6),
          "AppIconic.png": pngHeader(width: 1, height: 1, colourType: 6),
          "AppIcon60x60@2x.jpg": [],
          "Dark@3x.png": pngHeader(width: 180, height: 180, colourType: 2),
        ]),
      inputPath: "A.app")
    let icons = bundle.allFiles.filter { $0.role == .iconImage }
    #expect(
      icons.map(\.path).sorted() == [
        "AppIcon60x60@2x.png", "AppIcon83.5x83.5@2x~ipad.png", "Dark@3x.png",
      ])
    #expect(icons.first { $0.path == "AppIcon83.5x83.5@2x~ipad.png" }?.image?.width == 167)
  }

  @Test func matchesIconNamesAsIOSLooksThemUp() {
    #expect(BundleWalker.iconFile("Icon@2x.png", matches: "Icon"))
    #expect(BundleWalker.iconFile("Icon~ipad.png", matches: "Icon.png"))
    #expect(BundleWalker.iconFile("Icon.png", matches: "Icon"))
    #expect(!BundleWalker.iconFile("Icons.png", matches: "Icon"))
    #expect(BundleWalker.iconFile("AppIcon20x20@3x.png", isLegacyPNGOf: "AppIcon"))
    #expect(BundleWalker.iconFile("AppIcon76x76~ipad.png", isLegacyPNGOf: "AppIcon"))
    #expect(!BundleWalker.iconFile("AppIcon-Dark.png", isLegacyPNGOf: "AppIcon"))
    #expect(!BundleWalker.iconFile("AppIcon60x60@x.png", isLegacyPNGOf: "AppIcon"))
  }
}

/// Many renditions that each carry a long size list are capped together, so a small hostile
/// catalog cannot cost memory out of proportion to its size (a regression: 262,140 renditions
/// sharing one 256-entry list took 4.6 GB).
@Suite struct CompiledAssetCatalogBudgetTests {
  static func catalog(renditions: Int, sizes: Int) -> CompiledAssetCatalog {
    var rendition = CSIRendition(
      name: "AppIcon", idiom: .phone, scale: 0, width: 0, height: 0, pixelFormat: "",
      layout: 1010)
    rendition.sizes = (0..<sizes).map { .init(width: 20 + $0, height: 20 + $0, index: $0) }
    let icon = CompiledAssetCatalog.Asset(
      name: "AppIcon", identifier: 6849, element: 85, part: 220,
      renditions: Array(repeating: rendition, count: renditions))
    return CompiledAssetCatalog(
      assets: [icon], thinningArguments: "", deploymentPlatform: "ios",
      mainVersion: "CoreUI-test", versionString: "tool-1")
  }

  @Test func refusesMoreSizeEntriesThanTheBudget() throws {
    let bytes = Self.catalog(renditions: 300, sizes: 256).carBytes()
    let error = try #require(throws: BundleError.self) { try CompiledAssetCatalog.parse(bytes) }
    #expect(error.kind == .limitExceeded)
    #expect(error.message.contains("CompiledAssetCatalog.maxTotalSizes"))
  }

  @Test func readsSizeEntriesUpToTheBudget() throws {
    let catalog = try CompiledAssetCatalog.parse(
      Self.catalog(renditions: 200, sizes: 256).carBytes())
    #expect(catalog.assets.first?.renditions.count == 200)
    #expect(catalog.assets.first?.renditions.first?.sizes.count == 256)
  }
}
