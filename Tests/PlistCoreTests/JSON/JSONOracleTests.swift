import Foundation
import PlistCore
import TestSupport
import Testing

/// The tools the JSON reader is checked against, when they are installed.
///
/// The toolchain's `plutil` (swift-corelibs Foundation's, which reads JSON in `-convert`
/// through `JSONSerialization`) and Python's `json` + `plistlib` each write what they read as
/// a binary property list (exact for reals, `-0.0` included, unlike this `plutil`'s XML),
/// which our binary reader reads back.
enum JSONOracle {
  /// `$INFOSCOPE_PLUTIL`, else `plutil` on the PATH, else the toolchain's usual place.
  static let plutil: String? = find(
    "INFOSCOPE_PLUTIL", "plutil", fallback: "/opt/swift/usr/bin/plutil")
  /// `python3` on the PATH, when it has `json` and `plistlib`.
  static let python: String? = {
    guard let path = find("INFOSCOPE_PYTHON", "python3", fallback: "/usr/bin/python3") else {
      return nil
    }
    return run(path, ["-c", "import json, plistlib"]).status == 0 ? path : nil
  }()

  static let plutilAbsent: Comment = "plutil absent (set INFOSCOPE_PLUTIL); oracle not checked"
  static let pythonAbsent: Comment =
    "python3 with json and plistlib absent (set INFOSCOPE_PYTHON); oracle not checked"

  private static func find(_ variable: String, _ name: String, fallback: String) -> String? {
    let manager = FileManager.default
    if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
      return manager.isExecutableFile(atPath: path) ? path : nil
    }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for folder in folders where manager.isExecutableFile(atPath: "\(folder)/\(name)") {
      return "\(folder)/\(name)"
    }
    return manager.isExecutableFile(atPath: fallback) ? fallback : nil
  }

  /// Runs `tool` with `arguments` and `input` on standard input; its status and output.
  static func run(
    _ tool: String, _ arguments: [String], input: Data = Data()
  ) -> (
    status: Int32, output: Data
  ) {
    guard let result = try? ProcessRunner.run(URL(fileURLWithPath: tool), arguments, input: input)
    else { return (-1, Data()) }
    return (result.status, result.output)
  }

  /// The trees `plutil -convert binary1` makes of each text (nil where it refuses one).
  static func plutilTrees(_ texts: [[UInt8]]) throws -> [PlistValue?] {
    guard let plutil else { return [] }
    let folder = try TemporaryFolder("json-oracle").url
    defer { try? FileManager.default.removeItem(at: folder) }
    return try texts.enumerated().map { n, text in
      let file = folder.appendingPathComponent("\(n).json")
      try Data(text).write(to: file)
      guard run(plutil, ["-convert", "binary1", file.path]).status == 0 else { return nil }
      return try PlistReader.read(try Data(contentsOf: file)).root.value
    }
  }

  /// The trees Python's `json.loads` (strict: NaN and Infinity refused; integers outside the
  /// property-list range made reals, as plutil does) and `plistlib` make of each text.
  static func pythonTrees(_ texts: [[UInt8]]) throws -> [PlistValue?] {
    guard let python else { return [] }
    let script = """
      import base64, json, plistlib, sys
      def integer(s):
          v = int(s)
          return v if -2**63 <= v < 2**64 else float(s)
      def constant(s):
          raise ValueError(s)
      for line in sys.stdin:
          try:
              value = json.loads(base64.b64decode(line).decode('utf-8'), parse_int=integer,
                                 parse_constant=constant)
              print(base64.b64encode(plistlib.dumps(value, fmt=plistlib.FMT_BINARY)).decode())
          except Exception:
              print('-')
      """
    let input = texts.map { Data($0).base64EncodedString() + "\n" }.joined()
    let result = run(python, ["-c", script], input: Data(input.utf8))
    let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
    try #require(result.status == 0 && lines.count == texts.count, "python3 failed")
    return try lines.map { line in
      guard let bytes = Data(base64Encoded: String(line)) else { return nil }
      return try PlistReader.read(bytes).root.value
    }
  }

  /// `value` as the tools keep it: each dictionary with the last entry of each key, sorted.
  static func lastWinsSorted(_ value: PlistValue) -> PlistValue {
    switch value {
    case .array(let items): return .array(items.map { PlistNode(lastWinsSorted($0.value)) })
    case .dictionary(let dictionary):
      var last: [String: PlistValue] = [:]
      for entry in dictionary.entries { last[entry.key] = lastWinsSorted(entry.node.value) }
      return .dictionary(
        PlistDictionary(
          last.sorted { $0.key < $1.key }.map { PlistEntry(key: $0.key, node: PlistNode($0.value)) }
        ))
    default: return value
    }
  }
}

/// The texts every oracle must read as we do: the accepted table, its JSON as our writer
/// writes it, and the corpus's JSON files when the corpus is there.
private func agreementTexts() throws -> [(name: String, text: [UInt8])] {
  var texts = jsonAcceptedCases.map { ($0.json, Array($0.json.utf8)) }
  for (json, value) in jsonAcceptedCases {
    texts.append(("written \(json)", try JSONPlistWriter.write(PlistNode(value))))
  }
  // The corpus's JSON files without a null (see JSONCorpusTests for those).
  for entry in Corpus.entries where entry.path.hasSuffix(".json") {
    let bytes = [UInt8](try entry.data())
    if (try? JSONPlistReader.read(text: bytes, encoding: .utf8)) != nil {
      texts.append((entry.path, bytes))
    }
  }
  return texts
}

@Suite struct JSONOracleTests {
  /// Inputs this `plutil` reads though they are not RFC 8259 JSON (we refuse them), and
  /// values it reads differently; each difference is asserted, so a change in `plutil` shows.
  @Test(.enabled(if: JSONOracle.plutil != nil, JSONOracle.plutilAbsent))
  func plutilReadsEveryAcceptedInputAsWeDo() throws {
    let texts = try agreementTexts()
    let trees = try JSONOracle.plutilTrees(texts.map(\.text))
    for ((name, text), tree) in zip(texts, trees) {
      let ours = try JSONPlistReader.read(text: text, encoding: .utf8).root.value
      #expect(tree.map(JSONOracle.lastWinsSorted) == JSONOracle.lastWinsSorted(ours), "\(name)")
    }
    // Where this plutil differs: Int64.min as a real, a trailing comma accepted.
    let differences = try JSONOracle.plutilTrees([
      Array("[-9223372036854775808]".utf8), Array("[1,]".utf8),
    ])
    #expect(differences[0] == .array([PlistNode(.real(-9_223_372_036_854_775_808.0))]))
    #expect(
      try readJSON("[-9223372036854775808]")
        == .array([PlistNode(.integer(PlistInteger(Int64.min)))]))
    #expect(differences[1] == .array([PlistNode(.integer(PlistInteger(1)))]))
  }

  @Test(.enabled(if: JSONOracle.plutil != nil, JSONOracle.plutilAbsent))
  func plutilRefusesWhatWeRefuse() throws {
    // plutil reads `[1,]` and `{"a":1,}` (see above); like us, it reads old-style text such as
    // `{"a" = 1;}` or a top-level scalar as old-style. Everything else we refuse, it refuses.
    let refused = jsonRefusedCases.filter { refusal in
      guard !refusal.says.contains("trailing commas") else { return false }
      return (try? PlistReader.read(Data(refusal.json.utf8))) == nil
    }
    #expect(refused.count > 30)
    let trees = try JSONOracle.plutilTrees(refused.map { Array($0.json.utf8) })
    for (refusal, tree) in zip(refused, trees) {
      #expect(tree == nil, "plutil read \(refusal.json)")
    }
  }

  @Test(.enabled(if: JSONOracle.python != nil, JSONOracle.pythonAbsent))
  func pythonReadsEveryAcceptedInputAsWeDo() throws {
    let texts = try agreementTexts()
    let trees = try JSONOracle.pythonTrees(texts.map(\.text))
    for ((name, text), tree) in zip(texts, trees) {
      let ours = try JSONPlistReader.read(text: text, encoding: .utf8).root.value
      #expect(tree.map(JSONOracle.lastWinsSorted) == JSONOracle.lastWinsSorted(ours), "\(name)")
    }
  }
}

private func readJSON(_ text: String) throws -> PlistValue {
  try JSONPlistReader.read(text: Array(text.utf8), encoding: .utf8).root.value
}

/// The corpus's JSON files (asset-catalog `Contents.json`, Icon Composer `icon.json`) read as
/// property lists: each is JSON to the sniffer and reads, except where it holds a null, which
/// is refused at the null, as plutil refuses it.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment)) struct JSONCorpusTests {
  @Test func readsEveryCorpusJSONFileOrRefusesItsNull() throws {
    let entries = Corpus.entries.filter { $0.path.hasSuffix(".json") }
    #expect(entries.count >= 14)
    var refused: [String] = []
    for entry in entries {
      let bytes = [UInt8](try entry.data())
      #expect(bytes.withUnsafeBytes { PlistReader.sniff($0) } == .json, "\(entry)")
      let text = String(decoding: bytes, as: UTF8.self)
      // The first ` null` after a colon, by line and UTF-8 column.
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let nullAt = lines.enumerated().lazy.compactMap { n, line -> (Int, Int)? in
        guard let range = line.range(of: ": null") else { return nil }
        return (n + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 3)
      }.first
      do {
        let document = try PlistReader.read(Data(bytes), file: entry.path)
        #expect(nullAt == nil, "\(entry) read despite its null")
        #expect(document.format == .json)
        #expect(document.root.value.dictionaryValue?.isEmpty == false, "\(entry)")
      } catch {
        let at = try #require(nullAt, "\(entry): \(error)")
        #expect(error.kind == .malformed)
        #expect((error.line, error.column) == at, "\(error)")
        #expect(error.message.hasPrefix("null for key"), "\(error)")
        refused.append(entry.path)
      }
    }
    // Two Icon Composer files hold `"blur-material" : null`.
    #expect(refused.count == 2)
    #expect(refused.allSatisfy { $0.hasSuffix("icon.json") })
    if JSONOracle.plutil != nil {
      let trees = try JSONOracle.plutilTrees(try refused.map { try Corpus.bytes($0) })
      #expect(trees.allSatisfy { $0 == nil }, "plutil reads a null")
    }
  }
}
