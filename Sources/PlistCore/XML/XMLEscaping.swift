/// Escaping of text for the XML writers, as Apple's CoreFoundation writer does it.
///
/// Only `&`, `<` and `>` are replaced (by `&amp;`, `&lt;` and `&gt;`); escaping `>` also covers
/// `]]>`, which may not appear in XML text. Quotes and apostrophes stay as they are (element
/// text needs no quote escaping). Control characters are written unchanged, as Apple writes
/// them, so the output matches `plutil -convert xml1` byte for byte.
package enum XMLEscaping {
  /// Appends the UTF-8 bytes of `text` to `out`, escaping `&`, `<` and `>`.
  ///
  /// - Parameters:
  ///   - text: the string or key text.
  ///   - out: the buffer to append to.
  package static func appendEscaped(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in appendEscaped(bytes, into: &out) }
  }

  /// Appends UTF-8 `bytes` to `out`, escaping `&`, `<` and `>`; runs without them are copied in
  /// one step.
  package static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    let count = bytes.count
    var runStart = 0
    var i = firstMarkup(in: bytes, from: 0)
    while i < count {
      if runStart < i {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
      }
      switch bytes[i] {
      case 0x26: out.append(contentsOf: ampersand)
      case 0x3C: out.append(contentsOf: lessThan)
      default: out.append(contentsOf: greaterThan)
      }
      runStart = i &+ 1
      i = firstMarkup(in: bytes, from: runStart)
    }
    if runStart < count {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
  }

  /// The offset of the first '&', '<' or '>' in `bytes` from `start`, or `bytes.count`: eight
  /// bytes at a time, then the word that holds one byte by byte.
  @inline(__always)
  static func firstMarkup(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = bytes.count
    var i = start
    if let base = bytes.baseAddress {
      while count &- i >= 8,
        !mayHoldMarkup(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
      {
        i &+= 8
      }
    }
    while i < count {
      // '&' 0x26, '<' 0x3C, '>' 0x3E.
      let byte = bytes[i]
      if byte == 0x26 || byte == 0x3C || byte == 0x3E { return i }
      i &+= 1
    }
    return count
  }

  /// Whether one of the eight bytes of `word` is '&', '<' or '>' (a byte equal to the pattern's
  /// makes a zero byte, which the classic test finds exactly).
  @inline(__always)
  static func mayHoldMarkup(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
    return hasZeroByte(word ^ (ones &* 0x26)) || hasZeroByte(word ^ (ones &* 0x3C))
      || hasZeroByte(word ^ (ones &* 0x3E))
  }

  /// The first control character in XML text `bytes` that XML 1.0 does not allow (a C0
  /// control other than tab, line feed and carriage return), or nil.
  ///
  /// The writers keep such characters as Apple's do (its tools read them back), but other XML
  /// parsers (expat, so Python's `plistlib`) refuse the file, so a save says so first.
  package static func firstDisallowedControl(in bytes: [UInt8]) -> UInt8? {
    bytes.first { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
  }

  /// The escaped form of `text` (for tests and callers that want a `String`).
  package static func escaped(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    appendEscaped(text, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private static let ampersand: [UInt8] = Array("&amp;".utf8)
  private static let lessThan: [UInt8] = Array("&lt;".utf8)
  private static let greaterThan: [UInt8] = Array("&gt;".utf8)
}
