import Foundation
import PlistCore
import TestSupport
import Testing

private typealias N = BinaryTestNode

/// The binary property lists of the shared corpus, read in place.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct BinaryPlistCorpusTests {
  /// Every corpus file whose bytes start with `bplist` (all of them sit in binary/ and
  /// peer-tests/).
  static let binaryEntries: [Corpus.Entry] = Corpus.entries.filter { entry in
    guard let data = try? entry.data() else { return false }
    return data.starts(with: Array("bplist".utf8))
  }

  static func read(_ name: String) throws -> PlistNode {
    let url = Corpus.directory.appendingPathComponent(name)
    return try PlistReader.read(Data(contentsOf: url)).root
  }

  static func readError(_ name: String) throws -> PlistError? {
    N.error(Array(try Data(contentsOf: Corpus.directory.appendingPathComponent(name))))
  }

  @Test func findsTheBinaryFiles() {
    #expect(BinaryPlistCorpusTests.binaryEntries.count >= 100)
  }

  @Test(arguments: binaryEntries)
  func readsOrRejectsAsTheManifestSays(_ entry: Corpus.Entry) throws {
    let data = try entry.data()
    let malformed = entry.note.hasPrefix("MALFORMED")
    let fuzz = entry.note.hasPrefix("FUZZ")
    // CPython's 100,000-level file is read; its tree is released on a large stack.
    LargeStack.run {
      switch N.read(Array(data)) {
      case .success(let document):
        #expect(!malformed, "\(entry.path) read but its note says \(entry.note)")
        #expect(document.format == .binary)
      case .failure(let error):
        #expect(malformed || fuzz, "\(entry.path): \(error)")
        #expect(error.offset != nil || error.kind == .limitExceeded, "\(error)")
        #expect(!error.message.hasSuffix("."))
      }
    }
  }

  @Test func readsSignedIntegers() throws {
    let expected = N.array([
      N.int(-1), N.int(-127), N.int(-255), N.int(-32767), N.int(-65535), N.int(Int64.min),
    ])
    #expect(try Self.read("binary/go-plist__signed-integers.bplist") == expected)
    #expect(try Self.read("binary/libplist__signed.bplist") == N.int(-1))
  }

  @Test func readsUnsignedIntegersOfIncreasingSize() throws {
    let values: [UInt64] = [
      255, 4095, 65535, 1_048_575, 16_777_215, 268_435_455, 4_294_967_295,
      9_223_372_036_854_775_807, 16_045_690_985_305_262_846,
    ]
    let expected = N.array(values.map(N.uint))
    #expect(
      try Self.read("binary/go-plist__unsigned-integers-of-increasing-size.bplist") == expected)
    #expect(try Self.read("binary/libplist__unsigned.bplist") == N.uint(UInt64.max))
  }

  @Test func readsFloatsAndInfinities() throws {
    let floats = try Self.read("binary/go-plist__floats-of-increasing-bitness.bplist")
    #expect(
      floats
        == N.array([
          N.real(Double(Float.greatestFiniteMagnitude)), N.real(.greatestFiniteMagnitude),
        ]))
    #expect(try Self.read("binary/go-plist__floating-point-infinity.bplist") == N.real(.infinity))
    #expect(
      try Self.read("binary/go-plist__floating-point-negative-infinity.bplist")
        == N.real(-.infinity))
  }

  @Test func readsDatesAndUIDs() throws {
    #expect(try Self.read("binary/go-plist__date.bplist") == N.date(2013, 11, 27, 0, 34, 0))
    #expect(
      try Self.read("binary/go-plist__cf-keyed-archiver-uid-struct.bplist")
        == N.dict([("identifier", N.uid(1024))]))
    #expect(try Self.read("binary/libplist__uid.bplist") == N.uid(7))
  }

  @Test func keepsDuplicateKeysInOrder() throws {
    let root = try Self.read("binary/go-plist__duplicate-dictionary-keys.bplist")
    let dictionary = try #require(root.value.dictionaryValue)
    #expect(dictionary.keys == ["key", "key"])
    #expect(dictionary.entries.map(\.node) == [N.string("value"), N.string("second value")])
    #expect(dictionary["key"] == N.string("second value"))
    // Both entries share the uniqued key object at 0x0d ("Skey", 4 bytes).
    #expect(dictionary.entries.map(\.keyLocation.start) == [13, 13])
    #expect(dictionary.entries[0].keyLocation.end == 17)
    #expect(root.location.start == 8)
    #expect(root.location.end == 13)  // marker + 4 one-byte references
  }

  @Test func readsCocoaTestData() throws {
    let root = try Self.read("binary/cpython-plistlib__testdata-cocoa.bplist")
    let d = try #require(root.value.dictionaryValue)
    #expect(d.count == 16)
    #expect(d["aBigInt"] == N.int(9_223_372_036_854_775_764))
    #expect(d["aBigInt2"] == N.uint(9_223_372_036_854_775_852))
    #expect(d["aNegativeBigInt"] == N.int(-80_000_000_000))
    #expect(d["aNegativeInt"] == N.int(-5))
    #expect(d["anInt"] == N.int(728))
    #expect(d["aFloat"] == N.real(0.5))
    #expect(d["aDate"] == N.date(2004, 10, 26, 10, 33, 33))
    #expect(d["\u{C5}benraa"] == N.string("That was a unicode key."))
    #expect(d["anEmptyDict"] == N.dict([]))
    #expect(
      d["aList"]
        == N.array([
          N.string("A"), N.string("B"), N.int(12), N.real(32.5),
          N.array([N.int(1), N.int(2), N.int(3)]),
        ]))
    let inner = try #require(d["aDict"]?.value.dictionaryValue)
    #expect(inner["aUnicodeValue"] == N.string("M\u{E4}ssig, Ma\u{DF}"))
    #expect(inner["anotherString"] == N.string("<hello & 'hi' there!>"))
  }

  @Test func readsEveryOffsetAndReferenceWidthAlike() throws {
    let expected = N.dict([("A", N.string("B"))])
    for name in ["off1byte", "off2bytes", "off8bytes", "dictref2bytes", "dictref8bytes"] {
      #expect(try Self.read("binary/libplist__\(name).bplist") == expected, "\(name)")
    }
  }

  @Test func readsTheBplist0xHeader() throws {
    let root = try Self.read("peer-tests/swift-foundation__bplist0x-header.bplist")
    let d = try #require(root.value.dictionaryValue)
    #expect(d.keys == ["array1", "item1", "item2"])
    #expect(d["item2"] == N.string("value2"))
  }

  /// libplist's cycle file has a 26-byte trailer (its 6 unused bytes are missing), so its
  /// offset table runs into the trailer; CF refuses it for that before any cycle is reached,
  /// and so do we.
  @Test func rejectsLibplistRecursionForItsTrailer() throws {
    let error = try #require(try Self.readError("peer-tests/libplist__recursion.bplist"))
    #expect(error.kind == .malformed)
    #expect(error.message.hasPrefix("offset table of 5 entries of 2 bytes at 0x18 does not end"))
  }

  @Test(arguments: [
    "peer-tests/go-plist__invalid-bplist-19-array-self-referential.bplist",
    "peer-tests/go-plist__invalid-bplist-20-dictionary-self-referential-key.bplist",
    "peer-tests/go-plist__invalid-bplist-21-dictionary-self-referential-value.bplist",
    "peer-tests/go-plist__invalid-bplist-28-array-refers-to-self-through-a-second-level.bplist",
  ])
  func rejectsCycles(_ name: String) throws {
    let error = try #require(try Self.readError(name))
    #expect(error.kind == .malformed)
    #expect(error.message.contains("cycle"), "\(error)")
  }

  @Test func readsCPythonsHundredThousandLevels() throws {
    let name = "binary/cpython-plistlib__deep-nesting-100000.bplist"
    let bytes = Array(try Data(contentsOf: Corpus.directory.appendingPathComponent(name)))
    try LargeStack.run { () throws in
      var node = try N.read(bytes).get().root
      var levels = 0
      while let child = node.value.arrayValue?.first {
        node = child
        levels += 1
      }
      #expect(levels == 100_000)
      #expect(node.value.kind == .string)
    }
  }

  /// The go-plist round-trip files, rewritten by our writer.
  ///
  /// go-plist lays out objects as CF does, and 18 of its 20 files come out byte-identical. The other two hold 4-byte reals
  /// (`0x22`), which we write as 8-byte doubles (`0x23`) because the model keeps no width; they
  /// still read back to the same value.
  @Test func rewritesGoPlistFilesByteForByte() throws {
    var differing: Set<String> = []
    var count = 0
    for entry in Corpus.entries(in: "binary") where entry.path.contains("go-plist__") {
      let original = Array(try entry.data())
      let root = try PlistReader.read(Data(original)).root
      let written = try BinaryPlistWriter.write(root)
      #expect(try PlistReader.read(Data(written)).root == root, "\(entry.path)")
      if written != original { differing.insert(entry.path) }
      count += 1
    }
    #expect(count == 20)
    #expect(
      differing == [
        "binary/go-plist__floats-of-increasing-bitness.bplist",
        "binary/go-plist__map-containing-all-variations-of-all-types.bplist",
      ])
  }

  /// plistlib rewrites CPython's Cocoa test file byte for byte; so do we (the file's keys are in
  /// the order Cocoa wrote them, which our writer keeps).
  @Test func rewritesCocoaTestDataByteForByte() throws {
    let url = Corpus.directory.appendingPathComponent(
      "binary/cpython-plistlib__testdata-cocoa.bplist")
    let original = Array(try Data(contentsOf: url))
    let root = try PlistReader.read(Data(original)).root
    #expect(try BinaryPlistWriter.write(root) == original)
  }
}
