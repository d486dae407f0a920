import PlistCore

/// What applying a command asks the outside world to do; ``AppState`` itself never touches a
/// terminal, and reads or writes no file, archive or recovery file: the ``Inspector`` loop
/// performs each effect (``Inspector/perform(_:on:files:)``) and reports how it went back to
/// the state (``AppState/finishWrite(_:_:)``, ``AppState/finishArchiveCopy(_:failure:)``,
/// ``AppState/finishReviewRead(_:_:)``, ``AppState/finishArchiveReviewRead(_:_:)``,
/// ``AppState/finishReload(_:_:)``, ``AppState/finishFingerprint(file:_:)``,
/// ``AppState/finishRecovery(_:failure:)``, ``AppState/offerRecoveries(_:)``), which may ask
/// for more.
package enum Effect: Sendable, Hashable {
  /// Put text on the clipboard (OSC 52).
  case copy(String)
  /// End the session.
  case quit
  /// End the session as Ctrl-C does: the program then dies of SIGINT, once the terminal is
  /// restored, so a shell sees status 130 and stops a script that ran it.
  case interrupt
  /// Draw the whole screen again from scratch (Ctrl-L), for a screen another program spoiled.
  case redraw
  /// Open file `file`, at `path` on disk, in the user's editor (`$VISUAL`, `$EDITOR`, else
  /// `vi`), then read it again.
  case openInEditor(file: Int, path: String)
  /// Write a file atomically (``AtomicFile``), then report with ``AppState/finishWrite(_:_:)``.
  case write(FileWrite)
  /// Write a copy of an `.ipa` with some entries replaced (``ZipArchive``), then report with
  /// ``AppState/finishArchiveCopy(_:failure:)``.
  case writeArchiveCopy(ArchiveCopyWrite)
  /// Read the files a save review compares with (each one's bytes on disk now, with its
  /// fingerprint), then report with ``AppState/finishReviewRead(_:_:)``.
  case readForReview(ReviewRead)
  /// Check the path of an `.ipa` copy and read the archive's edited entries for its review,
  /// then report with ``AppState/finishArchiveReviewRead(_:_:)``.
  case readArchiveForReview(ArchiveReviewRead)
  /// Read a file again from disk, dropping its edits, then report with
  /// ``AppState/finishReload(_:_:)``.
  case reload(Reload)
  /// A file on disk is edited for the first time: remove the temporary files of earlier saves
  /// that were killed, take its fingerprint (to notice changes made outside), and report it
  /// with ``AppState/finishFingerprint(file:_:)``.
  case fingerprint(file: Int, path: String)
  /// Write and remove recovery files, then report with ``AppState/finishRecovery(_:failure:)``.
  case keepRecovery(RecoveryUpdate)
  /// Look for recovery files of the session's files, then offer them with
  /// ``AppState/offerRecoveries(_:)``.
  case findRecoveries(RecoverySearch)
}

/// A save of one file, as the ``Effect/write(_:)`` effect carries it.
package struct FileWrite: Sendable, Hashable {
  /// The file, by index into ``Session/files``.
  package var file: Int
  /// Where it is written.
  package var path: String
  /// The whole content.
  package var bytes: [UInt8]
  /// The format the bytes are in.
  package var format: PlistFormat
  /// What the file looked like when read; the write refuses if it changed since (nil
  /// overwrites whatever is there).
  package var expected: FileFingerprint?
  /// Whether a file nobody may write is replaced anyway.
  package var overwriteReadOnly: Bool
  /// Whether the changed-on-disk check was waived (`o` after the question).
  package var force: Bool
}

/// A copy of an `.ipa` with edited entries, as ``Effect/writeArchiveCopy(_:)`` carries it.
package struct ArchiveCopyWrite: Sendable, Hashable {
  /// The archive read.
  package var archive: String
  /// Where the copy goes.
  package var copy: String
  /// The entries replaced (path inside the archive → new bytes).
  package var replacements: [String: [UInt8]]
  /// The files whose edits the copy carries, by index into ``Session/files``.
  package var files: [Int]
  /// The archive's stamp when read, to refuse a copy of an archive that changed since (nil
  /// for none).
  package var expecting: FileStamp?
}
