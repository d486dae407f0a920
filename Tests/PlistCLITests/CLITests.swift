import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

@Suite struct CLITests {
  static let sample = T.dict([
    ("CFBundleIdentifier", T.string("com.example.app")),
    (
      "CFBundleURLTypes",
      T.array([
        T.dict([("CFBundleURLSchemes", T.array([T.string("example")]))])
      ])
    ),
    ("com.apple.security.app-sandbox", T.bool(true)),
  ])

  static let sampleTree = """
    dictionary (3 entries)
      CFBundleIdentifier: string "com.example.app"
      CFBundleURLTypes: array (1 item)
        [0]: dictionary (1 entry)
          CFBundleURLSchemes: array (1 item)
            [0]: string "example"
      "com.apple.security.app-sandbox": boolean true

    """

  @Test func noArgumentsPrintsUsageAndExits64() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (status, console) = harness.run([])
    #expect(status == 64)
    #expect(console.output.isEmpty)
    #expect(
      console.errorText.hasPrefix("infoscope: error: missing a command\n\nUSAGE: infoscope PATH"))
  }

  @Test(arguments: [["--help"], ["help"], ["-h"]])
  func helpGoesToStandardOutput(arguments: [String]) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (status, console) = harness.run(arguments)
    #expect(status == 0)
    #expect(console.outputText == CLI.help(for: nil))
    #expect(console.outputText.contains("convert FILE --to FORMAT"))
    #expect(console.errorOutput.isEmpty)
  }

  @Test func versionPrintsOneLine() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (status, console) = harness.run(["--version"])
    #expect(status == 0)
    #expect(console.outputText == "infoscope 0.1.0\n")
  }

  @Test func printsTheTypedTreeInSourceOrder() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.sample, named: "Info.plist")
    let (status, console) = harness.run(
      ["print", file])
    #expect(status == 0)
    #expect(console.outputText == Self.sampleTree)
    #expect(console.errorOutput.isEmpty)
  }

  @Test func printReadsStandardInput() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let bytes = try XMLPlistWriter.write(Self.sample)
    let (status, console) = harness.run(
      ["print", "-"], input: bytes)
    #expect(status == 0)
    #expect(console.outputText == Self.sampleTree)
  }

  @Test func printSelectsAKeyPath() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.sample, named: "Info.plist")
    let (status, console) = harness.run(["print", file, "CFBundleURLTypes[0]"])
    #expect(status == 0)
    #expect(
      console.outputText == """
        CFBundleURLTypes[0]: dictionary (1 entry)
          CFBundleURLSchemes: array (1 item)
            [0]: string "example"

        """)
    let scalar = harness.run(["print", file, "\"com.apple.security.app-sandbox\""])
    #expect(scalar.console.outputText == "\"com.apple.security.app-sandbox\": boolean true\n")
  }

  @Test func printOfAMissingKeyPathExits1() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.sample, named: "Info.plist")
    let (status, console) = harness.run(
      ["print", file, "CFBundleURLTypes[3]"])
    #expect(status == ExitStatus.notFound.rawValue)
    #expect(status == 1)
    #expect(console.output.isEmpty)
    #expect(
      console.errorText
        == "\(file): error: nothing at key path 'CFBundleURLTypes[3]': "
        + "CFBundleURLTypes has 1 item, so there is no [3]\n")
  }

  @Test func missingKeyPathsSayWhichStepFailed() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(
      TreeBuilder.dict([
        ("com.apple.security.application-groups", TreeBuilder.array([TreeBuilder.string("g")])),
        ("CFBundleName", TreeBuilder.string("App")),
      ]), named: "App.entitlements")
    let expectations: [(String, String)] = [
      ("CFBundleName[0]", "CFBundleName is a string, not an array"),
      ("CFBundleName.x", "CFBundleName is a string, not a dictionary"),
      ("Missing", "no key \"Missing\" in the root"),
      (
        "com.apple.security.application-groups[0]",
        "no key \"com\" in the root; the key \"com.apple.security.application-groups\" holds "
          + "dots, so write it in double quotes: \"com.apple.security.application-groups\" "
          + "(in a shell: '\"com.apple.security.application-groups\"')"
      ),
    ]
    for (path, why) in expectations {
      let (status, console) = harness.run(["print", file, path])
      #expect(status == 1)
      #expect(console.errorText.hasSuffix(": \(why)\n"), "\(console.errorText)")
    }
  }

  @Test func refusesToWriteBinaryToATerminal() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.sample, named: "Info.plist")
    let refused = harness.run(["convert", file, "--to", "binary"], terminal: true)
    #expect(refused.status == 64)
    #expect(refused.console.output.isEmpty)
    #expect(refused.console.errorText.hasPrefix("infoscope: error: not writing a binary"))
    let piped = harness.run(["convert", file, "--to", "BINARY"], terminal: false)
    #expect(piped.status == 0)
    #expect(piped.console.output.starts(with: Array("bplist00".utf8)))
  }

  @Test func warnsAboutEmptyInputAndDuplicateKeysOnConvert() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let empty = harness.path("empty.strings")
    try Data().write(to: URL(fileURLWithPath: empty))
    let (status, console) = harness.run(["print", empty])
    #expect(status == 0)
    #expect(console.errorText.contains("warning: the input is empty"))
    let dup = harness.path("dup.plist")
    try Data(
      "<plist><dict><key>k</key><string>1</string><key>k</key><string>2</string></dict></plist>"
        .utf8
    ).write(to: URL(fileURLWithPath: dup))
    let converted = harness.run(["convert", dup, "--to", "json"])
    #expect(converted.status == 0)
    #expect(
      converted.console.errorText
        == "\(dup): warning: the key \"k\" appears 2 times in the root dictionary; all are "
        + "written, and readers disagree on which one counts\n")
    // Past 100 repeats, a line counts them all and only the first 100 follow.
    let many = (0..<150).map { _ in "<dict><key>r</key><true/><key>r</key><true/></dict>" }
    try Data("<plist><array>\(many.joined())</array></plist>".utf8).write(
      to: URL(fileURLWithPath: dup))
    let capped = harness.run(["convert", dup, "--to", "binary", "-o", dup + ".bplist"])
    #expect(capped.status == 0)
    let lines = capped.console.errorText.split(separator: "\n").map(String.init)
    #expect(lines.count == 101)
    #expect(
      lines.first
        == "\(dup): warning: 150 keys are repeated in their dictionaries; the first 100 follow, "
        + "and 'infoscope lint' reports every one")
    #expect(lines.last?.contains("the key \"r\" appears 2 times in [99];") == true)
    // A key with quotes is shown as a key path writes it, escaped.
    try Data(
      #"<plist><dict><key>x "y"</key><true/><key>x "y"</key><true/></dict></plist>"#.utf8
    ).write(to: URL(fileURLWithPath: dup))
    #expect(
      harness.run(["convert", dup, "--to", "xml"]).console.errorText
        == #"\#(dup): warning: the key "x \"y\"" appears 2 times in the root dictionary; "#
        + "all are written, and readers disagree on which one counts\n")
  }

  @Test func unreadableInputExits66WithLocatedError() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let missing = harness.path("missing.plist")
    let absent = harness.run(["print", missing])
    #expect(absent.status == 66)
    #expect(
      absent.console.errorText
        == "\(missing): error: cannot read the file: No such file or directory\n")

    // Every command that opens an input words the failure the same way.
    for command in ["lint", "files"] {
      let result = harness.run([command, missing])
      #expect(result.status == 66, "\(command)")
      #expect(
        result.console.errorText
          == "\(missing): error: cannot read the file: No such file or directory\n", "\(command)")
    }

    let folder = harness.run(["print", harness.folder.path])
    #expect(folder.status == 66)
    #expect(
      folder.console.errorText
        == "\(harness.folder.path): error: not a bundle, an .xcarchive or an Xcode project: "
        + "expected an Info.plist, Contents/Info.plist or an .xcodeproj inside\n")

    let garbage = harness.path("garbage.plist")
    try Data("not a plist".utf8).write(to: URL(fileURLWithPath: garbage))
    let bad = harness.run(["convert", garbage, "--to", "xml"])
    #expect(bad.status == 66)
    #expect(
      bad.console.errorText
        == "\(garbage):1:5: error: expected '=' or ';' after the key \"not\", found 'a'\n")
    #expect(bad.console.output.isEmpty)
  }

  @Test func printRendersEveryKind() {
    let node = T.dict([
      ("s", T.string("a \"q\" \\ \n\t\u{1}é")),
      ("i", T.int(-65)),
      ("u", T.uint(.max)),
      ("r", T.real(0.1)),
      ("n", T.real(.nan)),
      ("inf", T.real(-.infinity)),
      ("b", T.bool(false)),
      ("d", T.date(2004, 10, 26, 10, 33, 33)),
      ("short", T.data([0x89, 0x50, 0x4E, 0x47, 0x0D])),
      ("long", T.data(Array(0..<20))),
      ("empty", T.data([])),
      ("one", T.data([7])),
      ("uid", T.uid(7)),
      ("a", T.array([])),
      ("a", T.dict([])),
      ("", T.string("empty key")),
    ])
    #expect(
      PrintCommand.render(node) == #"""
        dictionary (16 entries)
          s: string "a \"q\" \\ \n\t\u{1}é"
          i: integer -65
          u: integer 18446744073709551615
          r: real 0.1
          n: real nan
          inf: real -infinity
          b: boolean false
          d: date 2004-10-26T10:33:33Z
          short: data 5 bytes <89504e47 0d>
          long: data 20 bytes <00010203 04050607 08090a0b 0c0d0e0f …>
          empty: data 0 bytes <>
          one: data 1 byte <07>
          uid: uid 7
          a: array (0 items)  (duplicate key, overridden below)
          a: dictionary (0 entries)
          "": string "empty key"

        """#)
  }

  /// Keys are told apart by their bytes, as lookup does.
  ///
  /// `café` written precomposed and decomposed are two keys, neither overridden. Keys that need quoting or escaping, strings
  /// with non-ASCII text and dates with fractions print as the one-piece path printed them.
  @Test func printMarksOnlyKeysRepeatedByteForByte() {
    let node = T.dict([
      ("caf\u{E9}", T.int(1)),
      ("cafe\u{301}", T.int(2)),
      ("a.b", T.string("dots … and \u{202E}")),
      (" edge", T.bool(true)),
      ("k\u{1}", T.real(2.5)),
      ("caf\u{E9}", T.int(3)),
      ("when", PlistNode(.date(PlistDate(secondsSinceReferenceDate: 0.25)))),
    ])
    #expect(
      PrintCommand.render(node) == #"""
        dictionary (7 entries)
          café: integer 1  (duplicate key, overridden below)
          café: integer 2
          "a.b": string "dots … and \u{202E}"
          " edge": boolean true
          "k\u{1}": real 2.5
          café: integer 3
          when: date 2001-01-01T00:00:00.25Z

        """#)
  }

  /// `print` writes its rendering as it is: the rendering escapes every piece of file text
  /// (`VisibleEscaping.line`), so the terminal rule over whole lines
  /// (`VisibleEscaping.lines`, what `Console.write` applies) finds nothing more to escape.
  @Test func printedTextNeedsNoSecondEscape() throws {
    let hostile = [
      "\u{301}start", "end\u{301}", "\u{202E}rtl", "zw\u{200D}j", "\u{1B}[31m", "a\r\nb", "\u{7F}",
      "\u{85}", "\u{FEFF}", "tab\there", "\"\u{301}", "caf\u{E9}", "e\u{301}", "\u{E0001}",
    ]
    var nodes = [
      T.dict(hostile.map { ($0, T.string($0)) }),
      T.array(hostile.map { T.string($0) }),
    ]
    if Corpus.isPresent {
      for entry in Corpus.entries(in: "info-plist") {
        if let read = try? PlistReader.read(bytes: Corpus.bytes(entry.path)) {
          nodes.append(read.root)
        }
      }
      #expect(nodes.count > 20)
    }
    for node in nodes {
      let text = String(
        decoding: PrintCommand.renderBytes(node, label: "\u{301}label"), as: UTF8.self)
      #expect(VisibleEscaping.lines(text) == text)
    }
  }

  /// Each quote and backslash is escaped as a scalar, a quote carrying a combining mark too, so
  /// the printed string always reads back.
  @Test func printEscapesEveryQuoteAndBackslash() {
    #expect(PrintCommand.quoted("\"\u{301}\\\"") == "\"\\\"\u{301}\\\\\\\"\"")
    #expect(PrintCommand.quoted("plain") == "\"plain\"")
  }
}
