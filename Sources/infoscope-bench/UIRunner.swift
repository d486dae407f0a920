import Foundation

/// Runs the terminal UI measure on its documents, one child process each: the 5 KB generated
/// Info.plist, a generated document of ``BenchOptions/uiNodes`` values, and the largest
/// Info.plist of the shared corpus when it is there.
struct UIRunner {
  var options: BenchOptions
  var spawner: Spawner
  /// Where generated inputs are cached.
  var cache: String
  /// This executable's absolute path.
  var bench: String

  /// Keys in the per-keystroke script.
  static let keyCount = 2_000

  /// The measurements, and notes on what could not be measured.
  ///
  /// - Throws: when a generated input cannot be written.
  func run(small: String) throws -> (measurements: [UIMeasurement], notes: [String]) {
    var documents: [(name: String, path: String)] = [("generated 5 KB", small)]
    let large = "\(cache)/nodes-\(options.uiNodes).xml"
    if !FileManager.default.fileExists(atPath: large) {
      printError("generating \(large)")
      try PlistGenerator.generate(nodes: options.uiNodes, to: large + ".partial")
      try FileManager.default.moveItem(atPath: large + ".partial", toPath: large)
    }
    documents.append(("generated \(Self.nodesLabel(options.uiNodes)) nodes", large))
    var notes: [String] = []
    switch CorpusInfoPlist.largest() {
    case .success(let found):
      documents.append(("corpus \(found.name)", found.path))
    case .failure(let reason):
      notes.append("corpus Info.plist skipped: \(reason.text)")
    }
    var measurements: [UIMeasurement] = []
    let runs = options.runs ?? 3
    for (name, path) in documents {
      printError("measuring the terminal UI on \(name)")
      let command = [bench, "--child", "ui", path, "info", String(Self.keyCount), String(runs)]
      guard let child = spawner.run(command) else {
        notes.append("\(name): could not start the child")
        continue
      }
      guard child.status == 0,
        let measurement = UIBench.parse(child.stdout, document: name)
      else {
        let last = child.stderr.split(separator: "\n").last.map(String.init) ?? ""
        notes.append("\(name): \(last.isEmpty ? "exit status \(child.status)" : last)")
        continue
      }
      measurements.append(measurement)
    }
    return (measurements, notes)
  }

  /// `1M`, `100k`, or the number itself.
  static func nodesLabel(_ nodes: Int) -> String {
    if nodes >= 1_000_000, nodes % 1_000_000 == 0 { return "\(nodes / 1_000_000)M" }
    if nodes >= 1_000, nodes % 1_000 == 0 { return "\(nodes / 1_000)k" }
    return String(nodes)
  }
}

/// The largest `Info.plist` in the shared corpus, found through its manifest.
enum CorpusInfoPlist {
  /// The corpus folder: `$INFOSCOPE_CORPUS` when set, else `../shared/corpus` beside the
  /// project (found from this source file's path).
  static var directory: String {
    if let override = ProcessInfo.processInfo.environment["INFOSCOPE_CORPUS"], !override.isEmpty {
      return override
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/corpus").path
  }

  /// The largest file whose path in its repository ends in `/Info.plist` (the manifest's third
  /// column), with a name for the report (`iina__iina__Info.plist (33 KB)`).
  ///
  /// - Returns: the path and name, or why there is none (no corpus, no such file).
  static func largest(
    in directory: String = directory
  ) -> Result<
    (path: String, name: String), UsageMessage
  > {
    guard
      let manifest = try? String(contentsOfFile: directory + "/MANIFEST.tsv", encoding: .utf8)
    else {
      return .failure(UsageMessage("corpus absent (\(directory), or set INFOSCOPE_CORPUS)"))
    }
    var best: (path: String, size: Int)?
    for local in infoPlists(manifest: manifest) {
      let path = directory + "/" + local
      guard
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
      else { continue }
      if size.intValue > best?.size ?? -1 { best = (path, size.intValue) }
    }
    guard let best else { return .failure(UsageMessage("the corpus lists no Info.plist")) }
    let file = best.path.split(separator: "/").last.map(String.init) ?? best.path
    let kilobytes = (best.size + 500) / 1000
    return .success((best.path, "\(file) (\(kilobytes) KB)"))
  }

  /// The local paths of the manifest's rows (after the header) whose path in their repository
  /// is an `Info.plist`.
  static func infoPlists(manifest: String) -> [String] {
    manifest.split(separator: "\n").dropFirst().compactMap { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 3 else { return nil }
      let original = columns[2]
      guard original == "Info.plist" || original.hasSuffix("/Info.plist") else { return nil }
      return String(columns[0])
    }
  }
}
