import PlistCore

/// Why an edit, a value typed by the user, or a save was refused.
///
/// The message is one sentence a
/// person can act on; nothing was changed when one is thrown.
package struct EditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, for code that reacts to it.
  package enum Kind: String, Sendable, Equatable {
    /// No node at the path given.
    case noSuchNode
    /// The node is not a dictionary or array where one is needed.
    case notAContainer
    /// A dictionary already holds the key.
    case duplicateKey
    /// A key is empty.
    case emptyKey
    /// An index is outside the container.
    case indexOutOfRange
    /// Typed text is not a value of the type.
    case invalidValue
    /// A type change would lose the value.
    case typeChangeRefused
    /// The root cannot be removed, renamed or moved.
    case rootNotEditable
    /// Writing the file failed (the original is intact).
    case writeFailed
    /// The file changed on disk since it was read.
    case changedOnDisk
    /// Reading a file (or its details) failed.
    case readFailed
  }

  /// What went wrong.
  package var kind: Kind
  /// One sentence, no trailing period.
  package var message: String

  /// Creates an error.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  package var description: String { message }
}

extension EditError {
  /// The edit layer's form of a file error: `.changedOnDisk` stays, reading failures are
  /// `.readFailed`, the rest `.writeFailed`.
  package init(_ error: FileError) {
    switch error.kind {
    case .changedOnDisk: self.init(.changedOnDisk, error.message)
    case .readFailed, .notFound, .tooLarge: self.init(.readFailed, error.message)
    case .writeFailed, .readOnly, .refused: self.init(.writeFailed, error.message)
    }
  }
}
