import Foundation

/// A fresh folder under the system's temporary directory, for one test; `remove()` deletes it.
///
/// The one helper every test that writes files uses, so that each folder has a unique name (a
/// label the test chooses, then a UUID) and is made the same way.
package struct TemporaryFolder: Sendable {
  /// The folder.
  package let url: URL

  /// Creates a fresh, empty folder named `infoscope-<label>-<UUID>`.
  ///
  /// - Parameter label: a word naming the test's subject, to tell leftover folders apart.
  /// - Throws: when the folder cannot be created.
  package init(_ label: String = "test") throws {
    url = Self.uniqueURL(label)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder's path.
  package var path: String { url.path }

  /// A path under the system's temporary directory that nothing uses yet; it is not created.
  ///
  /// - Parameters:
  ///   - label: a word naming the test's subject.
  ///   - suffix: the end of the name, such as an extension with its dot.
  /// - Returns: `<temporary>/infoscope-<label>-<UUID><suffix>`.
  package static func uniqueURL(_ label: String, suffix: String = "") -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("infoscope-\(label)-\(UUID().uuidString)\(suffix)")
  }

  /// The URL of `relative` inside the folder.
  package func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }

  /// The path of `relative` inside the folder.
  package func path(_ relative: String) -> String { url(relative).path }

  /// Writes `bytes` at `relative` inside the folder, creating folders on the way.
  ///
  /// - Returns: the file's path.
  /// - Throws: when a folder or the file cannot be written.
  @discardableResult
  package func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
    let file = url(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` as UTF-8 at `relative` inside the folder, creating folders on the way.
  ///
  /// - Returns: the file's path.
  /// - Throws: when a folder or the file cannot be written.
  @discardableResult
  package func write(_ relative: String, _ text: String) throws -> String {
    try write(relative, Array(text.utf8))
  }

  /// Deletes the folder and everything in it.
  package func remove() { try? FileManager.default.removeItem(at: url) }
}
