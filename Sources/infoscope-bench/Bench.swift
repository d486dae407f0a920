import Foundation

/// The bench's command-line options.
struct BenchOptions: Sendable {
  /// The sizes to measure, in order.
  var sizes: [BenchSize] = Array(BenchSize.all.prefix(3))
  /// Runs per measurement; nil means by size (5 up to 1 MB, 3 at 10 MB, 1 at 100 MB).
  var runs: Int?
  /// Print JSON on standard output (the Markdown report then goes to standard error).
  var json = false
  /// Seconds of repeated work inside one in-process child before it reports its best run.
  var budget = 0.3
  /// Measure the codec against the peers.
  var codec = true
  /// Measure the terminal UI.
  var ui = true
  /// Values in the terminal UI measure's large document.
  var uiNodes = 1_000_000
  /// Measure the lint of an app with many nested bundles.
  var bundles = true
  /// Measure the comparison of two 100,000-value documents (`DiffBench`).
  var diff = true
  /// Measure `lint` of many inputs, serial against parallel (`ParallelLintBench`).
  var parallel = true
  /// Measure whole-process start-up and the inspector's first screen (`StartupBench`).
  var startup = true
  /// Measure our cost per MB at 1 MB and the largest size, cold at both (`GrowthBench`).
  var growth = true
  /// Measure whole commands against whole peer commands, with memory and depth rows
  /// (`CommandBench`).
  var commands = true

  /// The options with only the section at `section` switched on (for the `--…-only` flags).
  func only(_ section: WritableKeyPath<BenchOptions, Bool>) -> BenchOptions {
    var options = self
    for each in [
      \BenchOptions.codec, \.ui, \.bundles, \.diff, \.parallel, \.startup, \.growth, \.commands,
    ] {
      options[keyPath: each] = each == section
    }
    return options
  }

  static let usage = """
    usage: swift run -c release infoscope-bench [--sizes 5k,1m,10m,100m] [--quick] [--runs N]
                                                [--json] [--ui-only | --no-ui] [--ui-nodes N]
      --sizes     the sizes to measure (default 5k,1m,10m)
      --quick     only 5k and 1m, and a 100,000-node document for the terminal UI (for CI)
      --runs      the best of N runs (default 5 up to 1 MB, 3 at 10 MB, 1 at 100 MB; 3 for
                  the terminal UI's first screen and re-lint; 15 for the parallel lint; the
                  growth rows the best of 3 cold runs at each size)
      --json      machine-readable results on standard output; the table goes to standard error
      --ui-only   only the terminal UI measure
      --no-ui     skip the terminal UI measure
      --ui-nodes  values in the terminal UI's large document (default 1000000)
      --no-bundles    skip the lint of an app with 1,000 to 4,000 extensions
      --bundles-only  only that lint
      --no-diff       skip the comparison of two 100,000-value documents
      --diff-only     only that comparison
      --no-parallel   skip lint of many inputs, serial against parallel
      --parallel-only only that lint
      --no-startup    skip start-up: infoscope print against plistutil converting the
                      file, and first screens
      --startup-only  only start-up (needs .build/release/infoscope: swift build -c release)
      --no-growth     skip our cost per MB at 1m against the largest size, cold at both
      --growth-only   only that (with --sizes 1m,100m for the issue's 100 MB)
      --no-commands   skip whole commands (print, convert, get, lint) against whole peer
                      commands, with their memory and 100,000-level nesting
      --commands-only only those (needs .build/release/infoscope: swift build -c release)
    """

  /// Parses the arguments after the program name.
  ///
  /// - Returns: the options, or a message saying what was expected.
  static func parse(_ arguments: [String]) -> Result<BenchOptions, UsageMessage> {
    var options = BenchOptions()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick":
        options.sizes = Array(BenchSize.all.prefix(2))
        options.uiNodes = 100_000
      case "--ui-only":
        options = options.only(\.ui)
      case "--bundles-only":
        options = options.only(\.bundles)
      case "--diff-only":
        options = options.only(\.diff)
      case "--no-diff":
        options.diff = false
      case "--no-parallel":
        options.parallel = false
      case "--parallel-only":
        options = options.only(\.parallel)
      case "--no-startup":
        options.startup = false
      case "--startup-only":
        options = options.only(\.startup)
      case "--no-growth":
        options.growth = false
      case "--growth-only":
        options = options.only(\.growth)
      case "--no-commands":
        options.commands = false
      case "--commands-only":
        options = options.only(\.commands)
      case "--no-ui":
        options.ui = false
      case "--no-bundles":
        options.bundles = false
      case "--ui-nodes":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          return .failure(UsageMessage("--ui-nodes expects a positive whole number"))
        }
        options.uiNodes = value
      case "--json":
        options.json = true
      case "--runs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          return .failure(UsageMessage("--runs expects a positive whole number"))
        }
        options.runs = value
      case "--sizes":
        guard let list = rest.popFirst() else {
          return .failure(UsageMessage("--sizes expects a list such as 5k,1m,10m,100m"))
        }
        var sizes: [BenchSize] = []
        for label in list.split(separator: ",") {
          guard let size = BenchSize.named(String(label)) else {
            return .failure(UsageMessage("unknown size '\(label)': expected 5k, 1m, 10m or 100m"))
          }
          sizes.append(size)
        }
        options.sizes = sizes
      case "--help", "-h":
        return .failure(UsageMessage(""))
      default:
        return .failure(UsageMessage("unknown option '\(argument)'"))
      }
    }
    return .success(options)
  }

  /// Runs for `size`.
  func runs(for size: BenchSize) -> Int {
    if let runs { return runs }
    return size.targetBytes <= 1_000_000 ? 5 : size.targetBytes <= 10_000_000 ? 3 : 1
  }
}

/// A message explaining bad usage (empty for `--help`).
struct UsageMessage: Error {
  var text: String
  init(_ text: String) { self.text = text }
}

/// One implementation's results on one input.
struct Measurement: Sendable, Codable {
  var implementation: String
  var name: String
  var size: String
  var format: BenchFormat
  /// The input file's size in bytes.
  var fileBytes: Int
  /// The XML form's size in bytes (the memory target's yardstick).
  var xmlBytes: Int
  var wholeCommand: Bool
  var isOurs: Bool
  /// True when the parse-plus-write figure is a conversion to the other format (plistutil).
  var writesOtherFormat = false
  /// Best parse time in seconds.
  var parseSeconds: Double?
  /// Best parse-plus-write time in seconds.
  var roundtripSeconds: Double?
  /// Largest peak RSS over the parse runs, in bytes.
  var parseRSSBytes: Int?
  /// True when the RSS figure is only an upper bound (see `ChildResult.rssIsFloored`).
  var rssFloored = false
  /// Why `parseSeconds` is missing.
  var parseNote: String?
  /// Why `roundtripSeconds` is missing.
  var roundtripNote: String?

  /// MB (10^6 bytes) per second for `seconds`.
  func throughput(_ seconds: Double?) -> Double? {
    seconds.map { Double(fileBytes) / 1e6 / $0 }
  }
}

/// Generates (or reuses) the inputs and measures every implementation on them.
struct Bench {
  var options: BenchOptions
  var spawner: Spawner
  var implementations: [Implementation]
  /// Where generated inputs are cached, per generator version.
  var cache: String

  /// The XML and binary files for `size`, generated on first use.
  ///
  /// - Throws: file-system errors, or a conversion failure.
  func inputs(for size: BenchSize) throws -> (xml: String, binary: String) {
    let xml = "\(cache)/\(size.label).xml"
    let binary = "\(cache)/\(size.label).bplist"
    let files = FileManager.default
    if !files.fileExists(atPath: xml) {
      printError("generating \(xml)")
      try PlistGenerator.generate(size, to: xml + ".partial")
      try files.moveItem(atPath: xml + ".partial", toPath: xml)
    }
    if !files.fileExists(atPath: binary) {
      printError("converting to \(binary)")
      try? files.removeItem(atPath: binary + ".partial")
      let command: [String]
      if let python = Peers.pythonExecutable(spawner) {
        command = [python, "-c", Self.convertScript, xml, binary + ".partial"]
      } else if let plutil = Spawner.which("plutil") {
        command = [plutil, "-convert", "binary1", "-o", binary + ".partial", xml]
      } else {
        throw UsageMessage("converting to binary needs python3 or plutil")
      }
      guard let result = spawner.run(command), result.status == 0 else {
        throw UsageMessage("converting \(xml) to binary failed")
      }
      try files.moveItem(atPath: binary + ".partial", toPath: binary)
    }
    return (xml, binary)
  }

  /// Binary conversion that keeps key order (plutil would sort the keys).
  private static let convertScript = """
    import sys, plistlib
    value = plistlib.loads(open(sys.argv[1], 'rb').read())
    open(sys.argv[2], 'wb').write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
    """

  /// Measures every present implementation on every size and format.
  ///
  /// - Throws: when an input cannot be generated.
  func run() throws -> [Measurement] {
    var results: [Measurement] = []
    for size in options.sizes {
      let files = try inputs(for: size)
      let xmlBytes = fileSize(files.xml)
      for format in BenchFormat.allCases {
        let path = format == .xml ? files.xml : files.binary
        for implementation in implementations where implementation.absentReason == nil {
          printError("measuring \(implementation.id) \(format.rawValue) \(size.label)")
          results.append(
            measure(implementation, size: size, format: format, path: path, xmlBytes: xmlBytes))
        }
      }
    }
    return results
  }

  private func measure(
    _ implementation: Implementation, size: BenchSize, format: BenchFormat, path: String,
    xmlBytes: Int
  ) -> Measurement {
    var result = Measurement(
      implementation: implementation.id, name: implementation.name, size: size.label,
      format: format, fileBytes: fileSize(path), xmlBytes: xmlBytes,
      wholeCommand: implementation.wholeCommand, isOurs: implementation.isOurs,
      writesOtherFormat: implementation.writesOtherFormat)
    for operation in [BenchOperation.parse, .roundtrip] {
      guard let command = implementation.command(operation, format, path, options.budget) else {
        let note = operation == .parse ? "no parse-only command" : "no write"
        if operation == .parse { result.parseNote = note } else { result.roundtripNote = note }
        continue
      }
      var best: Double?
      var note: String?
      for _ in 0..<options.runs(for: size) {
        switch runOnce(command, wholeCommand: implementation.wholeCommand) {
        case .success(let run):
          best = min(best ?? .infinity, run.seconds)
          if operation == .parse {
            result.parseRSSBytes = max(result.parseRSSBytes ?? 0, run.rss)
            result.rssFloored = result.rssFloored || run.floored
          }
        case .failure(let failure):
          note = failure.text
        }
        if note != nil { break }
      }
      if operation == .parse {
        result.parseSeconds = note == nil ? best : nil
        result.parseNote = note
        if note != nil { result.parseRSSBytes = nil }
      } else {
        result.roundtripSeconds = note == nil ? best : nil
        result.roundtripNote = note
      }
    }
    return result
  }

  /// One child run: its time (reported by the child, or the wall time of a whole command).
  func runOnce(
    _ command: [String], wholeCommand: Bool
  ) -> Result<
    (seconds: Double, rss: Int, floored: Bool), UsageMessage
  > {
    guard let child = spawner.run(command) else {
      return .failure(UsageMessage("could not start \(command[0])"))
    }
    guard child.status == 0 else {
      // The last line: a Swift child's one-line error, or a Python traceback's exception.
      var lastLine = child.stderr.split(separator: "\n").last.map(String.init) ?? ""
      if let range = lastLine.range(of: "error: ") {
        lastLine = String(lastLine[range.upperBound...])
      }
      return .failure(UsageMessage(lastLine.isEmpty ? "exit status \(child.status)" : lastLine))
    }
    var seconds = child.wallSeconds
    if !wholeCommand {
      let fields = child.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" })
      let field = fields.first { $0.hasPrefix("seconds=") }
      guard let value = field.flatMap({ Double($0.dropFirst("seconds=".count)) }) else {
        return .failure(UsageMessage("the child printed no time"))
      }
      seconds = value
    }
    return .success((seconds, child.maxRSSBytes, child.rssIsFloored))
  }

  /// The peak RSS of each kind of measuring process doing nothing, in bytes, by name.
  func baselines(bench: String) -> [(String, Int)] {
    var list: [(String, Int)] = []
    if let child = spawner.run([bench, "--child", "baseline"]) {
      list.append(("infoscope-bench child (Swift + Foundation)", child.maxRSSBytes))
    }
    if let python = Peers.pythonExecutable(spawner),
      let child = spawner.run([python, "-c", "import plistlib, ctypes, time"])
    {
      list.append(("python3 importing plistlib and ctypes", child.maxRSSBytes))
    }
    return list
  }

  private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }
}
