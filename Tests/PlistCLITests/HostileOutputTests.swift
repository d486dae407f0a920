import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

/// Text from a file never reaches the terminal raw: every command and format, fed keys,
/// values, element names and file names full of controls, bidirectional controls and invisible
/// characters, writes none of them as themselves (issue 13, item 1).
@Suite struct HostileOutputTests {
  /// The kinds of character a terminal must not receive from a file, with an example of each.
  static let kinds: [(name: String, scalars: [Unicode.Scalar])] = [
    ("C0 (ESC, BEL, BS, CR)", ["\u{1B}", "\u{07}", "\u{08}", "\r"]),
    ("DEL", ["\u{7F}"]),
    ("C1 (CSI, OSC, NEL)", ["\u{9B}", "\u{9D}", "\u{85}"]),
    ("bidi (RLO, LRI, RLM, ALM)", ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"]),
    ("invisible Cf (ZWSP, BOM, WJ, SHY)", ["\u{200B}", "\u{FEFF}", "\u{2060}", "\u{AD}"]),
    ("line/paragraph separator", ["\u{2028}", "\u{2029}"]),
  ]

  /// Every hostile scalar once, in a string that sets the title and the clipboard when raw.
  static let payload: String = {
    var text = "\u{1B}]0;owned\u{07}\u{1B}]52;c;aGk=\u{07}\u{1B}[2J"
    for kind in kinds { for scalar in kind.scalars { text.unicodeScalars.append(scalar) } }
    return text + "x"
  }()

  /// A binary property list (which can hold any character) full of hostile keys and values,
  /// with keys that rules quote in their messages.
  static func hostilePlist() throws -> [UInt8] {
    let p = payload
    return try BinaryPlistWriter.write(
      T.dict([
        ("CFBundleIdentifier", T.string("com.example.\(p)")),
        ("CFBundleIdentifer" + p, T.string("typo")),
        ("NSCameraUsageDescription", T.string(p)),
        ("k" + p, T.dict([("inner" + p, T.array([T.string(p)]))])),
        ("CFBundleShortVersionString", T.string("1.0" + p)),
        ("UIBackgroundModes", T.array([T.string("audio" + p)])),
      ]))
  }

  /// Unsafe scalars that `text` holds raw, by kind name; SGR colour codes of our own are taken
  /// out first (they are the only escapes we write on purpose).
  static func rawKinds(_ bytes: [UInt8]) -> Set<String> {
    var text = String(decoding: bytes, as: UTF8.self)
    for code in ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[1;31m", "\u{1B}[1;33m", "\u{1B}[1;36m"] {
      text = text.replacingOccurrences(of: code, with: "")
    }
    var found: Set<String> = []
    for kind in kinds where text.unicodeScalars.contains(where: { kind.scalars.contains($0) }) {
      found.insert(kind.name)
    }
    return found
  }

  /// One command line of the table.
  struct Row {
    var command: String
    var format: String
    var arguments: [String]
    var terminal = false
    var input: [UInt8]? = nil
    var color = false
  }

  static func rows(_ files: Files) -> [Row] {
    let plist = files.plist
    let key = "\"k\(payload)\""
    var rows: [Row] = [
      Row(command: "print", format: "text", arguments: ["print", plist]),
      Row(command: "print", format: "text (key path)", arguments: ["print", plist, key]),
      Row(command: "print", format: "text (stdin)", arguments: ["print", "-"], input: files.bytes),
      Row(command: "print", format: "parse error (element)", arguments: ["print", files.badXML]),
      Row(command: "print", format: "parse error (entity)", arguments: ["print", files.badEntity]),
      Row(command: "print", format: "missing key path", arguments: ["print", plist, key + ".no"]),
      Row(command: "get", format: "raw, terminal", arguments: ["get", plist, key], terminal: true),
      Row(
        command: "get", format: "raw string, terminal",
        arguments: ["get", plist, "NSCameraUsageDescription"], terminal: true),
      Row(
        command: "get", format: "xml, terminal", arguments: ["get", "--format", "xml", plist, key],
        terminal: true),
      Row(command: "get", format: "json", arguments: ["get", "--format", "json", plist, key]),
      Row(command: "convert", format: "json", arguments: ["convert", plist, "--to", "json"]),
      Row(
        command: "convert", format: "xml, terminal", arguments: ["convert", plist, "--to", "xml"],
        terminal: true),
      Row(
        command: "set", format: "--dry-run diff",
        arguments: ["set", files.xml, "NSCameraUsageDescription", "new", "--dry-run"]),
      Row(command: "explain", format: "text", arguments: ["explain", payload]),
      Row(command: "files", format: "text", arguments: ["files", files.app]),
      Row(command: "files", format: "json", arguments: ["files", files.app, "--format", "json"]),
      Row(command: "files", format: "text (.ipa)", arguments: ["files", files.ipa]),
      Row(
        command: "files", format: "json (.ipa)",
        arguments: ["files", files.ipa, "--format", "json"]),
      Row(
        command: "print", format: "--file (bundle)",
        arguments: ["print", files.app, "--file", files.nestedInfo]),
      Row(
        command: "print", format: "no such --file",
        arguments: ["print", files.app, "--file", payload]),
      Row(command: "open", format: "lint report", arguments: [files.app]),
      Row(command: "(usage)", format: "unknown option", arguments: ["lint", "--" + payload]),
    ]
    for format in LintOptions.Format.allCases.map(\.rawValue) {
      for (name, path) in [("file", plist), ("bundle", files.app), (".ipa", files.ipa)] {
        rows.append(
          Row(
            command: "lint", format: "\(format) (\(name))",
            arguments: ["lint", path, "--format", format]))
      }
      rows.append(
        Row(
          command: "lint", format: "\(format) (parse error)",
          arguments: ["lint", files.badXML, "--format", format]))
    }
    rows.append(
      Row(
        command: "lint", format: "text, terminal, colour", arguments: ["lint", files.app],
        terminal: true, color: true))
    return rows
  }

  /// The hostile inputs, on disk.
  struct Files {
    var plist: String
    var bytes: [UInt8]
    var xml: String
    var badXML: String
    var badEntity: String
    var app: String
    var nestedInfo: String
    var ipa: String
  }

  static func makeFiles(_ harness: CLIHarness) throws -> Files {
    let p = payload
    let bytes = try hostilePlist()
    let plist = harness.path("Info.plist")
    try Data(bytes).write(to: URL(fileURLWithPath: plist))
    // XML cannot hold C0 controls; the rest go in as they are.
    let xmlSafe = String(String.UnicodeScalarView(p.unicodeScalars.filter { $0.value >= 0x20 }))
    let xml = harness.path("Edit.plist")
    try Data(
      try XMLPlistWriter.write(
        T.dict([("NSCameraUsageDescription", T.string(xmlSafe)), ("k" + xmlSafe, T.int(1))]))
    ).write(to: URL(fileURLWithPath: xml))
    let badEntity = harness.path("BadEntity.plist")
    try Data("<plist><string>&\(xmlSafe);</string></plist>".utf8).write(
      to: URL(fileURLWithPath: badEntity))
    let badXML = harness.path("Bad.plist")
    try Data("<plist><dict><key>a</key><dic\(xmlSafe)t/></dict>&\(xmlSafe);</plist>".utf8).write(
      to: URL(fileURLWithPath: badXML))
    // A bundle whose folder and file names are hostile.
    let app = harness.path("Hostile\(p).app")
    let plugin = "PlugIns/W\(p).appex"
    try FileManager.default.createDirectory(
      atPath: app + "/" + plugin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: app + "/e\(p).lproj", withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    try Data(bytes).write(to: URL(fileURLWithPath: app + "/" + plugin + "/Info.plist"))
    try Data("\"CFBundleName\" = \"\(xmlSafe)\";".utf8).write(
      to: URL(fileURLWithPath: app + "/e\(p).lproj/InfoPlist.strings"))
    try Data("<plist><dict><key>a</ke\(xmlSafe)y></dict></plist>".utf8).write(
      to: URL(fileURLWithPath: app + "/PrivacyInfo.xcprivacy"))
    // An .ipa whose entries carry the same names.
    let ipa = harness.path("Hostile.ipa")
    // libzip refuses to write such names, so the archive is written with a placeholder of the
    // same length and the names patched in both headers.
    let q = String(repeating: "Q", count: p.utf8.count)
    let placeholder = try ZipBuilder()
      .file("Payload/X\(q).app/Info.plist", bytes)
      .file("Payload/X\(q).app/PlugIns/W\(q).appex/Info.plist", bytes)
      .file("Payload/X\(q).app/Bad\(q).plist", Array("<plist><dict><key>a</dict>".utf8))
      .build()
    let archive = ZipBuilder.patchName(placeholder, q, Array(p.utf8))
    try Data(archive).write(to: URL(fileURLWithPath: ipa))
    return Files(
      plist: plist, bytes: bytes, xml: xml, badXML: badXML, badEntity: badEntity, app: app,
      nestedInfo: plugin + "/Info.plist", ipa: ipa)
  }

  @Test func noCommandOrFormatWritesARawControlBidiOrInvisibleCharacter() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let files = try Self.makeFiles(harness)
    // The check can fail: the payload itself holds every kind raw.
    #expect(Self.rawKinds(Array(Self.payload.utf8)).count == Self.kinds.count)
    var table = "| command | format | " + Self.kinds.map(\.name).joined(separator: " | ") + " |\n"
    table += "| --- | --- |" + String(repeating: " --- |", count: Self.kinds.count) + "\n"
    for row in Self.rows(files) {
      let console = BufferConsole(input: row.input, terminal: row.terminal)
      if row.terminal && !row.color { console.variables["NO_COLOR"] = "1" }
      _ = CLI.run(row.arguments, console: console)
      let out = Self.rawKinds(console.output)
      let err = Self.rawKinds(console.errorOutput)
      #expect(out.isEmpty, "\(row.command) \(row.format): raw \(out.sorted()) on stdout")
      #expect(err.isEmpty, "\(row.command) \(row.format): raw \(err.sorted()) on stderr")
      // Every row writes something, so a row that silently prints nothing cannot pass.
      #expect(!(console.output + console.errorOutput).isEmpty, "\(row.command) \(row.format)")
      let cells = Self.kinds.map { out.union(err).contains($0.name) ? "RAW" : "escaped" }
      table += "| \(row.command) | \(row.format) | " + cells.joined(separator: " | ") + " |\n"
    }
    if ProcessInfo.processInfo.environment["INFOSCOPE_PRINT_TABLE"] != nil { print(table) }
  }

  @Test func jsonAndSARIFCarryTheCharactersEscapedAndLoseNothing() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let files = try Self.makeFiles(harness)
    let json = harness.run(["files", files.app, "--format", "json"]).console
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any])
    // The hostile folder name comes back whole once decoded.
    #expect(object["input"] as? String == files.app)
    let lint = harness.run(["lint", files.plist, "--format", "json"]).console
    #expect(lint.outputText.contains("\\u001b]0;owned\\u0007"))
    #expect(lint.outputText.contains("\\u202e"))
    #expect(lint.outputText.contains("\\u009b"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(lint.output)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    // Decoded, the messages hold the characters themselves again.
    #expect(
      findings.contains { ($0["message"] as? String)?.contains("\u{202E}\u{2066}") == true },
      "\(findings)")
  }

  @Test func getIntoAPipeKeepsTheRawValueForScripts() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let files = try Self.makeFiles(harness)
    let run = harness.run(["get", files.plist, "NSCameraUsageDescription"])
    #expect(run.console.outputText == Self.payload + "\n")
    let shown = harness.run(["get", files.plist, "NSCameraUsageDescription"], terminal: true)
    #expect(shown.console.outputText.hasPrefix(#"\e]0;owned\u{7}\e]52;c;aGk=\u{7}\e[2J"#))
  }

  @Test func theOneRuleKeepsWhatDrawsAsItself() {
    #expect(VisibleEscaping.line("👨‍👩‍👧 é 日本") == "👨‍👩‍👧 é 日本")
    #expect(VisibleEscaping.line("می‌خواهم") == "می‌خواهم")
    #expect(VisibleEscaping.line("a\u{200D}b") == #"a\u{200D}b"#)
    #expect(VisibleEscaping.line("\u{301}x") == #"\u{301}x"#)
    #expect(VisibleEscaping.line("a\nb\tc") == #"a\nb\tc"#)
    #expect(VisibleEscaping.lines("a\nb\tc\r") == "a\nb\tc\\r")
    let escaped = VisibleEscaping.line(Self.payload)
    #expect(VisibleEscaping.line(escaped) == escaped)
    #expect(!VisibleEscaping.containsUnsafeScalar(escaped))
    #expect(
      VisibleEscaping.json("\"\u{7F}\u{85}\u{202E}\u{E0001}\"")
        == #""\u007f\u0085\u202e\udb40\udc01""#)
  }
}
