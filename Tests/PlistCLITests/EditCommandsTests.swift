import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

/// `get`, `set`, `remove` and `rename` in process, on temporary files.
@Suite struct EditCommandsTests {
  /// A small Info.plist written by hand with `indent` as one level of indentation.
  static func sample(indent i: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(i)<key>CFBundleIdentifier</key>
    \(i)<string>com.example.app</string>
    \(i)<key>CFBundleVersion</key>
    \(i)<string>41</string>
    \(i)<key>Count</key>
    \(i)<integer>3</integer>
    \(i)<key>Modes</key>
    \(i)<array>
    \(i)\(i)<string>audio</string>
    \(i)</array>
    \(i)<key>Nested</key>
    \(i)<dict>
    \(i)\(i)<key>Flag</key>
    \(i)\(i)<false/>
    \(i)</dict>
    </dict>
    </plist>

    """
  }

  private func write(_ text: String, _ name: String, in harness: CLIHarness) throws -> String {
    let path = harness.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  // MARK: - Format preserved

  @Test(arguments: ["\t", "    ", "  "])
  func setChangesOnlyTheEditedLine(indent: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: indent)
    let file = try write(original, "Info.plist", in: harness)
    let run = harness.run(["set", file, "CFBundleVersion", "42"])
    #expect(run.status == 0)
    #expect(run.console.output.isEmpty)
    #expect(run.console.errorOutput.isEmpty)
    let expected = lines(original).map {
      $0 == "\(indent)<string>41</string>" ? "\(indent)<string>42</string>" : $0
    }
    #expect(lines(try text(file)) == expected)
    #expect(try harness.names() == ["Info.plist"])
  }

  @Test(arguments: ["\t", "    "])
  func removeAndRenameChangeOnlyTheirLines(indent: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: indent)
    let file = try write(original, "Info.plist", in: harness)
    #expect(harness.run(["remove", file, "Count"]).status == 0)
    var expected = lines(original).filter {
      $0 != "\(indent)<key>Count</key>" && $0 != "\(indent)<integer>3</integer>"
    }
    #expect(lines(try text(file)) == expected)
    #expect(harness.run(["rename", file, "Nested.Flag", "Enabled"]).status == 0)
    expected = expected.map {
      $0 == "\(indent)\(indent)<key>Flag</key>" ? "\(indent)\(indent)<key>Enabled</key>" : $0
    }
    #expect(lines(try text(file)) == expected)
  }

  @Test(arguments: ["\t", "    "])
  func setAddsAKeyAndAnArrayItemInTheSiblingsIndentation(indent: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: indent)
    let file = try write(original, "Info.plist", in: harness)
    #expect(harness.run(["set", file, "Modes[1]", "location"]).status == 0)
    #expect(harness.run(["set", file, "Nested.Name", "x"]).status == 0)
    var expected = lines(original)
    let audio = try #require(expected.firstIndex(of: "\(indent)\(indent)<string>audio</string>"))
    expected.insert("\(indent)\(indent)<string>location</string>", at: audio + 1)
    let flag = try #require(expected.firstIndex(of: "\(indent)\(indent)<false/>"))
    expected.insert(
      contentsOf: [
        "\(indent)\(indent)<key>Name</key>",
        "\(indent)\(indent)<string>x</string>",
      ], at: flag + 1)
    #expect(lines(try text(file)) == expected)
  }

  @Test func binaryStaysBinaryAndReadsBack() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = harness.path("Info.plist")
    let tree = T.dict([("CFBundleVersion", T.string("1")), ("Count", T.int(2))])
    try Data(try BinaryPlistWriter.write(tree)).write(to: URL(fileURLWithPath: file))
    #expect(harness.run(["set", file, "Count", "7"]).status == 0)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    let read = try PlistReader.read(bytes: bytes, file: file)
    #expect(read.format == .binary)
    #expect(read.root == T.dict([("CFBundleVersion", T.string("1")), ("Count", T.int(7))]))
    #expect(harness.run(["remove", file, "Count", "--format", "xml"]).status == 0)
    #expect(
      try text(file)
        == String(
          decoding: try XMLPlistWriter.write(
            T.dict([("CFBundleVersion", T.string("1"))])), as: UTF8.self))
  }

  @Test func dryRunOnABinaryFileShowsTheXMLForm() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = harness.path("B.plist")
    let bytes = try BinaryPlistWriter.write(T.dict([("Count", T.int(2))]))
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let run = harness.run(["set", file, "Count", "3", "--dry-run"])
    #expect(run.status == 0)
    #expect(
      run.console.errorText
        == "\(file): note: the file is or becomes a binary property list; the diff shows its "
        + "XML form\n")
    #expect(
      run.console.outputText.hasSuffix(
        "-\t<integer>2</integer>\n+\t<integer>3</integer>\n </dict>\n </plist>\n"))
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) == bytes)
  }

  @Test func keepsThePermissions() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(Self.sample(indent: "\t"), "Info.plist", in: harness)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: file)
    #expect(harness.run(["set", file, "Count", "4"]).status == 0)
    #expect(try mode(file) == 0o640)
  }

  @Test func anEmptyFileBecomesAnXMLPropertyList() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write("", "New.plist", in: harness)
    #expect(harness.run(["set", file, "Name", "x"]).status == 0)
    let read = try PlistReader.read(bytes: Array(try text(file).utf8), file: file)
    #expect(read.format == .xml)
    #expect(read.root == T.dict([("Name", T.string("x"))]))
  }

  // MARK: - Types

  /// Sets `value` at `keyPath` (with `extra` arguments) on the tab sample and returns the new
  /// root's node there.
  private func setAndRead(
    _ keyPath: String, _ value: [String], _ extra: [String] = []
  ) throws -> PlistNode? {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(Self.sample(indent: "\t"), "Info.plist", in: harness)
    let run = harness.run(["set", file, keyPath] + value + extra)
    #expect(run.status == 0, "\(run.console.errorText)")
    let read = try PlistReader.read(bytes: Array(try text(file).utf8), file: file)
    return read.root.node(at: try KeyPath(parsing: keyPath))
  }

  @Test func infersTheTypeFromTheValueTheCatalogOrString() throws {
    // An existing value keeps its type.
    #expect(try setAndRead("Count", ["-12"])?.value == .integer(PlistInteger(-12)))
    #expect(try setAndRead("Nested.Flag", ["yes"])?.value == .boolean(true))
    // A new key known to the catalog takes its documented type.
    #expect(try setAndRead("UIRequiresFullScreen", ["1"])?.value == .boolean(true))
    #expect(try setAndRead("UIBackgroundModes", [""])?.value == .array([]))
    // Otherwise a string.
    #expect(try setAndRead("MyOwnKey", ["1"])?.value == .string("1"))
    // A new array item takes the type its siblings share.
    #expect(try setAndRead("Modes[1]", ["fetch"])?.value == .string("fetch"))
  }

  @Test func typeOptionChoosesTheType() throws {
    #expect(try setAndRead("Count", ["2.5"], ["--type", "real"])?.value == .real(2.5))
    #expect(try setAndRead("Count", ["3"], ["--type=string"])?.value == .string("3"))
    #expect(
      try setAndRead("When", ["2024-05-01"], ["--type", "date"])?.value
        == T.date(2024, 5, 1, 0, 0, 0).value)
    #expect(
      try setAndRead("Blob", ["dead beef"], ["--type", "data"])?.value
        == T.data([0xDE, 0xAD, 0xBE, 0xEF]).value)
    #expect(try setAndRead("Nested", [], ["--type", "array"])?.value == .array([]))
    #expect(
      try setAndRead("Extra", [], ["--type", "dict"])?.value == .dictionary(PlistDictionary()))
  }

  @Test(arguments: [
    (
      ["Count", "1.5"],
      "cannot set 'Count': an integer cannot have a fraction; type a whole number, or make the "
        + "value a Real; it is an integer now: give --type to store another type"
    ),
    (
      ["UIRequiresFullScreen", "maybe"],
      "cannot set 'UIRequiresFullScreen': \"maybe\" is not a boolean; type true or false (yes, "
        + "no, 1 and 0 also work); Apple documents UIRequiresFullScreen as a boolean: give "
        + "--type to store another type"
    ),
    (
      ["Modes", "x"],
      "cannot set 'Modes': it is an array; set its items by key path, or give --type to "
        + "replace it"
    ),
    (
      ["When", "tomorrow", "--type", "date"],
      "cannot set 'When': \"tomorrow\" is not a date; type YYYY-MM-DDTHH:MM:SSZ in UTC, such "
        + "as 2024-03-01T12:00:00Z"
    ),
    (
      ["Missing.Key", "x"],
      "cannot set 'Missing.Key': no key \"Missing\" in the root; set adds only the last key of "
        + "a key path, to a dictionary that exists"
    ),
    (
      ["Modes[3]", "x"],
      "cannot set 'Modes[3]': Modes has 1 item, so there is no [3]; [1] appends an item"
    ),
    (["Count.Sub", "x"], "cannot set 'Count.Sub': Count is an integer, not a dictionary"),
  ])
  func refusesValuesWithTheReason(arguments: [String], message: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: "\t")
    let file = try write(original, "Info.plist", in: harness)
    let run = harness.run(["set", file] + arguments)
    #expect(run.status == 1)
    #expect(run.console.errorText == "\(file): error: \(message)\n")
    #expect(run.console.output.isEmpty)
    #expect(try text(file) == original)
  }

  @Test(arguments: [
    (["remove", "Nope"], "nothing at key path 'Nope': no key \"Nope\" in the root"),
    (
      ["remove", "Modes[4]"], "nothing at key path 'Modes[4]': Modes has 1 item, so there is no [4]"
    ),
    (["rename", "Nope", "X"], "nothing at key path 'Nope': no key \"Nope\" in the root"),
    (["rename", "Count", "CFBundleVersion"], "the dictionary already has the key CFBundleVersion"),
    (["rename", "Count", ""], "a key cannot be empty"),
    (["rename", "Modes[0]", "X"], "only a dictionary entry has a key to rename"),
    (["remove", ""], "the root of a property list cannot be removed"),
    (["get", "Nested.Nope"], "nothing at key path 'Nested.Nope': no key \"Nope\" in Nested"),
  ])
  func missingKeyPathsAndRefusedKeysExit1(arguments: [String], message: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: "\t")
    let file = try write(original, "Info.plist", in: harness)
    let run = harness.run([arguments[0], file] + arguments.dropFirst())
    #expect(run.status == 1)
    #expect(run.console.errorText == "\(file): error: \(message)\n")
    #expect(try text(file) == original)
  }

  // MARK: - Refused inputs

  @Test func refusesJSONAndLeavesItAsItWas() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = "{\n  \"info\" : {\n    \"version\" : 1\n  }\n}\n"
    let file = try write(original, "Contents.json", in: harness)
    let run = harness.run(["set", file, "info.version", "2"])
    #expect(run.status == 1)
    #expect(
      run.console.errorText
        == "\(file): error: JSON property lists (such as an asset catalog's Contents.json) are "
        + "read-only here; nothing was changed\n")
    #expect(try text(file) == original)
    let get = harness.run(["get", file, "info.version"])
    #expect(get.status == 0)
    #expect(get.console.outputText == "1\n")
  }

  @Test func refusesOldStyleASCII() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = "\"CFBundleName\" = \"App\";\n"
    let file = try write(original, "InfoPlist.strings", in: harness)
    let run = harness.run(["set", file, "CFBundleName", "Other"])
    #expect(run.status == 1)
    #expect(
      run.console.errorText
        == "\(file): error: old-style ASCII property lists (.strings, project.pbxproj) are "
        + "read-only here; nothing was changed\n")
    #expect(try text(file) == original)
    // Reading is fine.
    let get = harness.run(["get", file, "CFBundleName"])
    #expect(get.status == 0)
    #expect(get.console.outputText == "App\n")
  }

  @Test func refusesABundleAndAMissingFile() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let bundle = harness.path("App.app")
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    let run = harness.run(["remove", bundle, "CFBundleName"])
    #expect(run.status == 64)
    #expect(
      run.console.errorText
        == "\(bundle): error: this input holds more than one property list; remove changes one "
        + "file: name the file inside it ('infoscope files \(bundle)' lists them)\n\n"
        + CLI.usage(for: .remove))
    let missing = harness.path("Nope.plist")
    let none = harness.run(["set", missing, "A", "b"])
    #expect(none.status == 66)
    #expect(
      none.console.errorText
        == "\(missing): error: the file could not be read: No such file or directory\n")
  }

  @Test func refusesAFileThatIsNotAPropertyList() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try write(
      "<?xml version=\"1.0\"?><plist><dict><key>A</key></dict>", "Bad.plist",
      in: harness)
    let run = harness.run(["set", file, "A", "b"])
    #expect(run.status == 66)
    #expect(run.console.errorText.hasPrefix("\(file):1:"))
  }

  // MARK: - Dry run, standard input

  @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: "\t")
    let file = try write(original, "Info.plist", in: harness)
    let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    let run = harness.run(["set", "--dry-run", file, "CFBundleVersion", "42"])
    #expect(run.status == 0)
    let shown = String(file.drop { $0 == "/" })
    #expect(
      run.console.outputText == """
        --- a/\(shown)
        +++ b/\(shown)
        @@ -5,7 +5,7 @@
         \t<key>CFBundleIdentifier</key>
         \t<string>com.example.app</string>
         \t<key>CFBundleVersion</key>
        -\t<string>41</string>
        +\t<string>42</string>
         \t<key>Count</key>
         \t<integer>3</integer>
         \t<key>Modes</key>

        """)
    #expect(run.console.errorOutput.isEmpty)
    #expect(try text(file) == original)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == before)
    #expect(try harness.names() == ["Info.plist"])
  }

  @Test func setToTheSameValueChangesNothing() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: "\t")
    let file = try write(original, "Info.plist", in: harness)
    let dry = harness.run(["set", file, "Count", "3", "--dry-run"])
    #expect(dry.status == 0)
    #expect(dry.console.output.isEmpty)
    #expect(harness.run(["set", file, "Count", "0x3"]).status == 0)
    #expect(try text(file) == original)
  }

  @Test func standardInputGoesToStandardOutput() throws {
    let original = Self.sample(indent: "  ")
    let console = BufferConsole(input: Array(original.utf8))
    let status = CLI.run(["rename", "-", "Count", "Total"], console: console)
    #expect(status == 0)
    #expect(
      console.outputText
        == original.replacingOccurrences(of: "<key>Count</key>", with: "<key>Total</key>"))
    let get = BufferConsole(input: Array(original.utf8))
    #expect(CLI.run(["get", "-", "Modes"], console: get) == 0)
    #expect(get.outputText == "1\n")
  }

  @Test func binaryIsNotWrittenToATerminal() throws {
    let bytes = try BinaryPlistWriter.write(T.dict([("A", T.string("b"))]))
    let console = BufferConsole(input: bytes, terminal: true)
    #expect(CLI.run(["set", "-", "A", "c"], console: console) == 64)
    #expect(
      console.errorText
        == "infoscope: error: not writing a binary property list to a terminal; redirect "
        + "standard output or give --format xml\n\n" + CLI.usage(for: .set))
    #expect(console.output.isEmpty)
  }

  // MARK: - Corpus

  /// XML Info.plists of the corpus whose CFBundleVersion is a string.
  static let corpusInfoPlists: [String] = Corpus.entries(in: "info-plist").compactMap { entry in
    guard let bytes = try? Corpus.bytes(entry.path), bytes.starts(with: Array("<?xml".utf8)),
      let read = try? PlistReader.read(bytes: bytes, file: entry.path),
      case .string? = read.root.node(at: KeyPath([.key("CFBundleVersion")]))?.value
    else { return nil }
    return entry.path
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func setOnCorpusInfoPlistsChangesOneLine() throws {
    #expect(!Self.corpusInfoPlists.isEmpty)
    let harness = try CLIHarness()
    defer { harness.remove() }
    for path in Self.corpusInfoPlists {
      let original = String(decoding: try Corpus.bytes(path), as: UTF8.self)
      let file = try write(original, "Info.plist", in: harness)
      let run = harness.run(["set", file, "CFBundleVersion", "9999"])
      #expect(run.status == 0, "\(path): \(run.console.errorText)")
      let before = lines(original)
      let after = lines(try text(file))
      #expect(before.count == after.count, "\(path)")
      let changed = zip(before, after).filter { $0 != $1 }
      #expect(changed.count == 1, "\(path)")
      #expect(changed.first?.1.contains("<string>9999</string>") == true, "\(path)")
    }
  }

  // MARK: - The real binary

  @Test func theBinarySetsThenGets() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let original = Self.sample(indent: "\t")
    let file = try write(original, "Info.plist", in: harness)
    let set = try EndToEndTests.runBinary(["set", file, "CFBundleShortVersionString", "2.1"])
    #expect(set.status == 0)
    #expect(set.output.isEmpty)
    let get = try EndToEndTests.runBinary(["get", file, "CFBundleShortVersionString"])
    #expect(get.status == 0)
    #expect(get.outputText == "2.1\n")
    let missing = try EndToEndTests.runBinary(["get", file, "Nope"])
    #expect(missing.status == 1)
    #expect(
      try text(file)
        == original.replacingOccurrences(
          of: "\t</dict>\n</dict>",
          with: "\t</dict>\n\t<key>CFBundleShortVersionString</key>\n\t<string>2.1</string>\n"
            + "</dict>"))
  }
}
