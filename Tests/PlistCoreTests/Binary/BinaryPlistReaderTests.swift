import Foundation
import PlistCore
import Testing

private typealias N = BinaryTestNode

/// Our own binary fixtures, written byte by byte; each covers one behaviour without the corpus.
@Suite struct BinaryPlistReaderTests {
  /// A trailer for 1-byte widths: unused bytes, sort version, widths, count, top, table offset.
  static func trailer(
    count: UInt8, table: UInt8, offsetWidth: UInt8 = 1, referenceWidth: UInt8 = 1, top: UInt8 = 0
  ) -> [UInt8] {
    [0, 0, 0, 0, 0, 0, offsetWidth, referenceWidth]
      + [0, 0, 0, 0, 0, 0, 0, count] + [0, 0, 0, 0, 0, 0, 0, top] + [0, 0, 0, 0, 0, 0, 0, table]
  }

  static let magic: [UInt8] = Array("bplist00".utf8)

  @Test func readsThreeByteOffsetsAndReferences() throws {
    let bytes: [UInt8] =
      Self.magic
      + [0xA2, 0x00, 0x00, 0x01, 0x00, 0x00, 0x02]  // 0x08 array of 2, 3-byte refs to 1 and 2
      + [0x51, 0x61]  // 0x0F "a"
      + [0x10, 0x05]  // 0x11 5
      + [0x00, 0x00, 0x08, 0x00, 0x00, 0x0F, 0x00, 0x00, 0x11]  // 0x13 offset table, 3 bytes each
      + Self.trailer(count: 3, table: 0x13, offsetWidth: 3, referenceWidth: 3)
    let document = try N.read(bytes).get()
    #expect(document.format == .binary)
    #expect(document.root == N.array([N.string("a"), N.int(5)]))
    #expect(document.root.location.start == 8)
    #expect(document.root.location.end == 15)
    let children = try #require(document.root.value.arrayValue)
    #expect(children.map(\.location.start) == [15, 17])
    #expect(children.map(\.location.end) == [17, 19])
  }

  @Test(
    arguments: [
      // 16-byte integers: high 8 bytes zero, or all ones with the low half negative.
      ([0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8), N.uint(.max)),
      ([0x14] + [UInt8](repeating: 0xFF, count: 15) + [0xBF], N.int(-65)),
      ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xBF], N.int(-65)),  // 8 bytes: signed
      ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], N.uint(4_294_967_295)),  // 4 bytes: unsigned
      ([0x11, 0x01, 0x2C], N.int(300)),
      ([0x23, 0x7F, 0xF0, 0, 0, 0, 0, 0, 0], N.real(.infinity)),
      ([0x23, 0xFF, 0xF0, 0, 0, 0, 0, 0, 0], N.real(-.infinity)),
      ([0x23, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0], N.real(.nan)),
      ([0x22, 0x7F, 0xC0, 0, 0], N.real(.nan)),  // 4-byte NaN
      ([0x22, 0x3F, 0x00, 0, 0], N.real(0.5)),
      (
        [0x33, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0],
        PlistNode(.date(PlistDate(secondsSinceReferenceDate: 0.5)))
      ),
      ([0x62, 0xD8, 0x3D, 0xDE, 0x98], N.string("\u{1F698}")),  // surrogate pair
      ([0x62, 0x00, 0xC5, 0x00, 0x62], N.string("\u{C5}b")),
      ([0x80, 0x07], N.uid(7)),
      ([0x8F] + [UInt8](repeating: 0, count: 15) + [0x09], N.uid(9)),  // 16-byte UID that fits
      ([0x43, 0x00, 0x01, 0xFF], N.data([0x00, 0x01, 0xFF])),
      ([0x5F, 0x10, 0x02, 0x68, 0x69], N.string("hi")),  // count as a following integer
      ([0x08], N.bool(false)),
      ([0x09], N.bool(true)),
    ] as [([UInt8], PlistNode)])
  func readsScalar(_ object: [UInt8], _ expected: PlistNode) throws {
    let bytes =
      Self.magic + object + [0x08] + Self.trailer(count: 1, table: UInt8(8 + object.count))
    let root = try N.read(bytes).get().root
    #expect(root == expected)
    #expect(root.location.start == 8)
    #expect(root.location.end == UInt32(8 + object.count))
  }

  @Test(
    arguments: [
      (
        [0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8), PlistError.Kind.outOfRange
      ),
      (
        [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x7F] + [UInt8](repeating: 0, count: 7),
        .outOfRange
      ),
      ([0x8F, 1] + [UInt8](repeating: 0, count: 15), .outOfRange),  // UID wider than 64 bits
      ([0x33, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0], .outOfRange),  // NaN date
      ([0x00], .malformed),  // null
      ([0x0F], .malformed),  // fill
      ([0x15] + [UInt8](repeating: 0, count: 32), .malformed),  // 32-byte integer
      ([0x21, 0, 0], .malformed),  // 2-byte real
      ([0x34, 0, 0, 0, 0, 0, 0, 0, 0], .malformed),  // date of the wrong width
      ([0x71, 0x61], .malformed),  // UTF-8 string: bplist1? only
      ([0x52, 0x61, 0xE9], .malformed),  // non-ASCII byte in an ASCII string
      ([0x61, 0xD8, 0x3D], .malformed),  // unpaired high surrogate
      ([0x62, 0xDE, 0x98, 0x00, 0x41], .malformed),  // lone low surrogate
      ([0x90], .malformed),  // unused marker
      ([0xC0], .malformed),  // set
      ([0xB0], .malformed),  // ordered set
      ([0x45, 0x01], .malformed),  // data longer than the object area
      ([0x5F, 0x14, 0x01], .malformed),  // count as a 16-byte integer
    ] as [([UInt8], PlistError.Kind)])
  func rejectsObject(_ object: [UInt8], _ kind: PlistError.Kind) throws {
    let bytes =
      Self.magic + object + [0x08] + Self.trailer(count: 1, table: UInt8(8 + object.count))
    let error = try #require(N.error(bytes))
    #expect(error.kind == kind)
    #expect(error.offset.map { $0 >= 8 && $0 < 8 + object.count } == true, "\(error)")
    #expect(!error.message.hasSuffix("."))
  }

  @Test func namesSetsAsNotPropertyListValues() throws {
    let bytes = Self.magic + [0xC0, 0x08] + Self.trailer(count: 1, table: 9)
    let error = try #require(N.error(bytes))
    #expect(error.message.hasSuffix("sets are not property-list values"))
    #expect(error.offset == 8)
  }

  @Test func rejectsACycle() throws {
    let bytes: [UInt8] =
      Self.magic
      + [0xA1, 0x00]  // 0x08 array holding itself (object 0)
      + [0x08]  // 0x0A offset table
      + Self.trailer(count: 1, table: 0x0A)
    let error = try #require(N.error(bytes))
    #expect(error.kind == .malformed)
    #expect(error.message.hasPrefix("object 0 at offset 0x8 contains itself"))
    #expect(error.message.contains("cycle"))
    #expect(error.offset == 8)
  }

  @Test func readsAnObjectSharedBySiblings() throws {
    let bytes: [UInt8] =
      Self.magic
      + [0xA2, 0x01, 0x01]  // 0x08 array referring twice to object 1
      + [0xA0]  // 0x0B empty array: shared, not a cycle
      + [0x08, 0x0B]  // 0x0C offset table
      + Self.trailer(count: 2, table: 0x0C)
    #expect(try N.read(bytes).get().root == N.array([N.array([]), N.array([])]))
  }

  @Test func stopsSharedContainersThatExpandTooFar() throws {
    // 40 arrays, each referring twice to the next: 2^40 nodes from 160 bytes.
    var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let error = try #require(N.error(N.file(objects)))
    #expect(error.kind == .limitExceeded)
    // The message names the limit in the user's terms, never an internal name.
    #expect(
      error.message
        == "shared containers expand the tree past 65536 nodes, the most infoscope builds "
        + "from a file of 202 bytes")
  }

  @Test func rejectsAReferenceOutOfRange() throws {
    let bytes: [UInt8] =
      Self.magic
      + [0xA1, 0x05]  // 0x08 array referring to object 5 of 1
      + [0x08]  // 0x0A offset table
      + Self.trailer(count: 1, table: 0x0A)
    let error = try #require(N.error(bytes))
    #expect(error.message.hasPrefix("container at offset 0x8 refers to object 5"))
    #expect(error.offset == 9)
  }

  @Test func rejectsATruncatedTrailer() throws {
    let whole = Self.magic + [0x09, 0x08] + Self.trailer(count: 1, table: 9)
    let error = try #require(N.error(Array(whole.dropLast(2))))
    #expect(error.kind == .malformed)
    #expect(error.message.contains("shorter than"))
  }

  @Test func rejectsAnAbsurdCountBeforeAllocating() throws {
    let bytes: [UInt8] =
      Self.magic
      + [0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // 0x08 array of 2^63-1
      + [0x08]  // 0x12 offset table
      + Self.trailer(count: 1, table: 0x12)
    let error = try #require(N.error(bytes))
    #expect(error.message.contains("claims 9223372036854775807 elements"))
    #expect(error.offset == 9)
  }

  @Test(arguments: [
    // (trailer fields, expected start of the message)
    (trailer(count: 1, table: 9, offsetWidth: 0), "trailer gives an offset width of 0"),
    (
      trailer(count: 1, table: 9, referenceWidth: 9), "trailer gives an object reference width of 9"
    ),
    (trailer(count: 0, table: 9), "trailer gives an object count of 0"),
    (trailer(count: 1, table: 9, top: 1), "trailer names top object 1"),
    (trailer(count: 1, table: 2), "trailer puts the offset table at 0x2"),
    (trailer(count: 2, table: 9), "offset table of 2 entries of 1 byte at 0x9 does not end"),
  ])
  func rejectsABadTrailer(_ trailer: [UInt8], _ message: String) throws {
    let error = try #require(N.error(Self.magic + [0x09, 0x08] + trailer))
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(error.offset.map { $0 >= 10 } == true)
  }

  @Test func rejectsAnOffsetIntoTheHeader() throws {
    let error = try #require(N.error(Self.magic + [0x09, 0x03] + Self.trailer(count: 1, table: 9)))
    #expect(error.message.hasPrefix("offset table gives object 0 the offset 0x3"))
    #expect(error.offset == 9)
  }

  @Test func rejectsReferencesTooNarrowForTheObjectCount() throws {
    let objects = [[0xA0]] + [[UInt8]](repeating: [0x09], count: 255)  // 256 objects, 1-byte refs
    let error = try #require(N.error(N.file(objects)))
    #expect(error.message.hasPrefix("object references of 1 bytes cannot name 256 objects"))
  }

  @Test func acceptsAnyMinorVersionButNoOtherHeader() throws {
    let body: [UInt8] = [0x09, 0x08] + Self.trailer(count: 1, table: 9)
    #expect(try N.read(Array("bplist0x".utf8) + body).get().root == N.bool(true))
    #expect(try N.read(Array("bplist01".utf8) + body).get().root == N.bool(true))
    let error = try #require(N.error(Array("bplist10".utf8) + body))
    #expect(error.message.hasPrefix("unsupported binary property list header \"bplist10\""))
    #expect(error.offset == 6)
  }

  @Test func rejectsNonStringKeys() throws {
    let objects: [[UInt8]] = [[0xD1, 0x01, 0x02], [0x10, 0x01], [0x09]]
    let error = try #require(N.error(N.file(objects)))
    #expect(
      error.message == "key 0 of the dictionary at offset 0x8 is an integer, expected a string")
    #expect(error.offset == 11)
  }

  @Test func locatesKeysAndValuesOfADictionary() throws {
    let objects: [[UInt8]] = [[0xD1, 0x01, 0x02], [0x53, 0x6B, 0x65, 0x79], [0x10, 0x2A]]
    let root = try N.read(N.file(objects)).get().root
    let d = try #require(root.value.dictionaryValue)
    #expect(d.entries.map(\.key) == ["key"])
    #expect(d.entries[0].keyLocation == SourceLocation(line: 0, column: 0, start: 11, end: 15))
    #expect(d.entries[0].node.location == SourceLocation(line: 0, column: 0, start: 15, end: 17))
    #expect(root.location == SourceLocation(line: 0, column: 0, start: 8, end: 11))
  }

  @Test func stopsNestingAtTheDepthLimit() throws {
    func nested(_ depth: Int) -> [UInt8] {
      // Object i is an array holding object i + 1; 4-byte references, the last one empty.
      var objects: [[UInt8]] = (0..<depth - 1).map { [0xA1] + N.bigEndian(UInt64($0 + 1), 4) }
      objects.append([0xA0])
      return N.file(objects, offsetWidth: 4, referenceWidth: 4)
    }
    LargeStack.run {
      #expect(throws: Never.self) { try N.read(nested(PlistLimits.maxDepth)).get() }
    }
    let error = try #require(N.error(nested(PlistLimits.maxDepth + 1)))
    #expect(error.kind == .limitExceeded)
    #expect(error.message == PlistLimits.tooDeepToRead)
    // The first array past the limit: the header, then 100,000 arrays of 5 bytes.
    #expect(error.offset == 8 + 5 * PlistLimits.maxDepth)
  }

  @Test func decodesASharedKeyOnce() throws {
    // 1,000 dictionaries sharing one key string object: every key is the same object.
    let count = 1_000
    var objects: [[UInt8]] = [[0xAF, 0x11] + N.bigEndian(UInt64(count), 2)]
    objects[0] += (0..<count).flatMap { N.bigEndian(UInt64($0 + 3), 2) }
    objects.append([0x53, 0x6B, 0x65, 0x79])  // object 1: "key"
    objects.append([0x10, 0x01])  // object 2: 1
    for _ in 0..<count { objects.append([0xD1, 0x00, 0x01, 0x00, 0x02]) }
    let root = try N.read(N.file(objects, offsetWidth: 2, referenceWidth: 2)).get().root
    let items = try #require(root.value.arrayValue)
    #expect(items.count == count)
    #expect(items.allSatisfy { $0 == N.dict([("key", N.int(1))]) })
    // The key object sits after the header (8), the array's marker and count (4) and its
    // 1,000 two-byte references.
    #expect(items.allSatisfy { $0.value.dictionaryValue?.entries[0].keyLocation.start == 2012 })
  }
}
