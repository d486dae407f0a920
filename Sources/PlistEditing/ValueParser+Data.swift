import Foundation
import PlistCore

/// Bytes typed as hex (`de ad be ef`, `<deadbeef>`) or as base64 after a `base64:` prefix.
extension ValueParser {
  /// Reads data; see ``parse(_:as:)``.
  static func parseData(_ text: String) throws(EditError) -> Data {
    let typed = trimmed(text)
    if typed.count >= 7, typed.prefix(7).lowercased() == "base64:" {
      return try parseBase64(typed.dropFirst(7))
    }
    var body = Substring(typed)
    if body.hasPrefix("<"), body.hasSuffix(">"), body.count >= 2 {
      body = body.dropFirst().dropLast()
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(body.utf8.count / 2)
    var pending: UInt8?
    var digits = 0
    for character in body {
      if character.isWhitespace { continue }
      guard let value = character.asciiHexValue else {
        throw invalid(
          "\"\(character)\" is not a hex digit; type bytes as hex (de ad be ef) or as base64 "
            + "after base64:")
      }
      digits += 1
      if let high = pending {
        bytes.append(high << 4 | UInt8(value))
        pending = nil
      } else {
        pending = UInt8(value)
      }
    }
    guard pending == nil else {
      throw invalid(
        "hex data needs two digits for every byte, but \(digits) digits were typed; add or "
          + "remove one")
    }
    return Data(bytes)
  }

  /// Reads base64 text with white space anywhere and with or without `=` padding.
  private static func parseBase64(_ text: Substring) throws(EditError) -> Data {
    var clean = text.filter { !$0.isWhitespace }
    switch clean.utf8.count % 4 {
    case 1:
      throw invalid("the text after base64: is cut short; base64 comes in groups of 4 characters")
    case 2: clean += "=="
    case 3: clean += "="
    default: break
    }
    guard let data = Data(base64Encoded: clean) else {
      throw invalid(
        "the text after base64: is not base64; use only A–Z, a–z, 0–9, + and / with = at the end")
    }
    return data
  }

  /// Lower-case hex, 4 bytes (8 digits) to a group, groups separated by one space.
  static func hexText(_ data: Data) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(data.count * 2 + data.count / 4)
    for (offset, byte) in data.enumerated() {
      if offset > 0, offset % 4 == 0 { out.append(UInt8(ascii: " ")) }
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
