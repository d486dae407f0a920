import Foundation

/// Our cost per MB at the largest size against 1 MB, for parse and for parse plus write in
/// both formats, measured the same way at both sizes (issue 15, item 3).
///
/// The codec table's in-process rows repeat the work for the budget (0.3 s) and keep the best
/// run, so at 1 MB its figure is the best of about a hundred warm runs (the allocator's pages
/// already mapped), and at 100 MB it is one cold run: a ratio of the two measures the warm-up,
/// not growth. Here every run is a fresh child that reads the file into memory first and then
/// times exactly one parse (or one parse and write), with ``runs`` such runs at each size,
/// alternated between the sizes, and the best of each size kept.
enum GrowthBench {
  /// The most the cost per MB at the large size may be of that at 1 MB.
  static let ratioLimit = 1.2
  /// Cold runs at each size.
  static let runs = 3

  /// One format and operation at the two sizes.
  struct Row: Sendable, Codable {
    var format: BenchFormat
    var operation: BenchOperation
    /// The sizes' labels (`1m`, `100m`).
    var small: String
    var large: String
    /// The files' sizes in bytes.
    var smallBytes: Int
    var largeBytes: Int
    /// The best cold run at each size, in seconds.
    var smallSeconds: Double?
    var largeSeconds: Double?
    /// Why a figure is missing.
    var note: String?
    /// Cold runs at each size.
    var runs = GrowthBench.runs

    /// Seconds per MB (10^6 bytes) at the small size.
    var smallPerMB: Double? { smallSeconds.map { $0 / (Double(smallBytes) / 1e6) } }
    /// Seconds per MB at the large size.
    var largePerMB: Double? { largeSeconds.map { $0 / (Double(largeBytes) / 1e6) } }
    /// Large ÷ small cost per MB (1 = linear).
    var ratio: Double? {
      guard let a = smallPerMB, let b = largePerMB, a > 0 else { return nil }
      return b / a
    }
  }

  /// The two sizes compared: 1 MB and the largest of 10 MB and 100 MB among `sizes`.
  static func sizes(_ sizes: [BenchSize]) -> (small: BenchSize, large: BenchSize)? {
    guard let small = sizes.first(where: { $0.label == "1m" }),
      let large = sizes.filter({ $0.targetBytes >= 10_000_000 }).max(by: {
        $0.targetBytes < $1.targetBytes
      })
    else { return nil }
    return (small, large)
  }

  /// Measures our implementation at the two sizes of `bench`'s options.
  ///
  /// - Returns: four rows (parse and parse plus write, XML and binary), or none when the sizes
  ///   or our implementation are missing.
  /// - Throws: when an input cannot be generated.
  static func run(_ bench: Bench, runs: Int = runs) throws -> [Row] {
    guard let (small, large) = sizes(bench.options.sizes),
      let ours = bench.implementations.first(where: { $0.isOurs && $0.absentReason == nil })
    else { return [] }
    let smallFiles = try bench.inputs(for: small)
    let largeFiles = try bench.inputs(for: large)
    var rows: [Row] = []
    for format in BenchFormat.allCases {
      let smallPath = format == .xml ? smallFiles.xml : smallFiles.binary
      let largePath = format == .xml ? largeFiles.xml : largeFiles.binary
      for operation in [BenchOperation.parse, .roundtrip] {
        printError(
          "measuring growth: ours \(operation.rawValue) \(format.rawValue) "
            + "\(small.label) and \(large.label), \(runs) cold runs each")
        var row = Row(
          format: format, operation: operation, small: small.label, large: large.label,
          smallBytes: fileSize(smallPath), largeBytes: fileSize(largePath), runs: runs)
        for _ in 0..<max(1, runs) {
          for (path, isSmall) in [(smallPath, true), (largePath, false)] {
            // A budget of 0: the child reads the file, then times one run and stops.
            guard let command = ours.command(operation, format, path, 0) else { continue }
            switch bench.runOnce(command, wholeCommand: false) {
            case .success(let run):
              if isSmall {
                row.smallSeconds = min(row.smallSeconds ?? .infinity, run.seconds)
              } else {
                row.largeSeconds = min(row.largeSeconds ?? .infinity, run.seconds)
              }
            case .failure(let failure):
              row.note = failure.text
            }
          }
        }
        rows.append(row)
      }
    }
    return rows
  }

  /// The rows as a Markdown table.
  static func markdown(_ rows: [Row]) -> String {
    guard let first = rows.first else { return "" }
    var out = "## Growth (ours, cold at both sizes)\n\n"
    out += "Each run is a new process that reads the file into memory, then times one parse "
    out += "(or one parse and write); best of \(first.runs) runs at each size, alternated. Cost is "
    out += "seconds per MB of the file (10^6 bytes).\n\n"
    out += "| format | work | \(first.small) file | \(first.small) s/MB | \(first.large) file "
    out += "| \(first.large) s/MB | \(first.large) ÷ \(first.small) |\n"
    out += "| --- | --- | ---: | ---: | ---: | ---: | ---: |\n"
    for row in rows {
      out += "| \(row.format.rawValue) | \(work(row.operation)) "
      out += "| \(megabytes(row.smallBytes)) MB | \(perMB(row.smallPerMB)) "
      out += "| \(megabytes(row.largeBytes)) MB | \(perMB(row.largePerMB)) "
      out += "| \(row.ratio.map { format2($0) + "×" } ?? "n/a (\(row.note ?? "no figure"))") |\n"
    }
    return out + "\n"
  }

  /// The target: every row's ratio at most ``ratioLimit``.
  static func target(_ rows: [Row]) -> TargetResult {
    let large = rows.first?.large ?? "100m"
    let small = rows.first?.small ?? "1m"
    let target =
      "linear growth: our cost per MB at \(large) ≤ \(format2(ratioLimit))× that at \(small), "
      + "parse and parse+write, both formats, cold at both sizes"
    guard !rows.isEmpty else {
      return TargetResult(status: "SKIP", target: target, detail: "needs 1m and 10m or 100m")
    }
    var pass = true
    var details: [String] = []
    for row in rows {
      let name = "\(row.format.rawValue) \(work(row.operation))"
      guard let ratio = row.ratio else {
        pass = false
        details.append("\(name) n/a (\(row.note ?? "no figure"))")
        continue
      }
      pass = pass && ratio <= ratioLimit
      details.append("\(name) \(format2(ratio))×")
    }
    return TargetResult(
      status: pass ? "PASS" : "FAIL", target: target, detail: details.joined(separator: ", "))
  }

  private static func work(_ operation: BenchOperation) -> String {
    operation == .parse ? "parse" : "parse+write"
  }

  private static func perMB(_ seconds: Double?) -> String {
    seconds.map { duration($0) } ?? "—"
  }

  private static func megabytes(_ bytes: Int) -> String { format2(Double(bytes) / 1e6) }

  private static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }
}
