import Foundation
import PlistBundle
import PlistCore
import PlistEditing

/// The inspector's loop: draw, wait for an event, apply it, carry out its effects; and keep
/// unsaved edits in a recovery file every few seconds.
package enum Inspector {
  /// Runs `body` on a thread whose stack holds the deepest tree the readers accept
  /// (`LargeStack`): the inspector lints, lays out and releases trees by code that recurses.
  ///
  /// - Parameter body: the work; it runs once, before this returns.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package static func onLargeStack<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try LargeStack.run(body)
  }

  /// Seconds between writes of the recovery file while there are unsaved edits.
  package static let recoveryInterval: TimeInterval = 3

  /// Why the loop ended.
  package enum Ending: Sendable, Hashable {
    /// The user quit.
    case quit
    /// The user pressed Ctrl-C with nothing unsaved (the caller ends the process by SIGINT).
    case interrupted
    /// Input ended (the terminal closed, or a script ran out).
    case inputEnded
  }

  /// Runs the inspector on `terminal` until the user quits or input ends.
  ///
  /// - Parameters:
  ///   - state: the starting state; its size is replaced by the terminal's.
  ///   - theme: the colours, applied to the terminal once.
  ///   - terminal: where to draw and read input.
  ///   - files: the file-system calls saves go through (tests pass failing ones).
  /// - Returns: why it ended and the final state.
  @discardableResult
  package static func run(
    _ state: AppState, theme: Theme, on terminal: any Terminal,
    files: any FileOperations = SystemFileOperations()
  ) -> (
    Ending, AppState
  ) {
    var state = state
    terminal.apply(theme)
    if state.size != terminal.size { _ = state.handle(.resize(terminal.size)) }
    _ = perform(state.lookForRecoveries(), on: &state, files: files)
    // Unsaved edits go to a recovery file at most every `recoveryInterval` seconds.
    var lastRecovery = Date.distantPast
    var recoveryDue = false
    while true {
      terminal.present(ScreenRenderer.render(state))
      var timeout: Int? = nil
      if recoveryDue {
        let wait = recoveryInterval - Date().timeIntervalSince(lastRecovery)
        if wait <= 0 {
          let due = state.keepRecovery()
          _ = perform(due, on: &state, files: files)
          // Only a write counts towards the interval: after a removal (everything undone),
          // the next edit is kept at once (a tester's redo went unkept for 3 s).
          let wrote = due.contains {
            if case .keepRecovery(let update) = $0 { !update.saves.isEmpty } else { false }
          }
          lastRecovery = wrote ? Date() : .distantPast
          recoveryDue = false
          terminal.present(ScreenRenderer.render(state))
        } else {
          timeout = Int(wait * 1000) + 1
        }
      }
      guard let event = terminal.nextEvent(timeout: timeout) else {
        if timeout != nil, !terminal.inputHasEnded { continue }
        return (.inputEnded, state)
      }
      let generation = state.session.editGeneration
      if case .resize = event {
      } else if terminal.size != state.size {
        _ = state.handle(.resize(terminal.size))
      }
      let effects = perform(state.handle(event), on: &state, files: files)
      if state.session.editGeneration != generation { recoveryDue = true }
      for effect in effects {
        switch effect {
        case .quit: return (.quit, state)
        case .interrupt: return (.interrupted, state)
        case .redraw: terminal.invalidate()
        case .openInEditor(let file, let path):
          let environment = ProcessInfo.processInfo.environment
          let editor =
            [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
          // Through the shell, so an editor given with options ("code -w") works.
          let status = terminal.run(["sh", "-c", editor + " \"$1\"", "sh", path])
          _ = perform(
            state.readAgain(file, editor: editor, status: status), on: &state, files: files)
        case .copy(let text): _ = terminal.copyToClipboard(text)
        case .write, .writeArchiveCopy, .readForReview, .readArchiveForReview, .reload,
          .fingerprint, .keepRecovery, .findRecoveries:
          break  // performed above
        }
      }
    }
  }

  /// Performs the file effects among `effects` (reads, writes, `.ipa` copies and recovery
  /// files) through `files`, reporting each outcome to `state`, and those that follow from
  /// them, in order.
  ///
  /// - Returns: the other effects (quit, copy, redraw, editor), for the caller to carry out.
  package static func perform(
    _ effects: [Effect], on state: inout AppState,
    files: any FileOperations = SystemFileOperations()
  ) -> [Effect] {
    var queue = effects
    var rest: [Effect] = []
    while !queue.isEmpty {
      let effect = queue.removeFirst()
      switch effect {
      case .write(let write):
        let outcome: Result<(report: AtomicFile.Report, fingerprint: FileFingerprint?), FileError>
        do {
          let report = try AtomicFile.write(
            write.bytes, to: write.path,
            options: AtomicFile.Options(
              expecting: write.expected, overwriteReadOnly: write.overwriteReadOnly),
            operations: files)
          outcome = .success((report, try? AtomicFile.fingerprint(path: write.path)))
        } catch {
          outcome = .failure(error)
        }
        queue.insert(contentsOf: state.finishWrite(write, outcome), at: 0)
      case .writeArchiveCopy(let copy):
        var failure: String?
        do {
          try ZipArchive.writeCopy(
            of: copy.archive, to: copy.copy, replacing: copy.replacements,
            expecting: copy.expecting)
        } catch {
          failure = error.description
        }
        queue.insert(contentsOf: state.finishArchiveCopy(copy, failure: failure), at: 0)
      case .readForReview(let read):
        let outcome = ReviewReadOutcome(
          files: read.entries.map { entry in
            Result { () throws(FileError) in try files.readFile(entry.path) }
          })
        queue.insert(contentsOf: state.finishReviewRead(read, outcome), at: 0)
      case .readArchiveForReview(let read):
        queue.insert(
          contentsOf: state.finishArchiveReviewRead(read, readArchive(read)), at: 0)
      case .reload(let reload):
        let outcome: Result<PlistDocument, EditError>
        do {
          let (bytes, _) = try files.readFile(reload.path)
          outcome = .success(try PlistReader.read(bytes: bytes, file: reload.path))
        } catch let error as FileError {
          outcome = .failure(
            EditError(.invalidValue, "\(reload.path) no longer reads: \(error.message)"))
        } catch {
          outcome = .failure(EditError(.invalidValue, "\(reload.path) no longer reads: \(error)"))
        }
        queue.insert(contentsOf: state.finishReload(reload, outcome), at: 0)
      case .fingerprint(let file, let path):
        // Temporary files of earlier saves that were killed go when the file is opened for
        // edits.
        _ = AtomicFile.removeStaleTemporaries(of: path)
        let fingerprint = try? files.readFile(path).fingerprint
        state.finishFingerprint(file: file, fingerprint)
      case .keepRecovery(let update):
        var failure = update.failure
        for save in update.saves {
          do {
            try update.store.save(
              path: save.path, originalHash: save.originalHash, content: save.content,
              operations: files)
          } catch {
            failure = failure ?? error.message
          }
        }
        for path in update.removals {
          do {
            try update.store.remove(path: path, operations: files)
          } catch {
            failure = failure ?? error.message
          }
        }
        state.finishRecovery(update, failure: failure)
      case .findRecoveries(let search):
        let found = search.files.compactMap { place -> FoundRecovery? in
          guard let record = search.store.load(path: place.path, operations: files) else {
            return nil
          }
          // Inside an .ipa the state tells (offerRecoveries); on disk, the file as it is now.
          let now =
            search.insideArchive.contains(place.file)
            ? record.originalHash : (try? files.readFile(place.path).fingerprint)?.contentHash
          return FoundRecovery(
            file: place.file, record: record, fileChanged: now != record.originalHash)
        }
        state.offerRecoveries(found)
      default:
        rest.append(effect)
      }
    }
    return rest
  }

  /// Checks the copy's path and reads the archive's edited entries for a review of an `.ipa`
  /// copy.
  static func readArchive(_ read: ArchiveReviewRead) -> ArchiveReviewOutcome {
    if let reason = refusalOfCopyPath(read.copy, archive: read.archive) {
      return .refusedPath(reason)
    }
    var old: [[UInt8]] = []
    do {
      let archive = try ZipArchive(path: read.archive)
      if let expected = read.expecting, archive.stamp != expected.stamp,
        archive.contentsDigest != expected.contents
      {
        return .failed(
          "cannot write a copy of \(read.archive): it changed on disk since it was opened; "
            + "open it again")
      }
      for entry in read.entries {
        old.append(try archive.contents(at: entry.path, limit: archive.limits.maxEntrySize))
      }
    } catch let error as BundleError {
      return .failed("cannot write a copy of \(read.archive): \(error.description)")
    } catch let error as PlistError {
      return .failed("cannot write a copy of \(read.archive): \(error.message)")
    } catch {
      return .failed("cannot write a copy of \(read.archive): \(error)")
    }
    return .read(old: old, copyExists: FileManager.default.fileExists(atPath: read.copy))
  }

  /// Why `path` cannot name the copy of `archive`, in the prompt's words, or nil when it can
  /// (``ZipArchive/copyPathProblem(_:of:)``, the check the copy itself makes).
  static func refusalOfCopyPath(_ path: String, archive: String) -> String? {
    if path.isEmpty { return "type the path of the copy" }
    switch ZipArchive.copyPathProblem(path, of: archive) {
    case .missingFolder(let folder)?: return "the folder \(folder) does not exist"
    case .isTheArchive?:
      return "that is the .ipa itself; name another file so the original stays as it is"
    case .isAFolder?: return "\(path) is a folder; name a file"
    case nil: return nil
    }
  }

  /// Handles `event` as the loop does, performing its file effects at once (for tests and
  /// scripts that drive a state without a terminal).
  ///
  /// - Returns: the effects left for a terminal (quit, copy, redraw, editor).
  package static func handle(
    _ event: InputEvent, on state: inout AppState,
    files: any FileOperations = SystemFileOperations()
  ) -> [Effect] {
    perform(state.handle(event), on: &state, files: files)
  }
}
