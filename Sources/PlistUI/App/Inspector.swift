import Foundation
import PlistBundle
import PlistCore

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
    state.offerRecoveries()
    // Unsaved edits go to a recovery file at most every `recoveryInterval` seconds.
    var lastRecovery = Date.distantPast
    var recoveryDue = false
    while true {
      terminal.present(ScreenRenderer.render(state))
      var timeout: Int? = nil
      if recoveryDue {
        let wait = recoveryInterval - Date().timeIntervalSince(lastRecovery)
        if wait <= 0 {
          if let failure = state.session.writeRecovery() {
            state.show(StatusMessage("cannot keep a recovery file: \(failure)", isError: true))
          }
          lastRecovery = Date()
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
          state.readAgain(file, editor: editor, status: status)
        case .copy(let text): _ = terminal.copyToClipboard(text)
        case .write, .writeArchiveCopy: break  // performed above
        }
      }
    }
  }

  /// Performs the file effects among `effects` (writes and `.ipa` copies) through `files`,
  /// reporting each outcome to `state`, and those that follow from them, in order.
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
      default:
        rest.append(effect)
      }
    }
    return rest
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
