import Foundation
import PlistCore

/// Whole commands, as users feel them (issue 15, item 8): each figure is one process from
/// spawn to reaped (process start, reading the file and writing the result included), the
/// best of N wall-clock runs, ours and each peer alternated; its peak RSS is the process's
/// own.
///
/// Documents: for each size the generated Info.plist-shaped document (`PlistGenerator`) and a
/// dense one written by Python's plistlib (`DenseDocument`), each read as XML and as binary.
/// Jobs: `print`, `convert --to xml|binary|json`, `get KEYPATH`, `lint`. Every run's result is
/// checked (`OutputCheck`): a peer that exits 0 without writing a real property list, or
/// prints nothing, gets no figure. The memory rows are our `convert --to xml` peaks above the
/// process's own (the same conversion of a one-value file); the depth rows read 100,000 nested arrays and must
/// refuse 1,000,000.
enum CommandBench {
  /// The largest ours ÷ fastest peer time that passes (issue 15, item 8: a quarter).
  static let ratioLimit = 0.25
  /// The largest (peak − baseline) ÷ XML size that passes for our XML round trip.
  static let memoryLimit = 3.0
  /// Documents whose size label is below this XML size (bytes) are shown in the memory rows
  /// but not judged: the process's own memory is then most of the peak.
  static let memoryJudgedFrom = 1_000_000
  /// The exit status of a refused document (`EX_NOINPUT`).
  static let refusedStatus: Int32 = 66
  /// What standard error must say for a document nested too deep.
  static let refusedMessage = "nest deeper than"

  /// Ours ÷ the peer's time, or nil when either is missing (or the peer's is not positive).
  static func ratio(ours: Double?, peer: Double?) -> Double? {
    guard let ours, let peer, peer > 0 else { return nil }
    return ours / peer
  }

  /// PASS when `ratio` is at most `limit`, FAIL above it, SKIP when there is none.
  static func verdict(_ ratio: Double?, limit: Double) -> String {
    guard let ratio else { return "SKIP" }
    return ratio <= limit ? "PASS" : "FAIL"
  }

  /// (peak − baseline) ÷ the XML form's bytes; a peak under the baseline counts as 0.
  static func memoryRatio(peak: Int, baseline: Int, xmlBytes: Int) -> Double {
    guard xmlBytes > 0 else { return .infinity }
    return Double(max(0, peak - baseline)) / Double(xmlBytes)
  }

  /// `n` with a comma between each group of three digits (`100,000`).
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return (n < 0 ? "-" : "") + out
  }

  /// Timed runs for a size: the option's `--runs`, else the codec table's (5 up to 1 MB, 3 at
  /// 10 MB, 1 at 100 MB).
  static func runs(_ options: BenchOptions, _ size: BenchSize) -> Int { options.runs(for: size) }
}

/// Runs the whole-command section.
struct CommandRunner {
  /// The bench's options (sizes and runs).
  var options: BenchOptions
  /// Makes the generated documents (`Bench.inputs(for:)`).
  var bench: Bench
  /// The folder of cached inputs.
  var cache: String
  /// A folder for outputs, removed when the bench ends.
  var scratch: String
  /// Our binary.
  var binary: String
  /// GNU time's path, when present: it reports a child's own peak RSS.
  var gnuTime: String?

  /// One run's figures.
  struct Run {
    var status: Int32
    var seconds: Double
    var rssBytes: Int
    var floored: Bool
  }

  /// Measures every row, the memory rows and the depth rows.
  ///
  /// - Parameter python: the Python interpreter (it writes the dense document, and is two peers).
  /// - Returns: the figures, with a note for anything that could not be measured.
  func run(python: String?) -> CommandResult {
    var result = CommandResult(binary: binary, rssFromGNUTime: gnuTime != nil)
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      result.notes.append("no \(binary): build it first with swift build -c release")
      return result
    }
    if let stale = StartupBench.staleModule(of: binary) {
      result.notes.append(
        "\(binary) is older than its module \(stale): swift build -c release makes it afresh")
    }
    let ours = CommandBench.ours(binary: binary)
    let peers = CommandBench.peers(python: python)
    for peer in peers { if let reason = peer.absentReason { result.absent[peer.name] = reason } }
    if let version = measured([binary, "--version"]), version.status == 0 {
      result.versionRSSBytes = version.rssBytes
    }
    do {
      let tiny = try tinyInputs()
      for (format, path) in [(BenchFormat.xml, tiny.xml), (.binary, tiny.binary)] {
        let arguments = [binary, "convert", path, "--to", "xml", "-o", outputPath(.convertXML)]
        if let run = measured(arguments), run.status == 0 {
          result.conversionBaselineRSSBytes[format.rawValue] = run.rssBytes
        } else {
          result.notes.append("converting a one-value \(format) file failed: no memory baseline")
        }
      }
    } catch {
      result.notes.append("cannot write the one-value files: \(error)")
    }
    for size in options.sizes {
      var documents: [(kind: String, xml: String, binary: String)] = []
      do {
        let generated = try bench.inputs(for: size)
        documents.append(("generated", generated.xml, generated.binary))
      } catch {
        result.notes.append("generated \(size.label): \(error)")
      }
      if let python {
        do {
          let dense = try DenseDocument.inputs(size, cache: cache, python: python)
          documents.append(("dense", dense.xml, dense.binary))
        } catch {
          result.notes.append("dense \(size.label): \(error)")
        }
      } else {
        result.notes.append("dense documents skipped: python3 not found")
      }
      for document in documents {
        let xmlBytes = fileSize(document.xml)
        for format in BenchFormat.allCases {
          let input = describe(
            kind: document.kind, size: size.label, format: format,
            path: format == .xml ? document.xml : document.binary, xmlBytes: xmlBytes)
          for job in CommandJob.allCases {
            printError(
              "measuring whole commands: \(job.label) \(input.kind) \(size.label) \(format)")
            let row = measure(
              job, on: input, ours: ours, peers: peers, runs: CommandBench.runs(options, size))
            result.rows.append(row)
            if job == .convertXML, let peak = row.ours.peakRSSBytes {
              result.memory.append(
                CommandMemoryRow(
                  document: input.kind, size: input.size, format: format,
                  fileBytes: input.fileBytes, xmlBytes: xmlBytes, peakRSSBytes: peak,
                  baselineRSSBytes: result.conversionBaselineRSSBytes[format.rawValue] ?? 0,
                  peers: Dictionary(
                    row.peers.compactMap { peer in peer.peakRSSBytes.map { (peer.name, $0) } },
                    uniquingKeysWith: { a, _ in a })))
            }
          }
        }
      }
    }
    do {
      result.depth = try depthRows(runs: options.runs ?? 3)
    } catch {
      result.notes.append("cannot write the deep documents: \(error)")
    }
    return result
  }

  /// The row's input, with the key path `get` reads and the key `print` must show.
  func describe(
    kind: String, size: String, format: BenchFormat, path: String, xmlBytes: Int
  )
    -> CommandDocument
  {
    let dense = kind == "dense"
    return CommandDocument(
      kind: kind, size: size, format: format, path: path, fileBytes: fileSize(path),
      xmlBytes: xmlBytes, keyPath: dense ? DenseDocument.keyPath : "CFBundleIdentifier",
      plutilKeyPath: dense ? DenseDocument.plutilKeyPath : "CFBundleIdentifier",
      keyPathValue: dense ? DenseDocument.keyPathValue : nil,
      mentions: dense ? "records" : "CFBundleIdentifier")
  }

  /// One row: a checked run of each implementation (its peak RSS), then `runs` timed rounds,
  /// ours and the peers alternated.
  func measure(
    _ job: CommandJob, on document: CommandDocument, ours: CommandImplementation,
    peers: [CommandImplementation], runs: Int
  ) -> CommandRow {
    let everyone = [ours] + peers
    var timings = everyone.map { CommandTiming(implementation: $0.id, name: $0.name) }
    var commands: [[String]?] = []
    var expected = document.keyPathValue
    for (index, implementation) in everyone.enumerated() {
      if let absent = implementation.absentReason {
        timings[index].note = absent
        commands.append(nil)
        continue
      }
      let out = outputPath(job)
      switch implementation.command(job, document, out) {
      case .cannot(let reason):
        timings[index].note = reason
        commands.append(nil)
      case .run(let arguments):
        switch check(arguments, job: job, implementation: implementation, out: out, document) {
        case .failure(let problem):
          timings[index].note = problem.text
          commands.append(nil)
        case .success(let (run, answer)):
          timings[index].peakRSSBytes = run.rssBytes
          timings[index].rssFloored = run.floored
          commands.append(arguments)
          if index == 0, job == .get, expected == nil { expected = answer }
          if index > 0, job == .get, let expected,
            let problem = OutputCheck.printed(answer, expected: expected)
          {
            timings[index].note = problem
            commands[index] = nil
          }
        }
      }
    }
    for _ in 0..<max(1, runs) {
      for (index, implementation) in everyone.enumerated() {
        guard let arguments = commands[index] else { continue }
        try? FileManager.default.removeItem(atPath: outputPath(job))
        guard
          let run = Spawner.spawn(
            arguments, stdout: scratch + "/command.stdout", stderr: scratch + "/command.stderr")
        else {
          timings[index].note = "could not start \(arguments[0])"
          timings[index].seconds = nil
          commands[index] = nil
          continue
        }
        guard implementation.succeeded(job, run.status) else {
          timings[index].note = "exit status \(run.status) on a timed run"
          timings[index].seconds = nil
          commands[index] = nil
          continue
        }
        timings[index].seconds = min(timings[index].seconds ?? .infinity, run.seconds)
        if gnuTime == nil {
          let rss = run.usage.ru_maxrss * 1024
          timings[index].peakRSSBytes = max(timings[index].peakRSSBytes ?? 0, rss)
        }
      }
    }
    return CommandRow(
      document: document.kind, size: document.size, format: document.format, job: job,
      fileBytes: document.fileBytes, xmlBytes: document.xmlBytes, runs: max(1, runs),
      ours: timings[0], peers: Array(timings.dropFirst()))
  }

  /// The untimed first run of a command: it must succeed and its output must be real.
  ///
  /// - Returns: the run (its peak RSS) and, for `get`, what it printed; or why it does not count.
  private func check(
    _ arguments: [String], job: CommandJob, implementation: CommandImplementation, out: String,
    _ document: CommandDocument
  ) -> Result<(Run, String), UsageMessage> {
    try? FileManager.default.removeItem(atPath: out)
    guard let run = measured(arguments) else {
      return .failure(UsageMessage("could not start \(arguments[0])"))
    }
    guard implementation.succeeded(job, run.status) else {
      let last = lastLine(scratch + "/command.stderr")
      return .failure(UsageMessage(last.isEmpty ? "exit status \(run.status)" : last))
    }
    let printed = head(scratch + "/command.stdout", bytes: 65_536)
    let problem: String?
    switch job {
    case .convertXML, .convertBinary, .convertJSON:
      problem = job.output.flatMap { OutputCheck.plistFile(out, as: $0) }
    case .print:
      problem = OutputCheck.printed(printed, containing: document.mentions)
    case .get:
      problem = OutputCheck.printed(printed)
    case .lint:
      problem = nil
    }
    if let problem { return .failure(UsageMessage(problem)) }
    return .success((run, printed.trimmed))
  }

  /// Runs `arguments` once with standard output and error in the scratch folder; its peak RSS
  /// is GNU time's figure for it when GNU time is present, else wait4's (floored).
  func measured(_ arguments: [String]) -> Run? {
    let rssPath = scratch + "/command.rss"
    var argv = arguments
    if let gnuTime { argv = [gnuTime, "-f", "%M", "-o", rssPath] + arguments }
    guard
      let run = Spawner.spawn(
        argv, stdout: scratch + "/command.stdout", stderr: scratch + "/command.stderr")
    else { return nil }
    if gnuTime != nil, let text = try? String(contentsOfFile: rssPath, encoding: .utf8),
      let last = text.split(separator: "\n").last, let kilobytes = Int(last)
    {
      return Run(
        status: run.status, seconds: run.seconds, rssBytes: kilobytes * 1024, floored: false)
    }
    // GNU time writes "Command exited with non-zero status N" before the figure; a signal
    // shows as "Command terminated by signal N".
    return Run(
      status: run.status, seconds: run.seconds, rssBytes: run.usage.ru_maxrss * 1024,
      floored: true)
  }

  /// The deep documents' rows: 100,000 levels in XML and binary read by print, convert and
  /// lint, which must succeed; 1,000,000 levels in XML, which print, convert and lint must
  /// refuse with exit status 66 and `nest deeper than`, without a signal.
  ///
  /// - Throws: file-system errors writing the documents.
  func depthRows(runs: Int) throws -> [CommandDepthRow] {
    let files = try DepthDocument.inputs(cache: cache)
    let ours = CommandBench.ours(binary: binary)
    let level = CommandBench.grouped(DepthDocument.readable)
    let refusedLevel = CommandBench.grouped(DepthDocument.refused)
    var inputs: [(String, String, [CommandJob], Bool)] = [
      (
        "XML, \(level) levels", files.xml,
        [.print, .convertXML, .convertBinary, .convertJSON, .lint], false
      ),
      (
        "binary, \(level) levels", files.binary,
        [.print, .convertXML, .convertBinary, .convertJSON, .lint], false
      ),
    ]
    inputs.append(
      ("XML, \(refusedLevel) levels", files.refusedXML, [.print, .convertXML, .lint], true))
    var rows: [CommandDepthRow] = []
    for (name, path, jobs, mustRefuse) in inputs {
      for job in jobs {
        printError("measuring whole commands: \(job.label) of \(name)")
        let document = CommandDocument(
          kind: name, size: "", format: path.hasSuffix(".xml") ? .xml : .binary, path: path,
          fileBytes: fileSize(path), xmlBytes: 0, keyPath: "", plutilKeyPath: "",
          mentions: "")
        let out = outputPath(job)
        guard case .run(let arguments) = ours.command(job, document, out) else { continue }
        var row = CommandDepthRow(document: name, job: job, mustRefuse: mustRefuse)
        for attempt in 0..<max(1, runs) {
          try? FileManager.default.removeItem(atPath: out)
          let run: Run?
          if attempt == 0 {
            run = measured(arguments)
          } else {
            run = Spawner.spawn(
              arguments, stdout: scratch + "/command.stdout", stderr: scratch + "/command.stderr"
            ).map { Run(status: $0.status, seconds: $0.seconds, rssBytes: 0, floored: true) }
          }
          guard let run else {
            row.problem = "could not start \(binary)"
            break
          }
          if attempt == 0 { row.peakRSSBytes = run.rssBytes }
          row.status = run.status
          row.seconds = min(row.seconds ?? .infinity, run.seconds)
          row.message = refusalLine()
          row.problem = CommandBench.depthProblem(
            job, status: run.status, message: row.message, mustRefuse: mustRefuse,
            succeeded: ours.succeeded(job, run.status))
          if row.problem == nil, !mustRefuse, let format = job.output {
            row.problem = OutputCheck.plistFile(out, as: format)
          }
          if row.problem != nil { break }
        }
        rows.append(row)
      }
    }
    return rows
  }

  /// One-value files (an empty array) in XML and binary, for the memory baselines.
  ///
  /// - Throws: file-system errors.
  func tinyInputs() throws -> (xml: String, binary: String) {
    let xml = "\(cache)/tiny-v1.xml"
    let binary = "\(cache)/tiny-v1.bplist"
    try Data(DepthDocument.xml(depth: 1)).write(to: URL(fileURLWithPath: xml))
    try Data(DepthDocument.binary(depth: 1)).write(to: URL(fileURLWithPath: binary))
    return (xml, binary)
  }

  /// The output file of a conversion job, in the scratch folder.
  func outputPath(_ job: CommandJob) -> String {
    scratch + "/command-output." + (job.output?.rawValue ?? "none")
  }

  private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// Up to `bytes` bytes from the start of the file at `path`, as text.
  private func head(_ path: String, bytes: Int) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? handle.close() }
    return String(decoding: (try? handle.read(upToCount: bytes)) ?? Data(), as: UTF8.self)
  }

  /// The first line of the last run's standard error or output that holds
  /// `CommandBench.refusedMessage`, else the first line of its standard error.
  private func refusalLine() -> String {
    let errors = head(scratch + "/command.stderr", bytes: 4096).split(separator: "\n")
    let output = head(scratch + "/command.stdout", bytes: 4096).split(separator: "\n")
    let line = (errors + output).first { $0.contains(CommandBench.refusedMessage) }
    return String(line ?? errors.first ?? "")
  }

  private func lastLine(_ path: String) -> String {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.map(String.init)?.trimmed ?? ""
  }
}

extension CommandBench {
  /// The exit status that refuses a document for `job`: ``refusedStatus``, except for `lint`,
  /// which reports an unreadable property list as a finding (`unreadable_property_list`) and
  /// exits 1, as for any finding.
  static func refusalStatus(_ job: CommandJob) -> Int32 { job == .lint ? 1 : refusedStatus }

  /// Why a depth row fails, or nil when it passes: a signal always fails; a refused document
  /// must exit with ``refusalStatus(_:)`` and say ``refusedMessage``; a readable one must
  /// succeed.
  static func depthProblem(
    _ job: CommandJob, status: Int32, message: String, mustRefuse: Bool, succeeded: Bool
  ) -> String? {
    if status > 128 { return "ended by signal \(status - 128)" }
    if mustRefuse {
      let expected = refusalStatus(job)
      if status != expected { return "exit status \(status), not \(expected)" }
      if !message.contains(refusedMessage) { return "it does not say \"\(refusedMessage)\"" }
      return nil
    }
    return succeeded ? nil : "exit status \(status)"
  }
}
