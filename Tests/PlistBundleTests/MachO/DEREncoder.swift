/// A value of Apple's DER entitlements, and a small encoder for it (test fixtures only).
///
/// Follows the layout `DEREntitlements` documents: `[APPLICATION 16] { INTEGER 1, dict }`,
/// dictionaries as `[CONTEXT 16]` (0xB0) of `SEQUENCE { UTF8String, value }`.
indirect enum DERValue {
  case bool(Bool)
  case int(Int64)
  case string(String)
  case array([DERValue])
  case dict([(String, DERValue)])
  /// A SET (0x31) dictionary, the alternative form the reader also accepts.
  case setDict([(String, DERValue)])

  var encoded: [UInt8] {
    switch self {
    case .bool(let value): return DER.tlv(0x01, [value ? 0xff : 0x00])
    case .int(let value): return DER.tlv(0x02, DER.integerBytes(value))
    case .string(let text): return DER.tlv(0x0c, Array(text.utf8))
    case .array(let items): return DER.tlv(0x30, items.flatMap(\.encoded))
    case .dict(let pairs): return DER.tlv(0xb0, DER.pairs(pairs))
    case .setDict(let pairs): return DER.tlv(0x31, DER.pairs(pairs))
    }
  }
}

enum DER {
  /// The whole entitlements payload for `root`.
  static func entitlements(_ root: DERValue, version: Int64 = 1) -> [UInt8] {
    tlv(0x70, DERValue.int(version).encoded + root.encoded)
  }

  static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    [tag] + length(content.count) + content
  }

  static func length(_ count: Int) -> [UInt8] {
    if count < 0x80 { return [UInt8(count)] }
    var bytes: [UInt8] = []
    var rest = count
    while rest > 0 {
      bytes.insert(UInt8(rest & 0xff), at: 0)
      rest >>= 8
    }
    return [0x80 | UInt8(bytes.count)] + bytes
  }

  static func integerBytes(_ value: Int64) -> [UInt8] {
    var bytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    while bytes.count > 1,
      (bytes[0] == 0 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xff && bytes[1] & 0x80 != 0)
    {
      bytes.removeFirst()
    }
    return bytes
  }

  static func pairs(_ pairs: [(String, DERValue)]) -> [UInt8] {
    pairs.flatMap { tlv(0x30, DERValue.string($0.0).encoded + $0.1.encoded) }
  }
}
