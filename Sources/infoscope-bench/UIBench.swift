import Foundation
import PlistBundle
import PlistCore
import PlistRules
import PlistUI

/// The scripted keystrokes of the per-keystroke measure: a deterministic mix of the tree's
/// moves and folds (`j` `k` `Ctrl-D` `Ctrl-U` `G` `g` `J` `K` `Space` `Enter`), then `E` (expand
/// everything), then moves only, over the expanded tree.
enum KeyScript {
  /// The keys the first part draws from, each with its weight out of 100.
  static let mixed: [(Key, Int)] = [
    (.character("j"), 28), (.character("k"), 16), (.control("d"), 10), (.control("u"), 8),
    (.character("G"), 4), (.character("g"), 4), (.character("J"), 8), (.character("K"), 6),
    (.character(" "), 8), (.enter, 8),
  ]
  /// The keys the part after `E` draws from, each with its weight out of 100.
  static let moves: [(Key, Int)] = [
    (.character("j"), 30), (.character("k"), 20), (.control("d"), 12), (.control("u"), 10),
    (.character("G"), 5), (.character("g"), 5), (.character("J"), 10), (.character("K"), 8),
  ]

  /// `count` keys (at least 1): the mixed part, `E` at the middle, then moves.
  ///
  /// The same `count` and `seed` give the same keys on every machine.
  static func keys(count: Int = 2_000, seed: UInt64 = 0x4B45_5953) -> [Key] {
    var random = SplitMix64(seed: seed)
    let count = max(1, count)
    let middle = count / 2
    return (0..<count).map { n in
      if n == middle { return .character("E") }
      return pick(n < middle ? mixed : moves, &random)
    }
  }

  private static func pick(_ weighted: [(Key, Int)], _ random: inout SplitMix64) -> Key {
    let total = weighted.reduce(0) { $0 + $1.1 }
    var roll = random.below(total)
    for (key, weight) in weighted {
      if roll < weight { return key }
      roll -= weight
    }
    return weighted[0].0
  }
}

/// Percentiles of measured times.
enum Percentile {
  /// The `p`th percentile (0...100) of `values` by nearest rank: the smallest value with at
  /// least `p` percent of the values at or below it; nil when `values` is empty.
  static func of(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((min(max(p, 0), 100) / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// The terminal UI's figures on one document, measured in-process without a terminal.
struct UIMeasurement: Sendable, Codable {
  /// What the row calls the document.
  var document: String
  /// The file's size in bytes.
  var fileBytes: Int
  /// Values in the tree (containers and scalars).
  var nodes: Int
  /// Findings the linter reported.
  var findings: Int
  /// Best time of `Session(title:bundle:)`: arranging the tree and linting, in seconds.
  var lintSeconds: Double
  /// Best time of `AppState(session:size:)` plus the first `ScreenRenderer.render`, in seconds.
  var layoutSeconds: Double
  /// Median time of one key and a full render, in seconds.
  var keyMedianSeconds: Double
  /// 95th percentile of the same, in seconds.
  var keyP95Seconds: Double
  /// Slowest single key and render, in seconds.
  var keyMaxSeconds: Double
  /// The key whose median was the highest, and that median in seconds.
  var slowestKey: String
  var slowestKeyMedianSeconds: Double
  /// Best time of `Session.relint()`, in seconds.
  var relintSeconds: Double
  /// Keys in the script.
  var keys: Int

  /// Time to first screen: lint plus layout and render.
  var firstScreenSeconds: Double { lintSeconds + layoutSeconds }
}

/// The terminal UI measure: a child process per document opens it as a one-file bundle, lints
/// it, lays out and renders the first 120x40 frame, plays the key script with a full render
/// after every key, and re-lints.
enum UIBench {
  /// The screen size of every measure.
  static let screen = Size(width: 120, height: 40)

  /// The child: `infoscope-bench --child ui FILE ROLE KEYS RUNS`.
  ///
  /// ROLE is `info` (an Info.plist) or `plist` (any property list); the first screen and the
  /// re-lint are the best of RUNS, and each key's time the best of RUNS passes over the script
  /// (each from the first screen). Prints one line of `name=value` fields
  /// (see ``UIMeasurement``).
  ///
  /// - Returns: 0 measured, 1 the file could not be read, 64 bad arguments.
  static func child(_ arguments: [String]) -> Int32 {
    guard arguments.count == 4, let keyCount = Int(arguments[2]), keyCount > 0,
      let runs = Int(arguments[3]), runs > 0, ["info", "plist"].contains(arguments[1])
    else {
      printError("usage: infoscope-bench --child ui FILE info|plist KEYS RUNS")
      return 64
    }
    let path = arguments[0]
    let document: PlistDocument
    let size: Int
    do {
      let bytes = try PlistReader.readFile(path)
      size = bytes.count
      document = try PlistReader.read(bytes: bytes, file: path)
    } catch {
      printError("error: \(error.message)")
      return 1
    }
    let role: FileRole = arguments[1] == "info" ? .infoPlist : .propertyList
    let name = role == .infoPlist ? "Info.plist" : "Document.plist"
    let bundle = AppBundle(
      inputPath: name, inputKind: .file, isBuilt: false,
      files: [BundleFile(path: name, role: role, size: size, document: document)])
    let clock = ContinuousClock()
    var check = 0
    var lint = Double.infinity
    var layout = Double.infinity
    var state: AppState?
    for _ in 0..<runs {
      let start = clock.now
      let session = Session(title: name, bundle: bundle)
      let linted = clock.now
      let fresh = AppState(session: session, size: screen)
      let canvas = ScreenRenderer.render(fresh)
      let drawn = clock.now
      check &+= canvas[x: 0, y: 0].text.utf8.count
      lint = min(lint, (linted - start).seconds)
      layout = min(layout, (drawn - linted).seconds)
      state = fresh
    }
    guard var state else { return 1 }
    // Each pass plays the script from the same first screen (the state is a value); a key's
    // time is its best over the passes, so a preemption by another process does not count.
    let keys = KeyScript.keys(count: keyCount)
    var times = [Double](repeating: .infinity, count: keys.count)
    for _ in 0..<runs {
      var playing = state
      for (n, key) in keys.enumerated() {
        let start = clock.now
        _ = playing.handle(.key(key))
        let canvas = ScreenRenderer.render(playing)
        times[n] = min(times[n], (clock.now - start).seconds)
        check &+= canvas[x: 0, y: 2].text.utf8.count
      }
      state = playing
    }
    var byKey: [String: [Double]] = [:]
    for (key, seconds) in zip(keys, times) { byKey[key.description, default: []].append(seconds) }
    var session = state.session
    var relint = Double.infinity
    for _ in 0..<runs {
      let start = clock.now
      session.relint()
      relint = min(relint, (clock.now - start).seconds)
      check &+= session.findings.count
    }
    let slowest =
      byKey.compactMap { key, values in Percentile.of(values, 50).map { (key, $0) } }
      .max { $0.1 < $1.1 } ?? ("none", 0)
    let fields: [(String, String)] = [
      ("bytes", "\(size)"), ("nodes", "\(countNodes(document.root))"),
      ("findings", "\(session.findings.count)"), ("lint", "\(lint)"), ("layout", "\(layout)"),
      ("median", "\(Percentile.of(times, 50) ?? 0)"), ("p95", "\(Percentile.of(times, 95) ?? 0)"),
      ("max", "\(times.max() ?? 0)"),
      ("slowest", slowest.0.replacingOccurrences(of: " ", with: "_")),
      ("slowestMedian", "\(slowest.1)"), ("relint", "\(relint)"), ("keys", "\(times.count)"),
      ("check", "\(check)"),
    ]
    print(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    return 0
  }

  /// Values in the tree under `node`, itself included.
  static func countNodes(_ node: PlistNode) -> Int {
    var count = 0
    var stack = [node]
    while let next = stack.popLast() {
      count += 1
      switch next.value {
      case .dictionary(let d): stack.append(contentsOf: d.entries.map(\.node))
      case .array(let a): stack.append(contentsOf: a)
      default: break
      }
    }
    return count
  }

  /// Parses the child's output line into a measurement named `document`; nil when a field is
  /// missing.
  static func parse(_ output: String, document: String) -> UIMeasurement? {
    var fields: [String: String] = [:]
    for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    func int(_ name: String) -> Int? { fields[name].flatMap { Int($0) } }
    func double(_ name: String) -> Double? { fields[name].flatMap { Double($0) } }
    guard let bytes = int("bytes"), let nodes = int("nodes"), let findings = int("findings"),
      let lint = double("lint"), let layout = double("layout"), let median = double("median"),
      let p95 = double("p95"), let max = double("max"), let slowest = fields["slowest"],
      let slowestMedian = double("slowestMedian"), let relint = double("relint"),
      let keys = int("keys")
    else { return nil }
    return UIMeasurement(
      document: document, fileBytes: bytes, nodes: nodes, findings: findings, lintSeconds: lint,
      layoutSeconds: layout, keyMedianSeconds: median, keyP95Seconds: p95, keyMaxSeconds: max,
      slowestKey: slowest.replacingOccurrences(of: "_", with: " "),
      slowestKeyMedianSeconds: slowestMedian, relintSeconds: relint, keys: keys)
  }
}
