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
    var runStart = 0
    var i = 0
    let count = bytes.count
    while i < count {
      let byte = bytes[i]
      // '&' 0x26, '<' 0x3C, '>' 0x3E: one compare rules out most bytes.
      if byte == 0x26 || byte == 0x3C || byte == 0x3E {
        if runStart < i {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        }
        switch byte {
        case 0x26: out.append(contentsOf: ampersand)
        case 0x3C: out.append(contentsOf: lessThan)
        default: out.append(contentsOf: greaterThan)
        }
        runStart = i + 1
      }
      i += 1
    }
    if runStart < count {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
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
