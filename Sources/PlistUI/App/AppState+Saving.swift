import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import PlistRules

/// Saving: the review of what a save writes (from the files as the loop read them), the
/// write effects and how they went, and the recovery files.
extension AppState {
  mutating func beginSave() -> [Effect] {
    if session.comparison != nil {
      refuse(Session.comparisonReadOnly)
      return []
    }
    let candidates = session.unsavedFiles
    guard !candidates.isEmpty else {
      refuse("no unsaved changes")
      return []
    }
    var file = candidates[0]
    if let (selected, _) = place(selection), candidates.contains(selected) { file = selected }
    return review(file, format: session.saveFormat(file))
  }

  /// Opens the review of file `file` written in `format`: asks for the file as it is on disk
  /// (``Effect/readForReview(_:)``, then ``finishReviewRead(_:_:)``); for a file inside an
  /// `.ipa`, of the copy at `copy`, asking for that path first when it is nil.
  mutating func review(_ file: Int, format: PlistFormat, copy: String? = nil) -> [Effect] {
    guard let document = session.documents[file] else { return [] }
    if case .archive(let ipa, _) = session.saveTarget(file) {
      guard let copy else {
        askForArchiveCopy(file, format: format)
        return []
      }
      return reviewArchiveCopy(file, ipa: ipa, format: format, copy: copy)
    }
    if session.isInMemory {
      // The sample: the diff a save would write, from the text it was read from; nothing is
      // written.
      do {
        let lines = try SaveDiff.lines(
          old: document.original.text, document: document, format: format,
          name: session.files[file].path)
        modal = .review(
          SaveReview(
            file: file, path: session.files[file].path, format: format, lines: lines,
            warning: "the sample lives in memory: this is what a save would write; nothing is "
              + "written", scroll: 0, isDryRun: true))
      } catch {
        refuse("cannot write \(session.files[file].path): \(error.message)")
      }
      return []
    }
    switch session.saveTarget(file) {
    case .disk(let path):
      return [
        .readForReview(
          ReviewRead(entries: [.init(file: file, path: path, format: format)], quitting: false))
      ]
    case .unavailable(let reason):
      refuse("cannot save: \(reason)")
      return []
    case .archive:
      return []
    }
  }

  /// The review asked for by ``review(_:format:copy:)`` or before quitting, made from the
  /// files as the loop read them.
  ///
  /// A unified diff per file, under warnings (changed on disk, a built bundle, a change of
  /// format). A file that is gone shows every line as added; one that cannot be read (or a
  /// document that cannot be written) stops the save and says why.
  package mutating func finishReviewRead(
    _ read: ReviewRead, _ outcome: ReviewReadOutcome
  ) -> [Effect] {
    var lines: [String] = []
    var changed: [String] = []
    var gone: [String] = []
    var control: UInt8?
    for (entry, result) in zip(read.entries, outcome.files) {
      guard let document = session.documents[entry.file] else { continue }
      let name = session.files[entry.file].path
      var old: [UInt8] = []
      switch result {
      case .success(let (bytes, now)):
        old = bytes
        if let expected = session.fingerprints[entry.file], !now.sameContent(as: expected) {
          changed.append(name)
        }
      case .failure(let error) where error.kind == .notFound:
        gone.append(name)
      case .failure(let error):
        refuse("cannot show what the save changes: \(error.message); nothing was written")
        flow.stopSavingBeforeQuit()
        return []
      }
      do {
        if read.quitting {
          if !lines.isEmpty { lines.append("") }
          lines.append(
            "\(name), written as \(entry.format == .xml ? "XML" : "binary (shown as XML)"):")
        }
        let review = try SaveDiff.review(
          old: old, document: document, format: entry.format, name: name)
        lines += review.lines
        control = control ?? review.control
      } catch {
        refuse("cannot write \(name): \(error.message)")
        return []
      }
    }
    guard let first = read.entries.first else { return [] }
    var warnings: [String] = []
    if !gone.isEmpty {
      warnings.append(
        "\(Self.listed(gone)) \(gone.count == 1 ? "is" : "are") gone from disk: the save "
          + "writes \(gone.count == 1 ? "it" : "them") again")
    }
    if read.quitting, let control {
      warnings.append(Self.controlWarning(control, offersBinary: false))
    }
    if read.quitting, !changed.isEmpty {
      warnings.append(
        "\(Self.listed(changed)) changed on disk since read: the diff is against "
          + "\(changed.count == 1 ? "it" : "them") as now, and y asks before writing anything")
    }
    if read.quitting {
      if session.bundle.isBuilt { warnings.append(Self.builtBundleWarning) }
      let left = session.unsavedFiles.count - read.entries.count
      if left > 0 {
        warnings.append(
          "\(left == 1 ? "1 file" : "\(left) files") inside the .ipa "
            + "\(left == 1 ? "is" : "are") written to a copy next, asked for after these")
      }
      modal = .review(
        SaveReview(
          file: first.file, path: first.path, format: first.format, lines: lines,
          warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "), scroll: 0,
          quitting: read.entries.map { ($0.file, $0.path, $0.format) },
          changedOnDisk: read.entries.map(\.file).filter {
            changed.contains(session.files[$0].path)
          }))
      return []
    }
    let (file, format) = (first.file, first.format)
    if !changed.isEmpty {
      warnings.append(
        "the file changed on disk since it was read: this diff is against it as it is now, "
          + "and y asks before overwriting")
    }
    if session.bundle.isBuilt {
      warnings.append(Self.builtBundleWarning)
    }
    if session.files[file].document?.format == .binary, format == .xml {
      warnings.append("the file was binary and is written as XML (b keeps it binary)")
    } else if format == .binary {
      warnings.append("written as binary; the diff shows both sides as XML (x writes XML)")
    }
    if let control { warnings.append(Self.controlWarning(control)) }
    if format == .xml, let document = session.documents[file],
      Self.hasFractionalDates(document.root)
    {
      warnings.append(
        "XML keeps dates to the whole second: fractions of a second are dropped (b keeps them)")
    }
    let warning = warnings.isEmpty ? nil : warnings.joined(separator: "; ")
    modal = .review(
      SaveReview(
        file: file, path: first.path, format: format,
        lines: lines, warning: warning, scroll: 0))
    return []
  }

  /// The review's warning for XML that holds a control character XML 1.0 does not allow.
  static func controlWarning(_ byte: UInt8, offersBinary: Bool = true) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    return "a key or string holds the control character \(code), which XML 1.0 does not allow: "
      + "Apple's tools read the file, other XML parsers (Python's plistlib) refuse it"
      + (offersBinary ? "; b writes binary, which holds any character" : "")
  }

  /// `a`, `a and b`, `a, b and c`.
  static func listed(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
  }

  /// The save review's warning for a file of a built bundle.
  static let builtBundleWarning =
    "this is a built bundle: a changed file no longer matches its code signature; sign the "
    + "bundle again before shipping"

  /// Whether any date in the tree has a fraction of a second (XML writes whole seconds).
  static func hasFractionalDates(_ node: PlistNode) -> Bool {
    switch node.value {
    case .date(let d):
      return d.secondsSinceReferenceDate.rounded(.down) != d.secondsSinceReferenceDate
    case .array(let items): return items.contains(where: hasFractionalDates)
    case .dictionary(let d): return d.entries.contains { hasFractionalDates($0.node) }
    default: return false
    }
  }

  /// Asks for file `file` to be written in `format` (the ``Effect/write(_:)`` effect).
  ///
  /// `force` overwrites a file changed on disk, `overwriteReadOnly` one whose permissions give
  /// nobody write access. A file in an `.ipa` asks for its copy's path instead; one that
  /// cannot be written says why. The loop reports the outcome to ``finishWrite(_:_:)``.
  mutating func write(
    _ file: Int, format: PlistFormat, force: Bool, overwriteReadOnly: Bool = false
  ) -> [Effect] {
    if case .archive = session.saveTarget(file) {
      askForArchiveCopy(file, format: format)
      return []
    }
    if case .unavailable(let reason) = session.saveTarget(file) {
      refuse("cannot save: \(reason)")
      return []
    }
    guard case .disk(let path) = session.saveTarget(file), let document = session.documents[file]
    else { return [] }
    do {
      return [
        .write(
          FileWrite(
            file: file, path: path, bytes: try document.bytes(as: format), format: format,
            expected: force ? nil : session.fingerprints[file],
            overwriteReadOnly: overwriteReadOnly, force: force))
      ]
    } catch {
      refuse("cannot write \(session.files[file].path): \(error.message)")
      return []
    }
  }

  /// How a write asked for by ``write(_:format:force:overwriteReadOnly:)`` went, as the loop
  /// reports it: on success the file counts as saved (`fingerprint`: the file as written,
  /// nil when it could not be read back); a file changed on disk or read-only asks what to
  /// do; any other failure says why and keeps the edits.
  ///
  /// - Returns: what to do next: the next file of a save before quitting, or quitting.
  package mutating func finishWrite(
    _ write: FileWrite,
    _ outcome: Result<(report: AtomicFile.Report, fingerprint: FileFingerprint?), FileError>
  ) -> [Effect] {
    let (file, path, format) = (write.file, write.path, write.format)
    switch outcome {
    case .success(let (report, fingerprint)):
      session.markSaved(file)
      session.files[file].document?.format = format
      session.rebase(file, onto: write.bytes)
      session.files[file].size = write.bytes.count
      afterChange(file)
      session.fingerprints[file] = fingerprint
      let notes = report.notes.isEmpty ? "" : "; " + report.notes.joined(separator: "; ")
      message = StatusMessage("wrote \(path)\(notes)", isError: !report.notes.isEmpty)
      let removal = session.recoveryRemoval(of: [file]).map { [Effect.keepRecovery($0)] } ?? []
      return removal + continueSavingBeforeQuit()
    case .failure(let error) where error.kind == .changedOnDisk:
      modal = .confirm(
        ConfirmPrompt(
          question: "\(path) changed on disk since it was read",
          answers: [("o", "overwrite"), ("r", "reload, dropping the edits"), ("c", "cancel")],
          action: .changedOnDisk(file: file, format: format)))
    case .failure(let error) where error.kind == .readOnly:
      modal = .confirm(
        ConfirmPrompt(
          question:
            "\(path) was not written: "
            + error.message.replacing("\(path) was not saved: ", with: ""),
          answers: [("o", "overwrite it anyway"), ("c", "cancel")],
          action: .readOnly(file: file, format: format, force: write.force)))
    case .failure(let error):
      // The writer's message already says the path was not saved and why: a save before
      // quitting stops here, and the session stays.
      refuse("\(error.message); the file is unchanged and the edits are kept")
      flow.stopSavingBeforeQuit()
    }
    // A question: a save before quitting goes on after `o`, and stops at any other answer.
    return []
  }

  /// The fingerprint the loop took of file `file` when it was first edited (nil when it could
  /// not be read): a later save refuses to overwrite the file if it changed since.
  package mutating func finishFingerprint(file: Int, _ fingerprint: FileFingerprint?) {
    session.fingerprints[file] = fingerprint
  }

  /// The recovery files due now (``Effect/keepRecovery(_:)``): the loop asks every few seconds
  /// while there are unsaved edits.
  package func keepRecovery() -> [Effect] {
    session.recoveryUpdate().map { [.keepRecovery($0)] } ?? []
  }

  /// How writing or removing recovery files went, as the loop reports it: a failure is said on
  /// the status line (the edits stay in memory regardless).
  package mutating func finishRecovery(_ update: RecoveryUpdate, failure: String?) {
    guard let failure else { return }
    message = StatusMessage("cannot keep a recovery file: \(failure)", isError: true)
  }
}
