import PlistCore
import Testing

@testable import PlistBundle

@Suite struct DEREntitlementsTests {
  static func decode(_ bytes: [UInt8]) throws(BundleError) -> PlistNode {
    try DEREntitlements.decode(ByteWindow(bytes, bigEndian: true))
  }

  /// The test vectors of rcodesign's `entitlements.rs`, which it checks against Apple's
  /// `codesign --generate-entitlement-der`.
  @Test func decodesAppleEncodedVectors() throws {
    let empty: [UInt8] = [112, 5, 2, 1, 1, 176, 0]
    #expect(try Self.decode(empty).value == .dictionary(PlistDictionary()))
    let multiple: [UInt8] = [
      112, 37, 2, 1, 1, 176, 32, 48, 8, 12, 3, 107, 101, 121, 1, 1, 0, 48, 9, 12, 4, 107, 101,
      121, 50, 1, 1, 255, 48, 9, 12, 4, 107, 101, 121, 51, 2, 1, 42,
    ]
    let dictionary = try #require(try Self.decode(multiple).value.dictionaryValue)
    #expect(dictionary.keys == ["key", "key2", "key3"])
    #expect(dictionary["key"]?.value == .boolean(false))
    #expect(dictionary["key2"]?.value == .boolean(true))
    #expect(dictionary["key3"]?.value == .integer(PlistInteger(42)))
    let arrayTrueFoo: [UInt8] = [
      112, 22, 2, 1, 1, 176, 17, 48, 15, 12, 3, 107, 101, 121, 48, 8, 1, 1, 255, 12, 3, 102, 111,
      111,
    ]
    #expect(
      try Self.decode(arrayTrueFoo).value.dictionaryValue?["key"]?.value
        == .array([PlistNode(.boolean(true)), PlistNode(.string("foo"))]))
  }

  static let integers: [(Int64, [UInt8])] = [
    (0, [0]), (-1, [0xff]), (127, [0x7f]), (128, [0x00, 0x80]), (-129, [0xff, 0x7f]),
    (Int64.max, [0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    (Int64.min, [0x80, 0, 0, 0, 0, 0, 0, 0]),
  ]

  @Test(arguments: integers)
  func decodesIntegers(value: Int64, content: [UInt8]) throws {
    #expect(DER.integerBytes(value) == content)
    let bytes = DER.entitlements(.dict([("n", .int(value))]))
    let node = try Self.decode(bytes).value.dictionaryValue?["n"]
    #expect(node?.value == .integer(PlistInteger(value)))
  }

  @Test func decodesUnsignedIntegerAboveInt64() throws {
    let pair = DER.tlv(
      0x30, DERValue.string("n").encoded + DER.tlv(0x02, [0] + [UInt8](repeating: 0xff, count: 8)))
    let bytes = DER.tlv(0x70, DERValue.int(1).encoded + DER.tlv(0xb0, pair))
    let node = try Self.decode(bytes).value.dictionaryValue?["n"]
    #expect(node?.value == .integer(PlistInteger(UInt64.max)))
  }

  @Test func acceptsSetDictionariesAndLongLengths() throws {
    let long = String(repeating: "x", count: 300)
    let bytes = DER.entitlements(.setDict([("k", .string(long))]))
    #expect(bytes[1] == 0x82)
    #expect(try Self.decode(bytes).value.dictionaryValue?["k"]?.value == .string(long))
  }

  /// The form of a real app's signature (kept for review): after the blob header, a bare SET
  /// `31 82 01 5e` of `SEQUENCE { UTF8String, value }` pairs, with no `[APPLICATION 16]`
  /// wrapper or version, and `01 01 01` for true.
  @Test func decodesABareSetAsRealSigningToolsWriteIt() throws {
    let groups = (1...12).map { DERValue.string("group.com.example.shared\($0)") }
    let pairs = DER.pairs([
      ("get-task-allow", .bool(true)),
      ("application-identifier", .string("ABCDE12345.com.example.app")),
      ("com.apple.security.application-groups", .array(groups)),
    ])
    var bytes = DER.tlv(0x31, pairs)
    // The real blob's boolean is 01 (DER's canonical true is ff); both mean true.
    let trueAt = try #require(bytes.firstIndex(of: 0xff))
    bytes[trueAt] = 0x01
    #expect(Array(bytes[0..<2]) == [0x31, 0x82])
    #expect(Array(bytes[4..<8]) == [0x30, 0x13, 0x0c, 0x0e])
    let dictionary = try #require(try Self.decode(bytes).value.dictionaryValue)
    #expect(
      dictionary.keys
        == ["get-task-allow", "application-identifier", "com.apple.security.application-groups"])
    #expect(dictionary["get-task-allow"]?.value == .boolean(true))
    #expect(dictionary["application-identifier"]?.value == .string("ABCDE12345.com.example.app"))
    #expect(dictionary["com.apple.security.application-groups"]?.value.arrayValue?.count == 12)
    // SET header (4 bytes), pair header (2), key header (2) and "get-task-allow" (14).
    #expect(dictionary["get-task-allow"].map { Int($0.location.start) } == 4 + 2 + 2 + 14)
  }

  @Test func decodesABareContextDictionaryWithNestedSets() throws {
    let bytes = DERValue.dict([("outer", .setDict([("inner", .int(7))]))]).encoded
    #expect(bytes[0] == 0xb0)
    let outer = try Self.decode(bytes).value.dictionaryValue?["outer"]?.value.dictionaryValue
    #expect(outer?["inner"]?.value == .integer(PlistInteger(7)))
  }

  @Test func rejectsLengthPastTheEnd() throws {
    var bytes = DER.entitlements(.dict([("key", .string("value"))]))
    // The string value's length byte: last 5 bytes are its content.
    let lengthAt = bytes.count - 6
    #expect(bytes[lengthAt] == 5)
    bytes[lengthAt] = 50
    let error = try #require(throws: BundleError.self) { try Self.decode(bytes) }
    #expect(error.kind == .malformed)
    #expect(error.offset == lengthAt)
    #expect(error.message.contains("runs past the end of its container"))
  }

  @Test func rejectsOuterLengthPastTheEnd() throws {
    var bytes = DER.entitlements(.dict([]))
    bytes[1] = 0x84
    let error = try #require(throws: BundleError.self) { try Self.decode(bytes) }
    #expect(error.kind == .malformed)
    #expect(error.offset == 1)
  }

  @Test func rejectsNestingDeeperThanTheLimit() throws {
    var value = DERValue.bool(true)
    for _ in 0..<70 { value = .array([value]) }
    let bytes = DER.entitlements(.dict([("deep", value)]))
    let error = try #require(throws: BundleError.self) { try Self.decode(bytes) }
    #expect(error.kind == .limitExceeded)
    #expect(error.message.contains("64"))
    // Depth 1 is the root dictionary; the array at depth 64 is refused. Each array adds
    // 2 header bytes; the root (long-form length) sits at 3 + 2 + 3 = offset of 0xb0.
    let offset = try #require(error.offset)
    #expect(bytes[offset] == 0x30)
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    var value = DERValue.bool(true)
    for _ in 0..<62 { value = .array([value]) }
    let node = try Self.decode(DER.entitlements(.dict([("deep", value)])))
    var depth = 0
    var current = node.value.dictionaryValue?["deep"]
    while let inner = current?.value.arrayValue?.first {
      depth += 1
      current = inner
    }
    #expect(depth == 62)
    #expect(current?.value == .boolean(true))
  }

  static let malformed: [(String, [UInt8], Int, String)] = [
    ("wrong outer tag", [UInt8]([0x30, 3, 2, 1, 1]), 0, "[APPLICATION 16]"),
    ("bare set with a non-pair", [0x31, 3, 2, 1, 1], 2, "SEQUENCE"),
    ("bare set with trailing bytes", [0x31, 0, 0], 2, "follow"),
    ("trailing bytes", [0x70, 5, 2, 1, 1, 0xb0, 0, 0], 7, "follow"),
    ("indefinite length", [0x70, 0x80, 2, 1, 1], 1, "definite"),
    ("version not integer", [0x70, 5, 1, 1, 1, 0xb0, 0], 2, "version"),
    ("root not dictionary", [0x70, 5, 2, 1, 1, 0x30, 0], 5, "dictionary"),
    ("key not string", [0x70, 10, 2, 1, 1, 0xb0, 5, 0x30, 3, 1, 1, 0], 9, "UTF8String key"),
    ("pair not sequence", [0x70, 8, 2, 1, 1, 0xb0, 3, 1, 1, 0], 7, "SEQUENCE"),
    ("real value", [0x70, 13, 2, 1, 1, 0xb0, 8, 0x30, 6, 0x0c, 1, 0x6b, 0x09, 1, 0], 12, "0x9"),
    (
      "bad boolean", [0x70, 14, 2, 1, 1, 0xb0, 9, 0x30, 7, 0x0c, 1, 0x6b, 1, 2, 0, 0], 12, "BOOLEAN"
    ),
    (
      "bad utf8", [0x70, 13, 2, 1, 1, 0xb0, 8, 0x30, 6, 0x0c, 1, 0x6b, 0x0c, 1, 0xff], 12,
      "UTF-8"
    ),
    ("high tag", [0x70, 5, 2, 1, 1, 0xbf, 0], 5, "multi-byte"),
  ]

  @Test(arguments: malformed)
  func rejectsMalformedDER(name: String, bytes: [UInt8], offset: Int, phrase: String) throws {
    let error = try #require(throws: BundleError.self) { try Self.decode(bytes) }
    #expect(error.kind == .malformed, "\(name)")
    #expect(error.offset == offset, "\(name): \(error.message)")
    #expect(error.message.contains(phrase), "\(name): \(error.message)")
  }
}
