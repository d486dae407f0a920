import PlistCore

/// Decodes the DER entitlements of a code signature (the payload of the `0xfade7172` blob)
/// into a property-list tree, with our own small DER reader.
///
/// The layout, as Apple's `codesign --generate-entitlement-der` writes it and as rcodesign
/// (`apple-codesign`, `src/entitlements.rs`: `der_encode_entitlements_plist` and its test
/// vectors, checked there against Apple's `codesign`) reproduces it:
///
/// ```
/// [APPLICATION 16] (0x70) {
///   INTEGER version (1)
///   dictionary
/// }
/// dictionary := [CONTEXT 16] constructed (0xB0) { SEQUENCE { UTF8String key, value } … }
/// value      := BOOLEAN (0x01) | INTEGER (0x02) | UTF8String (0x0C)
///             | SEQUENCE (0x30, an array of values) | dictionary
/// ```
///
/// Real signatures carry other forms too, and each is read:
///
/// - the dictionary as a universal SET (0x31) of key/value SEQUENCEs inside the
///   `[APPLICATION 16]` wrapper, as some descriptions of the format give it;
/// - a bare dictionary with no wrapper and no version: a SET (`31 82 01 5e 30 13 0c 0e
///   get-task-allow 01 01 01 …`, as some signing tools write it) or a `[CONTEXT 16]` element;
///   nested dictionaries may be either tag in every form.
///
/// Only definite lengths of up to 4 length bytes and single-byte tags are accepted; nesting is
/// capped at `maxDepth`. Every node carries the absolute byte range of its element
/// (`SourceLocation.start ..< end`, no line).
enum DEREntitlements {
  /// The deepest nesting of arrays and dictionaries read.
  static let maxDepth = 64

  private static let application16: UInt8 = 0x70
  private static let context16: UInt8 = 0xb0
  private static let set: UInt8 = 0x31
  private static let sequence: UInt8 = 0x30
  private static let boolean: UInt8 = 0x01
  private static let integer: UInt8 = 0x02
  private static let utf8String: UInt8 = 0x0c

  /// One tag-length-value element: its tag, and the offsets (in its window) of its content.
  private struct Element {
    var tag: UInt8
    var start: Int
    var contentStart: Int
    var end: Int
  }

  /// Decodes the blob payload into the entitlements dictionary.
  ///
  /// - Throws: `.malformed` naming the absolute offset for an outer tag that is none of the
  ///   forms above, a length past the end of its container, an unsupported tag, a key that is
  ///   not a string, invalid UTF-8, or trailing bytes; `.limitExceeded` past `maxDepth` levels.
  static func decode(_ data: ByteWindow) throws(BundleError) -> PlistNode {
    let outer = try element(data, at: 0, end: data.count)
    guard outer.end == data.count else {
      throw .malformed(
        "\(data.count - outer.end) bytes follow the DER entitlements", at: data.absolute(outer.end))
    }
    if outer.tag == set || outer.tag == context16 {
      // A bare dictionary: no wrapper, no version.
      return try value(data, outer, depth: 1)
    }
    guard outer.tag == application16 else {
      throw .malformed(
        "expected DER entitlements to start with [APPLICATION 16] (0x70), or to be a bare "
          + "dictionary (a SET, 0x31, or [CONTEXT 16], 0xb0), but found "
          + "0x\(String(outer.tag, radix: 16))", at: data.absolute(0))
    }
    let version = try element(data, at: outer.contentStart, end: outer.end)
    guard version.tag == integer else {
      throw .malformed(
        "expected the DER entitlements version INTEGER but found tag "
          + "0x\(String(version.tag, radix: 16))", at: data.absolute(version.start))
    }
    let root = try element(data, at: version.end, end: outer.end)
    guard root.tag == context16 || root.tag == set else {
      throw .malformed(
        "expected the DER entitlements dictionary ([CONTEXT 16], 0xb0) but found tag "
          + "0x\(String(root.tag, radix: 16))", at: data.absolute(root.start))
    }
    guard root.end == outer.end else {
      throw .malformed(
        "unexpected data after the DER entitlements dictionary", at: data.absolute(root.end))
    }
    return try value(data, root, depth: 1)
  }

  /// Reads the tag and length at `offset`, checking the content ends by `end`.
  private static func element(
    _ data: ByteWindow, at offset: Int, end: Int
  ) throws(BundleError) -> Element {
    guard offset + 2 <= end else {
      throw .malformed("expected a DER element but the data ends", at: data.absolute(offset))
    }
    let tag = try data.u8(offset)
    guard tag & 0x1f != 0x1f else {
      throw .malformed(
        "DER tag 0x\(String(tag, radix: 16)) uses the multi-byte form, which entitlements "
          + "never need", at: data.absolute(offset))
    }
    let first = try data.u8(offset + 1)
    var length = 0
    var contentStart = offset + 2
    if first & 0x80 != 0 {
      let byteCount = Int(first & 0x7f)
      guard (1...4).contains(byteCount) else {
        throw .malformed(
          "DER length form 0x\(String(first, radix: 16)) is not supported; expected a definite "
            + "length of 1 to 4 bytes", at: data.absolute(offset + 1))
      }
      guard contentStart + byteCount <= end else {
        throw .malformed(
          "the DER length runs past the end of its container",
          at: data.absolute(offset + 1))
      }
      for index in 0..<byteCount {
        length = length << 8 | Int(try data.u8(contentStart + index))
      }
      contentStart += byteCount
    } else {
      length = Int(first)
    }
    guard length <= end - contentStart else {
      throw .malformed(
        "the DER element's length \(length) runs past the end of its container "
          + "(\(end - contentStart) bytes left)", at: data.absolute(offset + 1))
    }
    return Element(tag: tag, start: offset, contentStart: contentStart, end: contentStart + length)
  }

  private static func location(_ data: ByteWindow, _ element: Element) -> SourceLocation {
    SourceLocation(
      line: 0, column: 0, start: UInt32(clamping: data.absolute(element.start)),
      end: UInt32(clamping: data.absolute(element.end)),
      contentStart: UInt32(clamping: data.absolute(element.contentStart)))
  }

  private static func value(
    _ data: ByteWindow, _ element: Element, depth: Int
  ) throws(BundleError) -> PlistNode {
    let at = data.absolute(element.start)
    let content = element.end - element.contentStart
    let node: PlistValue
    switch element.tag {
    case boolean:
      guard content == 1 else {
        throw .malformed("a DER BOOLEAN has \(content) content bytes; expected 1", at: at)
      }
      node = .boolean(try data.u8(element.contentStart) != 0)
    case integer:
      node = .integer(try integerValue(data, element))
    case utf8String:
      node = .string(try string(data, element))
    case sequence, context16, set:
      guard depth < maxDepth else {
        throw .limit(
          "the DER entitlements nest deeper than \(maxDepth) levels, the most infoscope reads",
          at: at)
      }
      node =
        element.tag == sequence
        ? .array(try children(data, element, depth: depth))
        : .dictionary(try dictionary(data, element, depth: depth))
    default:
      throw .malformed(
        "DER tag 0x\(String(element.tag, radix: 16)) is not an entitlement value; expected "
          + "BOOLEAN, INTEGER, UTF8String, SEQUENCE or a dictionary", at: at)
    }
    return PlistNode(node, location: location(data, element))
  }

  private static func children(
    _ data: ByteWindow, _ container: Element, depth: Int
  ) throws(BundleError) -> [PlistNode] {
    var result: [PlistNode] = []
    var offset = container.contentStart
    while offset < container.end {
      let child = try element(data, at: offset, end: container.end)
      result.append(try value(data, child, depth: depth + 1))
      offset = child.end
    }
    return result
  }

  private static func dictionary(
    _ data: ByteWindow, _ container: Element, depth: Int
  ) throws(BundleError) -> PlistDictionary {
    var entries: [PlistEntry] = []
    var offset = container.contentStart
    while offset < container.end {
      let pair = try element(data, at: offset, end: container.end)
      guard pair.tag == sequence else {
        throw .malformed(
          "expected a key/value SEQUENCE in a DER dictionary but found tag "
            + "0x\(String(pair.tag, radix: 16))", at: data.absolute(offset))
      }
      let key = try element(data, at: pair.contentStart, end: pair.end)
      guard key.tag == utf8String else {
        throw .malformed(
          "expected a UTF8String key in a DER dictionary but found tag "
            + "0x\(String(key.tag, radix: 16))", at: data.absolute(key.start))
      }
      let valueElement = try element(data, at: key.end, end: pair.end)
      guard valueElement.end == pair.end else {
        throw .malformed(
          "a DER key/value SEQUENCE holds more than a key and a value",
          at: data.absolute(valueElement.end))
      }
      entries.append(
        PlistEntry(
          key: try string(data, key), keyLocation: location(data, key),
          node: try value(data, valueElement, depth: depth + 1)))
      offset = pair.end
    }
    return PlistDictionary(entries)
  }

  private static func string(_ data: ByteWindow, _ element: Element) throws(BundleError) -> String {
    let bytes = try data.slice(element.contentStart, element.end - element.contentStart)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .malformed("a DER UTF8String is not valid UTF-8", at: data.absolute(element.start))
    }
    return text
  }

  /// A two's-complement INTEGER of 1 to 8 bytes, or 9 bytes with a leading zero for values
  /// above `Int64.max`.
  private static func integerValue(
    _ data: ByteWindow, _ element: Element
  ) throws(BundleError) -> PlistInteger {
    let count = element.end - element.contentStart
    let bytes = try data.slice(element.contentStart, count)
    guard let first = bytes.first, count <= 9, count < 9 || first == 0 else {
      throw .malformed(
        "a DER INTEGER has \(count) bytes; expected 1 to 8 (9 with a leading zero)",
        at: data.absolute(element.start))
    }
    let negative = first & 0x80 != 0
    var magnitude: UInt64 = negative ? UInt64.max : 0
    for byte in bytes { magnitude = magnitude << 8 | UInt64(byte) }
    if negative {
      return PlistInteger(Int64(bitPattern: magnitude))
    }
    return PlistInteger(magnitude)
  }
}
