import Glibc
import PlistCore

/// The system's file calls, except that reading a file whose path ends in `suffix` fails with
/// an error code: an unreadable file in the inspector's read effects' fault tests.
package struct FailingReads: ForwardingFileOperations {
  /// The end of the paths whose reads fail.
  package let suffix: String
  /// The `errno` they fail with.
  package let code: Int32
  /// The system's calls, which the others go to.
  package let real = SystemFileOperations()

  /// Operations whose reads of paths ending in `suffix` fail with `code`.
  package init(suffix: String, code: Int32 = EIO) {
    self.suffix = suffix
    self.code = code
  }

  package func readFile(
    _ path: String
  ) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint) {
    guard path.hasSuffix(suffix) else { return try AtomicFile.read(path: path) }
    throw FileError(.readFailed, "\(path) could not be read: \(SystemError(code).text)")
  }
}
