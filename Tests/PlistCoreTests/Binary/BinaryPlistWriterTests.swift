import Foundation
import PlistCore
import TestSupport
import Testing

private typealias N = BinaryTestNode

@Suite struct BinaryPlistWriterTests {
  static let binaryCases = CodecCase.all.filter { $0.binary != nil }

  @Test(arguments: binaryCases)
  func writesTheBytesCoreFoundationWrites(_ codec: CodecCase) throws {
    let expected = try #require(codec.binary)
    #expect(try BinaryPlistWriter.write(codec.value) == expected)
  }

  @Test(arguments: binaryCases)
  func readsTheBytesCoreFoundationWrites(_ codec: CodecCase) throws {
    let document = try N.read(try #require(codec.binary)).get()
    #expect(document.root == codec.value)
  }

  /// The object count of a written file, from its trailer.
  static func objectCount(_ bytes: [UInt8]) -> Int {
    bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | Int($1) }
  }

  @Test(arguments: [(255, 1), (256, 2), (300, 2), (65_536, 4)])
  func picksTheNarrowestReferenceWidth(_ objects: Int, _ width: Int) throws {
    // An array of distinct integers: the array plus objects - 1 integers.
    let root = N.array((0..<objects - 1).map { N.int(Int64($0)) })
    let bytes = try BinaryPlistWriter.write(root)
    #expect(Self.objectCount(bytes) == objects)
    #expect(Int(bytes[bytes.count - 25]) == width)  // reference width
    #expect(try N.read(bytes).get().root == root)
  }

  @Test func picksTheNarrowestOffsetWidth() throws {
    let small = try BinaryPlistWriter.write(N.data([UInt8](repeating: 7, count: 200)))
    #expect(small[small.count - 26] == 1)
    let large = try BinaryPlistWriter.write(N.data([UInt8](repeating: 7, count: 300)))
    #expect(large[large.count - 26] == 2)
    #expect(try N.read(large).get().root == N.data([UInt8](repeating: 7, count: 300)))
  }

  @Test func writesUInt64MaxAsASixteenByteInteger() throws {
    let bytes = try BinaryPlistWriter.write(N.uint(.max))
    #expect(
      Array(bytes[8..<25]) == [0x14] + [UInt8](repeating: 0, count: 8)
        + [UInt8](repeating: 0xFF, count: 8))
    #expect(try N.read(bytes).get().root == N.uint(.max))
  }

  @Test(
    arguments: [
      (N.int(-1), [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
      (N.int(255), [0x10, 0xFF]),
      (N.int(256), [0x11, 0x01, 0x00]),
      (N.int(65_536), [0x12, 0x00, 0x01, 0x00, 0x00]),
      (N.int(4_294_967_296), [0x13, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
      (N.uid(255), [0x80, 0xFF]),
      (N.uid(65_536), [0x83, 0x00, 0x01, 0x00, 0x00]),
      (N.string("\u{1F698}"), [0x62, 0xD8, 0x3D, 0xDE, 0x98]),
      (N.real(.nan), [0x23, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]),
      (
        PlistNode(.date(PlistDate(secondsSinceReferenceDate: 0.5))),
        [0x33, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0]
      ),
    ] as [(PlistNode, [UInt8])])
  func encodesScalar(_ node: PlistNode, _ object: [UInt8]) throws {
    let bytes = try BinaryPlistWriter.write(node)
    #expect(Array(bytes[8..<(8 + object.count)]) == object)
    #expect(try N.read(bytes).get().root == node)
  }

  @Test func sharesEqualScalarsButNotContainersOrEquivalentStrings() throws {
    let root = N.array([
      N.string("caf\u{E9}"), N.string("cafe\u{301}"), N.string("caf\u{E9}"),
      N.array([]), N.array([]), N.real(0.0), N.real(-0.0), N.int(1), N.bool(true),
    ])
    let bytes = try BinaryPlistWriter.write(root)
    // root, 2 strings, 2 arrays, 2 reals, 1 integer, 1 boolean.
    #expect(Self.objectCount(bytes) == 9)
    let back = try N.read(bytes).get().root
    #expect(back == root)
    let strings = try #require(back.value.arrayValue).prefix(2).map { $0.value.stringValue }
    #expect(strings.map { $0?.unicodeScalars.count } == [4, 5])
  }

  @Test func keepsDictionaryOrderAndDuplicateKeys() throws {
    let root = N.dict([("b", N.int(1)), ("a", N.int(2)), ("b", N.int(3))])
    let back = try N.read(try BinaryPlistWriter.write(root)).get().root
    #expect(back.value.dictionaryValue?.keys == ["b", "a", "b"])
    #expect(back == root)
  }

  @Test func refusesToNestDeeperThanTheLimit() throws {
    // A tree this deep is built, compared and released on a large stack.
    LargeStack.run {
      var node = N.array([])
      for _ in 0..<PlistLimits.maxDepth - 1 { node = N.array([node]) }
      #expect(throws: Never.self) { try BinaryPlistWriter.write(node) }
      let error = #expect(throws: PlistError.self) {
        try BinaryPlistWriter.write(N.array([node]))
      }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.message == PlistLimits.tooDeepToWrite)
    }
  }

  /// A value holding every kind, written here and read by Python's plistlib, which writes it
  /// back (keys unsorted) for our reader.
  static let everyKind = N.dict([
    ("string", N.string("Hello")), ("unicode", N.string("\u{C5}benraa \u{1F698}")),
    ("negative", N.int(-65)), ("big", N.uint(.max)), ("min", N.int(Int64.min)),
    ("real", N.real(0.1)), ("infinity", N.real(-.infinity)), ("true", N.bool(true)),
    ("date", N.date(1931, 6, 15, 12, 30, 45)), ("year1", N.date(1, 1, 1, 0, 0, 0)),
    ("data", N.data([0, 1, 2, 0xFF])), ("uid", N.uid(1024)),
    ("array", N.array([N.int(1), N.array([]), N.dict([])])), ("z", N.string("Hello")),
  ])

  static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test(.enabled(if: python != nil, "python3 not found: plistlib cross-check skipped"))
  func plistlibReadsWhatWeWrite() throws {
    let written = try BinaryPlistWriter.write(Self.everyKind)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: try #require(Self.python)),
      [
        "-c",
        "import plistlib, sys; v = plistlib.loads(sys.stdin.buffer.read()); "
          + "sys.stdout.buffer.write(plistlib.dumps(v, fmt=plistlib.FMT_BINARY, sort_keys=False))",
      ], input: Data(written))
    let back = result.output
    #expect(result.status == 0, "\(result.errorText)")
    #expect(try N.read(Array(back)).get().root == Self.everyKind)
    // plistlib lays the file out as we do, so its bytes are ours.
    #expect(Array(back) == written)
  }
}
