import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `get`'s look-up without a tree (`PlistLookup`) must answer what reading the tree and
/// resolving the key path answers: the same node, nothing where the tree has nothing, the
/// same error for a damaged file.
struct PlistLookupTests {
  /// Every path of `root`, then paths that name nothing: a key below each node, an index past
  /// each array's end, a key into an array and an index into a dictionary.
  static func paths(of root: PlistNode, limit: Int = 400) -> [KeyPath] {
    var found: [KeyPath] = []
    root.walk { node, path in
      guard found.count < limit else { return false }
      found.append(path)
      found.append(path.appending(key: "no such key"))
      switch node.value {
      case .array(let items):
        found.append(path.appending(index: items.count))
        found.append(path.appending(key: "0"))
      case .dictionary:
        found.append(path.appending(index: 0))
      default:
        found.append(path.appending(index: 0))
      }
      return true
    }
    return found
  }

  /// Checks the look-up of each path against the tree's; answers how many paths the tree found.
  @discardableResult
  static func expectSame(
    _ bytes: [UInt8], paths given: [KeyPath]? = nil, limit: Int = 400, _ comment: Comment
  ) -> Int {
    let tree: PlistDocument
    do {
      tree = try PlistReader.read(bytes: bytes)
    } catch {
      for path in given ?? [.root, KeyPath([.key("a")]), KeyPath([.index(0)])] {
        do {
          let outcome = try PlistLookup.node(at: path, in: bytes)
          // ASCII and JSON are left to the tree, which refused the file.
          #expect(outcome == nil, "the look-up read what the tree refused: \(comment) \(path)")
        } catch let lookupError {
          #expect(lookupError.message == error.message, comment)
          #expect(lookupError.offset == error.offset, comment)
          #expect(lookupError.line == error.line, comment)
          #expect(lookupError.column == error.column, comment)
          #expect(lookupError.kind == error.kind, comment)
        }
      }
      return 0
    }
    var resolved = 0
    for path in given ?? paths(of: tree.root, limit: limit) {
      let expected = tree.root.node(at: path)
      do {
        switch try PlistLookup.node(at: path, in: bytes) {
        case nil:
          #expect(
            bytes.withUnsafeBytes { PlistReader.sniff($0) } != .binary,
            "binary input not looked up: \(comment)")
        case .found(let node)?:
          #expect(node.value == expected?.value, "\(comment) \(path)")
          if expected != nil { resolved += 1 }
        case .missing?:
          #expect(expected == nil, "the look-up missed \(path): \(comment)")
        }
      } catch {
        Issue.record("the look-up failed (\(error)), the tree did not: \(comment) \(path)")
      }
    }
    return resolved
  }

  @Test(arguments: CodecCase.all)
  func codecCasesAnswerEveryPathAsTheTreeDoes(_ codec: CodecCase) {
    if let xml = codec.xml {
      #expect(PlistLookupTests.expectSame(Array(xml.utf8), "\(codec.name) XML") > 0)
    }
    if let binary = codec.binary {
      #expect(PlistLookupTests.expectSame(binary, "\(codec.name) binary") > 0)
    }
  }

  /// A repeated key answers with its last entry, at every level, whatever the earlier entry
  /// held: the value under an earlier entry is not the answer.
  @Test func repeatedKeysAnswerWithTheirLastEntry() throws {
    func lookup(_ body: String, _ path: String) throws -> PlistValue? {
      let bytes = Array("<plist>\(body)</plist>".utf8)
      PlistLookupTests.expectSame(
        bytes, paths: [try KeyPath(parsing: path)], "\(body) at \(path)")
      guard case .found(let node)? = try PlistLookup.node(at: try KeyPath(parsing: path), in: bytes)
      else { return nil }
      return node.value
    }
    let twice = "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>"
    #expect(try lookup(twice, "a") == .string("2"))
    // The first entry holds the path's end, the last does not: nothing.
    let shadowed =
      "<dict><key>a</key><dict><key>b</key><true/></dict><key>a</key><dict/></dict>"
    #expect(try lookup(shadowed, "a.b") == nil)
    // The last entry is a scalar: the path crosses it, nothing.
    let crossed = "<dict><key>a</key><dict><key>b</key><true/></dict><key>a</key><false/></dict>"
    #expect(try lookup(crossed, "a.b") == nil)
    // The last entry holds it.
    let found = "<dict><key>a</key><false/><key>a</key><array><integer>7</integer></array></dict>"
    #expect(try lookup(found, "a[0]") == .integer(PlistInteger(7)))
    #expect(try lookup(found, "a[1]") == nil)
    // A repeated key below the path's end is part of the value found.
    let inner = "<dict><key>a</key>\(twice)</dict>"
    #expect(try lookup(inner, "a.a") == .string("2"))
    let dictionary = try #require(try lookup(inner, "a"))
    guard case .dictionary(let d) = dictionary else {
      Issue.record("a is not a dictionary")
      return
    }
    #expect(d.count == 2)
  }

  /// Keys compare as bytes, as lookup does: precomposed and decomposed é are two keys; an
  /// entity-written key is its decoded text.
  @Test func keysCompareAsTheirBytes() throws {
    let body =
      "<dict><key>\u{E9}</key><string>pre</string><key>e\u{301}</key><string>de</string>"
      + "<key>x&amp;y</key><string>amp</string></dict>"
    let bytes = Array("<plist>\(body)</plist>".utf8)
    for (key, value) in [("\u{E9}", "pre"), ("e\u{301}", "de"), ("x&y", "amp")] {
      let outcome = try PlistLookup.node(at: KeyPath([.key(key)]), in: bytes)
      guard case .found(let node)? = outcome else {
        Issue.record("\(key) not found")
        continue
      }
      #expect(node.value == .string(value))
    }
    PlistLookupTests.expectSame(bytes, "precomposed, decomposed, entity")
  }

  /// A kind that does not match its step names nothing: an index into a dictionary, a key
  /// into an array, anything below a scalar.
  @Test func stepsOfTheWrongKindNameNothing() throws {
    let bytes = Array(
      "<plist><array><dict><key>0</key><true/></dict><string>s</string></array></plist>".utf8)
    for path in ["[0][0]", "a", "[1].x", "[1][0]", "[2]"] {
      let outcome = try PlistLookup.node(at: try KeyPath(parsing: path), in: bytes)
      guard case .missing? = outcome else {
        Issue.record("\(path) found \(String(describing: outcome))")
        continue
      }
    }
    PlistLookupTests.expectSame(bytes, "wrong kinds")
  }

  @Test func hostileTextFailsOrAnswersAsTheTreeDoes() {
    for (i, text) in XMLRewriteTests.hostile.enumerated() {
      PlistLookupTests.expectSame(Array(text.utf8), "case \(i)")
    }
  }

  /// Damaged binary files: the same error at the same offset, or the same answers.
  @Test func damagedBinaryFilesFailOrAnswerAsTheTreeDoes() {
    for codec in CodecCase.all {
      guard var bytes = codec.binary else { continue }
      for position in stride(from: 0, to: bytes.count, by: 1) {
        let saved = bytes[position]
        bytes[position] = saved ^ 0xFF
        PlistLookupTests.expectSame(
          bytes, paths: [.root, KeyPath([.key("a")]), KeyPath([.index(0)])],
          "\(codec.name) [\(position)]")
        bytes[position] = saved
      }
    }
  }

  /// `get` leaves the bytes of binary data values off the path in the file
  /// (`needsDataBytes`); every data value it can answer with still has its bytes, and a data
  /// object off the path that runs past the object area still fails the look-up.
  @Test func dataValuesAnsweredFromBinaryKeepTheirBytes() throws {
    func data(_ seed: UInt8) -> PlistNode { PlistNode(.data(Data((0..<20).map { seed &+ $0 }))) }
    func dictionary(_ entries: [(String, PlistNode)]) -> PlistNode {
      PlistNode(.dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: $0.1) })))
    }
    let root = dictionary([
      ("a", data(1)),
      ("b", dictionary([("c", data(2)), ("d", PlistNode(.array([data(3), data(4)])))])),
      ("e", PlistNode(.array([data(5), PlistNode(.array([data(6)]))]))),
    ])
    let bytes = try BinaryPlistWriter.write(root)
    #expect(PlistLookupTests.expectSame(bytes, "data values") == 11)
    guard
      case .found(let node)? = try PlistLookup.node(at: try KeyPath(parsing: "e[1][0]"), in: bytes)
    else {
      Issue.record("e[1][0] not found")
      return
    }
    #expect(node.value == data(6).value)
    // The last data object (e[1][0], off the path "a") claims 255 bytes instead of its 20.
    var damaged = bytes
    let header: [UInt8] = [0x4F, 0x10, 0x14]
    let at = try #require(
      (0...(bytes.count - 3)).last { Array(bytes[$0..<($0 + 3)]) == header })
    damaged[at + 2] = 0xFF
    #expect(throws: PlistError.self) { try PlistReader.read(bytes: damaged) }
    PlistLookupTests.expectSame(
      damaged, paths: [KeyPath([.key("a")]), KeyPath([.key("b"), .key("c")])],
      "a data object claiming 255 bytes")
  }

  @Test func deepDocumentsAreLookedUp() throws {
    let depth = 2_000
    let text =
      "<plist>" + String(repeating: "<array>", count: depth) + "<string>deep</string>"
      + String(repeating: "</array>", count: depth) + "</plist>"
    let path = KeyPath(Array(repeating: .index(0), count: depth))
    let outcome = try PlistLookup.node(at: path, in: Array(text.utf8))
    guard case .found(let node)? = outcome else {
      Issue.record("not found")
      return
    }
    #expect(node.value == .string("deep"))
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func corpusFilesAnswerEveryPathAsTheTreeDoes() throws {
    var resolved = 0
    for entry in XMLCorpusTests.xmlEntries + BinaryPlistCorpusTests.binaryEntries {
      let bytes = [UInt8](try entry.data())
      // Each path reads the whole file: the first 40 paths of each keep the test short.
      LargeStack.run {
        resolved += PlistLookupTests.expectSame(bytes, limit: 40, "\(entry.path)")
      }
    }
    #expect(resolved > 800)
  }
}
