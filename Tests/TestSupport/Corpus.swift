import Foundation
import Testing

/// The shared corpus of real property lists (`../shared/corpus` beside the project), which tests
/// read in place and never copy.
///
/// Absent in a user's clone: tests that need it are disabled with
/// `.enabled(if: Corpus.isPresent, Corpus.absentComment)`, which Swift Testing reports as skipped.
package enum Corpus {
  /// The corpus folder: `$INFOSCOPE_CORPUS` when set, else `../shared/corpus` beside the
  /// project, found from this file's path (`Tests/TestSupport/Corpus.swift`).
  package static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["INFOSCOPE_CORPUS"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }()

  /// True when the corpus and its manifest are there.
  package static var isPresent: Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent("MANIFEST.tsv").path)
  }

  /// The reason shown when corpus tests are skipped.
  package static let absentComment: Comment =
    "corpus absent (../shared/corpus, or set INFOSCOPE_CORPUS)"

  /// One row of `MANIFEST.tsv`.
  package struct Entry: Sendable, CustomStringConvertible {
    /// Path relative to the corpus folder, for example `binary/go-plist__date.bplist`.
    package var path: String
    /// The manifest's note; peer tests start with MALFORMED, EDGE or FUZZ.
    package var note: String
    /// The absolute URL of the file.
    package var url: URL { Corpus.directory.appendingPathComponent(path) }
    /// The file's bytes.
    package func data() throws -> Data { try Data(contentsOf: url) }
    package var description: String { path }
  }

  /// Every row of the manifest, or none when the corpus is absent.
  package static let entries: [Entry] = {
    guard
      let text = try? String(
        contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 6 else { return nil }
      return Entry(path: String(columns[0]), note: String(columns[5]))
    }
  }()

  /// The bytes of the corpus file at `path` (relative to the corpus folder).
  package static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
  }

  /// Manifest rows whose path starts with `folder + "/"`.
  package static func entries(in folder: String) -> [Entry] {
    entries.filter { $0.path.hasPrefix(folder + "/") }
  }
}
