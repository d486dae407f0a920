import Foundation
import PlistCore
import Testing

import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

@Suite struct CommandBenchTests {
  private func timing(_ id: String, _ seconds: Double?, note: String? = nil) -> CommandTiming {
    CommandTiming(implementation: id, name: id, seconds: seconds, note: note)
  }

  private func row(
    ours: Double?, peers: [Double?], job: CommandJob = .print, size: String = "1m"
  ) -> CommandRow {
    CommandRow(
      document: "dense", size: size, format: .xml, job: job, fileBytes: 1_000_000,
      xmlBytes: 1_000_000, runs: 5, ours: timing("ours", ours),
      peers: peers.enumerated().map { timing("peer\($0.offset)", $0.element) })
  }

  private func memory(size: String, xmlBytes: Int, peak: Int) -> CommandMemoryRow {
    CommandMemoryRow(
      document: "generated", size: size, format: .binary, fileBytes: xmlBytes / 5,
      xmlBytes: xmlBytes, peakRSSBytes: peak, baselineRSSBytes: 12_000_000, peers: [:])
  }

  /// How deep the first items of nested arrays go from `root` (the root array is level 1).
  private func depth(_ root: PlistNode) -> Int {
    var levels = 0
    var node: PlistNode? = root
    while case .array(let items)? = node?.value {
      levels += 1
      node = items.first
    }
    return levels
  }

  @Test func parsesTheCommandFlags() throws {
    let only = try BenchOptions.parse(["--commands-only"]).get()
    #expect(only.commands)
    #expect(!only.codec && !only.ui && !only.bundles && !only.diff && !only.parallel)
    #expect(!only.startup && !only.growth)
    let skipped = try BenchOptions.parse(["--no-commands"]).get()
    #expect(!skipped.commands && skipped.codec && skipped.startup && skipped.growth)
    let quick = try BenchOptions.parse(["--quick"]).get()
    #expect(quick.commands)
    #expect(quick.sizes.map(\.label) == ["5k", "1m"])
    #expect(try BenchOptions.parse([]).get().commands)
    #expect(try !BenchOptions.parse(["--startup-only"]).get().commands)
    #expect(try !BenchOptions.parse(["--growth-only"]).get().commands)
    let sized = try BenchOptions.parse(["--commands-only", "--sizes", "5k,1m", "--runs", "2"]).get()
    #expect(sized.sizes.map(\.label) == ["5k", "1m"] && sized.runs == 2 && sized.commands)
    #expect(CommandBench.runs(sized, BenchSize.all[3]) == 2)
    let byDefault = try BenchOptions.parse(["--commands-only"]).get()
    #expect(BenchSize.all.map { CommandBench.runs(byDefault, $0) } == [5, 5, 3, 1])
  }

  @Test func judgesOursAgainstTheFastestPeer() throws {
    #expect(CommandBench.ratio(ours: 0.001, peer: 0.004) == 0.25)
    #expect(CommandBench.verdict(0.25, limit: CommandBench.ratioLimit) == "PASS")
    #expect(CommandBench.verdict(0.2501, limit: CommandBench.ratioLimit) == "FAIL")
    #expect(CommandBench.verdict(nil, limit: CommandBench.ratioLimit) == "SKIP")
    #expect(CommandBench.ratio(ours: nil, peer: 0.004) == nil)
    #expect(CommandBench.ratio(ours: 0.001, peer: 0) == nil)
    let mixed = row(ours: 0.006, peers: [nil, 0.08, 0.012, 0.075])
    #expect(mixed.fastestPeer?.implementation == "peer2")
    #expect(mixed.ratio == 0.5)
    let lonely = row(ours: 0.006, peers: [nil, nil])
    #expect(lonely.fastestPeer == nil && lonely.ratio == nil)
    let target = CommandBench.timeTarget([
      row(ours: 0.001, peers: [0.005]), mixed, lonely,
    ])
    #expect(target.status == "FAIL")
    #expect(target.detail.hasPrefix("1 of 2 rows pass; best print dense 1m xml 0.20× vs peer0"))
    #expect(target.detail.hasSuffix("; 1 rows without a figure from ours or any peer"))
    #expect(CommandBench.timeTarget([row(ours: 0.001, peers: [0.004])]).status == "PASS")
    #expect(CommandBench.timeTarget([lonely]).status == "SKIP")
    #expect(CommandBench.ratioText(0.2548, limit: 0.25) == "0.255×")
    #expect(CommandBench.ratioText(0.2452, limit: 0.25) == "0.245×")
    #expect(CommandBench.ratioText(0.25, limit: 0.25) == "0.25×")
    #expect(CommandBench.ratioText(3.19, limit: 0.25) == "3.19×")
  }

  @Test func subtractsTheBaselineFromTheMemoryPeak() throws {
    #expect(
      CommandBench.memoryRatio(peak: 42_000_000, baseline: 12_000_000, xmlBytes: 10_000_000)
        == 3.0)
    #expect(CommandBench.memoryRatio(peak: 10_000_000, baseline: 12_000_000, xmlBytes: 1_000) == 0)
    let small = memory(size: "5k", xmlBytes: 5_000, peak: 16_000_000)
    #expect(small.ratio == 800)
    #expect(CommandBench.memoryTarget([small]).status == "SKIP")
    let fits = memory(size: "10m", xmlBytes: 10_000_000, peak: 42_000_000)
    let over = memory(size: "1m", xmlBytes: 999_000, peak: 15_496_500)
    #expect(over.judged && !small.judged)
    let pass = CommandBench.memoryTarget([small, fits])
    #expect(pass.status == "PASS")
    #expect(pass.detail == "generated 10m binary 3.00×")
    let fail = CommandBench.memoryTarget([small, over, fits])
    #expect(fail.status == "FAIL")
    #expect(fail.detail == "generated 1m binary 3.50×, generated 10m binary 3.00×")
  }

  @Test func judgesTheDeepDocuments() {
    #expect(
      CommandBench.depthProblem(
        .print, status: 66, message: "x.xml:9:1: error: containers nest deeper than 100000",
        mustRefuse: true, succeeded: false) == nil)
    #expect(
      CommandBench.depthProblem(
        .lint, status: 1, message: "containers nest deeper than 100000 levels", mustRefuse: true,
        succeeded: true) == nil)
    #expect(
      CommandBench.depthProblem(
        .print, status: 1, message: "nest deeper than", mustRefuse: true, succeeded: false)
        == "exit status 1, not 66")
    #expect(
      CommandBench.depthProblem(
        .convertXML, status: 66, message: "cannot read", mustRefuse: true, succeeded: false)
        == "it does not say \"nest deeper than\"")
    #expect(
      CommandBench.depthProblem(
        .print, status: 139, message: "", mustRefuse: true, succeeded: false)
        == "ended by signal 11")
    #expect(
      CommandBench.depthProblem(.lint, status: 1, message: "", mustRefuse: false, succeeded: true)
        == nil)
    #expect(
      CommandBench.depthProblem(
        .convertJSON, status: 66, message: "", mustRefuse: false, succeeded: false)
        == "exit status 66")
    #expect(CommandBench.grouped(100_000) == "100,000" && CommandBench.grouped(999) == "999")
  }

  @Test func writesDocumentsOfTheAskedDepth() throws {
    let xml = try PlistReader.read(bytes: DepthDocument.xml(depth: 1_000)).root
    #expect(depth(xml) == 1_000)
    let binary = try PlistReader.read(bytes: DepthDocument.binary(depth: 1_000)).root
    #expect(depth(binary) == 1_000)
    #expect(xml == binary)
    // As deep as infoscope reads, on a large stack (releasing the tree recurses per level).
    let deepest = try LargeStack.run { () throws(PlistError) -> Int in
      depth(try PlistReader.read(bytes: DepthDocument.binary(depth: DepthDocument.readable)).root)
    }
    #expect(deepest == 100_000)
    #expect(throws: PlistError.self) {
      try PlistReader.read(bytes: DepthDocument.xml(depth: DepthDocument.readable + 1))
    }
    do {
      _ = try PlistReader.read(bytes: DepthDocument.xml(depth: DepthDocument.readable + 1))
    } catch {
      #expect(error.message.contains(CommandBench.refusedMessage))
    }
  }

  @Test(.enabled(if: Spawner.which("python3") != nil))
  func writesTheDenseDocumentWithPlistlib() throws {
    let python = try #require(Spawner.which("python3"))
    let folder = TemporaryFolder.uniqueURL("dense")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func make(_ name: String, _ target: Int) throws -> (xml: Data, binary: Data, records: Int) {
      let xml = folder.appendingPathComponent("\(name).xml").path
      let binary = folder.appendingPathComponent("\(name).bplist").path
      let records = try DenseDocument.generate(
        targetBytes: target, xml: xml, binary: binary, python: python)
      return (
        try #require(FileManager.default.contents(atPath: xml)),
        try #require(FileManager.default.contents(atPath: binary)), records
      )
    }
    let first = try make("a", 5_000)
    let second = try make("b", 5_000)
    #expect(first.xml == second.xml && first.binary == second.binary)
    #expect(abs(first.xml.count - 5_000) < 500)
    let large = try make("c", 1_000_000)
    #expect(abs(large.xml.count - 1_000_000) < 20_000)
    #expect(large.records > 1_000)
    let value = try PlistReader.read(large.xml).root
    guard case .dictionary(let root) = value.value,
      case .array(let records)? = root["records"]?.value
    else {
      Issue.record("the root is not a dictionary with a records array")
      return
    }
    #expect(records.count == large.records)
    guard case .dictionary(let record) = records[0].value else {
      Issue.record("a record is not a dictionary")
      return
    }
    #expect(record["name"]?.value == .string(DenseDocument.keyPathValue))
    #expect(record["blob"]?.value.kind == .data)
    #expect(record["when"]?.value.kind == .date)
    #expect(record["ok"]?.value == .boolean(false))
    #expect(try PlistReader.read(large.binary).root == value)
  }

  @Test func refusesOutputThatIsNotAPropertyList() throws {
    let folder = TemporaryFolder.uniqueURL("output-check")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out").path
    #expect(OutputCheck.plistFile(path, as: .xml) == "no output file")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(OutputCheck.plistFile(path, as: .xml) == "the output is empty")
    let usage = Data("Usage: plistutil [OPTIONS] [-i FILE] [-o FILE]\n".utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: usage))
    #expect(OutputCheck.plistFile(path, as: .binary)?.hasPrefix("the output is not binary") == true)
    let xml = Data(DepthDocument.xml(depth: 3))
    #expect(FileManager.default.createFile(atPath: path, contents: xml))
    #expect(OutputCheck.plistFile(path, as: .xml) == nil)
    #expect(FileManager.default.createFile(atPath: path, contents: xml.dropLast(20)))
    #expect(OutputCheck.plistFile(path, as: .xml)?.hasPrefix("the output does not parse") == true)
    #expect(OutputCheck.printed("  \n") == "printed nothing")
    #expect(OutputCheck.printed("item-0\n", expected: "item-0") == nil)
    #expect(
      OutputCheck.printed("item-1\n", expected: "item-0") == "printed \"item-1\", not \"item-0\"")
    #expect(OutputCheck.printed("{ records => [] }", containing: "records") == nil)
    #expect(OutputCheck.printed("Usage: x", containing: "records") != nil)
  }
}
