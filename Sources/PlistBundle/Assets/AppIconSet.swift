import Foundation

/// An asset catalog's app icon set (`AppIcon.appiconset/Contents.json`), read with Foundation's
/// `JSONDecoder`, with the facts of each image it names.
///
/// The format is Apple's "Asset Catalog Format Reference", App Icon Type
/// (https://developer.apple.com/library/archive/documentation/Xcode/Reference/xcode_ref-Asset_Catalog_Format/AppIconType.html):
/// `images` entries with `filename`, `idiom`, `size` ("WxH" in points), `scale` ("2x"),
/// `subtype`, `role`; current Xcode also writes `platform` and `appearances` (dark and tinted
/// variants), which no current Apple page describes but which are read as written.
package struct AppIconSet: Sendable {
  /// One slot of the set.
  package struct Image: Sendable, Hashable {
    /// The PNG's file name inside the set, or nil for an empty slot.
    package var filename: String?
    /// The device idiom: `iphone`, `ipad`, `ios-marketing`, `mac`, `watch`, `universal`.
    package var idiom: String?
    /// The size in points, parsed from "WxH"; nil unless both are finite, above 0 and at most
    /// ``maxPoints`` (`infxinf`, `nanxnan` and `1e308x1e308` are no size).
    package var pointSize: (width: Double, height: Double)? {
      guard let size else { return nil }
      let parts = size.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
      guard parts.count == 2, let width = parts[0], let height = parts[1],
        [width, height].allSatisfy({ $0.isFinite && $0 > 0 && $0 <= Self.maxPoints })
      else { return nil }
      return (width, height)
    }
    /// The largest side in points accepted from a `size` (the largest icon is 1024).
    package static let maxPoints = 100_000.0
    /// The size as written ("60x60").
    package var size: String?
    /// The scale factor parsed from "2x"; 1 when absent.
    package var scale: Int
    /// `ios`, `watchos`, … (current Xcode), or nil.
    package var platform: String?
    /// The appearance variants, as `appearance=value` pairs (`luminosity=dark`).
    package var appearances: [String]
    /// `subtype` and `role` (watch icons), when given.
    package var subtype: String?
    package var role: String?
    /// The image's PNG facts, when the file is in the set and is a PNG.
    package var image: ImageInfo?
    /// Why the image could not be read (`.notFound` when the file is not in the set).
    package var problem: BundleError?

    /// The pixel size the slot calls for (points × scale), when the size is known.
    ///
    /// nil when the size is unknown or the scale is not 1 to 100, so no conversion to `Int`
    /// can overflow (a scale of `Int.max` once crashed lint).
    package var expectedPixels: (width: Int, height: Int)? {
      guard let points = pointSize, (1...100).contains(scale) else { return nil }
      return (Int(points.width * Double(scale)), Int(points.height * Double(scale)))
    }

    package static func == (a: Image, b: Image) -> Bool {
      a.filename == b.filename && a.idiom == b.idiom && a.size == b.size && a.scale == b.scale
        && a.platform == b.platform && a.appearances == b.appearances && a.image == b.image
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(filename)
      hasher.combine(size)
      hasher.combine(scale)
    }
  }

  /// The set's folder path in the tree.
  package var path: String
  /// Every slot, in the file's order.
  package var images: [Image]

  /// Reads the set whose `Contents.json` is at `contentsPath` in `tree`, and the PNG header of
  /// every image it names.
  ///
  /// - Throws: `BundleError` when `Contents.json` cannot be read or is not the expected JSON
  ///   (Foundation's decoding error text is kept); a missing or unreadable image is recorded
  ///   on its slot instead.
  package static func read(
    contentsPath: String, in tree: any FileTree
  ) throws(BundleError)
    -> AppIconSet
  {
    let bytes = try tree.contents(of: contentsPath, limit: 4 << 20)
    let decoded: Contents
    do {
      decoded = try JSONDecoder().decode(Contents.self, from: Data(bytes))
    } catch {
      throw BundleError(
        .malformed, "not an asset catalog Contents.json: \(describe(error))", path: contentsPath)
    }
    let folder = contentsPath.split(separator: "/").dropLast().joined(separator: "/")
    var images: [Image] = []
    for entry in decoded.images ?? [] {
      var image = Image(
        filename: entry.filename, idiom: entry.idiom, size: entry.size,
        scale: entry.scale.flatMap { Int($0.dropLast()) } ?? 1, platform: entry.platform,
        appearances: (entry.appearances ?? []).map { "\($0.appearance ?? "")=\($0.value ?? "")" },
        subtype: entry.subtype, role: entry.role)
      if let name = entry.filename {
        let file = TreePath.join(folder, name)
        do throws(BundleError) {
          let png = try tree.contents(of: file, limit: 64 << 20)
          image.image = ImageInfo(png: png)
          if image.image == nil {
            image.problem = BundleError(.malformed, "not a PNG image", path: file)
          }
        } catch {
          image.problem = error.at(file)
        }
      }
      images.append(image)
    }
    return AppIconSet(path: folder, images: images)
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }

  /// The JSON as written.
  private struct Contents: Decodable {
    var images: [Entry]?
  }

  private struct Entry: Decodable {
    var filename: String?
    var idiom: String?
    var size: String?
    var scale: String?
    var platform: String?
    var subtype: String?
    var role: String?
    var appearances: [Appearance]?
  }

  private struct Appearance: Decodable {
    var appearance: String?
    var value: String?
  }
}
