import Foundation
import PlistCore

/// Recovery files: the unsaved edits of a document, written every few seconds while it is
/// dirty, so a crash, a kill or a closed terminal loses at most those seconds.
///
/// One file per edited file, named by a hash of its absolute path, in
/// `$XDG_STATE_HOME/infoscope/recovery` (else `~/.local/state/infoscope/recovery`). Each is a
/// binary property list: `path` (the file it recovers), `originalHash` (FNV-1a 64 of the
/// file's bytes when editing began, as a string), `savedAt` (a date) and `content` (the edited
/// property list as XML bytes). A recovery is offered only while the file on disk still has the
/// bytes the edits were made on. It is removed after a clean save or a discard.
package struct RecoveryStore: Sendable, Hashable {
  /// A recovery found for a file.
  package struct Record: Sendable, Hashable {
    /// The file it recovers.
    package var path: String
    /// The hash of the file's bytes the edits were made on.
    package var originalHash: UInt64
    /// When it was written.
    package var savedAt: Date
    /// The edited property list (XML).
    package var content: [UInt8]

    /// Creates a record.
    package init(path: String, originalHash: UInt64, savedAt: Date, content: [UInt8]) {
      self.path = path
      self.originalHash = originalHash
      self.savedAt = savedAt
      self.content = content
    }
  }

  /// The folder holding the recovery files.
  package var directory: String

  /// A store in `directory`.
  package init(directory: String) { self.directory = directory }

  /// The store at the standard place for `environment` (`XDG_STATE_HOME`, else `HOME`), or
  /// `nil` when neither is set.
  package static func standard(environment: [String: String]) -> RecoveryStore? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return RecoveryStore(directory: state + "/infoscope/recovery")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return RecoveryStore(directory: home + "/.local/state/infoscope/recovery")
  }

  /// The recovery file for `path` (made absolute).
  package func file(for path: String) -> String {
    let absolute = Self.absolute(path)
    let name = String(FileFingerprint.hash(Array(absolute.utf8)), radix: 16)
    return directory + "/" + name + ".plist"
  }

  /// Writes the recovery of `path`: its edited `content` made on bytes of hash `originalHash`,
  /// through `operations` (tests pass failing ones).
  ///
  /// - Throws: ``EditError`` `.writeFailed` when the folder or file cannot be written.
  package func save(
    path: String, originalHash: UInt64, content: [UInt8], at date: Date = Date(),
    operations: any FileOperations = SystemFileOperations()
  )
    throws(EditError)
  {
    let record = PlistNode(
      .dictionary(
        PlistDictionary([
          PlistEntry(key: "path", node: PlistNode(.string(Self.absolute(path)))),
          PlistEntry(key: "originalHash", node: PlistNode(.string(String(originalHash)))),
          PlistEntry(key: "savedAt", node: PlistNode(.date(PlistDate(date)))),
          PlistEntry(key: "content", node: PlistNode(.data(Data(content)))),
        ])))
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw EditError(.writeFailed, "cannot make the recovery folder \(directory): \(error)")
    }
    let bytes: [UInt8]
    do {
      bytes = try BinaryPlistWriter.write(record)
    } catch {
      throw EditError(.writeFailed, "cannot encode the recovery of \(path): \(error)")
    }
    do {
      try AtomicFile.write(bytes, to: file(for: path), operations: operations)
    } catch {
      throw EditError(error)
    }
  }

  /// The recovery of `path`, when there is one that reads (read through `operations`).
  package func load(
    path: String, operations: any FileOperations = SystemFileOperations()
  ) -> Record? {
    guard let (bytes, _) = try? operations.readFile(file(for: path)),
      let document = try? PlistReader.read(bytes: bytes),
      let d = document.root.value.dictionaryValue,
      case .string(let recorded)? = d["path"]?.value, recorded == Self.absolute(path),
      case .string(let hashText)? = d["originalHash"]?.value, let hash = UInt64(hashText),
      case .date(let date)? = d["savedAt"]?.value,
      case .data(let content)? = d["content"]?.value
    else { return nil }
    return Record(path: recorded, originalHash: hash, savedAt: date.date, content: [UInt8](content))
  }

  /// Removes the recovery of `path`, if any (through `operations`).
  ///
  /// - Throws: ``EditError`` `.writeFailed` when it is there and cannot be removed.
  package func remove(
    path: String, operations: any FileOperations = SystemFileOperations()
  ) throws(EditError) {
    do {
      try operations.remove(file(for: path))
    } catch  where error.code == ENOENT {
      // Nothing kept for it.
    } catch {
      throw EditError(.writeFailed, "cannot remove the recovery of \(path): \(error.text)")
    }
  }

  /// `path` made absolute against the working directory, `.` and `..` resolved.
  static func absolute(_ path: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
        path)
    return url.standardizedFileURL.path
  }
}
