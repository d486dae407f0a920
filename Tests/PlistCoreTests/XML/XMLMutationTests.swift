import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Truncates and flips bytes of every XML corpus file and feeds the result to the reader: it
/// must return a document or throw a located `PlistError`, never crash or hang.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct XMLMutationTests {
  /// Deterministic mutations of `bytes`: truncations at a stride and single-byte changes to
  /// the bytes that steer an XML scanner.
  static func mutations(of bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    let stride = max(1, bytes.count / 40)
    for cut in Swift.stride(from: 0, to: bytes.count, by: stride) {
      out.append(Array(bytes[0..<cut]))
    }
    let replacements: [UInt8] = [0x3C, 0x3E, 0x2F, 0x26, 0x22, 0x00, 0xFF, 0x0A]
    var n = 0
    for i in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
      var copy = bytes
      copy[i] = replacements[n % replacements.count]
      n += 1
      out.append(copy)
    }
    return out
  }

  @Test(arguments: XMLCorpusTests.xmlEntries)
  func survivesTruncationAndFlippedBytes(entry: Corpus.Entry) throws {
    let bytes = [UInt8](try entry.data())
    for mutated in XMLMutationTests.mutations(of: bytes) {
      do {
        _ = try PlistReader.read(bytes: mutated)
      } catch {
        // Errors in text name a line; encoding errors in UTF-16 may name only an offset.
        #expect(error.line > 0 || error.offset != nil, "\(entry.path): \(error)")
      }
    }
  }
}
