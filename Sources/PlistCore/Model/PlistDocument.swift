import Foundation

/// A property list as read from bytes: its tree, its format, and the text its locations point
/// into, so that a writer can keep every byte the user did not edit.
package struct PlistDocument: Sendable {
  /// The root node; changing it drops `census`, which described the tree as read.
  package var root: PlistNode {
    didSet { census = nil }
  }
  /// The format the bytes were in.
  package var format: PlistFormat
  /// The text encoding of XML and ASCII input (nil for binary).
  package var encoding: TextEncoding?
  /// The text that locations point into (XML and ASCII).
  ///
  /// The UTF-8 text that every `SourceLocation` offset refers to (the input
  /// itself for UTF-8 without a byte-order mark; transcoded otherwise). Empty for binary.
  package var text: [UInt8]
  /// What the reader counted in passing (the XML and binary readers); nil otherwise.
  ///
  /// A command that writes the tree at once need not walk it again. It describes `root` as
  /// read, and any change to `root` sets it to nil. In a binary file that uses one container
  /// in several places (no Apple writer makes one), the keys inside it count as nodes from
  /// its second use on: a count for sizing buffers, exact for every file a writer makes.
  package var census: PlistCensus?

  /// Creates a document.
  package init(
    root: PlistNode, format: PlistFormat, encoding: TextEncoding? = nil, text: [UInt8] = []
  ) {
    self.root = root
    self.format = format
    self.encoding = encoding
    self.text = text
  }
}

/// The text encodings the XML and ASCII readers accept, told apart by byte-order mark.
package enum TextEncoding: String, Sendable, Equatable {
  case utf8
  /// UTF-8 preceded by the byte-order mark EF BB BF.
  case utf8WithBOM
  case utf16LittleEndian
  case utf16BigEndian
  case utf32LittleEndian
  case utf32BigEndian

  /// The byte-order mark that starts text in this encoding (empty for plain UTF-8).
  package var byteOrderMark: [UInt8] {
    switch self {
    case .utf8: []
    case .utf8WithBOM: [0xEF, 0xBB, 0xBF]
    case .utf16LittleEndian: [0xFF, 0xFE]
    case .utf16BigEndian: [0xFE, 0xFF]
    case .utf32LittleEndian: [0xFF, 0xFE, 0x00, 0x00]
    case .utf32BigEndian: [0x00, 0x00, 0xFE, 0xFF]
    }
  }

  /// Tells the encoding from a byte-order mark; plain UTF-8 when there is none.
  package static func detect(_ bytes: UnsafeRawBufferPointer) -> TextEncoding {
    func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
    if at(0) == 0x00, at(1) == 0x00, at(2) == 0xFE, at(3) == 0xFF { return .utf32BigEndian }
    if at(0) == 0xFF, at(1) == 0xFE, at(2) == 0x00, at(3) == 0x00 { return .utf32LittleEndian }
    if at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF { return .utf8WithBOM }
    if at(0) == 0xFF, at(1) == 0xFE { return .utf16LittleEndian }
    if at(0) == 0xFE, at(1) == 0xFF { return .utf16BigEndian }
    return .utf8
  }

  /// The UTF-8 text of `bytes` without the byte-order mark.
  ///
  /// UTF-8 input is returned as is (validated later, where a bad byte can be located); UTF-16
  /// and UTF-32 are transcoded and must be valid.
  /// - Throws: `PlistError` of kind `.encoding` naming the offset of the first bad code unit.
  package func decode(_ bytes: UnsafeRawBufferPointer) throws(PlistError) -> [UInt8] {
    guard bytes.count >= byteOrderMark.count else {
      throw PlistError(
        .encoding, "the text is shorter than its \(rawValue) byte-order mark", offset: 0)
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[byteOrderMark.count...])
    switch self {
    case .utf8, .utf8WithBOM:
      return Array(body)
    case .utf16LittleEndian, .utf16BigEndian:
      if body.count % 2 != 0 {
        throw PlistError(
          .encoding, "UTF-16 text has an odd number of bytes", offset: bytes.count - 1)
      }
      let big = self == .utf16BigEndian
      var units: [UInt16] = []
      units.reserveCapacity(body.count / 2)
      var i = 0
      while i < body.count {
        let a = UInt16(body[i])
        let b = UInt16(body[i + 1])
        units.append(big ? a << 8 | b : b << 8 | a)
        i += 2
      }
      var out: [UInt8] = []
      out.reserveCapacity(units.count)
      var decoder = UTF16()
      var iterator = units.makeIterator()
      var unitIndex = 0
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let s):
          unitIndex += s.value > 0xFFFF ? 2 : 1
          UTF8.encode(s) { out.append($0) }
        case .emptyInput:
          break loop
        case .error:
          // Locate the bad unit in the text decoded so far, as the readers locate errors.
          let line = out.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
          let column = out.count - (out.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
          throw PlistError(
            .encoding, "invalid UTF-16 (an unpaired surrogate)", line: line, column: column,
            offset: byteOrderMark.count + unitIndex * 2)
        }
      }
      return out
    case .utf32LittleEndian, .utf32BigEndian:
      if body.count % 4 != 0 {
        throw PlistError(.encoding, "UTF-32 text is not a whole number of 4-byte units", offset: 0)
      }
      var out: [UInt8] = []
      var i = 0
      while i < body.count {
        let b = (0..<4).map { UInt32(body[i + $0]) }
        let v =
          self == .utf32BigEndian
          ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        guard let s = Unicode.Scalar(v) else {
          throw PlistError(
            .encoding, "invalid UTF-32 code point 0x\(String(v, radix: 16))",
            offset: byteOrderMark.count + i)
        }
        UTF8.encode(s) { out.append($0) }
        i += 4
      }
      return out
    }
  }

  /// Encodes UTF-8 text back into this encoding, byte-order mark first.
  package func encode(_ utf8: [UInt8]) -> [UInt8] {
    switch self {
    case .utf8: return utf8
    case .utf8WithBOM: return byteOrderMark + utf8
    default: break
    }
    var out = byteOrderMark
    let text = String(decoding: utf8, as: UTF8.self)
    switch self {
    case .utf16LittleEndian, .utf16BigEndian:
      for u in text.utf16 {
        if self == .utf16BigEndian {
          out += [UInt8(u >> 8), UInt8(u & 0xFF)]
        } else {
          out += [UInt8(u & 0xFF), UInt8(u >> 8)]
        }
      }
    default:
      for s in text.unicodeScalars {
        let v = s.value
        let be = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        out += self == .utf32BigEndian ? be : be.reversed()
      }
    }
    return out
  }
}
