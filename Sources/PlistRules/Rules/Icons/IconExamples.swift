import PlistBundle
import PlistCore

/// Builders for the icon rules' examples: PNG headers written byte by byte and icon sets read
/// from a `MemoryTree`, so each example is the real `AppIconSet` the loader would give.
enum IconExamples {
  /// The path of an example set's `Contents.json`.
  static func contentsPath(_ name: String) -> String {
    "App/Assets.xcassets/\(name).appiconset/Contents.json"
  }

  /// The start of a PNG image, enough for `ImageInfo`.
  ///
  /// The signature, an `IHDR` chunk (8-bit depth; colour type 2 is RGB without alpha, 6 is RGB
  /// with alpha), then `IEND`. CRCs are zero: nothing checks them.
  static func png(_ width: Int, _ height: Int, alpha: Bool = false) -> [UInt8] {
    func u32(_ v: Int) -> [UInt8] {
      [
        UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
        UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v),
      ]
    }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let ihdr =
      u32(13) + Array("IHDR".utf8) + u32(width) + u32(height)
      + [8, alpha ? 6 : 2, 0, 0, 0] + u32(0)
    return signature + ihdr + u32(0) + Array("IEND".utf8) + u32(0)
  }

  /// A bundle holding the icon set `name` with the `images` entries (JSON objects, as written
  /// in `Contents.json`) and the files `files` (by name inside the set), and an Icon Composer
  /// icon for each of `iconComposer`.
  static func bundle(
    _ name: String = "AppIcon", images: [String], files: [String: [UInt8]] = [:],
    iconComposer: [String] = []
  ) -> BundleNode {
    let path = contentsPath(name)
    let folder = String(path.dropLast("/Contents.json".count))
    let json = "{\"images\":[" + images.joined(separator: ",") + "],\"info\":{\"version\":1}}"
    var tree: [String: [UInt8]] = [path: Array(json.utf8)]
    for (file, bytes) in files { tree[folder + "/" + file] = bytes }
    var set = BundleFile(path: path, role: .appIconSet)
    set.iconSet = try? AppIconSet.read(contentsPath: path, in: MemoryTree(name: "", files: tree))
    var bundleFiles = [set]
    for icon in iconComposer {
      bundleFiles.append(BundleFile(path: "App/\(icon).icon/icon.json", role: .iconComposer))
    }
    return BundleNode(path: "App", kind: .application, layout: .shallow, files: bundleFiles)
  }

  /// An example that lints the icon set of `bundle(name, …)`.
  static func example(
    _ name: String = "AppIcon", images: [String], files: [String: [UInt8]] = [:],
    iconComposer: [String] = [], expect: [String] = [], context: LintContext = LintContext(),
    severity: Severity? = nil, file: String = #filePath, line: Int = #line
  ) -> RuleExample {
    RuleExample(
      [:], role: .appIconSet, context: context, expect: expect, severity: severity, file: file,
      line: line
    )
    .within(
      path: contentsPath(name),
      bundle: bundle(name, images: images, files: files, iconComposer: iconComposer))
  }

  /// The single-size iOS App Store slot, `{"filename": name, "idiom": "universal", …}`.
  static func universal(_ filename: String?, appearance: String? = nil) -> String {
    var fields = ["\"idiom\":\"universal\"", "\"platform\":\"ios\"", "\"size\":\"1024x1024\""]
    if let filename { fields.append("\"filename\":\"\(filename)\"") }
    if let appearance {
      fields.append("\"appearances\":[{\"appearance\":\"luminosity\",\"value\":\"\(appearance)\"}]")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A slot of `idiom` with `size` points at `scale`, and the file `filename` when given.
  static func slot(
    _ idiom: String, _ size: Int, _ scale: Int, _ filename: String? = nil
  )
    -> String
  {
    var fields = [
      "\"idiom\":\"\(idiom)\"", "\"size\":\"\(size)x\(size)\"", "\"scale\":\"\(scale)x\"",
    ]
    if let filename { fields.append("\"filename\":\"\(filename)\"") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The ten macOS slots Xcode's template creates (16 to 512 pt at 1x and 2x), with files named
  /// `mac<size>@<scale>.png` except for the sizes in `empty`.
  static func macSlots(empty: Set<String> = []) -> [String] {
    var slots: [String] = []
    for size in [16, 32, 128, 256, 512] {
      for scale in [1, 2] {
        let key = "\(size)@\(scale)"
        slots.append(slot("mac", size, scale, empty.contains(key) ? nil : "mac\(key).png"))
      }
    }
    return slots
  }

  /// The files of `macSlots`, each a PNG of the right pixel size.
  static var macFiles: [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for size in [16, 32, 128, 256, 512] {
      for scale in [1, 2] { files["mac\(size)@\(scale).png"] = png(size * scale, size * scale) }
    }
    return files
  }
}
