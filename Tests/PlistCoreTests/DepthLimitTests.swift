import Foundation
import PlistCore
import TestSupport
import Testing

/// Documents nested to the depth limit in every format: read, written in each format and read
/// back; a million levels refused quickly, in the same words for every format.
@Suite struct DepthLimitTests {
  typealias Format = DeepDocument.Format

  /// The leaf of `root` at the end of the deep document's key path, as a string.
  static func leaf(_ root: PlistNode, depth: Int) -> String? {
    root.node(at: DeepDocument.leafPath(depth: depth))?.value.stringValue
  }

  @Test(arguments: Format.allCases)
  func readsEveryFormatAtTheLimit(_ format: Format) throws {
    let depth = PlistLimits.maxDepth
    let bytes = DeepDocument.bytes(format, depth: depth)
    try LargeStack.run { () throws in
      let document = try PlistReader.read(bytes: bytes, file: "deep")
      #expect(Self.leaf(document.root, depth: depth) == "leaf")
      let leaf = try #require(document.root.node(at: DeepDocument.leafPath(depth: depth)))
      // Positions are kept at the bottom: a line for text, an offset for binary.
      #expect(leaf.location.hasRange)
      #expect(format == .binary ? leaf.location.line == 0 : leaf.location.line >= 1)
    }
  }

  /// The writers, by the format they write.
  static let writers: [Format: @Sendable (PlistNode) throws(PlistError) -> [UInt8]] = [
    .xml: { (node) throws(PlistError) in try XMLPlistWriter.write(node) },
    .binary: { (node) throws(PlistError) in try BinaryPlistWriter.write(node) },
    .json: { (node) throws(PlistError) in try JSONPlistWriter.write(node) },
  ]

  @Test(arguments: [Format.xml, .binary, .json])
  func writesEveryFormatAtTheLimitAndReadsItBack(_ format: Format) throws {
    let depth = PlistLimits.maxDepth
    let bytes = DeepDocument.bytes(.binary, depth: depth)
    let write = try #require(Self.writers[format])
    try LargeStack.run { () throws in
      let document = try PlistReader.read(bytes: bytes)
      let back = try PlistReader.read(bytes: try write(document.root))
      #expect(back.format.rawValue == format.rawValue)
      #expect(Self.leaf(back.root, depth: depth) == "leaf")
      #expect(back.root == document.root)
    }
  }

  @Test func preservingWriterGivesBackAnUneditedDocumentAtTheLimit() throws {
    let bytes = DeepDocument.bytes(.xml, depth: PlistLimits.maxDepth)
    try LargeStack.run { () throws in
      let document = try PlistReader.read(bytes: bytes)
      #expect(try XMLPreservingWriter.write(document.root, over: document) == bytes)
    }
  }

  @Test(arguments: Format.allCases)
  func refusesAMillionLevelsQuicklyInTheSameWords(_ format: Format) throws {
    let bytes = DeepDocument.bytes(format, depth: 1_000_000)
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: PlistError.self) {
      try PlistReader.read(bytes: bytes, file: "deep")
    }
    #expect(clock.now - start < .seconds(5))
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message == PlistLimits.tooDeepToRead)
    #expect(error?.message == "containers nest deeper than 100000 levels, the most infoscope reads")
    #expect(error?.file == "deep")
    #expect(error.map { $0.line > 0 || $0.offset != nil } == true)
  }

  @Test(arguments: Format.allCases)
  func refusesOneLevelPastTheLimit(_ format: Format) throws {
    let bytes = DeepDocument.bytes(format, depth: PlistLimits.maxDepth + 1)
    let error = #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes) }
    #expect(error?.message == PlistLimits.tooDeepToRead)
  }

  @Test(arguments: [Format.xml, .binary, .json])
  func writersRefuseATreePastTheLimitInTheSameWords(_ format: Format) throws {
    let write = try #require(Self.writers[format])
    LargeStack.run {
      var node = PlistNode(.string("leaf"))
      for _ in 0...PlistLimits.maxDepth { node = PlistNode(.array([node])) }
      let error = #expect(throws: PlistError.self) { try write(node) }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.message == PlistLimits.tooDeepToWrite)
    }
  }

  @Test func explainsAMissingStepAtTheBottomInLinearTime() throws {
    let depth = PlistLimits.maxDepth
    let bytes = DeepDocument.bytes(.binary, depth: depth)
    try LargeStack.run { () throws in
      let root = try PlistReader.read(bytes: bytes).root
      var path = DeepDocument.leafPath(depth: depth)
      #expect(root.explainMissing(path) == nil)
      path.components[depth - 1] = .index(1)
      let why = try #require(root.explainMissing(path))
      #expect(why.hasSuffix("has 1 item, so there is no [1]"))
      // A missing key followed by many more keys: the dotted-key hint costs no quadratic time.
      let keys = KeyPath(Array(repeating: .key("x"), count: depth))
      #expect(root.explainMissing(keys) == "no key \"x\" in the root")
    }
  }
}
