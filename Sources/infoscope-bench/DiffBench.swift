import Foundation
import PlistBundle
import PlistCore
import PlistRules
import PlistUI

/// The cost of comparing two builds' property lists (issue 16, item 5): two documents of
/// 100,000 values, OLD generated and NEW an edited copy, compared by key path against the time
/// it takes to read them.
///
/// NEW reverses the root's key order (no change), changes `CFBundleVersion`, one value in every
/// 50th embedded bundle, removes the last bundle and inserts a new one first (so every array
/// index moves). Both are written as XML and read back with our reader; the times are the best
/// of the runs, in process.
enum DiffBench {
  /// The values in each document.
  static let nodes = 100_000
  /// The largest comparison time ÷ reading time that passes ("about as long as reading them").
  static let ratioLimit = 1.0

  /// The figures of one run.
  struct Result: Sendable, Codable {
    var nodes: Int
    var oldBytes: Int
    var newBytes: Int
    /// Reading both documents (XML parse), seconds.
    var readSeconds: Double
    /// Comparing the two trees (`ValueDiff`, digests included), seconds.
    var diffSeconds: Double
    /// Comparing them as two inputs (`BuildComparison` without lint), seconds.
    var compareSeconds: Double
    /// Comparing them with both linted and the findings matched, seconds.
    var withFindingsSeconds: Double
    /// Opening the comparison in the inspector (`Session(comparison:…)`: removed nodes put
    /// back, every change marked, findings split), seconds; nil in results of older runs.
    var inspectorSeconds: Double?
    /// The changes found.
    var changes: Int

    /// Comparing ÷ reading.
    var ratio: Double { readSeconds > 0 ? diffSeconds / readSeconds : .infinity }
  }

  /// Generates (or reuses) OLD in `cache`, makes NEW, and measures.
  ///
  /// - Parameters:
  ///   - cache: the folder generated inputs are kept in.
  ///   - runs: how many runs to take the best of.
  /// - Returns: the best times and the number of changes.
  /// - Throws: when a document cannot be generated, written or read.
  static func run(cache: String, runs: Int = 3) throws -> Result {
    let path = "\(cache)/nodes-\(nodes).xml"
    if !FileManager.default.fileExists(atPath: path) {
      printError("generating \(path)")
      try PlistGenerator.generate(nodes: nodes, to: path + ".partial")
      try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
    }
    let oldBytes = try PlistReader.readFile(path)
    let old = try PlistReader.read(bytes: oldBytes)
    let newBytes = try XMLPlistWriter.write(edited(old.root))
    var read = Double.infinity
    var diff = Double.infinity
    var compare = Double.infinity
    var withFindings = Double.infinity
    var inspector = Double.infinity
    var changes = 0
    for _ in 0..<max(1, runs) {
      var documents: (PlistDocument, PlistDocument)?
      read = min(
        read,
        try seconds {
          documents = (try PlistReader.read(bytes: oldBytes), try PlistReader.read(bytes: newBytes))
        })
      guard let (a, b) = documents else { continue }
      diff = min(diff, seconds { changes = ValueDiff.changes(old: a.root, new: b.root).count })
      let inputs = (input("OLD/Info.plist", a), input("NEW/Info.plist", b))
      compare = min(
        compare, seconds { _ = BuildComparison(old: inputs.0, new: inputs.1, linter: nil) })
      var comparison: BuildComparison?
      withFindings = min(
        withFindings, seconds { comparison = BuildComparison(old: inputs.0, new: inputs.1) })
      if let comparison {
        inspector = min(
          inspector,
          seconds { _ = Session(comparison: comparison, oldName: "OLD", newName: "NEW") })
      }
    }
    return Result(
      nodes: UIBench.countNodes(old.root), oldBytes: oldBytes.count, newBytes: newBytes.count,
      readSeconds: read, diffSeconds: diff, compareSeconds: compare,
      withFindingsSeconds: withFindings, inspectorSeconds: inspector, changes: changes)
  }

  /// A single-file input holding `document` as an Info.plist.
  private static func input(_ name: String, _ document: PlistDocument) -> AppBundle {
    var bundle = AppBundle(inputPath: name, inputKind: .file, isBuilt: false)
    bundle.files = [BundleFile(path: name, role: .infoPlist, document: document)]
    return bundle
  }

  /// NEW: OLD with its root's keys reversed, `CFBundleVersion` changed, one value changed in
  /// every 50th embedded bundle, the last bundle removed and a new one inserted first.
  static func edited(_ root: PlistNode) -> PlistNode {
    guard case .dictionary(var top) = root.value else { return root }
    top.set("CFBundleVersion", PlistNode(.string("bench-2")))
    if case .array(var bundles)? = top["InfoscopeEmbeddedBundles"]?.value {
      for index in stride(from: 0, to: bundles.count, by: 50) {
        guard case .dictionary(var bundle) = bundles[index].value,
          let key = bundle.entries.first(where: { $0.node.value.stringValue != nil })?.key
        else { continue }
        bundle.set(key, PlistNode(.string("changed \(index)")))
        bundles[index] = PlistNode(.dictionary(bundle))
      }
      if let last = bundles.popLast(), case .dictionary(var added) = last.value {
        added.set("CFBundleIdentifier", PlistNode(.string("com.example.bench.inserted")))
        bundles.insert(PlistNode(.dictionary(added)), at: 0)
      }
      top.set("InfoscopeEmbeddedBundles", PlistNode(.array(bundles)))
    }
    top.entries.reverse()
    return PlistNode(.dictionary(top))
  }

  /// The row as a Markdown section.
  static func markdown(_ result: Result) -> String {
    var out = "\n## Comparing two builds (in process)\n\n"
    out += "OLD is the generated document of \(nodes) values, NEW an edited copy (keys "
    out += "reordered, values changed, a bundle removed and one inserted first); both read "
    out += "from XML. Times are the best of 3.\n\n"
    out += "| values | XML (OLD / NEW) | read both | compare (key paths) | ÷ read "
    out += "| as two inputs | with findings | inspector view | changes |\n"
    out += "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    out += "| \(result.nodes) | \(format2(Double(result.oldBytes) / 1e6)) MB / "
    out += "\(format2(Double(result.newBytes) / 1e6)) MB | \(duration(result.readSeconds)) "
    out += "| \(duration(result.diffSeconds)) | \(format2(result.ratio))× "
    out += "| \(duration(result.compareSeconds)) | \(duration(result.withFindingsSeconds)) "
    out += "| \(result.inspectorSeconds.map(duration) ?? "–") | \(result.changes) |\n"
    return out
  }

  /// The target: comparing takes no longer than reading.
  static func target(_ result: Result?, note: String?) -> TargetResult {
    let target =
      "comparing two \(nodes)-value documents ≤ \(format2(ratioLimit))× the time to read them"
    guard let result else {
      return TargetResult(status: "SKIP", target: target, detail: note ?? "not measured")
    }
    return TargetResult(
      status: result.ratio <= ratioLimit ? "PASS" : "FAIL", target: target,
      detail: "\(format2(result.ratio))× (\(duration(result.diffSeconds)) vs "
        + "\(duration(result.readSeconds)))")
  }

  private static func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
