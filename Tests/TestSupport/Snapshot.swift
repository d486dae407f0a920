import Foundation

/// Text snapshots kept beside the tests: `assertSnapshot` compares, `RECORD_SNAPSHOTS=1` writes.
package enum Snapshot {
  /// Whether this run records snapshots instead of comparing them.
  package static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  }

  /// Compares `text` with `<folder>/<name>.txt`, or writes it there when recording.
  ///
  /// Recording fails the test once with a message naming the file written, as
  /// swift-argument-parser's snapshot helpers do, so that a run left recording can never pass
  /// silently.
  ///
  /// - Returns: `nil` when they match, else a message with the first line that differs; a
  ///   missing snapshot is a failure that says how to record it, and so is recording one.
  package static func check(_ text: String, name: String, folder: String) -> String? {
    let path = folder + "/" + name + ".txt"
    let content = text + "\n"
    if isRecording {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        return "could not record \(path): \(error)"
      }
      return "recorded \(path); review it, then run again without RECORD_SNAPSHOTS"
    }
    guard let data = FileManager.default.contents(atPath: path),
      let expected = String(data: data, encoding: .utf8)
    else {
      return "no snapshot at \(path); run with RECORD_SNAPSHOTS=1 to record it"
    }
    guard expected != content else { return nil }
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = content.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, b.count) {
      let x = i < a.count ? String(a[i]) : "<none>"
      let y = i < b.count ? String(b[i]) : "<none>"
      if x != y {
        return "\(name) differs at line \(i + 1):\n  expected: \(x)\n  actual:   \(y)\n"
          + "(RECORD_SNAPSHOTS=1 re-records after review)\n\(text)"
      }
    }
    return "\(name) differs"
  }
}
