/// One rendition of a compiled asset catalog: its key attributes and what its CSI header
/// ("CoreStructuredImage", tag `CTSI`) says.
///
/// The header is little-endian, 184 bytes: the tag, a version, the rendition flags (bit 3 is
/// "opaque", set by the asset compiler when the image has no alpha channel), width and height
/// in pixels, the scale factor × 100, the pixel format as a four-character code (`ARGB`,
/// `GA8 `, `RGB5`, `JPEG`, `HEIF`, `DATA`, …), the colour space (low 4 bits), then the
/// metadata (modification time, layout, the 128-byte rendition name) and the lengths of the
/// TLV list and of the rendition data that follow. Layout after the public notes of Timac's
/// CARParser and ThemeEngine; Apple does not document it.
package struct CSIRendition: Sendable, Hashable {
  /// The rendition key: each attribute and its value, in the catalog's key format order.
  package var attributes: [KeyAttribute]
  /// The file name the rendition was compiled from (`AppIcon60x60@2x.png`), or the packed
  /// image's name (`ZZZZPackedAsset-2.1.0-gamut0`).
  package var name: String
  /// Width and height in pixels (0 for renditions that are not bitmaps).
  package var width: Int
  package var height: Int
  /// The scale factor: 1, 2 or 3 (0 for none), from the header's scale × 100.
  package var scale: Int
  /// True when the asset compiler flagged the image as opaque (no alpha channel).
  package var isOpaque: Bool
  /// The pixel format's four-character code, trimmed (`ARGB`, `GA8`, `JPEG`), or empty.
  package var pixelFormat: String
  /// The colour space identifier (0 sRGB, 1 grey gamma 2.2, 2 Display P3, …).
  package var colorSpace: Int
  /// The layout (10–50 image layouts, 1000 data, 1003 internal reference, 1004 packed image,
  /// 1009 colour, 1010 multi-size image, …).
  package var layout: Int
  /// For a multi-size image (the app icon's size list): each size in points and its index.
  package var sizes: [MultisizeEntry] = []
  /// Absolute offset of the rendition's CSI header in the file.
  package var offset: Int

  /// One attribute of a rendition key and its value.
  package struct KeyAttribute: Sendable, Hashable {
    package var attribute: RenditionAttribute
    package var value: UInt16
  }

  /// One entry of a multi-size image.
  package struct MultisizeEntry: Sendable, Hashable {
    /// Width and height in points (whole points: 83.5 is stored as 83).
    package var width: Int
    package var height: Int
    /// The index the icon renditions carry as their dimension 2.
    package var index: Int

    /// Creates an entry.
    package init(width: Int, height: Int, index: Int) {
      self.width = width
      self.height = height
      self.index = index
    }
  }

  /// Creates a rendition from its facts (rule examples and tests; the reader uses
  /// `init(key:format:csi:)`).
  package init(
    name: String, idiom: Idiom = .universal, scale: Int = 1, width: Int, height: Int,
    isOpaque: Bool = false, pixelFormat: String = "ARGB", layout: Int = 12,
    identifier: UInt16? = nil
  ) {
    var attributes = [
      KeyAttribute(attribute: .scale, value: UInt16(clamping: scale)),
      KeyAttribute(attribute: .idiom, value: idiom.rawValue),
    ]
    if let identifier {
      attributes.append(KeyAttribute(attribute: .identifier, value: identifier))
    }
    self.attributes = attributes
    self.name = name
    self.width = width
    self.height = height
    self.scale = scale
    self.isOpaque = isOpaque
    self.pixelFormat = pixelFormat
    self.colorSpace = 0
    self.layout = layout
    self.offset = 0
  }

  /// The value of `attribute` in the key, when the key format has it.
  package func value(_ attribute: RenditionAttribute) -> UInt16? {
    attributes.first { $0.attribute == attribute }?.value
  }

  /// The device family the rendition is for.
  package var idiom: Idiom { Idiom(rawValue: value(.idiom) ?? 0) }

  /// The identifier linking the rendition to its asset name (`FACETKEYS`).
  package var nameIdentifier: UInt16? { value(.identifier) }

  /// The layout as words a person knows (`image`, `packed image`, `multi-size image`).
  package var layoutName: String {
    switch layout {
    case 6: "gradient"
    case 7: "effect"
    case 9: "vector"
    case 10...50: "image"
    case 1000: "data"
    case 1001: "external link"
    case 1002: "layer stack"
    case 1003: "internal reference"
    case 1004: "packed image"
    case 1005: "name list"
    case 1007: "texture"
    case 1008: "texture image"
    case 1009: "colour"
    case 1010: "multi-size image"
    case 1011: "layer reference"
    case 1012: "content rendition"
    case 1013: "recognition object"
    default: "layout \(layout)"
    }
  }

  /// True for a bitmap the system draws: an image layout, an internal reference into a packed
  /// image, or a packed image itself.
  package var isBitmap: Bool { (10...50).contains(layout) || layout == 1003 || layout == 1004 }

  /// The rendition as a line (`phone @2x 120×120 ARGB opaque image`).
  package var summary: String {
    var parts = [idiom.name]
    if scale > 0 { parts.append("@\(scale)x") }
    if width > 0 || height > 0 { parts.append("\(width)×\(height)") }
    if !pixelFormat.isEmpty { parts.append(pixelFormat) }
    if isBitmap { parts.append(isOpaque ? "opaque" : "not opaque") }
    parts.append(layoutName)
    return parts.joined(separator: " ")
  }

  /// The length of the CSI header.
  static let headerLength = 184
  /// The most entries read from a multi-size image.
  static let maxSizes = 256

  /// Reads a rendition from its key (one little-endian 16-bit value per key-format attribute)
  /// and its CSI header.
  ///
  /// - Throws: `BundleError` when the value is shorter than a CSI header or its tag is wrong.
  init(key: ByteWindow, format: [RenditionAttribute], csi: ByteWindow) throws(BundleError) {
    var attributes: [KeyAttribute] = []
    for (i, attribute) in format.enumerated() where key.contains(i * 2, 2) {
      attributes.append(KeyAttribute(attribute: attribute, value: try key.halfWord(i * 2)))
    }
    try csi.require(
      0, Self.headerLength, "a rendition is shorter than a CSI header (184 bytes)")
    guard Array(try csi.slice(0, 4)) == Array("ISTC".utf8) else {
      throw .malformed("expected a rendition to start with the CSI tag \"ISTC\"", at: csi.start)
    }
    let flags = try csi.u32(8)
    let scale100 = Int(try csi.u32(20))
    let format4 = try csi.slice(24, 4).reversed()
    let nameBytes = try csi.slice(40, 128)
    self.attributes = attributes
    self.name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
    self.width = Int(try csi.u32(12))
    self.height = Int(try csi.u32(16))
    self.scale = scale100 / 100
    self.isOpaque = flags & 0x8 != 0
    self.pixelFormat =
      format4.allSatisfy({ $0 == 0 })
      ? ""
      : String(decoding: format4.map { (0x20..<0x7F).contains($0) ? $0 : 0x3F }, as: UTF8.self)
        .trimmingSpaces()
    self.colorSpace = Int(try csi.u32(28) & 0xF)
    self.layout = Int(try csi.halfWord(36))
    self.offset = csi.start
    if layout == 1010 {
      sizes = Self.multisizeEntries(csi)
    }
  }

  /// The size list of a multi-size image (`SISM`: version, count, then width, height and
  /// index per entry), or none when it is absent or damaged: the list is informative only.
  private static func multisizeEntries(_ csi: ByteWindow) -> [MultisizeEntry] {
    guard let tlvLength = try? Int(csi.u32(168)) else { return [] }
    let body = headerLength &+ tlvLength
    guard csi.contains(body, 12), (try? Array(csi.slice(body, 4))) == Array("SISM".utf8),
      let count = try? Int(csi.u32(body + 8))
    else { return [] }
    var entries: [MultisizeEntry] = []
    for i in 0..<min(count, maxSizes) {
      let at = body + 12 + i * 12
      guard let width = try? csi.u32(at), let height = try? csi.u32(at + 4),
        let index = try? csi.halfWord(at + 8)
      else { break }
      entries.append(MultisizeEntry(width: Int(width), height: Int(height), index: Int(index)))
    }
    return entries
  }
}

/// A device family of a rendition, as CoreUI numbers them.
package struct Idiom: Sendable, Hashable {
  /// The number in the rendition key.
  package var rawValue: UInt16

  /// Wraps a number.
  package init(rawValue: UInt16) { self.rawValue = rawValue }

  package static let universal = Idiom(rawValue: 0)
  package static let phone = Idiom(rawValue: 1)
  package static let pad = Idiom(rawValue: 2)
  package static let tv = Idiom(rawValue: 3)
  package static let car = Idiom(rawValue: 4)
  package static let watch = Idiom(rawValue: 5)
  /// The App Store ("ios-marketing" in an icon set).
  package static let marketing = Idiom(rawValue: 6)

  /// `universal`, `phone`, `pad`, `tv`, `car`, `watch`, `marketing`, or `idiom N`.
  package var name: String {
    switch rawValue {
    case 0: "universal"
    case 1: "phone"
    case 2: "pad"
    case 3: "tv"
    case 4: "car"
    case 5: "watch"
    case 6: "marketing"
    default: "idiom \(rawValue)"
    }
  }
}

/// An attribute of a rendition key (`KEYFORMAT`), as CoreUI numbers them.
package struct RenditionAttribute: Sendable, Hashable {
  /// The number in the key format.
  package var rawValue: UInt32

  /// Wraps a number.
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  package static let element = Self(rawValue: 1)
  package static let part = Self(rawValue: 2)
  package static let dimension2 = Self(rawValue: 9)
  package static let scale = Self(rawValue: 12)
  package static let idiom = Self(rawValue: 15)
  package static let subtype = Self(rawValue: 16)
  /// The name identifier that links a rendition to its asset.
  package static let identifier = Self(rawValue: 17)

  /// The attribute's name (`idiom`, `scale`, `size class horizontal`, …).
  package var name: String {
    let names = [
      "theme look", "element", "part", "size", "direction", "placeholder", "value",
      "appearance", "dimension 1", "dimension 2", "state", "layer", "scale", "localization",
      "presentation state", "idiom", "subtype", "identifier", "previous value",
      "previous state", "size class horizontal", "size class vertical", "memory class",
      "graphics class", "display gamut", "deployment target", "glyph weight", "glyph size",
    ]
    return rawValue < names.count ? names[Int(rawValue)] : "attribute \(rawValue)"
  }
}

extension ByteWindow {
  /// The 16-bit integer at `offset`, in the window's byte order.
  func halfWord(_ offset: Int) throws(BundleError) -> UInt16 {
    try require(offset, 2, "expected a 16-bit value but the data ends first")
    let first = UInt16(bytes[start &+ offset])
    let second = UInt16(bytes[start &+ offset &+ 1])
    return bigEndian ? first << 8 | second : second << 8 | first
  }
}

extension String {
  /// The text without leading and trailing spaces.
  fileprivate func trimmingSpaces() -> String {
    var slice = Substring(self)
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
