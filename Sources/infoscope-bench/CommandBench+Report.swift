import Foundation

extension CommandBench {
  /// The section as Markdown: the rows, the memory rows and the depth rows.
  static func markdown(_ result: CommandResult) -> String {
    var out = "\n## Whole commands (as users feel them)\n\n"
    out += "`\(result.binary)` and each peer as whole processes: wall time from spawn to reaped "
    out += "(process start, reading the file and writing the result included), the best of N "
    out += "runs, ours and the peers alternated; every output is checked before a figure "
    out += "counts (a written file must parse in the asked format, `print` must mention a key "
    out += "of the document, `get` must print ours' value). "
    out += "Ratio = ours ÷ the fastest peer (target ≤ \(format2(ratioLimit))×). The peers' "
    out += "`lint` is a syntax check only (ours also runs the rules). `—` = the peer cannot "
    out += "do the job; the numbered reasons follow the table.\n\n"
    let names = result.rows.first?.peers.map(\.name) ?? []
    var reasons: [String] = []
    func reasonMark(_ name: String, _ note: String) -> String {
      let text = "\(name): \(note)"
      if let index = reasons.firstIndex(of: text) { return "— (\(index + 1))" }
      reasons.append(text)
      return "— (\(reasons.count))"
    }
    if !result.rows.isEmpty {
      out += "| input | job | ours | " + names.joined(separator: " | ")
      out += " | fastest peer | ours ÷ fastest | verdict |\n"
      out += "| --- | --- | ---: |" + String(repeating: " ---: |", count: names.count)
      out += " --- | ---: | --- |\n"
    }
    for row in result.rows {
      out += "| \(row.document) \(row.size) \(row.format.rawValue) (\(bytes(row.fileBytes))) "
      out += "| \(row.job.label) "
      for timing in [row.ours] + row.peers {
        if let seconds = timing.seconds {
          out += "| \(duration(seconds)) "
        } else {
          out += "| \(reasonMark(timing.name, timing.note ?? "no figure")) "
        }
      }
      out += "| \(row.fastestPeer?.name ?? "—") "
      out += "| \(row.ratio.map { ratioText($0, limit: ratioLimit) } ?? "—") "
      out += "| \(verdict(row.ratio, limit: ratioLimit)) |\n"
    }
    if !reasons.isEmpty {
      out += "\n"
      for (index, reason) in reasons.enumerated() { out += "(\(index + 1)) \(reason).\n" }
    }
    if !result.memory.isEmpty {
      out += "\nMemory of our XML round trip (`convert --to xml`): the process's peak RSS, "
      out += "the baseline (the peak of the same command converting a one-value file of the "
      out += "same format: the process's own memory, shown apart) and what the document added "
      out += "per byte of its XML form (target ≤ \(format2(memoryLimit))×, judged from the 1m "
      out += "documents up)"
      if let version = result.versionRSSBytes {
        out += "; `infoscope --version` peaks at \(megabytes(version)) MB"
      }
      out += "; "
      out +=
        result.rssFromGNUTime
        ? "peaks are GNU time's figures for its child.\n\n"
        : "peaks are wait4's, which Linux floors at the bench's own peak (⩽).\n\n"
      out += "| input | XML form | peak RSS | baseline | (peak − baseline) ÷ XML | verdict "
      out += "| peers' peak RSS |\n| --- | ---: | ---: | ---: | ---: | --- | --- |\n"
      for row in result.memory {
        out += "| \(row.document) \(row.size) \(row.format.rawValue) (\(bytes(row.fileBytes))) "
        out += "| \(bytes(row.xmlBytes)) | \(megabytes(row.peakRSSBytes)) MB "
        out +=
          "| \(megabytes(row.baselineRSSBytes)) MB | \(ratioText(row.ratio, limit: memoryLimit)) "
        out += "| \(row.judged ? verdict(row.ratio, limit: memoryLimit) : "not judged") "
        let peers = row.peers.sorted { $0.key < $1.key }
        out +=
          "| \(peers.map { "\($0.key) \(megabytes($0.value)) MB" }.joined(separator: ", ")) |\n"
      }
    }
    if !result.depth.isEmpty {
      out += "\nDeep documents (ours only): nested arrays as deep as infoscope reads must be "
      out += "read, deeper ones refused with exit status \(refusedStatus) and \"\(refusedMessage)\""
      out += " (lint: its unreadable_property_list finding, exit status 1), never a crash.\n\n"
      out += "| document | command | best | peak RSS | exit status | message | verdict |\n"
      out += "| --- | --- | ---: | ---: | ---: | --- | --- |\n"
      for row in result.depth {
        out += "| \(row.document) | \(row.job.label) "
        out += "| \(row.seconds.map(duration) ?? "—") "
        out += "| \(row.peakRSSBytes.map { "\(megabytes($0)) MB" } ?? "—") "
        out += "| \(row.status.map(String.init) ?? "—") "
        out += "| \(shortMessage(row.message)) "
        out += "| \(row.problem.map { "FAIL (\($0))" } ?? "PASS") |\n"
      }
    }
    for (name, reason) in result.absent.sorted(by: { $0.key < $1.key }) {
      out += "Absent: \(name): \(reason).\n"
    }
    for note in result.notes { out += "Not measured: \(note).\n" }
    return out
  }

  /// The section's three targets: time against the fastest peer, memory, depth.
  static func targets(_ result: CommandResult) -> [TargetResult] {
    [timeTarget(result.rows), memoryTarget(result.memory), depthTarget(result.depth)]
  }

  /// Every row with a peer: ours ≤ ``ratioLimit`` × the fastest peer's time.
  static func timeTarget(_ rows: [CommandRow]) -> TargetResult {
    let target =
      "whole commands (process start included): ours ≤ \(format2(ratioLimit))× the fastest "
      + "peer's time on every row"
    let judged = rows.filter { $0.ratio != nil }
    guard !judged.isEmpty else {
      return TargetResult(status: "SKIP", target: target, detail: "no row had both figures")
    }
    let passing = judged.filter { ($0.ratio ?? .infinity) <= ratioLimit }
    var detail = "\(passing.count) of \(judged.count) rows pass"
    if let best = judged.min(by: { ($0.ratio ?? 0) < ($1.ratio ?? 0) }),
      let worst = judged.max(by: { ($0.ratio ?? 0) < ($1.ratio ?? 0) })
    {
      detail += "; best \(describe(best)), worst \(describe(worst))"
    }
    let unjudged = rows.count - judged.count
    if unjudged > 0 { detail += "; \(unjudged) rows without a figure from ours or any peer" }
    return TargetResult(
      status: passing.count == judged.count ? "PASS" : "FAIL", target: target, detail: detail)
  }

  private static func describe(_ row: CommandRow) -> String {
    "\(row.job.label) \(row.document) \(row.size) \(row.format.rawValue) "
      + "\(ratioText(row.ratio ?? 0, limit: ratioLimit)) vs \(row.fastestPeer?.name ?? "—")"
  }

  /// Our XML round trip's peak above the baseline ≤ ``memoryLimit`` × the XML form, for the
  /// documents of ``memoryJudgedFrom`` bytes and more (by size label).
  static func memoryTarget(_ rows: [CommandMemoryRow]) -> TargetResult {
    let target =
      "convert --to xml peak RSS above that of a one-value file ≤ \(format2(memoryLimit))× the "
      + "XML file (binary input: its XML form)"
    let judged = rows.filter(\.judged)
    guard !judged.isEmpty else {
      return TargetResult(
        status: "SKIP", target: target,
        detail: "needs 1m or larger (below that the process's own memory dominates)")
    }
    let pass = judged.allSatisfy { $0.ratio <= memoryLimit }
    let detail = judged.map {
      "\($0.document) \($0.size) \($0.format.rawValue) \(ratioText($0.ratio, limit: memoryLimit))"
    }
    return TargetResult(
      status: pass ? "PASS" : "FAIL", target: target, detail: detail.joined(separator: ", "))
  }

  /// Every depth row passes.
  static func depthTarget(_ rows: [CommandDepthRow]) -> TargetResult {
    let target =
      "\(grouped(DepthDocument.readable)) nested levels read by print, convert and lint; "
      + "\(grouped(DepthDocument.refused)) refused (exit status \(refusedStatus), lint 1), never a crash"
    guard !rows.isEmpty else {
      return TargetResult(status: "SKIP", target: target, detail: "not measured")
    }
    let failing = rows.filter { $0.problem != nil }
    var detail = "\(rows.count - failing.count) of \(rows.count) commands as expected"
    if !failing.isEmpty {
      detail +=
        "; "
        + failing.map { "\($0.job.label) of \($0.document): \($0.problem ?? "")" }.joined(
          separator: ", ")
    }
    return TargetResult(
      status: failing.isEmpty ? "PASS" : "FAIL", target: target, detail: detail)
  }

  /// `ratio` as `0.42×`, with three decimals when two would round it onto `limit` (so a FAIL
  /// never reads `0.25×` against a limit of 0.25).
  static func ratioText(_ ratio: Double, limit: Double) -> String {
    guard ratio.isFinite, ratio != limit, format2(ratio) == format2(limit) else {
      return "\(format2(ratio))×"
    }
    let thousandths = Int((ratio * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)×"
  }

  /// `message` from its `error: ` on (the file and line dropped), at most 80 characters.
  private static func shortMessage(_ message: String) -> String {
    var text = Substring(message)
    if let range = text.range(of: "error: ") { text = text[range.upperBound...] }
    return String(text.prefix(80)).replacingOccurrences(of: "|", with: "/")
  }

  private static func megabytes(_ bytes: Int) -> String { format2(Double(bytes) / 1e6) }

  private static func bytes(_ count: Int) -> String {
    count >= 1_000_000
      ? "\(format2(Double(count) / 1e6)) MB"
      : count >= 1_000 ? "\(format2(Double(count) / 1e3)) KB" : "\(count) B"
  }
}
