import Foundation

/// The outcome of one of the issue's performance targets.
struct TargetResult: Sendable, Codable {
  /// `PASS`, `FAIL` or `SKIP`.
  var status: String
  /// The target, in words.
  var target: String
  /// The figures behind the verdict, or why it was skipped.
  var detail: String
}

/// Turns measurements into Markdown tables, target verdicts and JSON.
struct Report {
  var measurements: [Measurement]
  var sizes: [BenchSize]
  var baselines: [(String, Int)]
  var absent: [(String, String)]
  var rssFromGNUTime: Bool
  /// Whether the codec was measured (its tables and targets are left out when not).
  var codec = true
  /// The terminal UI's figures, small document first.
  var ui: [UIMeasurement] = []
  /// What the terminal UI measure could not do.
  var uiNotes: [String] = []
  /// The comparison of two builds' documents, when it was measured and ran.
  var diff: DiffBench.Result?
  /// Why the comparison has no figures.
  var diffNote: String?
  /// Whether the comparison was asked for (its row and target are left out when not).
  var diffMeasured = false
  /// `lint` of many inputs, serial against parallel.
  var parallel: [ParallelLintBench.Row] = []
  /// What that measure could not do.
  var parallelNotes: [String] = []
  /// Whether it was asked for (its rows and target are left out when not).
  var parallelMeasured = false
  /// Whole-process start-up and first screens, when measured (`StartupBench`).
  var startup: StartupBench.Result?
  /// Our cost per MB at 1 MB and the largest size, cold at both (`GrowthBench`).
  var growth: [GrowthBench.Row] = []
  /// Whether it was asked for (its table and target are left out when not).
  var growthMeasured = false
  /// Whole commands against whole peer commands, with memory and depth rows, when measured
  /// (`CommandBench`).
  var commands: CommandResult?

  /// The slowest re-lint of a typical Info.plist that passes (issue 15, item 5), in seconds.
  static let relintLimit = 0.001

  /// The largest per-keystroke median ÷ the 5 KB one that still passes ("near 1").
  static let keystrokeRatioLimit = 1.5

  /// The whole Markdown report.
  func markdown() -> String {
    var out = "# infoscope-bench\n\n"
    if codec { out += codecMarkdown() }
    if growthMeasured { out += (codec ? "\n" : "") + GrowthBench.markdown(growth) }
    if !ui.isEmpty || !uiNotes.isEmpty { out += (codec ? "\n" : "") + uiMarkdown() }
    if let diff { out += DiffBench.markdown(diff) }
    if parallelMeasured { out += ParallelLintBench.markdown(parallel, notes: parallelNotes) }
    if let startup { out += StartupBench.markdown(startup) }
    if let commands { out += CommandBench.markdown(commands) }
    out += "\n## Targets\n\n"
    let verdicts = targets()
    for verdict in verdicts {
      out += "- **\(verdict.status)** \(verdict.target): \(verdict.detail)\n"
    }
    let failed = verdicts.filter { $0.status == "FAIL" }.count
    let skipped = verdicts.filter { $0.status == "SKIP" }.count
    out += "\n\(failed) of \(verdicts.count) targets FAILED, \(skipped) skipped.\n"
    return out
  }

  private func codecMarkdown() -> String {
    var out = ""
    out += "MB = 10^6 bytes. Times are the best of N runs; in-process rows time only the parse "
    out += "(and write) of bytes already in memory. † = whole-command wall time (process start, "
    out += "file reading and writing included). Ratios are ours ÷ theirs in throughput "
    out += "(> 1 = we are faster). ‡ = parse+write converts to the other format (plistutil "
    out += "copies same-format input unchanged), so it is shown but left out of the ratios.\n\n"
    for format in BenchFormat.allCases {
      out += table(format) + "\n"
    }
    out += "Peak RSS is the largest over the parse runs"
    out +=
      rssFromGNUTime
      ? ", as reported by GNU time for its child.\n"
      : "; ⩽ marks a wait4 figure that may include the bench's own peak.\n"
    if !baselines.isEmpty {
      out += "Baselines (peak RSS of a measuring process doing no work): "
      out += baselines.map { "\($0.0) \(megabytes($0.1)) MB" }.joined(separator: "; ") + ".\n"
    }
    for (name, reason) in absent {
      out += "Absent: \(name): \(reason).\n"
    }
    return out
  }

  private func uiMarkdown() -> String {
    var out = "## Terminal UI\n\n"
    out += "In-process, no terminal, at \(UIBench.screen): each document is opened as a one-file "
    out += "bundle (its Info.plist). First screen = lint (`Session`: arrange and lint) + layout "
    out += "and render (`AppState` and the first frame), each the best of N. Keys: a script of "
    out += "\(UIRunner.keyCount) (moves and folds, then `E` and moves over the expanded tree), "
    out += "each timed with a full render; a key's time is its best over N passes of the script. "
    out += "Re-lint = `Session.relint()`, best of N.\n\n"
    out += "| document | size | nodes | findings | lint | layout + render | first screen "
    out += "| key median | key p95 | key max | slowest key (median) | re-lint |\n"
    out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n"
    for row in ui {
      out += "| \(row.document) | \(bytes(row.fileBytes)) | \(row.nodes) | \(row.findings) "
      out += "| \(duration(row.lintSeconds)) | \(duration(row.layoutSeconds)) "
      out += "| \(duration(row.firstScreenSeconds)) | \(duration(row.keyMedianSeconds)) "
      out += "| \(duration(row.keyP95Seconds)) | \(duration(row.keyMaxSeconds)) "
      out += "| \(row.slowestKey) (\(duration(row.slowestKeyMedianSeconds))) "
      out += "| \(duration(row.relintSeconds)) |\n"
    }
    if let ratio = keystrokeRatio() {
      out += "\nPer-keystroke median, \(ratio.large) ÷ \(ratio.small): \(format2(ratio.value))× "
      out += "(1 = a keystroke costs the same whatever the document's size).\n"
    }
    for note in uiNotes { out += "Not measured: \(note).\n" }
    return out
  }

  /// The per-keystroke median of the large generated document ÷ that of the 5 KB one.
  func keystrokeRatio() -> (value: Double, small: String, large: String)? {
    guard ui.count >= 2, ui[0].keyMedianSeconds > 0 else { return nil }
    return (ui[1].keyMedianSeconds / ui[0].keyMedianSeconds, ui[0].document, ui[1].document)
  }

  private func table(_ format: BenchFormat) -> String {
    var out = "## \(format == .xml ? "XML" : "Binary") input\n\n"
    out += "| size | implementation | parse MB/s | parse+write MB/s | peak RSS MB | RSS ÷ file "
    out += "| parse: ours ÷ | parse+write: ours ÷ |\n"
    out += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    for size in sizes {
      let rows = measurements.filter { $0.format == format && $0.size == size.label }
      guard let first = rows.first else { continue }
      let ours = rows.first { $0.isOurs }
      let peers = rows.filter { !$0.isOurs }
      let fastestParse = fastest(peers) { $0.throughput($0.parseSeconds) }
      let fastestWrite = fastest(peers.filter { !$0.writesOtherFormat }) {
        $0.throughput($0.roundtripSeconds)
      }
      out += "| **\(size.label)** (\(bytes(first.fileBytes))) | | | | | | | |\n"
      for row in rows {
        let mark = (row.wholeCommand ? " †" : "") + (row.writesOtherFormat ? " ‡" : "")
        let rss = row.parseRSSBytes.map { (row.rssFloored ? "⩽" : "") + megabytes($0) } ?? "—"
        let rssRatio =
          row.parseRSSBytes.map { format2(Double($0) / Double(row.fileBytes)) } ?? "—"
        let parseRatio: String
        let writeRatio: String
        if row.isOurs {
          parseRatio = ratio(ours?.throughput(ours?.parseSeconds), fastestParse)
          writeRatio = ratio(ours?.throughput(ours?.roundtripSeconds), fastestWrite)
        } else {
          let parse = row.throughput(row.parseSeconds).map { ($0, row.name) }
          let write =
            row.writesOtherFormat
            ? nil : row.throughput(row.roundtripSeconds).map { ($0, row.name) }
          parseRatio = ratio(ours?.throughput(ours?.parseSeconds), parse, named: false)
          writeRatio = ratio(ours?.throughput(ours?.roundtripSeconds), write, named: false)
        }
        out += "| \(size.label) | \(row.name)\(mark) "
        out += "| \(cell(row.throughput(row.parseSeconds), row.parseNote)) "
        out += "| \(cell(row.throughput(row.roundtripSeconds), row.roundtripNote)) "
        out += "| \(rss) | \(rssRatio) | \(parseRatio) | \(writeRatio) |\n"
      }
    }
    out += "\n" + linearity(format) + "\n"
    return out
  }

  /// Parse seconds per MB at the largest size ÷ at 1 MB, for every implementation.
  private func linearity(_ format: BenchFormat) -> String {
    guard let (small, large) = linearitySizes() else {
      return "Linearity: needs 1m and a larger size.\n"
    }
    var parts: [String] = []
    let names = measurements.filter { $0.format == format && $0.size == small }.map(\.name)
    for name in names {
      let growth = self.parseGrowth(name: name, format: format, from: small, to: large)
      parts.append("\(name) \(growth.map(format2) ?? "n/a")")
    }
    return "Parse seconds per MB at \(large) ÷ at \(small), from the rows above (not like for "
      + "like: in-process rows keep the best of many warm runs at small sizes and one cold run "
      + "at 100m; the growth table measures ours the same way at both): "
      + parts.joined(separator: "; ") + ".\n"
  }

  private func linearitySizes() -> (String, String)? {
    let labels = Set(measurements.map(\.size))
    guard labels.contains("1m") else { return nil }
    if labels.contains("100m") { return ("1m", "100m") }
    if labels.contains("10m") { return ("1m", "10m") }
    return nil
  }

  private func parseGrowth(name: String, format: BenchFormat, from: String, to: String) -> Double? {
    func perMB(_ size: String) -> Double? {
      guard
        let row = measurements.first(where: {
          $0.name == name && $0.format == format && $0.size == size
        }), let seconds = row.parseSeconds
      else { return nil }
      return seconds / (Double(row.fileBytes) / 1e6)
    }
    guard let a = perMB(from), let b = perMB(to) else { return nil }
    return b / a
  }

  // MARK: - Targets

  /// Re-lint after an edit under ``relintLimit`` on the typical Info.plists: the generated
  /// 5 KB one and the corpus's largest (the rows whose names do not say `nodes`).
  func relintTarget() -> TargetResult {
    let target = "re-lint of a typical Info.plist < \(duration(Self.relintLimit))"
    let typical = ui.filter { !$0.document.hasSuffix("nodes") }
    guard let slowest = typical.max(by: { $0.relintSeconds < $1.relintSeconds }) else {
      return TargetResult(
        status: "SKIP", target: target, detail: uiNotes.first ?? "no Info.plist measured")
    }
    let each = typical.map { "\($0.document) \(duration($0.relintSeconds))" }
    return TargetResult(
      status: slowest.relintSeconds < Self.relintLimit ? "PASS" : "FAIL", target: target,
      detail: each.joined(separator: ", "))
  }

  /// The issues' targets, checked on our figures: three for the codec, two for the terminal UI
  /// (keystrokes and re-lint), one each for the comparison, the parallel lint and growth,
  /// start-up's, and the whole commands' three (time, memory, depth).
  func targets() -> [TargetResult] {
    var verdicts = codec ? codecTargets() : []
    if !ui.isEmpty || !uiNotes.isEmpty {
      let target =
        "terminal UI per-keystroke median on the large document ≤ "
        + "\(format2(Self.keystrokeRatioLimit))× that on 5 KB"
      if let ratio = keystrokeRatio() {
        verdicts.append(
          TargetResult(
            status: ratio.value <= Self.keystrokeRatioLimit ? "PASS" : "FAIL", target: target,
            detail: "\(format2(ratio.value))× (\(duration(ui[1].keyMedianSeconds)) vs "
              + "\(duration(ui[0].keyMedianSeconds)))"))
      } else {
        verdicts.append(
          TargetResult(
            status: "SKIP", target: target,
            detail: uiNotes.first ?? "needs both generated documents"))
      }
    }
    if !ui.isEmpty || !uiNotes.isEmpty { verdicts.append(relintTarget()) }
    if diffMeasured { verdicts.append(DiffBench.target(diff, note: diffNote)) }
    if parallelMeasured {
      verdicts.append(ParallelLintBench.target(parallel, notes: parallelNotes))
    }
    if let startup { verdicts += StartupBench.targets(startup) }
    if growthMeasured { verdicts.append(GrowthBench.target(growth)) }
    if let commands { verdicts += CommandBench.targets(commands) }
    return verdicts
  }

  private func codecTargets() -> [TargetResult] {
    var verdicts: [TargetResult] = []
    for (format, factor) in [(BenchFormat.xml, 2.0), (.binary, 1.0)] {
      let target =
        "\(format == .xml ? "XML" : "binary") parse ≥ \(format2(factor))× the fastest peer"
      var details: [String] = []
      var pass = true
      var missing: String?
      for size in sizes {
        let rows = measurements.filter { $0.format == format && $0.size == size.label }
        guard let ours = rows.first(where: \.isOurs), let speed = ours.throughput(ours.parseSeconds)
        else {
          missing = rows.first(where: \.isOurs)?.parseNote ?? "ours not measured"
          continue
        }
        guard
          let (best, name) = fastest(rows.filter { !$0.isOurs }, { $0.throughput($0.parseSeconds) })
        else { continue }
        let r = speed / best
        pass = pass && r >= factor
        details.append("\(size.label) \(format2(r))× vs \(name)")
      }
      verdicts.append(verdict(target, pass: pass, details: details, missing: missing))
    }
    var memoryDetails: [String] = []
    var memoryPass = true
    var memoryMissing: String?
    let bigSizes = sizes.filter { $0.targetBytes >= 10_000_000 }
    for size in bigSizes {
      for format in BenchFormat.allCases {
        guard
          let ours = measurements.first(where: {
            $0.isOurs && $0.format == format && $0.size == size.label
          })
        else { continue }
        guard let rss = ours.parseRSSBytes else {
          memoryMissing = ours.parseNote ?? "no figure"
          continue
        }
        // The document's memory is what the parse adds to a measuring process that does
        // nothing (the Swift runtime and Foundation, about 17 MB); the raw ratio is shown too.
        let baseline = baselines.first { $0.0.hasPrefix("infoscope-bench child") }?.1 ?? 0
        let r = Double(rss) / Double(ours.xmlBytes)
        let added = Double(max(0, rss - baseline)) / Double(ours.xmlBytes)
        memoryPass = memoryPass && added < 4
        memoryDetails.append(
          "\(size.label) \(format.rawValue) \(format2(added))× above the baseline "
            + "(\(format2(r))× raw)")
      }
    }
    verdicts.append(
      bigSizes.isEmpty
        ? TargetResult(
          status: "SKIP", target: "our parse peak RSS < 4× the XML file size",
          detail: "needs 10m or larger (below that the process baseline dominates)")
        : verdict(
          "our parse peak RSS above the process baseline < 4× the XML file size", pass: memoryPass,
          details: memoryDetails,
          missing: memoryMissing))
    return verdicts
  }

  private func verdict(
    _ target: String, pass: Bool, details: [String], missing: String?
  )
    -> TargetResult
  {
    if let missing, details.isEmpty {
      return TargetResult(
        status: "SKIP", target: target, detail: "no figures for ours (\(missing))")
    }
    var detail = details.joined(separator: ", ")
    if let missing { detail += "; incomplete: \(missing)" }
    return TargetResult(
      status: pass && missing == nil ? "PASS" : "FAIL", target: target, detail: detail)
  }

  // MARK: - JSON

  /// The results as pretty-printed JSON.
  func json() -> String {
    struct Document: Encodable {
      var generatorVersion: String
      var measurements: [Measurement]
      var baselinesRSSBytes: [String: Int]
      var absent: [String: String]
      var targets: [TargetResult]
      var terminalUI: [UIMeasurement]
      var terminalUINotes: [String]
      var comparison: DiffBench.Result?
      var parallelLint: [ParallelLintBench.Row]
      var startup: StartupBench.Result?
      var growth: [GrowthBench.Row]
      var wholeCommands: CommandResult?
    }
    let document = Document(
      generatorVersion: PlistGenerator.version, measurements: measurements,
      baselinesRSSBytes: Dictionary(baselines, uniquingKeysWith: { a, _ in a }),
      absent: Dictionary(absent, uniquingKeysWith: { a, _ in a }), targets: targets(),
      terminalUI: ui, terminalUINotes: uiNotes, comparison: diff, parallelLint: parallel,
      startup: startup, growth: growth, wholeCommands: commands)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(document) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Formatting

  private func fastest(
    _ rows: [Measurement], _ speed: (Measurement) -> Double?
  )
    -> (Double, String)?
  {
    rows.compactMap { row in speed(row).map { ($0, row.name) } }.max { $0.0 < $1.0 }
  }

  /// `ours ÷ theirs` as `1.23×`, naming the peer when `named`.
  private func ratio(_ ours: Double?, _ theirs: (Double, String)?, named: Bool = true) -> String {
    guard let ours, let theirs else { return "—" }
    return "\(format2(ours / theirs.0))×" + (named ? " vs \(theirs.1)" : "")
  }

  private func cell(_ speed: Double?, _ note: String?) -> String {
    if let speed { return speed >= 100 ? String(Int(speed.rounded())) : format2(speed) }
    return note.map { "n/a (\($0.replacingOccurrences(of: "|", with: "/")))" } ?? "—"
  }

  private func megabytes(_ bytes: Int) -> String { format2(Double(bytes) / 1e6) }

  private func bytes(_ count: Int) -> String {
    count >= 1_000_000 ? "\(format2(Double(count) / 1e6)) MB" : "\(count) B"
  }
}

/// A time in seconds as `1.23 s`, `4.56 ms` or `7.89 µs`.
func duration(_ seconds: Double) -> String {
  if seconds >= 1 { return "\(format2(seconds)) s" }
  if seconds >= 1e-3 { return "\(format2(seconds * 1e3)) ms" }
  return "\(format2(seconds * 1e6)) µs"
}

/// `value` with two decimals.
func format2(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  let hundredths = abs(Int((value * 100).rounded()))
  let fraction = hundredths % 100
  return
    (value < 0 && hundredths > 0 ? "-" : "")
    + "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
