import PlistCore

/// What is under way across keys while editing: a save before quitting and its queue of
/// files, an `.ipa` copy whose writing quits, the recoveries still to offer, the row copied
/// for pasting, and vim's `dd`.
///
/// Plain data with the queue steps; ``AppState`` decides what each step does.
package struct EditFlow: Sendable {
  /// One file of a save before quitting: its index into ``Session/files`` and the format.
  package typealias QueuedSave = (file: Int, format: PlistFormat)

  /// The files still to write, in order, while a save before quitting (`q` then `s`) is under
  /// way; nil otherwise.
  package internal(set) var savesBeforeQuit: [QueuedSave]?
  /// Whether writing the `.ipa` copy now being asked for ends the session (`q` then `s`).
  package internal(set) var quitsAfterArchiveCopy = false
  /// Recoveries still to offer (`nil` until looked for).
  package internal(set) var recoveries: [FoundRecovery]?
  /// The row `yr` copied, for `p` and `P` to paste (in this file or another).
  package internal(set) var copiedRow: CopiedRow?
  /// What the last `d` deleted, until the next key: a `d` right after it is the second half
  /// of vim's `dd` and deletes nothing more.
  package internal(set) var justDeleted: String?

  /// Creates an idle flow.
  package init() {}

  /// Starts a save before quitting of `files`, in order.
  package mutating func startSavingBeforeQuit(_ files: [QueuedSave]) {
    savesBeforeQuit = files
  }

  /// The next file of the save before quitting, taken off the queue; nil when the queue is
  /// empty or no such save is under way (``isSavingBeforeQuit`` tells which).
  package mutating func nextSaveBeforeQuit() -> QueuedSave? {
    guard var queue = savesBeforeQuit, !queue.isEmpty else { return nil }
    let next = queue.removeFirst()
    savesBeforeQuit = queue
    return next
  }

  /// Whether a save before quitting is under way.
  package var isSavingBeforeQuit: Bool { savesBeforeQuit != nil }

  /// Stops a save before quitting (a write failed, or the user answered other than
  /// overwrite); the session stays.
  package mutating func stopSavingBeforeQuit() { savesBeforeQuit = nil }

  /// Makes the next `.ipa` copy written end the session, or not.
  package mutating func setQuitsAfterArchiveCopy(_ quits: Bool) { quitsAfterArchiveCopy = quits }

  /// Keeps `found` to offer one by one.
  package mutating func queueRecoveries(_ found: [FoundRecovery]) { recoveries = found }

  /// The next recovery to offer, taken off the queue.
  package mutating func nextRecovery() -> FoundRecovery? {
    guard var queue = recoveries, !queue.isEmpty else { return nil }
    let next = queue.removeFirst()
    recoveries = queue
    return next
  }

  /// Keeps `row` for pasting.
  package mutating func copy(_ row: CopiedRow) { copiedRow = row }

  /// Notes that `name` was just deleted (for `dd`), or that the last key deleted nothing.
  package mutating func noteDeleted(_ name: String?) { justDeleted = name }
}
