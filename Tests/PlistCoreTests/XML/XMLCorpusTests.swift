import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Every XML file of the shared corpus reads, or fails as its MANIFEST note says.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct XMLCorpusTests {
  static let xmlEntries: [Corpus.Entry] = Corpus.entries.filter { entry in
    guard !entry.path.hasPrefix("appiconset/"), let data = try? entry.data() else { return false }
    return data.withUnsafeBytes { PlistReader.sniff($0) } == .xml
  }

  /// Files the MANIFEST marks malformed, plus those whose EDGE note says strict parsers (and we,
  /// siding with the XML specification where Apple is lenient or undocumented) reject.
  static func mustFail(_ entry: Corpus.Entry) -> Bool {
    entry.note.hasPrefix("MALFORMED") || XMLCorpusTests.rejectedEdges.contains(entry.path)
  }

  static let rejectedEdges: Set<String> = [
    // '<!test>' markup inside a key, an unterminated '&amp', an unterminated attribute quote,
    // a DOCTYPE with an unterminated quote, and a malformed attribute: not well-formed XML.
    "peer-tests/go-plist__xml-unusual-s05.plist",
    "peer-tests/go-plist__xml-unusual-s06.plist",
    "peer-tests/go-plist__xml-unusual-s07.plist",
    "peer-tests/go-plist__xml-unusual-s09.plist",
    "peer-tests/go-plist__xml-unusual-s10.plist",
  ]

  @Test func findsTheXMLFiles() {
    #expect(XMLCorpusTests.xmlEntries.count > 100)
  }

  @Test(arguments: XMLCorpusTests.xmlEntries)
  func readsOrFailsAsManifestSays(entry: Corpus.Entry) throws {
    let data = try entry.data()
    if entry.note.hasPrefix("FUZZ") {
      // Either outcome is fine; a crash or hang is not.
      _ = try? PlistReader.read(data, file: entry.path)
    } else if XMLCorpusTests.mustFail(entry) {
      let error = #expect(throws: PlistError.self) { try PlistReader.read(data, file: entry.path) }
      #expect((error?.line ?? 0) > 0, "\(error.map(String.init(describing:)) ?? "")")
      #expect(error?.description.hasPrefix(entry.path + ":") == true)
    } else {
      let document = try PlistReader.read(data, file: entry.path)
      #expect(document.format == .xml)
    }
  }
}
