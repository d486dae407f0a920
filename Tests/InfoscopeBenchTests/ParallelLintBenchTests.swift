import Foundation
import Testing

import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

@Suite struct ParallelLintBenchTests {
  private func row(
    _ name: String, serial: Double, parallel: Double, same: Bool = true
  )
    -> ParallelLintBench.Row
  {
    ParallelLintBench.Row(
      name: name, inputs: 44, findings: 120, serialSeconds: serial, parallelSeconds: parallel,
      sameOutput: same)
  }

  @Test func judgesTheCorpusRowsRatio() {
    let pass = ParallelLintBench.target(
      [row("corpus: 41 files", serial: 0.1, parallel: 0.055)], notes: [])
    #expect(pass.status == "PASS")
    #expect(pass.detail == "0.55× (55.00 ms vs 100.00 ms)")
    let slow = ParallelLintBench.target(
      [row("corpus: 41 files", serial: 0.1, parallel: 0.07)], notes: [])
    #expect(slow.status == "FAIL")
    let different = ParallelLintBench.target(
      [row("corpus: 41 files", serial: 0.1, parallel: 0.05, same: false)], notes: [])
    #expect(different.status == "FAIL")
    #expect(different.detail.hasSuffix("; the outputs differ"))
  }

  @Test func skipsWithoutTheCorpus() {
    let skipped = ParallelLintBench.target(
      [row("generated app with 200 extensions", serial: 0.1, parallel: 0.05)],
      notes: ["corpus inputs skipped: none"])
    #expect(skipped.status == "SKIP")
    #expect(skipped.detail == "corpus inputs skipped: none")
  }

  @Test func measuresTheGeneratedAppTheSameBothWays() throws {
    let folder = TemporaryFolder.uniqueURL("bench")
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("A.app").path
    try ParallelLintBench.generate(app)
    let measured = ParallelLintBench.measure("generated", ["lint", app], runs: 1)
    #expect(measured.sameOutput)
    #expect(measured.inputs == 1)
    // Each extension's misspelt key, and the app's.
    #expect(measured.findings >= ParallelLintBench.extensions + 1)
    #expect(ParallelLintBench.markdown([measured], notes: []).contains("| generated | 1 |"))
  }

  @Test func parsesItsOptions() throws {
    let only = try BenchOptions.parse(["--parallel-only"]).get()
    #expect(only.parallel && !only.codec && !only.ui && !only.bundles && !only.diff)
    #expect(try !BenchOptions.parse(["--no-parallel"]).get().parallel)
    #expect(try !BenchOptions.parse(["--diff-only"]).get().parallel)
  }
}
