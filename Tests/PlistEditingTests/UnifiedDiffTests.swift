import Foundation
import PlistEditing
import TestSupport
import Testing

@Suite struct UnifiedDiffTests {
  /// A named pair of files and the context to diff them with.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let old: String
    let new: String
    var context = 3
    var testDescription: String { name }
  }

  /// Numbered lines `first...last`, each ending in a newline.
  static func numbered(_ lines: ClosedRange<Int>) -> String {
    lines.map { "line \($0)\n" }.joined()
  }

  static let cases: [Case] = [
    Case(
      name: "one-line change",
      old: numbered(1...10),
      new: numbered(1...4) + "changed\n" + numbered(6...10)),
    Case(name: "insert at start", old: numbered(1...8), new: "first\n" + numbered(1...8)),
    Case(name: "insert at end", old: numbered(1...8), new: numbered(1...8) + "last\n"),
    Case(name: "delete", old: numbered(1...10), new: numbered(1...3) + numbered(6...10)),
    Case(name: "delete everything", old: numbered(1...3), new: ""),
    Case(name: "new file", old: "", new: numbered(1...3)),
    Case(
      name: "two distant hunks",
      old: numbered(1...30),
      new: numbered(1...2) + "two\n" + numbered(4...26) + "twenty-seven\n" + numbered(28...30)),
    Case(
      name: "gap of six merges",
      old: numbered(1...20),
      new: numbered(1...4) + "five\n" + numbered(6...11) + "twelve\n" + numbered(13...20)),
    Case(
      name: "gap of seven splits",
      old: numbered(1...20),
      new: numbered(1...4) + "five\n" + numbered(6...12) + "thirteen\n" + numbered(14...20)),
    Case(name: "no newline on both", old: "a\nb\nc", new: "a\nb\nd"),
    Case(name: "newline added", old: "a\nb\nc", new: "a\nb\nc\n"),
    Case(name: "newline removed", old: "a\nb\nc\n", new: "a\nb\nc"),
    Case(name: "no newline, change above", old: "a\nb\nc\nd\ne\nf", new: "a\nB\nc\nd\ne\nf"),
    Case(name: "crlf lines", old: "a\r\nb\r\nc\r\n", new: "a\r\nB\r\nc\r\n"),
    Case(name: "crlf to lf", old: "a\r\nb\r\n", new: "a\nb\r\n"),
    Case(
      name: "context zero insert", old: numbered(1...6),
      new: numbered(1...3) + "new\n" + numbered(4...6), context: 0),
    Case(
      name: "context one", old: numbered(1...12),
      new: numbered(1...3) + numbered(5...8) + "x\n" + numbered(10...12), context: 1),
    Case(
      name: "plist key", old: plist(["CFBundleName", "App", "CFBundleVersion", "1"]),
      new: plist(["CFBundleName", "App", "CFBundleVersion", "2"])),
    Case(name: "identical", old: numbered(1...5), new: numbered(1...5)),
  ]

  /// A small XML property list with tab indentation from key/value pairs.
  static func plist(_ pairs: [String]) -> String {
    var body = ""
    for index in stride(from: 0, to: pairs.count - 1, by: 2) {
      body += "\t<key>\(pairs[index])</key>\n\t<string>\(pairs[index + 1])</string>\n"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
      + body + "</dict>\n</plist>\n"
  }

  /// The output of `/usr/bin/diff -u` for the case, or nil when diff is not installed.
  static func systemDiff(_ row: Case) throws -> String? {
    let diff = "/usr/bin/diff"
    guard FileManager.default.isExecutableFile(atPath: diff) else { return nil }
    let folder = try TemporaryFolder("unifieddiff").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let oldURL = folder.appendingPathComponent("old")
    let newURL = folder.appendingPathComponent("new")
    try Data(row.old.utf8).write(to: oldURL)
    try Data(row.new.utf8).write(to: newURL)
    return try ProcessRunner.run(
      URL(fileURLWithPath: diff),
      [
        "-U", "\(row.context)", "--label", "a/Info.plist", "--label", "b/Info.plist", oldURL.path,
        newURL.path,
      ]
    ).outputText
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/diff"),
      "/usr/bin/diff is not installed; the fixed expectations below still run"),
    arguments: cases)
  func matchesSystemDiff(_ row: Case) throws {
    let expected = try #require(try Self.systemDiff(row))
    let made = UnifiedDiff.make(
      old: Array(row.old.utf8), new: Array(row.new.utf8), oldName: "a/Info.plist",
      newName: "b/Info.plist", context: row.context)
    #expect(made == expected)
  }

  /// Past `maxComparedLines` the middle is replaced whole, at once.
  ///
  /// From a tester: a pasted subtree 100,000 levels deep made the save review run for
  /// minutes (Myers' algorithm on 200,000 lines of look-alike `<array>` lines).
  @Test func aVeryLargeChangeIsShownWholeAtOnce() {
    let old = "<a>\n" + String(repeating: "<array>\n", count: 15_000) + "</a>\n"
    let new = "<a>\n" + String(repeating: "<array>\n<dict>\n", count: 15_000) + "</a>\n"
    let made = UnifiedDiff.make(
      old: Array(old.utf8), new: Array(new.utf8), oldName: "a", newName: "b", context: 1)
    let lines = made.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { $0.hasPrefix("-<") }.count == 15_000 - 1)
    #expect(lines.filter { $0.hasPrefix("+<") }.count == 30_000 - 1)
    #expect(lines[2] == "@@ -2,15001 +2,30001 @@")
    // Below the limit, the shortest diff.
    let small = UnifiedDiff.make(
      old: Array("x\n<array>\ny\n".utf8), new: Array("x\n<array>\n<dict>\ny\n".utf8),
      oldName: "a", newName: "b", context: 0)
    #expect(small.hasSuffix("@@ -2,0 +3 @@\n+<dict>\n"))
  }

  @Test func oneLineChangeInAPlist() {
    let made = UnifiedDiff.make(
      old: Array(Self.plist(["CFBundleName", "App", "CFBundleVersion", "1"]).utf8),
      new: Array(Self.plist(["CFBundleName", "App", "CFBundleVersion", "2"]).utf8),
      oldName: "a/Info.plist", newName: "b/Info.plist")
    #expect(
      made == """
        --- a/Info.plist
        +++ b/Info.plist
        @@ -4,6 +4,6 @@
         \t<key>CFBundleName</key>
         \t<string>App</string>
         \t<key>CFBundleVersion</key>
        -\t<string>1</string>
        +\t<string>2</string>
         </dict>
         </plist>

        """)
  }

  @Test func insertAtStartOfEmptyContext() {
    let made = UnifiedDiff.make(
      old: Array("b\nc\n".utf8), new: Array("a\nb\nc\n".utf8), oldName: "old", newName: "new",
      context: 0)
    #expect(made == "--- old\n+++ new\n@@ -0,0 +1 @@\n+a\n")
  }

  @Test func missingNewlineIsNoted() {
    let made = UnifiedDiff.make(
      old: Array("a\nb".utf8), new: Array("a\nb\n".utf8), oldName: "a/x", newName: "b/x")
    #expect(
      made == "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
  }

  @Test func identicalFilesGiveNothing() {
    let bytes = Array(Self.numbered(1...50).utf8)
    #expect(UnifiedDiff.make(old: bytes, new: bytes, oldName: "a", newName: "b") == "")
    #expect(UnifiedDiff.make(old: [], new: [], oldName: "a", newName: "b") == "")
  }

  @Test func invalidUTF8IsShownWithReplacementCharacters() {
    let made = UnifiedDiff.make(
      old: [0x61, 0x0A, 0xFF, 0xFE, 0x0A], new: [0x61, 0x0A, 0x62, 0x0A], oldName: "a",
      newName: "b")
    #expect(made == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-\u{FFFD}\u{FFFD}\n+b\n")
  }

  @Test func decomposedAccentIsAChange() {
    // "é" precomposed and decomposed are equal as Swift strings but differ as bytes.
    let made = UnifiedDiff.make(
      old: Array("caf\u{E9}\n".utf8), new: Array("cafe\u{301}\n".utf8), oldName: "a",
      newName: "b")
    #expect(made.hasPrefix("--- a\n+++ b\n@@ -1 +1 @@\n-caf"))
  }

  /// Rebuilds both files from the diff's hunks and the old file, checking every context and
  /// removed line against the old file.
  static func apply(_ diff: String, to old: [String]) -> [String]? {
    var result: [String] = []
    var oldIndex = 0
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    for line in lines.dropFirst(2) {
      if line.hasPrefix("@@ ") {
        let field = line.split(separator: " ")[1].dropFirst()
        let parts = field.split(separator: ",")
        guard let start = Int(parts[0]) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 0 : 1
        let target = count == 0 ? start : start - 1
        while oldIndex < target {
          result.append(old[oldIndex])
          oldIndex += 1
        }
      } else if line.hasPrefix(" ") || line.hasPrefix("-") {
        guard oldIndex < old.count, old[oldIndex] == String(line.dropFirst()) else { return nil }
        if line.hasPrefix(" ") { result.append(old[oldIndex]) }
        oldIndex += 1
      } else if line.hasPrefix("+") {
        result.append(String(line.dropFirst()))
      }
    }
    result.append(contentsOf: old[oldIndex...])
    return result
  }

  @Test(arguments: 0..<40)
  func randomEditsRebuildTheNewFile(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed))
    let old = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
      "v\(Int.random(in: 0...6, using: &generator))"
    }
    var new = old
    for _ in 0..<Int.random(in: 1...6, using: &generator) {
      let roll = Int.random(in: 0...2, using: &generator)
      if roll == 0 || new.isEmpty {
        new.insert(
          "n\(Int.random(in: 0...3, using: &generator))",
          at: Int.random(in: 0...new.count, using: &generator))
      } else if roll == 1 {
        new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      } else {
        new[Int.random(in: 0..<new.count, using: &generator)] = "c"
      }
    }
    let context = Int.random(in: 0...3, using: &generator)
    let diff = UnifiedDiff.make(
      old: Array(old.map { $0 + "\n" }.joined().utf8),
      new: Array(new.map { $0 + "\n" }.joined().utf8), oldName: "a", newName: "b",
      context: context)
    if old == new {
      #expect(diff == "")
    } else {
      #expect(Self.apply(diff, to: old) == new, "\(diff)")
    }
  }
}
