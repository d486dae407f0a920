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

  /// Asks for the review of the copy of `ipa` at `copy` (``Effect/readArchiveForReview(_:)``,
  /// then ``finishArchiveReviewRead(_:_:)``): the diff of every edited file it holds (file
  /// `file` first).
  mutating func reviewArchiveCopy(
    _ file: Int, ipa: String, format: PlistFormat, copy: String
  ) -> [Effect] {
    let entries = ([file] + session.editedFiles(inArchive: ipa).filter { $0 != file })
      .compactMap { each -> FileLocation? in
        guard case .archive(_, let name) = session.saveTarget(each),
          session.documents[each] != nil
        else { return nil }
        return FileLocation(file: each, path: name)
      }
    return [
      .readArchiveForReview(
        ArchiveReviewRead(
          file: file, archive: ipa, copy: copy, format: format, entries: entries,
          expecting: ipa == session.bundle.inputPath ? session.bundle.inputIdentity : nil))
    ]
  }

  /// The review asked for by ``reviewArchiveCopy(_:ipa:format:copy:)``, made from what the
  /// loop read: a copy path it refused goes back to the prompt; an archive that could not be
  /// read, or changed since it was opened, stops the save; otherwise the diff of every edited
  /// file under the warning that the signature no longer matches.
  package mutating func finishArchiveReviewRead(
    _ read: ArchiveReviewRead, _ outcome: ArchiveReviewOutcome
  ) -> [Effect] {
    switch outcome {
    case .refusedPath(let reason):
      if case .input(var prompt) = modal, case .archiveCopy = prompt.purpose {
        prompt.error = reason
        modal = .input(prompt)
      } else {
        fail("cannot write a copy of \(read.archive): \(reason)")
      }
      return []
    case .failed(let reason):
      if case .input(let prompt) = modal, case .archiveCopy = prompt.purpose { modal = nil }
      fail(reason)
      return []
    case .read(let old, let copyExists):
      if case .input(let prompt) = modal, case .archiveCopy = prompt.purpose { modal = nil }
      var lines: [String] = []
      var wasBinary = false
      for (entry, bytes) in zip(read.entries, old) {
        guard let document = session.documents[entry.file] else { continue }
        wasBinary = wasBinary || document.original.format == .binary
        do {
          lines += try SaveDiff.lines(
            old: bytes, document: document, format: read.format, name: entry.path)
        } catch {
          fail("cannot write \(session.files[entry.file].path): \(error.message)")
          return []
        }
      }
      var warning =
        "the copy's code signature no longer matches: re-sign it before installing or uploading"
      if copyExists {
        warning += "; \(read.copy) exists and is replaced"
      }
      if wasBinary, read.format == .xml {
        warning += "; binary files are written as XML (b keeps them binary)"
      }
      modal = .review(
        SaveReview(
          file: read.file, path: read.copy, format: read.format, lines: lines, warning: warning,
          scroll: 0, entry: read.entries.first?.path))
      return []
    }
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
          expecting: ipa == session.bundle.inputPath ? session.bundle.inputIdentity : nil))
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
      flow.setQuitsAfterArchiveCopy(false)
      fail("no copy written, the edits are kept: \(failure)")
      return []
    }
    for each in write.files { session.markSaved(each) }
    let removal = session.recoveryRemoval(of: write.files).map { [Effect.keepRecovery($0)] } ?? []
    let count = write.replacements.count == 1 ? "1 file" : "\(write.replacements.count) files"
    message = StatusMessage(
      "wrote \(write.copy) (\(count) changed); re-sign it before installing or uploading")
    if flow.quitsAfterArchiveCopy, !session.hasUnsavedChanges {
      flow.setQuitsAfterArchiveCopy(false)
      return removal + [.quit]
    }
    return removal
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
