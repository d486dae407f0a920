import Foundation

/// Writes property lists as XML in Apple's canonical layout, byte for byte what CoreFoundation
/// (`plutil -convert xml1`, `PropertyListSerialization`) writes for the same value and key order.
///
/// The layout, checked against the toolchain's `plutil`:
/// - the header `<?xml version="1.0" encoding="UTF-8"?>`, Apple's `DOCTYPE` and
///   `<plist version="1.0">`, each on its own line, and `</plist>` plus a newline at the end;
/// - one tab of indentation per level of nesting; the root is not indented; lines below level
///   `PlistLimits.maxIndentLevels` (64) are indented as that level, where `plutil` would go on
///   adding tabs, so that deep documents grow linearly;
/// - `<true/>`, `<false/>`; empty containers as `<dict/>` and `<array/>`; an empty string as
///   `<string></string>`;
/// - integers in decimal over the whole `Int64.min...UInt64.max` range;
/// - reals as C's `%.17g` (`0.1` → `0.10000000000000001`, `3` → `3`, `1e300` →
///   `1.0000000000000001e+300`), zero of either sign as `0.0`, NaN as `nan`, infinities as
///   `+infinity` and `-infinity`;
/// - dates as `PlistDate.xmlString` (UTC, whole seconds);
/// - data as base64 between `<data>` and `</data>` on lines of their own, indented like the
///   element, each line at most 76 columns minus the indentation's width (tab = 8 columns);
///   CoreFoundation indents base64 lines by at most 8 levels, so below depth 8 the lines stay
///   at 8 tabs and 12 characters while `</data>` follows the element's depth;
/// - `&`, `<` and `>` escaped in strings and keys (see `XMLEscaping`);
/// - a UID, which XML has no element for, as Apple's keyed archiver writes it:
///   `<dict><key>CF$UID</key><integer>N</integer></dict>` laid out like any dictionary.
///
/// Output is appended to one reserved `[UInt8]`; nothing is built as a `String` per node. The
/// writing itself is `XMLEventWriter`, which takes a tree's values (`PlistNode.replay`) or a
/// reader's as they are read (`PlistRewrite`).
package enum XMLPlistWriter {
  /// The three lines before the root element.
  package static let header: [UInt8] = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  /// The line after the root element.
  package static let footer: [UInt8] = Array("\n</plist>\n".utf8)

  /// The whole document for `root` in the canonical layout.
  ///
  /// - Parameters:
  ///   - root: the tree to write; its locations are ignored.
  ///   - capacity: bytes to reserve up front, or nil for the source's size when `root` was
  ///     read from XML (4 KiB otherwise).
  /// - Returns: UTF-8 bytes, ending in `</plist>\n`.
  /// - Throws: `PlistError` of kind `.limitExceeded` when containers nest deeper than
  ///   `PlistLimits.maxDepth`.
  package static func write(_ root: PlistNode, capacity: Int? = nil) throws(PlistError) -> [UInt8] {
    var writer = XMLEventWriter(
      capacity: capacity ?? (root.location.hasTextPosition ? Int(root.location.end) + 256 : 4_096))
    try root.replay(into: &writer)
    return writer.finish()
  }

  /// Appends the element for `node`, for writing whole documents or a node in the middle of an
  /// existing file.
  ///
  /// The first line starts at the current end of `out`, without indentation (the caller has
  /// written it); every following line is indented by `indentUnit` repeated `depth` times, and
  /// the children of a container by one more. Nothing follows the closing tag (no newline), so
  /// the fragment can replace an element's byte range as it stands.
  ///
  /// - Parameters:
  ///   - node: the value to write; locations are ignored.
  ///   - depth: the nesting level of the element (0 for the root of a document).
  ///   - indentUnit: one level of indentation, for example a tab or four spaces.
  ///   - out: the buffer to append to.
  /// - Throws: `PlistError` of kind `.limitExceeded` when a container would sit at nesting
  ///   level `PlistLimits.maxDepth` or deeper (the root container is level 1).
  package static func appendElement(
    _ node: PlistNode, depth: Int, indentUnit: [UInt8], into out: inout [UInt8]
  ) throws(PlistError) {
    var writer = XMLEventWriter(unit: indentUnit, depth: max(0, depth))
    swap(&writer.out, &out)
    defer { swap(&writer.out, &out) }
    try node.replay(into: &writer)
  }

  /// `%.17g` for finite non-zero reals, `0.0`, `nan`, `+infinity` and `-infinity` otherwise,
  /// as CoreFoundation writes `<real>`.
  package static func realText(_ value: Double) -> String {
    var out: [UInt8] = []
    appendReal(value, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func appendReal(_ value: Double, into out: inout [UInt8]) {
    if value.isNaN {
      out.append(contentsOf: "nan".utf8)
    } else if value.isInfinite {
      out.append(contentsOf: value < 0 ? "-infinity".utf8 : "+infinity".utf8)
    } else if value == 0 {
      out.append(contentsOf: "0.0".utf8)  // CoreFoundation writes both zeros so
    } else {
      withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
        guard let base = buffer.baseAddress else { return }
        let length: Int32
        if let strfromd = RealFormatting.strfromd {
          length = strfromd(base, 40, "%.17g", value)
        } else {
          length = withVaList([value]) { vsnprintf(base, 40, "%.17g", $0) }
        }
        let count = min(max(0, Int(length)), 39)
        buffer.withMemoryRebound(to: UInt8.self) { bytes in
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<count]))
        }
      }
    }
  }

  /// Appends `date.xmlString` without building a `String` for years 0...9999.
  package static func appendDate(_ date: PlistDate, into out: inout [UInt8]) {
    guard let c = date.components, (0...9_999).contains(c.year) else {
      out.append(contentsOf: date.xmlString.utf8)
      return
    }
    func digits(_ value: Int, _ count: Int, separator: UInt8) {
      var divisor = 1
      for _ in 1..<count { divisor &*= 10 }
      while divisor > 0 {
        out.append(0x30 &+ UInt8(truncatingIfNeeded: value / divisor % 10))
        divisor /= 10
      }
      out.append(separator)
    }
    digits(Int(c.year), 4, separator: UInt8(ascii: "-"))
    digits(c.month, 2, separator: UInt8(ascii: "-"))
    digits(c.day, 2, separator: UInt8(ascii: "T"))
    digits(c.hour, 2, separator: UInt8(ascii: ":"))
    digits(c.minute, 2, separator: UInt8(ascii: ":"))
    digits(c.second, 2, separator: UInt8(ascii: "Z"))
  }

  /// Appends the decimal digits of an integer, with `-` for negative values.
  package static func appendInteger(_ value: PlistInteger, into out: inout [UInt8]) {
    if value.isNegative { out.append(UInt8(ascii: "-")) }
    appendDecimal(value.magnitude, into: &out)
  }

  /// Appends the decimal digits of `value`.
  package static func appendDecimal(_ value: UInt64, into out: inout [UInt8]) {
    if value < 10 {
      out.append(0x30 &+ UInt8(truncatingIfNeeded: value))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch for 20 digits
    withUnsafeMutableBytes(of: &digits) { scratch in
      var v = value
      var i = scratch.count
      while v > 0 {
        i -= 1
        scratch[i] = 0x30 &+ UInt8(truncatingIfNeeded: v % 10)
        v /= 10
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[i...]))
    }
  }
}

/// The XML writer as an event sink: writes each value as a reader or a tree walk hands it
/// over, in the canonical layout `XMLPlistWriter` describes.
///
/// Containers still open are a stack of small frames (no recursion, no tree), so a document as
/// deep as `PlistLimits.maxDepth` needs no stack of its own. A container's start tag is written
/// with its first child, so an empty one becomes `<dict/>` or `<array/>`.
struct XMLEventWriter: DocumentEventWriter {
  /// The output so far.
  var out: [UInt8] = []
  /// One level of indentation.
  let unit: [UInt8]
  /// Columns one unit takes (a tab advances to the next multiple of 8).
  let unitColumns: Int
  /// The indentation of the deepest indented level, `unit` repeated
  /// `PlistLimits.maxIndentLevels` times; shallower levels take a prefix of it.
  let deepest: [UInt8]
  /// The containers open.
  private var nesting: EventNesting

  /// A writer of a whole document: the header is written now, the footer by `finish`.
  init(capacity: Int) {
    self.init(unit: [0x09], depth: 0)
    out.reserveCapacity(capacity)
    out.append(contentsOf: XMLPlistWriter.header)
  }

  /// A writer of one element at `depth`, indented by `unit`.
  init(unit: [UInt8], depth: Int) {
    self.unit = unit
    var column = 0
    for byte in unit { column = byte == 0x09 ? (column / 8 + 1) * 8 : column + 1 }
    unitColumns = column
    deepest = Array(repeating: unit, count: PlistLimits.maxIndentLevels).flatMap { $0 }
    nesting = EventNesting(rootDepth: depth)
  }

  /// The document: the footer appended to the output, which is handed over (the writer keeps
  /// none, so that the buffer is never shared and never copied).
  mutating func finish() -> [UInt8] {
    out.append(contentsOf: XMLPlistWriter.footer)
    var document: [UInt8] = []
    swap(&document, &out)
    return document
  }

  /// Appends the indentation of level `depth`, capped at `PlistLimits.maxIndentLevels`.
  ///
  /// A mutating method on purpose: a non-mutating one handed `&out` would read a copy of the
  /// writer, which shares `out`'s storage, so every append would copy the whole output.
  mutating func indent(_ depth: Int) {
    let levels = min(max(depth, 0), PlistLimits.maxIndentLevels)
    // The document's tab, without the reference counting of a copy of `deepest`.
    if unit.count == 1, let tab = unit.first {
      for _ in 0..<levels { out.append(tab) }
      return
    }
    let count = levels &* unit.count
    let deepest = self.deepest
    deepest.withUnsafeBufferPointer {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
  }

  /// Writes what comes before a new child of `container` (its start tag, or the end of the
  /// previous child's line, then the indentation).
  private mutating func writeChildStart(_ container: EventNesting.Frame) {
    if container.count == 0 {
      out.append(literal: container.isDictionary ? Tag.dictOpen : Tag.arrayOpen)
    } else {
      out.append(0x0A)
    }
    indent(container.depth + 1)
  }

  /// Writes what comes before a value, and answers its level.
  private mutating func startValue() -> Int {
    let (depth, container) = nesting.startValue()
    if let container { writeChildStart(container) }
    return depth
  }

  mutating func begin(_ kind: PlistKind) throws(PlistError) {
    let depth = startValue()
    try checkDepth(depth)
    nesting.open(isDictionary: kind == .dictionary, depth: depth)
  }

  mutating func end(at location: SourceLocation) {
    let frame = nesting.close()
    if frame.count == 0 {
      out.append(literal: frame.isDictionary ? Tag.emptyDict : Tag.emptyArray)
      return
    }
    out.append(0x0A)
    indent(frame.depth)
    out.append(literal: frame.isDictionary ? Tag.dictClose : Tag.arrayClose)
  }

  mutating func key(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    let container = nesting.startKey()
    writeChildStart(container)
    out.append(literal: Tag.keyOpen)
    XMLEscaping.appendEscaped(text.bytes, into: &out)
    out.append(literal: Tag.keyClose)
    indent(container.depth + 1)
    return true
  }

  mutating func string(_ text: PlistEventText, at location: SourceLocation) -> Bool {
    guard text.isValid else { return false }
    _ = startValue()
    out.append(literal: Tag.stringOpen)
    XMLEscaping.appendEscaped(text.bytes, into: &out)
    out.append(literal: Tag.stringClose)
    return true
  }

  mutating func value(_ value: PlistValue, at location: SourceLocation) throws(PlistError) {
    let depth = startValue()
    switch value {
    case .integer(let i):
      out.append(literal: Tag.integerOpen)
      XMLPlistWriter.appendInteger(i, into: &out)
      out.append(literal: Tag.integerClose)
    case .real(let r):
      out.append(literal: Tag.realOpen)
      XMLPlistWriter.appendReal(r, into: &out)
      out.append(literal: Tag.realClose)
    case .boolean(let b):
      out.append(literal: b ? Tag.trueElement : Tag.falseElement)
    case .date(let d):
      out.append(literal: Tag.dateOpen)
      XMLPlistWriter.appendDate(d, into: &out)
      out.append(literal: Tag.dateClose)
    case .data(let d):
      data(d, depth: depth)
    case .uid(let n):
      try checkDepth(depth)
      out.append(literal: Tag.dictOpen)
      indent(depth + 1)
      out.append(literal: Tag.uidKey)
      indent(depth + 1)
      out.append(literal: Tag.integerOpen)
      XMLPlistWriter.appendDecimal(n, into: &out)
      out.append(literal: Tag.integerClose)
      out.append(0x0A)
      indent(depth)
      out.append(literal: Tag.dictClose)
    case .string, .array, .dictionary:
      fatalError("XMLEventWriter: a string or container reached the scalar writer")
    }
  }

  func checkDepth(_ depth: Int) throws(PlistError) {
    if depth >= PlistLimits.maxDepth {
      throw PlistError(.limitExceeded, PlistLimits.tooDeepToWrite)
    }
  }

  /// `<data>`, base64 lines, `</data>`, as CoreFoundation's `_XMLPlistAppendDataUsingBase64`.
  private mutating func data(_ bytes: Data, depth: Int) {
    out.append(literal: Tag.dataOpen)
    let lineDepth = min(depth, 8)
    let columns = unitColumns &* lineDepth
    // 76 columns less the indentation, in whole 4-character groups, never below 12 (the width
    // CoreFoundation reaches at its cap of 8 tabs).
    let width = max(12, (76 - columns) & ~3)
    let bytesPerLine = width / 4 * 3
    bytes.withUnsafeBytes { raw in
      var start = 0
      while start < raw.count {
        let end = min(raw.count, start + bytesPerLine)
        indent(lineDepth)
        Base64.append(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &out)
        out.append(0x0A)
        start = end
      }
    }
    indent(depth)
    out.append(literal: Tag.dataClose)
  }
}

/// Standard base64 (RFC 4648, with `=` padding), appended without line breaks.
package enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Appends the base64 text of `bytes` to `out`.
  package static func append(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
    alphabet.withUnsafeBufferPointer { table in
      var i = 0
      let n = bytes.count
      while i + 3 <= n {
        let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        out.append(table[Int(v >> 18)])
        out.append(table[Int(v >> 12 & 0x3F)])
        out.append(table[Int(v >> 6 & 0x3F)])
        out.append(table[Int(v & 0x3F)])
        i += 3
      }
      let rest = n - i
      if rest == 1 {
        let v = UInt32(bytes[i]) << 16
        out.append(table[Int(v >> 18)])
        out.append(table[Int(v >> 12 & 0x3F)])
        out.append(0x3D)
        out.append(0x3D)
      } else if rest == 2 {
        let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
        out.append(table[Int(v >> 18)])
        out.append(table[Int(v >> 12 & 0x3F)])
        out.append(table[Int(v >> 6 & 0x3F)])
        out.append(0x3D)
      }
    }
  }
}

/// The tags the writer emits, with the newlines that follow opening container tags.
///
/// Literals, not arrays: appending a stored array retains and releases it, which was a tenth
/// of `convert`'s time in a profile.
private enum Tag {
  static let stringOpen: StaticString = "<string>"
  static let stringClose: StaticString = "</string>"
  static let integerOpen: StaticString = "<integer>"
  static let integerClose: StaticString = "</integer>"
  static let realOpen: StaticString = "<real>"
  static let realClose: StaticString = "</real>"
  static let dateOpen: StaticString = "<date>"
  static let dateClose: StaticString = "</date>"
  static let dataOpen: StaticString = "<data>\n"
  static let dataClose: StaticString = "</data>"
  static let trueElement: StaticString = "<true/>"
  static let falseElement: StaticString = "<false/>"
  static let arrayOpen: StaticString = "<array>\n"
  static let arrayClose: StaticString = "</array>"
  static let emptyArray: StaticString = "<array/>"
  static let dictOpen: StaticString = "<dict>\n"
  static let dictClose: StaticString = "</dict>"
  static let emptyDict: StaticString = "<dict/>"
  static let keyOpen: StaticString = "<key>"
  static let keyClose: StaticString = "</key>\n"
  static let uidKey: StaticString = "<key>CF$UID</key>\n"
}

/// The C library's `strfromd` (glibc 2.25 and later), found at run time: Swift's Glibc module
/// does not declare it.
///
/// It formats one double as `snprintf` does, without a variable argument list, whose building
/// in Swift (`withVaList`) casts the value dynamically: about two thirds of the time `%.17g` took in a profile of
/// `convert`.
enum RealFormatting {
  /// `int strfromd(char *str, size_t n, const char *format, double fp)`.
  typealias Strfromd =
    @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, Double) -> Int32

  /// The function, or nil where the C library lacks it (then `vsnprintf` formats).
  static let strfromd: Strfromd? = {
    guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, "strfromd") else {
      return nil
    }
    return unsafeBitCast(address, to: Strfromd.self)
  }()
}

extension [UInt8] {
  /// Appends the UTF-8 bytes of a literal.
  @inline(__always) mutating func append(literal text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
