import PlistBundle
import PlistCore
import PlistEditing

/// The files a save review is made from, as ``Effect/readForReview(_:)`` carries them.
package struct ReviewRead: Sendable, Hashable {
  /// One file to compare with: the file, where it is on disk, and the format to write.
  package struct Entry: Sendable, Hashable {
    /// The file, by index into ``Session/files``.
    package var file: Int
    /// Its path on disk.
    package var path: String
    /// The format the save writes.
    package var format: PlistFormat
  }

  /// The files, in the order the review shows them.
  package var entries: [Entry]
  /// Whether the review is the one before quitting (every unsaved file, then quit).
  package var quitting: Bool
}

/// What the loop read for a ``ReviewRead``, entry by entry.
package struct ReviewReadOutcome: Sendable {
  /// Each entry's bytes on disk and their fingerprint; `.notFound` when the file is gone (the
  /// review then shows every line as added).
  package var files: [Result<(bytes: [UInt8], fingerprint: FileFingerprint), FileError>]
}

/// The review of a copy of an `.ipa`, as ``Effect/readArchiveForReview(_:)`` carries it.
package struct ArchiveReviewRead: Sendable, Hashable {
  /// The file the user saved, by index into ``Session/files``; its prompt took the path.
  package var file: Int
  /// The archive read.
  package var archive: String
  /// Where the copy goes (checked by the loop: its folder exists, it is not the archive).
  package var copy: String
  /// The format the edited files are written in.
  package var format: PlistFormat
  /// The edited files the copy carries, each by index and its entry in the archive (`file`
  /// first).
  package var entries: [FileLocation]
  /// The archive's stamp when opened, to refuse one that changed since (nil for none).
  package var expecting: ArchiveIdentity?
}

/// A file of the session and where it is: a path on disk, or inside an `.ipa` the entry's
/// path (`Payload/App.app/Info.plist`).
package struct FileLocation: Sendable, Hashable {
  /// The file, by index into ``Session/files``.
  package var file: Int
  /// Where it is.
  package var path: String
}

/// What the loop found for an ``ArchiveReviewRead``.
package enum ArchiveReviewOutcome: Sendable {
  /// The copy's path cannot be used: why, in words (the prompt shows it and stays open).
  case refusedPath(String)
  /// The archive could not be read, or changed since it was opened: why, in words.
  case failed(String)
  /// The entries' bytes as the archive holds them (in ``ArchiveReviewRead/entries`` order),
  /// and whether a file is already at the copy's path.
  case read(old: [[UInt8]], copyExists: Bool)
}

/// A file read again from disk, as ``Effect/reload(_:)`` carries it.
package struct Reload: Sendable, Hashable {
  /// Why it is read again, which decides what the status line says.
  package enum Reason: Sendable, Hashable {
    /// After the user's editor ran on it (`v`): the editor's name and exit status.
    case editor(String, status: Int32)
    /// `r` after the save found it changed on disk.
    case changedOnDisk
    /// `U` when the saved state is no longer on the undo stack.
    case revert
  }

  /// The file, by index into ``Session/files``.
  package var file: Int
  /// Its path on disk.
  package var path: String
  /// Why.
  package var reason: Reason
}

/// Recovery files to write and remove, as ``Effect/keepRecovery(_:)`` carries them.
package struct RecoveryUpdate: Sendable, Hashable {
  /// One file's unsaved edits.
  package struct Save: Sendable, Hashable {
    /// The edited file's path on disk.
    package var path: String
    /// The content hash of the file the edits were made on.
    package var originalHash: UInt64
    /// The edited document, as XML.
    package var content: [UInt8]
  }

  /// Where the recovery files live.
  package var store: RecoveryStore
  /// The files whose unsaved edits are kept.
  package var saves: [Save] = []
  /// The files whose recovery goes (saved, reverted, or discarded), by path on disk.
  package var removals: [String] = []
  /// The first failure's message, when making `saves` already failed (encoding the edits).
  package var failure: String? = nil

  /// Whether there is nothing to write or remove.
  package var isEmpty: Bool { saves.isEmpty && removals.isEmpty && failure == nil }
}

/// The files whose recovery files to look for, as ``Effect/findRecoveries(_:)`` carries them.
package struct RecoverySearch: Sendable, Hashable {
  /// Where the recovery files live.
  package var store: RecoveryStore
  /// The files, each by index into ``Session/files`` and the path its recovery is kept under
  /// (``Session/recoveryKey(_:)``).
  package var files: [FileLocation]
  /// The files inside an `.ipa`, which the loop cannot read by path: whether one changed
  /// since its edits is told by the state, from the tree it opened
  /// (``AppState/offerRecoveries(_:)``), only for a recovery found.
  package var insideArchive: Set<Int> = []
}

/// A recovery found for a file of the session.
package struct FoundRecovery: Sendable {
  /// The file, by index into ``Session/files``.
  package var file: Int
  /// What was kept.
  package var record: RecoveryStore.Record
  /// Whether the file on disk changed since the edits were made on it.
  package var fileChanged: Bool
}
