import Foundation
import Testing

import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

@Suite struct UIBenchTests {
  @Test func percentileTakesTheNearestRank() throws {
    let values: [Double] = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6]
    #expect(Percentile.of(values, 50) == 5)
    #expect(Percentile.of(values, 95) == 10)
    #expect(Percentile.of(values, 90) == 9)
    #expect(Percentile.of(values, 0) == 1)
    #expect(Percentile.of(values, 100) == 10)
    #expect(Percentile.of([3, 1, 2], 50) == 2)
    #expect(Percentile.of([], 50) == nil)
  }

  @Test func keyScriptIsFixedBySeedAndCount() {
    func names(_ count: Int, seed: UInt64 = 0x4B45_5953) -> [String] {
      KeyScript.keys(count: count, seed: seed).map(\.description)
    }
    #expect(names(300) == names(300))
    #expect(names(300, seed: 1) != names(300, seed: 2))
    #expect(names(2_000).count == 2_000)
    #expect(names(0) == ["E"])
  }

  @Test func keyScriptMixesFoldsThenExpandsAllThenOnlyMoves() {
    let keys = KeyScript.keys(count: 2_000).map(\.description)
    #expect(keys[1_000] == "E")
    #expect(keys.filter { $0 == "E" }.count == 1)
    let before = Set(keys[..<1_000])
    let after = Set(keys[1_001...])
    #expect(before == ["j", "k", "Ctrl-D", "Ctrl-U", "G", "g", "J", "K", "Space", "Enter"])
    #expect(after == ["j", "k", "Ctrl-D", "Ctrl-U", "G", "g", "J", "K"])
  }

  @Test func parsesTheChildsLine() throws {
    let line =
      "bytes=4500 nodes=120 findings=3 lint=0.002 layout=0.0005 median=2e-05 p95=4e-05 "
      + "max=0.001 slowest=Ctrl-D slowestMedian=3e-05 relint=0.0019 keys=2000 check=77\n"
    let row = try #require(UIBench.parse(line, document: "generated 5 KB"))
    #expect(row.nodes == 120)
    #expect(row.findings == 3)
    #expect(row.keyMedianSeconds == 2e-05)
    #expect(row.slowestKey == "Ctrl-D")
    #expect(abs(row.firstScreenSeconds - 0.0025) < 1e-12)
    #expect(UIBench.parse("bytes=1 nodes=2", document: "x") == nil)
  }

  @Test func generatesAtLeastTheRequestedNodes() throws {
    let path = TemporaryFolder.uniqueURL("bench-test", suffix: "-nodes.xml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let written = try PlistGenerator.generate(nodes: 5_000, to: path)
    #expect(written >= 5_000)
    #expect(written < 5_300)
    // Count the values in the text independently of the emitter's counter.
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    let tags =
      ["<dict>", "<array>", "<string>", "<integer>", "<real>", "<true/>", "<false/>"]
      + ["<date>", "<data>"]
    let counted = text.split(separator: "\n").filter { line in
      let trimmed = line.drop { $0 == "\t" }
      return tags.contains { trimmed.hasPrefix($0) }
    }.count
    #expect(counted == written)
  }

  @Test func findsTheLargestInfoPlistInAManifest() throws {
    let folder = TemporaryFolder.uniqueURL("bench-test", suffix: "-corpus").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/info-plist", withIntermediateDirectories: true)
    let files = [
      ("info-plist/a__Info.plist", "App/Info.plist", 300),
      ("info-plist/b__Info.plist", "Ext/Info.plist", 900),
      ("info-plist/c__InfoPlist.strings", "en.lproj/InfoPlist.strings", 5_000),
    ]
    var manifest = "local_path\tsource_repo\tpath_in_repo\tcommit\tlicense\tnote\n"
    for (local, original, size) in files {
      try Data(repeating: 0x20, count: size).write(to: URL(fileURLWithPath: folder + "/" + local))
      manifest += "\(local)\towner/repo\t\(original)\tabc\tMIT\t\n"
    }
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/MANIFEST.tsv"))
    #expect(CorpusInfoPlist.infoPlists(manifest: manifest).count == 2)
    let found = try CorpusInfoPlist.largest(in: folder).get()
    #expect(found.path == folder + "/info-plist/b__Info.plist")
    #expect(found.name == "b__Info.plist (1 KB)")
    guard case .failure(let reason) = CorpusInfoPlist.largest(in: folder + "/none") else {
      Issue.record("a missing corpus was found")
      return
    }
    #expect(reason.text.hasPrefix("corpus absent"))
  }

  @Test func formatsDurationsAndNodeLabels() {
    #expect(duration(1.5) == "1.50 s")
    #expect(duration(0.0123) == "12.30 ms")
    #expect(duration(0.0000456) == "45.60 µs")
    #expect(UIRunner.nodesLabel(1_000_000) == "1M")
    #expect(UIRunner.nodesLabel(100_000) == "100k")
    #expect(UIRunner.nodesLabel(1_234) == "1234")
  }

  @Test func quickUsesTheSmallerUIDocument() throws {
    let quick = try BenchOptions.parse(["--quick"]).get()
    #expect(quick.uiNodes == 100_000)
    #expect(quick.ui && quick.codec)
    let only = try BenchOptions.parse(["--ui-only", "--ui-nodes", "5000"]).get()
    #expect(!only.codec && only.ui && only.uiNodes == 5_000)
    #expect((try? BenchOptions.parse(["--ui-nodes", "0"]).get()) == nil)
  }

  private func row(_ name: String, median: Double, relint: Double = 0.0005) -> UIMeasurement {
    UIMeasurement(
      document: name, fileBytes: 5_000, nodes: 100, findings: 2, lintSeconds: 0.003,
      layoutSeconds: 0.0005, keyMedianSeconds: median, keyP95Seconds: median * 2,
      keyMaxSeconds: median * 3, slowestKey: "G", slowestKeyMedianSeconds: median,
      relintSeconds: relint, keys: 2_000)
  }

  @Test(arguments: [(0.00045, "PASS"), (0.0009, "FAIL")])
  func reportsTheKeystrokeRatioAsATarget(large: Double, status: String) throws {
    let report = Report(
      measurements: [], sizes: [], baselines: [], absent: [], rssFromGNUTime: true, codec: false,
      ui: [row("generated 5 KB", median: 0.0003), row("generated 1M nodes", median: large)])
    let verdicts = report.targets()
    #expect(verdicts.count == 2)  // the keystroke ratio, then the re-lint
    #expect(verdicts.first?.status == status)
    let markdown = report.markdown()
    #expect(markdown.contains("## Terminal UI"))
    #expect(!markdown.contains("## XML input"))
    #expect(markdown.contains("| generated 1M nodes | 5000 B | 100 | 2 | 3.00 ms | 500.00 µs "))
    #expect(markdown.contains("generated 1M nodes ÷ generated 5 KB: \(format2(large / 0.0003))×"))
  }

  @Test func skipsTheKeystrokeTargetWithoutBothDocuments() {
    let report = Report(
      measurements: [], sizes: [], baselines: [], absent: [], rssFromGNUTime: true, codec: false,
      ui: [row("generated 5 KB", median: 0.0003)], uiNotes: ["corpus Info.plist skipped: absent"])
    #expect(report.targets().map(\.status) == ["SKIP", "PASS"])
    #expect(report.markdown().contains("Not measured: corpus Info.plist skipped: absent."))
  }

  @Test func judgesTheRelintOfTypicalInfoPlistsOnly() {
    func verdict(_ rows: [UIMeasurement]) -> TargetResult? {
      Report(
        measurements: [], sizes: [], baselines: [], absent: [], rssFromGNUTime: true,
        codec: false, ui: rows
      ).targets().last
    }
    let large = row("generated 100k nodes", median: 0.0003, relint: 0.02)
    let pass = verdict([row("generated 5 KB", median: 0.0003, relint: 0.0004), large])
    #expect(pass?.status == "PASS")
    #expect(pass?.detail == "generated 5 KB 400.00 µs")
    let slow = row("corpus Info.plist (33 KB)", median: 0.0003, relint: 0.0012)
    let fail = verdict([row("generated 5 KB", median: 0.0003), large, slow])
    #expect(fail?.status == "FAIL")
    #expect(fail?.detail == "generated 5 KB 500.00 µs, corpus Info.plist (33 KB) 1.20 ms")
  }
}
