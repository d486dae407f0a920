/// Why reading or writing a file failed: the one error of ``AtomicFile``.
///
/// The message is a whole sentence naming the path, without a trailing period, such as
/// `Info.plist was not saved: No space left on device while writing the temporary file`. The
/// kind lets callers react: ask before overwriting a file that changed (`changedOnDisk`) or is
/// read-only (`readOnly`), say a file is too large (`tooLarge`).
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: String, Sendable, Equatable {
    /// Opening or reading the file failed, or it is not a regular file.
    case readFailed
    /// Nothing is at the path.
    case notFound
    /// The file is larger than the caller's limit; nothing past the limit was read.
    case tooLarge
    /// Writing failed; the original is as it was.
    case writeFailed
    /// The file changed on disk since it was read (or while it was being saved).
    case changedOnDisk
    /// The file's permissions give nobody write access; the caller must ask first.
    case readOnly
    /// The path is something that is not replaced: a folder, a socket, a block device.
    case refused
  }

  /// What went wrong.
  package var kind: Kind
  /// One sentence naming the path, without a trailing period.
  package var message: String

  /// Creates an error.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  package var description: String { message }
}
