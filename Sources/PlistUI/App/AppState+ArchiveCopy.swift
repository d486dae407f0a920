import Foundation
import PlistBundle
import PlistCore
import PlistEditing

/// Saving a file inside an `.ipa`: the archive is never written; `w` asks for the path of a
/// copy, reviews the diff of every edited file it will hold, and writes the copy.
extension AppState {
  /// Asks where to write the copy of the `.ipa` holding file `file`, offering
  /// `<name>-edited.ipa` beside it.
  mutating func askForArchiveCopy(_ file: Int, format: PlistFormat) {
    guard case .archive(let ipa, _) = session.saveTarget(file) else { return }
    let (folder, name) = Self.split(ipa)
    var stem = Substring(name)
    if name.lowercased().hasSuffix(".ipa") { stem = stem.dropLast(4) }
    let offered = (folder.map { $0 == "/" ? "/" : $0 + "/" } ?? "") + stem + "-edited.ipa"
    modal = .input(
      InputPrompt(
        purpose: .archiveCopy(file: file, format: format), editor: LineEditor(offered),
        error: nil, label: "write a copy of \(name) to"))
  }

  /// Why `text` cannot name the copy of `ipa`, or nil when it can.
  func refusalOfCopyPath(_ text: String, ipa: String) -> String? {
    if text.isEmpty { return "type the path of the copy" }
    var folderInfo = stat()
    let folder = Self.split(text).folder ?? "."
    guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
      return "the folder \(folder) does not exist"
    }
    var source = stat()
    var target = stat()
    if stat(ipa, &source) == 0, stat(text, &target) == 0 {
      if source.st_dev == target.st_dev && source.st_ino == target.st_ino {
        return "that is the .ipa itself; name another file so the original stays as it is"
      }
      if target.st_mode & S_IFMT == S_IFDIR { return "\(text) is a folder; name a file" }
    }
    return nil
  }

  /// Reviews the copy of `ipa` at `copy`: the diff of every edited file it holds (file `file`
  /// first), under the warning that the signature no longer matches.
  mutating func reviewArchiveCopy(
    _ file: Int, ipa: String, format: PlistFormat, copy: String
  ) {
    guard case .archive(_, let entry) = session.saveTarget(file) else { return }
    let files = [file] + session.editedFiles(inArchive: ipa).filter { $0 != file }
    var lines: [String] = []
    var wasBinary = false
    do {
      let archive = try ZipArchive(path: ipa)
      if ipa == session.bundle.inputPath, let opened = session.bundle.inputStamp,
        archive.stamp != opened
      {
        return fail(
          "cannot write a copy of \(ipa): it changed on disk since it was opened; open it again")
      }
      for each in files {
        guard case .archive(_, let name) = session.saveTarget(each),
          let document = session.documents[each]
        else { continue }
        wasBinary = wasBinary || document.original.format == .binary
        let old = try archive.contents(at: name, limit: archive.limits.maxEntrySize)
        lines += try SaveDiff.lines(old: old, document: document, format: format, name: name)
      }
    } catch let error as BundleError {
      return fail("cannot write a copy of \(ipa): \(error.description)")
    } catch let error as PlistError {
      return fail("cannot write \(session.files[file].path): \(error.message)")
    } catch {
      return fail("cannot write a copy of \(ipa): \(error)")
    }
    var warning =
      "the copy's code signature no longer matches: re-sign it before installing or uploading"
    if FileManager.default.fileExists(atPath: copy) {
      warning += "; \(copy) exists and is replaced"
    }
    if wasBinary, format == .xml {
      warning += "; binary files are written as XML (b keeps them binary)"
    }
    modal = .review(
      SaveReview(
        file: file, path: copy, format: format, lines: lines, warning: warning, scroll: 0,
        entry: entry))
  }

  /// Asks for the copy of the `.ipa` holding file `file` to be written to `copy`, with every
  /// edited file of that archive in `format` (the ``Effect/writeArchiveCopy(_:)`` effect); the
  /// loop reports the outcome to ``finishArchiveCopy(_:failure:)``.
  mutating func writeArchiveCopy(_ file: Int, format: PlistFormat, to copy: String) -> [Effect] {
    guard case .archive(let ipa, _) = session.saveTarget(file) else { return [] }
    let files = session.editedFiles(inArchive: ipa)
    var replacements: [String: [UInt8]] = [:]
    do {
      for each in files {
        guard case .archive(_, let entry) = session.saveTarget(each),
          let document = session.documents[each]
        else { continue }
        replacements[entry] = try document.bytes(as: format)
      }
    } catch {
      fail("no copy written, the edits are kept: \(error.message)")
      return []
    }
    return [
      .writeArchiveCopy(
        ArchiveCopyWrite(
          archive: ipa, copy: copy, replacements: replacements, files: files,
          expecting: ipa == session.bundle.inputPath ? session.bundle.inputStamp : nil))
    ]
  }

  /// How the copy asked for by ``writeArchiveCopy(_:format:to:)`` went, as the loop reports
  /// it (`failure`: why it was not written, nil when it was): on success the files it carries
  /// count as saved, on failure their edits stay.
  ///
  /// - Returns: quitting, when the copy was the last save before quitting.
  package mutating func finishArchiveCopy(
    _ write: ArchiveCopyWrite, failure: String?
  ) -> [Effect] {
    if let failure {
      quitsAfterArchiveCopy = false
      fail("no copy written, the edits are kept: \(failure)")
      return []
    }
    for each in write.files { session.markSaved(each) }
    let count = write.replacements.count == 1 ? "1 file" : "\(write.replacements.count) files"
    message = StatusMessage(
      "wrote \(write.copy) (\(count) changed); re-sign it before installing or uploading")
    if quitsAfterArchiveCopy, !session.hasUnsavedChanges {
      quitsAfterArchiveCopy = false
      return [.quit]
    }
    return []
  }

  /// The folder of `path` (nil for a bare name) and its last component.
  private static func split(_ path: String) -> (folder: String?, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private mutating func fail(_ text: String) {
    message = StatusMessage(text, isError: true)
  }
}
