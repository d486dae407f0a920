import Foundation
import PlistCLI
import PlistCore

/// `lint` of many inputs on every core against one input after another, in process.
///
/// Two rows: every file of the shared corpus's `info-plist/` folder and its `bundles/` apps
/// given to one `infoscope lint`, and a generated app with ``extensions`` extensions (each its
/// own Info.plist) on disk. Each row is `CLI.run` with `INFOSCOPE_SERIAL` set (serial) and
/// without (parallel), alternated, the best of N each; the two reports must be the same
/// bytes. The target is the corpus row's parallel ÷ serial wall time.
///
/// Other processes on the machine take cores too, so each row also times, between the lint
/// runs, work that splits perfectly (arithmetic only, no memory, no locks) done on one core
/// and on every core: its ratio is the best the machine offered at that moment.
enum ParallelLintBench {
  /// The most the parallel time may be of the serial one (issue 15, item 7, on 2 cores).
  static let ratioLimit = 0.6
  /// Extensions in the generated app.
  static let extensions = 200

  /// One row of the measure.
  struct Row: Sendable, Codable {
    /// What was linted.
    var name: String
    /// Inputs on the command line.
    var inputs: Int
    /// Findings in the report (its lines that cite a rule).
    var findings: Int
    /// Best wall time of the serial lint, in seconds.
    var serialSeconds: Double
    /// Best wall time of the parallel lint, in seconds.
    var parallelSeconds: Double
    /// Whether both printed the same bytes, on both streams, with the same status.
    var sameOutput: Bool
    /// Parallel ÷ serial for work that splits perfectly, timed between the lint runs (nil when
    /// not measured).
    var machineRatio: Double? = nil

    /// Parallel ÷ serial.
    var ratio: Double { serialSeconds > 0 ? parallelSeconds / serialSeconds : .infinity }
  }

  /// The rows, and notes on what could not be measured.
  ///
  /// - Throws: when the generated app cannot be written.
  static func run(cache: String, runs: Int) throws -> (rows: [Row], notes: [String]) {
    var rows: [Row] = []
    var notes: [String] = []
    let corpus = CorpusInfoPlist.directory
    let files = FileManager.default
    let plists = ((try? files.contentsOfDirectory(atPath: corpus + "/info-plist")) ?? []).sorted()
      .map { corpus + "/info-plist/" + $0 }
    let apps = ((try? files.contentsOfDirectory(atPath: corpus + "/bundles")) ?? []).sorted()
      .filter { $0.hasSuffix(".app") }.map { corpus + "/bundles/" + $0 }
    if plists.isEmpty {
      notes.append("corpus inputs skipped: none in \(corpus) (or set INFOSCOPE_CORPUS)")
    } else {
      printError(
        "measuring lint of \(plists.count + apps.count) corpus inputs, serial and parallel")
      rows.append(
        measure(
          "corpus: \(plists.count) files of info-plist/ and \(apps.count) apps",
          ["lint"] + plists + apps, runs: runs))
    }
    let app = "\(cache)/parallel-lint-\(extensions).app"
    if !files.fileExists(atPath: app) {
      printError("generating \(app)")
      try generate(app + ".partial")
      try files.moveItem(atPath: app + ".partial", toPath: app)
    }
    printError("measuring lint of an app with \(extensions) extensions, serial and parallel")
    rows.append(
      measure("generated app with \(extensions) extensions", ["lint", app], runs: runs))
    return (rows, notes)
  }

  /// One row: `arguments` run serially and in parallel, `runs` times each after a warm-up.
  static func measure(_ name: String, _ arguments: [String], runs: Int) -> Row {
    func lint(serial: Bool) -> (seconds: Double, status: Int32, console: BufferConsole) {
      let console = BufferConsole()
      if serial { console.variables[Parallel.serialVariable] = "1" }
      let start = DispatchTime.now().uptimeNanoseconds
      let status = CLI.run(arguments, console: console)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      return (seconds, status, console)
    }
    let warm = lint(serial: false)
    var serial = Double.infinity
    var parallel = Double.infinity
    var idealSerial = Double.infinity
    var idealParallel = Double.infinity
    var same = true
    for _ in 0..<max(1, runs) {
      let one = lint(serial: true)
      let all = lint(serial: false)
      serial = min(serial, one.seconds)
      parallel = min(parallel, all.seconds)
      // As much perfectly split work as the serial lint took.
      let units = max(2, Int(one.seconds / 20e-6))
      idealSerial = min(idealSerial, spin(units, serially: true))
      idealParallel = min(idealParallel, spin(units, serially: false))
      same =
        same && one.status == all.status && one.console.output == all.console.output
        && one.console.errorOutput == all.console.errorOutput
        && one.console.output == warm.console.output
    }
    let findings = warm.console.outputText.split(separator: "\n").filter { $0.hasSuffix("]") }
    return Row(
      name: name, inputs: arguments.count - 1, findings: findings.count, serialSeconds: serial,
      parallelSeconds: parallel, sameOutput: same, machineRatio: idealParallel / idealSerial)
  }

  /// The wall time of `units` pieces of arithmetic (about 20 µs each), split over the cores
  /// as `Parallel.map` splits lint's inputs, or on one core when `serially`.
  static func spin(_ units: Int, serially: Bool) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let sums = Parallel.map(units, serially: serially) { unit -> UInt64 in
      var x = UInt64(truncatingIfNeeded: unit) &+ 0x9E37_79B9_7F4A_7C15
      for _ in 0..<20_000 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
      return x
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // Keep the arithmetic from being optimised away.
    if sums.reduce(0, ^) == 1 { printError("") }
    return seconds
  }

  /// Writes an app at `path` with ``extensions`` extensions, each with an Info.plist of a few
  /// keys (one misspelt, so each has a finding).
  static func generate(_ path: String) throws {
    let files = FileManager.default
    try? files.removeItem(atPath: path)
    func info(_ identifier: String, _ packageType: String) -> Data {
      Data(
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
          + "\t<key>CFBundleIdentifier</key>\n\t<string>\(identifier)</string>\n"
          + "\t<key>CFBundlePackageType</key>\n\t<string>\(packageType)</string>\n"
          + "\t<key>CFBundleShortVersionString</key>\n\t<string>1.0</string>\n"
          + "\t<key>CFBundleVersion</key>\n\t<string>1</string>\n"
          + "\t<key>UIRequiresFullscreen</key>\n\t<true/>\n"
          + "\t<key>DTPlatformName</key>\n\t<string>iphoneos</string>\n</dict>\n</plist>\n")
          .utf8)
    }
    try files.createDirectory(atPath: path, withIntermediateDirectories: true)
    try info("com.example.bench", "APPL").write(to: URL(fileURLWithPath: path + "/Info.plist"))
    for n in 0..<extensions {
      let folder = "\(path)/PlugIns/E\(n).appex"
      try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try info("com.example.bench.e\(n)", "XPC!").write(
        to: URL(fileURLWithPath: folder + "/Info.plist"))
    }
  }

  /// The rows as a Markdown table.
  static func markdown(_ rows: [Row], notes: [String]) -> String {
    var out = "\n## Parallel lint (in process)\n\n"
    out += "`infoscope lint` over many inputs, one after another (`INFOSCOPE_SERIAL=1`) and on "
    out += "every core (\(ProcessInfo.processInfo.activeProcessorCount) here); wall time, best "
    out += "of N each, alternated after a warm-up. Ideal split = the same ratio for arithmetic "
    out += "that splits perfectly, timed between the lint runs: the best the machine's other "
    out += "load left (1 ÷ cores when they are idle).\n\n"
    out += "| inputs | files given | findings | serial | parallel | parallel ÷ serial "
    out += "| ideal split | same output |\n"
    out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n"
    for row in rows {
      out += "| \(row.name) | \(row.inputs) | \(row.findings) | \(duration(row.serialSeconds)) "
      out += "| \(duration(row.parallelSeconds)) | \(format2(row.ratio))× "
      out += "| \(row.machineRatio.map { format2($0) + "×" } ?? "—") "
      out += "| \(row.sameOutput ? "yes" : "NO") |\n"
    }
    for note in notes { out += "\nNote: \(note)\n" }
    return out
  }

  /// The target, on the first row (the corpus) when there is one.
  static func target(_ rows: [Row], notes: [String]) -> TargetResult {
    let target =
      "lint of many inputs in parallel ≤ \(format2(ratioLimit))× the serial wall time, "
      + "same output"
    guard let row = rows.first, row.name.hasPrefix("corpus") else {
      return TargetResult(status: "SKIP", target: target, detail: notes.first ?? "not measured")
    }
    let pass = row.ratio <= ratioLimit && row.sameOutput
    return TargetResult(
      status: pass ? "PASS" : "FAIL", target: target,
      detail: "\(format2(row.ratio))× (\(duration(row.parallelSeconds)) vs "
        + "\(duration(row.serialSeconds)))" + (row.sameOutput ? "" : "; the outputs differ")
        + (row.machineRatio.map { "; ideal split at the time \(format2($0))×" } ?? ""))
  }
}
