import Foundation
import TestSupport
import Testing

@testable import PlistBundle

@Suite struct AppIconSetTests {
  static let contents = Array(
    """
    {
      "images" : [
        { "filename" : "Icon.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
        { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
          "filename" : "Dark.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
        { "filename" : "icon_16x16@2x.png", "idiom" : "mac", "scale" : "2x", "size" : "16x16" },
        { "idiom" : "mac", "scale" : "1x", "size" : "512x512" }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """.utf8)

  @Test func readsSlotsAndTheirImages() throws {
    let tree = MemoryTree(
      name: "Assets",
      files: [
        "AppIcon.appiconset/Contents.json": Self.contents,
        "AppIcon.appiconset/Icon.png": pngHeader(width: 1024, height: 1024, colourType: 6),
        "AppIcon.appiconset/Dark.png": pngHeader(width: 1024, height: 1024, colourType: 2),
      ])
    let set = try AppIconSet.read(contentsPath: "AppIcon.appiconset/Contents.json", in: tree)
    #expect(set.path == "AppIcon.appiconset")
    #expect(set.images.count == 4)
    #expect(set.images[0].image == ImageInfo(width: 1024, height: 1024, hasAlpha: true))
    #expect(set.images[0].platform == "ios")
    #expect(set.images[1].appearances == ["luminosity=dark"])
    #expect(set.images[1].image?.hasAlpha == false)
    #expect(set.images[2].scale == 2)
    #expect(set.images[2].expectedPixels?.width == 32)
    #expect(set.images[2].problem?.kind == .notFound)
    #expect(set.images[2].problem?.path == "AppIcon.appiconset/icon_16x16@2x.png")
    #expect(set.images[3].filename == nil)
    #expect(set.images[3].problem == nil)
  }

  /// A `size` of `infxinf`, `1e308x1e308` or `nanxnan`, or a scale of `Int.max`, once crashed
  /// lint (SIGILL converting the pixel size to `Int`): none of them is a size.
  @Test(arguments: [
    ("infxinf", "1x"), ("1e308x1e308", "3x"), ("nanxnan", "2x"), ("-20x-20", "2x"),
    ("60x60", "9223372036854775807x"), ("60x60", "-1x"), ("0x0", "1x"), ("x60", "2x"),
  ])
  func hostileSizesAndScalesAreNoSize(size: String, scale: String) throws {
    let json =
      "{\"images\":[{\"filename\":\"i.png\",\"idiom\":\"iphone\",\"size\":\"\(size)\",\"scale\":\"\(scale)\"}]}"
    let tree = MemoryTree(
      name: "Assets",
      files: [
        "AppIcon.appiconset/Contents.json": Array(json.utf8),
        "AppIcon.appiconset/i.png": pngHeader(width: 120, height: 120, colourType: 6),
      ])
    let set = try AppIconSet.read(contentsPath: "AppIcon.appiconset/Contents.json", in: tree)
    #expect(set.images.count == 1)
    #expect(set.images[0].expectedPixels == nil)
    #expect(set.images[0].image?.width == 120)
  }

  @Test func refusesJSONThatIsNotAnIconSet() {
    let tree = MemoryTree(
      name: "Assets", files: ["X.appiconset/Contents.json": Array("{\"images\": 3}".utf8)])
    let error = #expect(throws: BundleError.self) {
      try AppIconSet.read(contentsPath: "X.appiconset/Contents.json", in: tree)
    }
    #expect(error?.kind == .malformed)
    #expect(error?.message.hasPrefix("not an asset catalog Contents.json: images:") == true)
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func readsEveryCorpusIconSet() throws {
    for entry in Corpus.entries(in: "appiconset") where !entry.path.hasSuffix("icon.json") {
      let tree = MemoryTree(
        name: "c", files: ["S.appiconset/Contents.json": [UInt8](try entry.data())])
      let set = try AppIconSet.read(contentsPath: "S.appiconset/Contents.json", in: tree)
      // No image is in the tree, so every named slot says so.
      #expect(set.images.filter { $0.filename != nil }.allSatisfy { $0.problem?.kind == .notFound })
    }
    let utm = try #require(
      Corpus.entries(in: "appiconset").first { $0.path.contains("UTM__AppIcon.appiconset") })
    let tree = MemoryTree(name: "c", files: ["S.appiconset/Contents.json": [UInt8](try utm.data())])
    #expect(
      try AppIconSet.read(contentsPath: "S.appiconset/Contents.json", in: tree).images.count == 58)
  }
}
