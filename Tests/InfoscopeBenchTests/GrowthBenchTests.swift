import Testing

@testable import infoscope_bench

@Suite struct GrowthBenchTests {
  private func row(
    _ format: BenchFormat, _ operation: BenchOperation, small: Double?, large: Double?
  ) -> GrowthBench.Row {
    GrowthBench.Row(
      format: format, operation: operation, small: "1m", large: "100m", smallBytes: 1_000_000,
      largeBytes: 100_000_000, smallSeconds: small, largeSeconds: large)
  }

  @Test func comparesTheCostPerMegabyteAtBothSizes() {
    let linear = row(.xml, .parse, small: 0.004, large: 0.44)
    #expect(linear.smallPerMB == 0.004)
    #expect(abs((linear.ratio ?? 0) - 1.1) < 1e-9)
    let rows = [
      linear, row(.xml, .roundtrip, small: 0.01, large: 1.0),
      row(.binary, .parse, small: 0.002, large: 0.2),
      row(.binary, .roundtrip, small: 0.005, large: 0.5),
    ]
    let pass = GrowthBench.target(rows)
    #expect(pass.status == "PASS")
    #expect(pass.detail.hasPrefix("xml parse 1.10×, xml parse+write 1.00×"))
    let slow = GrowthBench.target(rows + [row(.binary, .parse, small: 0.002, large: 0.3)])
    #expect(slow.status == "FAIL")
    let missing = GrowthBench.target([row(.xml, .parse, small: 0.004, large: nil)])
    #expect(missing.status == "FAIL")
    #expect(GrowthBench.target([]).status == "SKIP")
    #expect(GrowthBench.markdown(rows).contains("| xml | parse | 1.00 MB | 4.00 ms |"))
  }

  @Test func picksOneMegabyteAndTheLargestSize() throws {
    let sizes = try #require(GrowthBench.sizes(BenchSize.all))
    #expect(sizes.small.label == "1m" && sizes.large.label == "100m")
    #expect(GrowthBench.sizes(Array(BenchSize.all.prefix(3)))?.large.label == "10m")
    #expect(GrowthBench.sizes(Array(BenchSize.all.prefix(2))) == nil)
  }

  @Test func parsesItsOptions() throws {
    let only = try BenchOptions.parse(["--growth-only", "--sizes", "1m,100m"]).get()
    #expect(only.growth && !only.codec && !only.ui && !only.parallel && !only.startup)
    #expect(only.sizes.map(\.label) == ["1m", "100m"])
    #expect(try !BenchOptions.parse(["--no-growth"]).get().growth)
    #expect(try !BenchOptions.parse(["--parallel-only"]).get().growth)
    #expect(try BenchOptions.parse([]).get().growth)
  }
}
