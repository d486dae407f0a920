import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistEditing

/// The editing invariant over real files: random valid edits, each written as XML that reads
/// back to the edited tree; undoing them all gives back the tree as read with every location,
/// and for an XML file its exact bytes; redoing them all gives back the edited tree.
///
/// Each file gets a fixed seed (FNV-1a of its name), printed with any failure, so a failure
/// replays (`INFOSCOPE_EDIT_SEED` explores other seeds). ASCII files are read-only and left out.
@Suite struct RandomEditPropertyTests {
  /// Edits per file.
  static let editCount = 50

  /// `INFOSCOPE_EDIT_SEED` (a number, 0 when unset) mixed into every file's seed: set it to
  /// explore other sequences; the fixed default keeps runs repeatable.
  static let salt: UInt64 =
    ProcessInfo.processInfo.environment["INFOSCOPE_EDIT_SEED"].flatMap { UInt64($0) } ?? 0

  /// Corpus files that read as XML or binary (JSON asset catalogs, ASCII files, files that
  /// are malformed on purpose and CPython's 100,000-level file, whose tree only a large stack
  /// can release and which `DepthLimitTests` covers, are left out).
  static let corpusPaths: [String] = Corpus.entries.compactMap { entry in
    guard !entry.path.hasPrefix("appiconset/"), !entry.path.contains("deep-nesting"),
      let data = try? entry.data(),
      let format = data.withUnsafeBytes({ PlistReader.sniff($0) }),
      format == .xml || format == .binary,
      (try? PlistReader.read(data, file: entry.path)) != nil
    else { return nil }
    return entry.path
  }

  /// Our own layouts the corpus may lack.
  static let fixtures: [(name: String, text: String)] = [
    (
      "tabs",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + "\t<key>CFBundleName</key>\n\t<string>App</string>\n\t<key>Orientations</key>\n"
        + "\t<array>\n\t\t<string>Portrait</string>\n\t\t<string>Landscape</string>\n\t</array>\n"
        + "\t<key>Scene</key>\n\t<dict>\n\t\t<key>Enabled</key>\n\t\t<true/>\n\t</dict>\n"
        + "</dict>\n</plist>\n"
    ),
    (
      "two-space indentation",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + "  <key>CFBundleName</key>\n  <string>App</string>\n  <key>List</key>\n  <array>\n"
        + "    <integer>1</integer>\n    <dict>\n      <key>a</key>\n      <real>1.5</real>\n"
        + "    </dict>\n  </array>\n</dict>\n</plist>\n"
    ),
    (
      "CRLF",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n"
        + "\t<key>A</key>\r\n\t<string>a</string>\r\n\t<key>B</key>\r\n\t<array>\r\n"
        + "\t\t<date>2024-01-02T03:04:05Z</date>\r\n\t</array>\r\n</dict>\r\n</plist>\r\n"
    ),
    (
      "comments",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- before -->\n<plist version=\"1.0\">\n"
        + "<dict>\n\t<!-- first -->\n\t<key>A</key> <!-- after key -->\n\t<string>a</string>\n"
        + "\t<key>B</key>\n\t<array>\n\t\t<!-- in array -->\n\t\t<false/>\n\t\t<data>AAEC</data>\n"
        + "\t\t<!-- last in array -->\n\t</array>\n\t<key>C</key>\n\t<dict><!-- only --></dict>\n"
        + "\t<!-- trailing -->\n</dict>\n</plist>\n<!-- after -->\n"
    ),
    (
      "doubled keys",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + "\t<key>A</key>\n\t<string>first</string>\n\t<key>B</key>\n\t<integer>2</integer>\n"
        + "\t<key>A</key>\n\t<string>second</string>\n\t<key>A</key>\n\t<dict>\n"
        + "\t\t<key>x</key>\n\t\t<string>1</string>\n\t\t<key>x</key>\n\t\t<string>2</string>\n"
        + "\t</dict>\n</dict>\n</plist>\n"
    ),
    (
      "one line, entities, empty containers",
      "<plist version=\"1.0\"><dict><key>a&amp;b</key><string>&#65;&lt;<![CDATA[<x>]]></string>"
        + "<key>e</key><array/><key>f</key><dict></dict><key>g</key><array><integer>1</integer>"
        + "</array></dict></plist>"
    ),
  ]

  static let names: [String] = fixtures.map(\.name) + corpusPaths

  static func bytes(_ name: String) throws -> [UInt8] {
    if let fixture = fixtures.first(where: { $0.name == name }) { return Array(fixture.text.utf8) }
    return try Corpus.bytes(name)
  }

  @Test func findsTheCorpusFiles() {
    #expect(Corpus.isPresent == (Self.corpusPaths.count > 50))
  }

  @Test(arguments: RandomEditPropertyTests.names)
  func randomEditsWriteReadAndUndoToTheOriginalBytes(name: String) throws {
    let bytes = try Self.bytes(name)
    let original = try PlistReader.read(bytes: bytes, file: name)
    let seed = SplitMix64.seed(for: name) ^ Self.salt
    let context = "\(name), seed 0x\(String(seed, radix: 16))"
    var generator = RandomEdits(seed: seed)
    var document = Document(original)
    // A tree with UIDs (a keyed archive) cannot be written as XML; check binary instead.
    let format: PlistFormat = original.root.containsUID ? .binary : .xml

    var edits = 0
    var steps = 0
    while edits < Self.editCount {
      // Mostly one edit per step, sometimes two against the tree the first leaves.
      var scratch = document.root
      var step: [Edit] = []
      for _ in 0..<(generator.rng.next() % 5 == 0 ? 2 : 1) {
        let edit = generator.edit(of: scratch)
        do {
          _ = try edit.apply(to: &scratch)
        } catch {
          Issue.record("\(context): edit \(edits + 1) \(edit.summary) was refused: \(error)")
          return
        }
        step.append(edit)
      }
      try document.perform("step \(steps + 1)", step)
      edits += step.count
      steps += 1
      #expect(
        Located.difference(document.root, scratch) == nil,
        "\(context): step \(steps) \(step.map(\.summary))")
      let written = try document.bytes(as: format)
      let back = try PlistReader.read(bytes: written)
      let difference = Located.difference(back.root, document.root, locations: false)
      try #require(
        difference == nil,
        """
        \(context): after step \(steps) (\(step.map(\.summary))) the bytes read back different \
        \(difference ?? ""):
        \(String(decoding: written.prefix(4000), as: UTF8.self))
        """)
    }
    let edited = document.root
    let editedBytes = try document.bytes(as: format)
    #expect(
      try PlistReader.read(bytes: try document.bytes(as: .binary)).root == edited, "\(context)")

    var undone = 0
    while try document.undo() != nil { undone += 1 }
    #expect(undone == steps, "\(context)")
    #expect(!document.isDirty, "\(context)")
    #expect(Located.difference(document.root, original.root) == nil, "\(context)")
    if original.format == .xml {
      #expect(try document.bytes(as: .xml) == bytes, "\(context): undo did not restore the bytes")
    }

    var redone = 0
    while try document.redo() != nil { redone += 1 }
    #expect(redone == steps, "\(context)")
    #expect(Located.difference(document.root, edited) == nil, "\(context)")
    #expect(try document.bytes(as: format) == editedBytes, "\(context)")
  }
}
