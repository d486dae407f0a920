import Foundation

/// The bench's top level: options, peers, inputs, measurements, report.
enum BenchCommand {
  /// Runs the bench with the arguments after the program name: the codec against the peers,
  /// then the terminal UI and the other sections (each can be left out).
  ///
  /// - Returns: 0 after measuring (even when a target fails: it is a measurement), 64 for bad
  ///   usage, 1 when the inputs cannot be prepared.
  static func main(_ arguments: [String]) -> Int32 {
    let options: BenchOptions
    switch BenchOptions.parse(arguments) {
    case .success(let parsed):
      options = parsed
    case .failure(let message):
      if !message.text.isEmpty { printError("infoscope-bench: error: \(message.text)") }
      printError(BenchOptions.usage)
      return message.text.isEmpty ? 0 : 64
    }
    let temporary = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    let cache = "\(temporary)/infoscope-bench/\(PlistGenerator.version)"
    let scratch = "\(cache)/scratch-\(getpid())"
    do {
      try FileManager.default.createDirectory(
        atPath: scratch, withIntermediateDirectories: true)
    } catch {
      printError("infoscope-bench: error: cannot create \(scratch): \(error)")
      return 1
    }
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let bench =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let spawner = Spawner(scratch: scratch)
    let implementations = Peers.discover(bench: bench, spawner: spawner)
    let runner = Bench(
      options: options, spawner: spawner, implementations: implementations, cache: cache)
    let measurements: [Measurement]
    var ui: (measurements: [UIMeasurement], notes: [String]) = ([], [])
    do {
      measurements = options.codec ? try runner.run() : []
      if options.ui {
        let small = try runner.inputs(for: BenchSize.all[0]).xml
        ui = try UIRunner(options: options, spawner: spawner, cache: cache, bench: bench)
          .run(small: small)
      }
    } catch {
      printError("infoscope-bench: error: cannot prepare the inputs: \(error)")
      return 1
    }
    var growth: [GrowthBench.Row] = []
    if options.growth {
      do {
        growth = try GrowthBench.run(runner, runs: options.runs ?? GrowthBench.runs)
      } catch {
        printError("infoscope-bench: error: cannot prepare the growth inputs: \(error)")
        return 1
      }
    }
    var diff: DiffBench.Result?
    var diffNote: String?
    if options.diff {
      printError("measuring the comparison of two \(DiffBench.nodes)-value documents")
      do {
        diff = try DiffBench.run(cache: cache, runs: options.runs ?? 3)
      } catch {
        diffNote = "cannot prepare the documents: \(error)"
      }
    }
    var parallel: (rows: [ParallelLintBench.Row], notes: [String]) = ([], [])
    if options.parallel {
      do {
        parallel = try ParallelLintBench.run(cache: cache, runs: options.runs ?? 15)
      } catch {
        parallel.notes.append("cannot prepare the generated app: \(error)")
      }
    }
    var startup: StartupBench.Result?
    if options.startup {
      do {
        let small = try runner.inputs(for: BenchSize.all[0]).xml
        startup = StartupBench.run(
          small: small, bench: bench, cache: cache, runs: options.runs ?? 20)
      } catch {
        startup = StartupBench.Result(
          binary: "infoscope", runs: 0, notes: ["cannot prepare the 5 KB input: \(error)"])
      }
    }
    var commands: CommandResult?
    if options.commands {
      let binary = (bench as NSString).deletingLastPathComponent + "/infoscope"
      commands = CommandRunner(
        options: options, bench: runner, cache: cache, scratch: scratch, binary: binary,
        gnuTime: spawner.gnuTime
      ).run(python: Peers.pythonExecutable(spawner))
    }
    let report = Report(
      measurements: measurements, sizes: options.codec ? options.sizes : [],
      baselines: options.codec ? runner.baselines(bench: bench) : [],
      absent: implementations.compactMap { peer in peer.absentReason.map { (peer.name, $0) } },
      rssFromGNUTime: spawner.gnuTime != nil, codec: options.codec, ui: ui.measurements,
      uiNotes: ui.notes, diff: diff, diffNote: options.diff ? diffNote : nil,
      diffMeasured: options.diff, parallel: parallel.rows, parallelNotes: parallel.notes,
      parallelMeasured: options.parallel, startup: startup, growth: growth,
      growthMeasured: options.growth, commands: commands)
    var markdown = report.markdown()
    if options.bundles { markdown += BundleLintBench.markdown(BundleLintBench.run()) }
    if options.json {
      printError(markdown)
      print(report.json())
    } else {
      print(markdown)
    }
    if let floor = Spawner.ownPeakRSSBytes(), spawner.gnuTime == nil {
      printError("note: the bench's own peak RSS was \(format2(Double(floor) / 1e6)) MB")
    }
    return 0
  }
}
