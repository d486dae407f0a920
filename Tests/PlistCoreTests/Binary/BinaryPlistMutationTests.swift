import Foundation
import PlistCore
import TestSupport
import Testing

/// Truncates and flips bytes of every binary property list we know (the corpus and the codec
/// table) and feeds the results to the reader: it must return or throw, never crash or hang.
@Suite struct BinaryPlistMutationTests {
  /// Reads `bytes`, counting how it ended; a crash or a hang would end the test run instead.
  static func feed(_ bytes: UnsafeRawBufferPointer, _ tally: inout (read: Int, thrown: Int)) {
    do {
      _ = try BinaryPlistReader.read(bytes)
      tally.read += 1
    } catch {
      tally.thrown += 1
    }
  }

  /// Every prefix at a stride of 7 (wider for big files, so each file costs at most ~2,000
  /// reads), then single-byte replacements at a stride with three values.
  ///
  /// - Returns: how the truncations and the replacements ended, counted apart.
  static func mutate(
    _ original: [UInt8]
  ) -> (truncated: (read: Int, thrown: Int), replaced: (read: Int, thrown: Int)) {
    var truncated = (read: 0, thrown: 0)
    original.withUnsafeBytes { raw in
      let step = max(7, raw.count / 2_000)
      for length in stride(from: 0, to: raw.count, by: step) {
        feed(UnsafeRawBufferPointer(rebasing: raw[0..<length]), &truncated)
      }
    }
    var tally = (read: 0, thrown: 0)
    var bytes = original
    let step = max(1, bytes.count / 300)
    for position in stride(from: 0, to: bytes.count, by: step) {
      let saved = bytes[position]
      for value in [saved ^ 0xFF, saved ^ 0x01, 0x0F] {
        bytes[position] = value
        bytes.withUnsafeBytes { feed($0, &tally) }
      }
      bytes[position] = saved
    }
    return (truncated, tally)
  }

  @Test func survivesMutatedCodecCases() {
    for codec in CodecCase.all {
      guard let binary = codec.binary else { continue }
      let (truncated, replaced) = Self.mutate(binary)
      // A binary property list ends with its trailer: no shorter prefix reads.
      #expect(truncated.read == 0, "\(codec.name)")
      #expect(truncated.thrown > 0, "\(codec.name)")
      #expect(replaced.thrown > 0, "\(codec.name)")
    }
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func survivesMutatedCorpusFiles() throws {
    var files = 0
    for entry in Corpus.entries {
      let data = try entry.data()
      // CPython's 100,000-level file now reads, and would be read some 3,000 times here;
      // `BinaryPlistCorpusTests` and `DepthLimitTests` cover it.
      guard data.starts(with: Array("bplist".utf8)), !entry.path.contains("deep-nesting") else {
        continue
      }
      let (truncated, _) = Self.mutate(Array(data))
      #expect(truncated.read == 0, "\(entry.path)")
      #expect(truncated.thrown > 0, "\(entry.path)")
      files += 1
    }
    #expect(files >= 99)
  }
}
