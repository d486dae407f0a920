import Foundation
import PlistCore

/// Standard input and output for the commands, with `errno` turned into sentences.
///
/// Files are read and written by `AtomicFile`, the one writer; this only adapts its errors.
package enum FileIO {
  /// Why a file operation failed: a sentence naming what failed and the system's reason.
  package struct Failure: Error, Sendable {
    /// The sentence, for example `No such file or directory`.
    package var reason: String
    /// The writer's error, when the failure came from it.
    package var fileError: FileError?

    init(errno code: Int32) { reason = String(cString: strerror(code)) }
    init(_ reason: String) { self.reason = reason }
    init(_ error: FileError) {
      reason = error.message
      fileError = error
    }
  }

  /// Reads from `fd` until end of file, refusing more than `limit` bytes (4 GiB by default,
  /// the most a property list may be): a stream has no size to check first, so reading stops
  /// at the limit.
  package static func readAll(
    fd: Int32, limit: Int = PlistLimits.maxDocumentBytes
  ) throws(Failure) -> [UInt8] {
    var info = stat()
    let size = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
    do {
      return try AtomicFile.readAll(
        descriptor: fd, limit: limit, expectedSize: size, name: "standard input")
    } catch {
      throw Failure(error)
    }
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
  ///
  /// - Returns: false when the descriptor refused the bytes (`errno` tells why).
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return false }
      let n = Foundation.write(fd, base + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// Writes `bytes` to `path` with `AtomicFile.write`: readers see the old file or the new one,
  /// whole; a device or FIFO is written through; a folder or socket is refused.
  ///
  /// - Parameters:
  ///   - bytes: the content.
  ///   - path: the file.
  ///   - overwriteReadOnly: replace a file nobody may write (`--force`).
  /// - Returns: the writer's notes (hard links split off, extended attributes not kept).
  /// - Throws: `Failure` with the writer's sentence.
  @discardableResult
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, overwriteReadOnly: Bool = false
  ) throws(Failure) -> [String] {
    do {
      return try AtomicFile.write(
        bytes, to: path, options: AtomicFile.Options(overwriteReadOnly: overwriteReadOnly)
      ).notes
    } catch {
      throw Failure(error)
    }
  }

  /// True when `a` and `b` name the same existing file (same device and inode).
  package static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }
}
