import Foundation
import PlistCore
import TestSupport
import Testing

private typealias T = TreeBuilder

/// The pieces a whole command's fast path rests on answer exactly as the slower ones they
/// replace: the census, reading without a hash, the plain-text check of the one escaping rule.
@Suite struct WholeCommandPathTests {
  @Test func censusCountsNodesAndSeesARepeatedKeyAtAnyDepth() {
    let plain = T.dict([
      ("a", T.array([T.int(1), T.dict([("x", T.string("y"))]), T.array([])])),
      ("b", T.data([1, 2])),
    ])
    // root, a, 1, the inner dictionary, y, the empty array, b
    #expect(plain.census == PlistCensus(nodes: 7, repeatsAKey: false))
    let repeated = T.dict([
      ("a", T.array([T.dict([("k", T.int(1)), ("k", T.int(2))])]))
    ])
    #expect(repeated.census == PlistCensus(nodes: 5, repeatsAKey: true))
    // Keys written precomposed and decomposed are two keys, as lookup and CoreFoundation see
    // them.
    let twoCafes = T.dict([("caf\u{E9}", T.int(1)), ("cafe\u{301}", T.int(2))])
    #expect(twoCafes.census == PlistCensus(nodes: 3, repeatsAKey: false))
    #expect(T.string("alone").census == PlistCensus(nodes: 1, repeatsAKey: false))
  }

  /// The XML and binary readers count what `census` counts while they read.
  @Test func readersCountWhatTheCensusCounts() throws {
    let shared = T.dict([("x", T.array([T.int(1), T.int(1)])), ("y", T.dict([]))])
    let trees = [
      T.dict([("a", shared), ("b", shared), ("c", T.array([T.string("s"), T.array([])]))]),
      T.dict([("k", T.int(1)), ("l", T.array([T.dict([("z", T.int(1)), ("z", T.int(2))])]))]),
      T.string("alone"),
      T.array([]),
    ]
    for tree in trees {
      let xml = try PlistReader.read(bytes: try XMLPlistWriter.write(tree))
      let binary = try PlistReader.read(bytes: try BinaryPlistWriter.write(tree))
      #expect(xml.census == tree.census)
      #expect(binary.census == tree.census)
    }
    #expect(trees[1].census.repeatsAKey)
    let ascii = try PlistReader.read(bytes: Array("{ a = 1; }".utf8))
    #expect(ascii.census == nil)
  }

  /// The census describes the tree as read: any change to the root drops it, so that
  /// `duplicate_key` (which skips documents whose census saw no repeated key) looks at an
  /// edited tree again.
  @Test func changingTheRootDropsTheCensus() throws {
    var document = try PlistReader.read(
      bytes: Array("<plist><dict><key>a</key><true/></dict></plist>".utf8))
    #expect(document.census?.repeatsAKey == false)
    document.root = T.dict([("a", T.int(1)), ("a", T.int(2))])
    #expect(document.census == nil)
    var other = try PlistReader.read(
      bytes: Array("<plist><dict><key>a</key><true/></dict></plist>".utf8))
    other.root.value = .array([])
    #expect(other.census == nil)
  }

  @Test func censusWalksADeepTreeWithoutRecursion() {
    // The tree is built and freed on the large stack (freeing it recurses).
    let census = LargeStack.run { () -> PlistCensus in
      var node = T.int(0)
      for _ in 0..<100_000 { node = T.array([node]) }
      return node.census
    }
    #expect(census == PlistCensus(nodes: 100_001, repeatsAKey: false))
  }

  /// `readBytes` reads a file larger than one read call's chunk into the array directly, and
  /// gives what `read` gives, with the same refusals.
  @Test func readBytesGivesWhatReadGives() throws {
    let folder = try TemporaryFolder("readbytes").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/large.plist"
    var generator = SplitMix64(seed: 15)
    let content = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(content)))
    let bytes = try AtomicFile.readBytes(path: path)
    #expect(bytes.count == 300_000)
    #expect(bytes == content)
    #expect(try AtomicFile.read(path: path).bytes == bytes)
    #expect(throws: FileError(.readFailed, "\(folder) could not be read: it is a folder")) {
      try AtomicFile.readBytes(path: folder)
    }
    #expect(throws: FileError.self) { try AtomicFile.readBytes(path: path, limit: 299_999) }
    let empty = folder + "/empty"
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(try AtomicFile.readBytes(path: empty) == [])
  }

  /// Text with non-ASCII characters that draw as themselves is left as it is without the
  /// character-by-character pass; anything the rule names still takes it.
  @Test(arguments: [
    ("data 20 bytes <00010203 …>", "data 20 bytes <00010203 …>"),
    ("café 🚘 日本語", "café 🚘 日本語"),
    ("e\u{301}", "e\u{301}"),  // a combining mark on its base stays
    ("\u{301}e", "\\u{301}e"),  // one with nothing to combine with is escaped
    ("a\u{202E}b", "a\\u{202E}b"),
    ("… \u{85}", "… \\u{85}"),
    ("👩\u{200D}💻", "👩\u{200D}💻"),  // a joiner inside an emoji sequence stays
    ("a\u{200B}b", "a\\u{200B}b"),
    ("tab\there", "tab\\there"),
    // A combining mark right after an escape has lost its base: escaped too (a tester saw it
    // drawn on the escape's closing brace).
    ("\u{200D}\u{301}", "\\u{200D}\\u{301}"),
    ("e\u{200B}\u{301}", "e\\u{200B}\\u{301}"),
    ("e\u{301}\u{302}", "e\u{301}\u{302}"),
  ])
  func lineEscapesOnlyWhatTheRuleNames(text: String, shown: String) {
    #expect(VisibleEscaping.line(text) == shown)
  }

  /// `lines` cuts text at line feeds to spare plain lines the character-level pass; on random
  /// text made of the characters the rule cares about, it gives what one pass over the whole
  /// text gives, and `line` gives what `runs` gives.
  @Test func linesMatchesOnePassOverTheWholeText() {
    let pieces = [
      "a", "é", "e", "\u{301}", "\n", "\r", "\r\n", "\t", "\u{1B}", "\u{200D}", "👩", "💻",
      "\u{202E}",
      "\u{200B}", "…", " ", "\u{85}", "\u{1F3F4}", "\u{E0067}", "日", "\u{1160}", "\u{FEFF}",
    ]
    var generator = SplitMix64(seed: 1_515)
    for _ in 0..<2_000 {
      let count = Int(generator.next() % 24)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let whole = VisibleEscaping.runs(of: text, keepingLineBreaks: true).map(\.text).joined()
      // Compared as bytes: String's == would take canonically equivalent texts as equal.
      #expect(
        Array(VisibleEscaping.lines(text).utf8) == Array(whole.utf8),
        "\(text.unicodeScalars.map(\.value))")
      let line = VisibleEscaping.runs(of: text).map(\.text).joined()
      #expect(
        Array(VisibleEscaping.line(text).utf8) == Array(line.utf8),
        "\(text.unicodeScalars.map(\.value))")
    }
  }

  /// A key whose first or last scalar is a space is quoted in a key path, also when a
  /// combining mark makes that space part of a larger character.
  @Test func aSpaceCarryingACombiningMarkIsAnEdgeSpace() {
    #expect(KeyPath([.key(" \u{301}")]).description == "\" \u{301}\"")
    #expect(KeyPath([.key("x \u{301}y")]).description == "x \u{301}y")
  }

  @Test func linesKeepsLineFeedsAndTabsBesideNonASCIIText() {
    #expect(VisibleEscaping.lines("a …\n\tb\n") == "a …\n\tb\n")
    #expect(VisibleEscaping.lines("a …\r\n") == "a …\\r\\n")
    #expect(VisibleEscaping.lines("… \u{1B}[2J") == "… \\e[2J")
  }
}
