import Foundation
import TestSupport
import Testing

/// Validation of SARIF logs against the OASIS SARIF 2.1.0 schema kept in `Fixtures/`, with
/// Python's `jsonschema` as the oracle (`Fixtures/validate-sarif.py`).
///
/// Locally the checks are skipped, saying so, when `python3` or `jsonschema` is missing; in CI
/// (`CI=true`, where `.ci/setup` installs `jsonschema`) they are required.
enum SARIFSchema {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let schema = fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path
  static let script = fixtures.appendingPathComponent("validate-sarif.py").path

  /// True in CI, where the validator must be there.
  static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Whether `python3` with `jsonschema` runs here.
  static let isAvailable: Bool = {
    (try? run(["python3", "-c", "import jsonschema"]).status) == 0
  }()

  static let absentComment: Comment =
    "SARIF schema validation skipped: python3 with jsonschema is absent (pip install jsonschema)"

  /// Runs a command; returns its status and standard output.
  ///
  /// - Throws: when the command cannot start.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ProcessRunner.run(arguments, mergingErrors: true)
    return (result.status, result.outputText)
  }

  /// The schema errors of each log (empty when every log is valid).
  ///
  /// - Parameter logs: SARIF documents, by a name for messages.
  /// - Returns: one line per error, naming the log and the JSON path.
  /// - Throws: when a log cannot be written or the validator cannot start.
  static func errors(_ logs: [(name: String, bytes: [UInt8])]) throws -> [String] {
    let folder = try TemporaryFolder("sarif").url
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, log) in logs.enumerated() {
      let safe = log.name.filter { $0.isLetter || $0.isNumber }
      let url = folder.appendingPathComponent("\(index)-\(safe).sarif")
      try Data(log.bytes).write(to: url)
      paths.append(url.path)
    }
    let result = try run(["python3", script, schema] + paths)
    if result.status == 0 { return [] }
    return result.output.split(separator: "\n").map(String.init) + ["status \(result.status)"]
  }
}
