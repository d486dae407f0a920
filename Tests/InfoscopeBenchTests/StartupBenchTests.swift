import Foundation
import Testing

import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

@Suite struct StartupBenchTests {
  private func timing(_ seconds: Double) -> StartupBench.Timing {
    StartupBench.Timing(seconds: seconds, medianSeconds: seconds * 1.2, pageFaults: 100)
  }

  private func result(
    ours: Double?, plistutil: Double?, screens: [(String, Double)] = [], notes: [String] = []
  ) -> StartupBench.Result {
    StartupBench.Result(
      binary: "/x/infoscope", runs: 5, ours: ours.map(timing), plistutil: plistutil.map(timing),
      firstScreens: screens.map {
        StartupBench.FirstScreen(document: $0.0, seconds: $0.1, medianSeconds: $0.1)
      }, notes: notes)
  }

  @Test func judgesPrintAgainstPlistutil() throws {
    let fast = StartupBench.targets(result(ours: 0.0009, plistutil: 0.001))
    #expect(fast[0].status == "PASS")
    #expect(fast[0].detail == "0.90× (900.00 µs vs 1.00 ms)")
    let slow = StartupBench.targets(result(ours: 0.002, plistutil: 0.001))
    #expect(slow[0].status == "FAIL")
    #expect(slow[0].detail.hasPrefix("2.00× "))
  }

  @Test func judgesTheSlowestFirstScreen() throws {
    let screens = [("generated 5 KB", 0.012), ("corpus A.app", 0.049)]
    let pass = StartupBench.targets(result(ours: 0.001, plistutil: 0.001, screens: screens))
    #expect(pass[1].status == "PASS")
    #expect(pass[1].detail == "generated 5 KB 12.00 ms, corpus A.app 49.00 ms")
    let slow = StartupBench.targets(
      result(ours: 0.001, plistutil: 0.001, screens: screens + [("corpus A.ipa", 0.05)]))
    #expect(slow[1].status == "FAIL")
  }

  @Test func skipsWhatItCouldNotMeasure() throws {
    let missing = StartupBench.targets(
      result(ours: nil, plistutil: nil, notes: ["no /x/infoscope: build it first"]))
    #expect(missing.map(\.status) == ["SKIP", "SKIP"])
    #expect(missing[0].detail == "no /x/infoscope: build it first")
    let noPeer = StartupBench.targets(result(ours: 0.001, plistutil: nil))
    #expect(noPeer[0].status == "SKIP")
  }

  @Test func timesAWholeCommandAndItsFaults() throws {
    let sample = try #require(StartupBench.sample(["/bin/true"]))
    #expect(sample.status == 0)
    #expect(sample.seconds > 0)
    #expect(sample.pageFaults > 0)
    let failing = try #require(StartupBench.sample(["/bin/false"]))
    #expect(failing.status == 1)
    let best = try #require(
      StartupBench.timing([
        StartupBench.Sample(seconds: 0.003, pageFaults: 30, status: 0),
        StartupBench.Sample(seconds: 0.001, pageFaults: 10, status: 0),
        StartupBench.Sample(seconds: 0.002, pageFaults: 20, status: 0),
      ]))
    #expect(best.seconds == 0.001 && best.pageFaults == 10 && best.medianSeconds == 0.002)
  }

  /// A child on the pseudo-terminal sees a terminal of the set size, and the first screen ends
  /// at its last byte before the pause.
  @Test func timesTheFirstScreenOnAPseudoTerminal() throws {
    let script = "stty size; test -t 0 && test -t 1 && echo terminal; read -r key; echo \"$key\""
    var terminal = PseudoTerminal()
    terminal.quiet = 0.3
    let screen = try terminal.firstScreen(["/bin/sh", "-c", script])
    let text = String(decoding: screen.output, as: UTF8.self)
    #expect(text.contains("40 120"))
    #expect(text.contains("terminal"))
    #expect(screen.seconds < terminal.quiet)
  }

  @Test func notesABinaryOlderThanItsModules() throws {
    let files = FileManager.default
    let folder = TemporaryFolder.uniqueURL("startup")
    defer { try? files.removeItem(at: folder) }
    let objects = folder.appendingPathComponent("PlistCLI.build")
    try files.createDirectory(at: objects, withIntermediateDirectories: true)
    let binary = folder.appendingPathComponent("infoscope").path
    let object = objects.appendingPathComponent("CLI.swift.o").path
    #expect(files.createFile(atPath: binary, contents: Data()))
    #expect(files.createFile(atPath: object, contents: Data()))
    let now = Date()
    try files.setAttributes([.modificationDate: now], ofItemAtPath: binary)
    try files.setAttributes([.modificationDate: now - 60], ofItemAtPath: object)
    #expect(StartupBench.staleModule(of: binary) == nil)
    try files.setAttributes([.modificationDate: now + 60], ofItemAtPath: object)
    #expect(StartupBench.staleModule(of: binary) == "PlistCLI")
  }

  /// The start-up peer reads and writes the document; the old `plistutil -i FILE -p` (no such
  /// option in libplist-utils 2.2.0, which prints its usage and exits 0) is refused.
  @Test(.enabled(if: Spawner.which("plistutil") != nil))
  func choosesAPeerThatWritesTheDocument() throws {
    let plistutil = try #require(Spawner.which("plistutil"))
    let folder = TemporaryFolder.uniqueURL("startup-peer")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("5k.xml").path
    let output = folder.appendingPathComponent("out.bplist").path
    try PlistGenerator.generate(try #require(BenchSize.named("5k")), to: input)
    let command = StartupBench.peerCommand(plistutil, input: input, output: output)
    #expect(StartupBench.checkPeer(command, output: output) == nil)
    let written = try #require(FileManager.default.contents(atPath: output))
    #expect(written.starts(with: Data("bplist00".utf8)))
    #expect(written.count > 1_000)
    let old = [plistutil, "-i", input, "-p"]
    #expect(StartupBench.sample(old)?.status == 0)
    #expect(StartupBench.checkPeer(old, output: output) == "no output file")
  }

  @Test func parsesItsOptions() throws {
    let only = try BenchOptions.parse(["--startup-only"]).get()
    #expect(only.startup && !only.codec && !only.ui && !only.bundles && !only.diff)
    #expect(!only.parallel)
    #expect(try !BenchOptions.parse(["--no-startup"]).get().startup)
    #expect(try !BenchOptions.parse(["--ui-only"]).get().startup)
    #expect(try BenchOptions.parse([]).get().startup)
  }
}
