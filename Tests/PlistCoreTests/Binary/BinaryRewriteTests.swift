import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `convert`'s one-pass path for binary input: the binary reader's events straight into the
/// XML and JSON writers must give the bytes, the repeated keys or the error that reading a tree
/// and writing it gives, for good files and damaged ones.
struct BinaryRewriteTests {
  /// The tree path's XML and JSON for `bytes` and its repeated keys, or its error.
  static func throughTree(
    _ bytes: [UInt8]
  ) -> Result<(xml: [UInt8], json: [UInt8], binary: [UInt8], repeats: [String]), PlistError> {
    do {
      let document = try PlistReader.read(bytes: bytes)
      return .success(
        (
          try XMLPlistWriter.write(document.root),
          try JSONPlistWriter.write(document.root, pretty: true),
          try BinaryPlistWriter.write(document.root),
          XMLRewriteTests.repeatedKeys(in: document.root)
        ))
    } catch {
      return .failure(error)
    }
  }

  /// Checks both outputs of the one-pass path against the tree path; answers whether the
  /// file read.
  @discardableResult
  static func expectSame(_ bytes: [UInt8], _ comment: Comment) -> Bool {
    let tree = throughTree(bytes)
    for output in [PlistRewrite.Output.xml, .json, .binary] {
      do {
        // A damaged header makes the file text, which is read as a tree.
        guard let rewritten = try PlistRewrite.rewrite(bytes, to: output) else {
          #expect(bytes.withUnsafeBytes { PlistReader.sniff($0) } != .binary, comment)
          continue
        }
        guard case .success(let expected) = tree else {
          Issue.record("the tree path failed, the one-pass path did not: \(comment)")
          continue
        }
        let bytes =
          switch output {
          case .xml: expected.xml
          case .json: expected.json
          case .binary: expected.binary
          }
        #expect(rewritten.bytes == bytes, "\(output): \(comment)")
        #expect(
          rewritten.repeats.map { "\($0.path.description) \($0.key) \($0.count)" }
            == expected.repeats, comment)
      } catch {
        guard case .failure(let expected) = tree else {
          Issue.record("the one-pass path failed (\(error)), the tree path did not: \(comment)")
          continue
        }
        #expect(error.message == expected.message, comment)
        #expect(error.offset == expected.offset, comment)
        #expect(error.kind == expected.kind, comment)
      }
    }
    if case .success = tree { return true }
    return false
  }

  @Test(arguments: CodecCase.all.filter { $0.binary != nil })
  func codecCasesRewriteAsTheTreePathWrites(_ codec: CodecCase) {
    #expect(BinaryRewriteTests.expectSame(codec.binary ?? [], "\(codec.name)"))
  }

  /// Single bytes of every codec case's file replaced, at every position: damaged files fail
  /// in the same words at the same offset, and the ones that still read convert the same.
  @Test func damagedFilesFailOrConvertAsTheTreePathDoes() {
    var read = 0
    var refused = 0
    for codec in CodecCase.all {
      guard var bytes = codec.binary else { continue }
      for position in 0..<bytes.count {
        let saved = bytes[position]
        for value in [saved ^ 0xFF, saved ^ 0x01, 0x0F] {
          bytes[position] = value
          if BinaryRewriteTests.expectSame(bytes, "\(codec.name) [\(position)] = \(value)") {
            read += 1
          } else {
            refused += 1
          }
        }
        bytes[position] = saved
      }
    }
    #expect(read > 100)
    #expect(refused > 100)
  }

  @Test func sharedObjectsRepeatedKeysAndUTF16Strings() throws {
    let key = BinaryTestNode.string("k")
    let value = BinaryTestNode.dict([
      ("k", BinaryTestNode.string("é and \u{1F600}")), ("k", BinaryTestNode.int(-1)),
      ("n", BinaryTestNode.array([key, key, BinaryTestNode.uid(7), BinaryTestNode.real(0.1)])),
    ])
    let bytes = try BinaryPlistWriter.write(value)
    #expect(BinaryRewriteTests.expectSame(bytes, "shared"))
    let rewritten = try #require(try PlistRewrite.rewrite(bytes, to: .xml))
    #expect(rewritten.repeats.map(\.key) == ["k"])
  }

  /// Which scalars the one-pass binary writer shares must be the tree writer's: equal values
  /// of one kind once, look-alikes of other kinds, signed zeros and NaN payloads apart.
  @Test func scalarsAreSharedExactlyAsTheTreeWriterSharesThem() throws {
    let nan = Double(bitPattern: 0x7FF8_0000_0000_0001)
    let items: [PlistNode] = [
      PlistNode(.integer(PlistInteger(-1))), PlistNode(.integer(PlistInteger(UInt64.max))),
      PlistNode(.integer(PlistInteger(1))), PlistNode(.real(1)), PlistNode(.boolean(true)),
      PlistNode(.real(0.0)), PlistNode(.real(-0.0)), PlistNode(.real(.nan)), PlistNode(.real(nan)),
      PlistNode(.date(PlistDate(secondsSinceReferenceDate: 1))), PlistNode(.uid(1)),
      PlistNode(.data(Data("ab".utf8))), PlistNode(.string("ab")), PlistNode(.data(Data())),
      PlistNode(.string("")),
    ]
    // Every value three times, in two orders, inside a dictionary whose keys repeat values.
    let array = PlistNode(.array(items + items.reversed() + items))
    let root = PlistNode(
      .dictionary(
        PlistDictionary([
          PlistEntry(key: "ab", node: array), PlistEntry(key: "", node: array),
          PlistEntry(key: "x", node: PlistNode(.string("ab"))),
        ])))
    let bytes = try BinaryPlistWriter.write(root)
    // The root, its three keys (shared with the strings "ab" and ""), the two arrays, and the
    // 13 other scalars, each once: 19 objects, the trailer's count.
    let objectCount = bytes.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
    #expect(objectCount == 19)
    #expect(BinaryRewriteTests.expectSame(bytes, "look-alike scalars"))
    let rewritten = try #require(try PlistRewrite.rewrite(bytes, to: .binary))
    #expect(rewritten.bytes == bytes)
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func everyBinaryCorpusFileConvertsOrFailsAsTheTreePathDoes() throws {
    var checked = 0
    for entry in Corpus.entries {
      let bytes = [UInt8](try entry.data())
      guard bytes.withUnsafeBytes({ PlistReader.sniff($0) }) == .binary else { continue }
      // CPython's 100,000-level file is read; its tree is released on a large stack.
      LargeStack.run { BinaryRewriteTests.expectSame(bytes, "\(entry.path)") }
      checked += 1
    }
    #expect(checked > 10)
  }
}
