import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Every property list of the shared corpus, whatever its format, reads through the one entry
/// point users hit (`PlistReader.read`), or fails as its MANIFEST note says, with a location.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct CorpusTests {
  /// Every manifest row except the asset-catalog JSON files, which are not property lists.
  static let plistEntries = Corpus.entries.filter { !$0.path.hasPrefix("appiconset/") }

  /// EDGE files we reject: not well-formed XML where Apple's parser is lenient or undocumented
  /// (markup inside a key, `&amp` without `;`, unterminated quotes, a nameless attribute), and
  /// go-plist's `<[3]>` (one base64 digit cannot make a byte).
  static let rejectedEdges: Set<String> = XMLCorpusTests.rejectedEdges.union([
    "peer-tests/go-plist__invalid-text-31-invalid-gnustep-base64-data.txt"
  ])

  /// Files beyond a `PlistLimits` bound: they end in a clear `.limitExceeded` error.
  /// (CPython's 100,000-level file is within the depth limit.)
  static let beyondLimits: Set<String> = []

  @Test func coversTheWholeCorpus() {
    #expect(CorpusTests.plistEntries.count == Corpus.entries.count - 14)
    #expect(CorpusTests.plistEntries.count >= 300)
  }

  @Test(arguments: plistEntries)
  func readsOrFailsAsTheManifestSays(entry: Corpus.Entry) throws {
    let bytes = try PlistReader.readFile(entry.url.path)
    // Deep trees are compared and released on a large stack.
    try LargeStack.run { () throws in try check(entry, bytes) }
  }

  func check(_ entry: Corpus.Entry, _ bytes: [UInt8]) throws {
    if entry.note.hasPrefix("FUZZ") {
      do {
        _ = try PlistReader.read(bytes: bytes, file: entry.path)
      } catch {
        #expect(error.line > 0 || error.offset != nil, "\(error)")
      }
    } else if CorpusTests.beyondLimits.contains(entry.path) {
      let error = #expect(throws: PlistError.self) {
        try PlistReader.read(bytes: bytes, file: entry.path)
      }
      #expect(error?.kind == .limitExceeded)
    } else if entry.note.hasPrefix("MALFORMED") || CorpusTests.rejectedEdges.contains(entry.path) {
      let error = #expect(throws: PlistError.self) {
        try PlistReader.read(bytes: bytes, file: entry.path)
      }
      #expect(error?.file == entry.path)
      #expect((error?.line ?? 0) > 0 || error?.offset != nil, "\(String(describing: error))")
    } else {
      let document = try PlistReader.read(bytes: bytes, file: entry.path)
      // Whatever reads must also write: canonical XML (UIDs aside) reads back to the same tree.
      if !containsUID(document.root) {
        let xml = try XMLPlistWriter.write(document.root)
        #expect(try PlistReader.read(bytes: xml).root == document.root)
      }
      let binary = try BinaryPlistWriter.write(document.root)
      #expect(try PlistReader.read(bytes: binary).root == document.root)
    }
  }

  func containsUID(_ node: PlistNode) -> Bool {
    switch node.value {
    case .uid: true
    case .array(let items): items.contains(where: containsUID)
    case .dictionary(let d): d.entries.contains { containsUID($0.node) }
    default: false
    }
  }
}
