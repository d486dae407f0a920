import Glibc

/// An operating-system error number (`errno`), with its text.
package struct SystemError: Error, Sendable, Equatable {
  /// The `errno` value, such as `ENOSPC`.
  package var code: Int32

  /// Creates the error for `code`.
  package init(_ code: Int32) { self.code = code }

  /// The C library's text for the code, such as "No space left on device".
  package var text: String { String(cString: strerror(code)) }
}

/// The system calls a save makes, one method each, so a test can make any of them fail.
///
/// ``SystemFileOperations`` calls the C library; ``AtomicFile/write(_:to:expecting:operations:)``
/// takes any value, which lets tests inject a failure at a chosen step, partial writes or
/// `EINTR`, and check that the original file is untouched.
package protocol FileOperations: Sendable {
  /// `mkstemp`: creates and opens a new file from `template`, whose name ends in `XXXXXX`.
  ///
  /// - Returns: the open descriptor and the path created.
  /// - Throws: ``SystemError`` when the file cannot be created.
  func makeTemporaryFile(template: String) throws(SystemError) -> (descriptor: Int32, path: String)

  /// `write`: writes some of `buffer` (possibly fewer bytes than asked).
  ///
  /// - Returns: the number of bytes written.
  /// - Throws: ``SystemError``; `EINTR` means "try again".
  func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int

  /// `fsync`: flushes the file's data and metadata to the device.
  func synchronize(_ descriptor: Int32) throws(SystemError)

  /// `fchown`: sets the file's owner and group.
  func changeOwner(_ descriptor: Int32, user: UInt32, group: UInt32) throws(SystemError)

  /// `fchmod`: sets the file's permission bits (`0o7777` at most).
  func changeMode(_ descriptor: Int32, _ mode: UInt32) throws(SystemError)

  /// `close`: closes the descriptor (which may report a deferred write error).
  func close(_ descriptor: Int32) throws(SystemError)

  /// `rename`: replaces `destination` with `source` in one step.
  func rename(_ source: String, to destination: String) throws(SystemError)

  /// `unlink`: removes a file.
  func remove(_ path: String) throws(SystemError)

  /// Opens the directory at `path` and `fsync`s it, so a rename inside it is on the device.
  func synchronizeDirectory(_ path: String) throws(SystemError)
}

/// ``FileOperations`` made by the C library.
package struct SystemFileOperations: FileOperations {
  /// Creates the real operations.
  package init() {}

  /// `mkstemp`, with the path it created.
  package func makeTemporaryFile(
    template: String
  ) throws(SystemError)
    -> (descriptor: Int32, path: String)
  {
    var buffer = Array(template.utf8CString)
    let descriptor = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
      guard let base = pointer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard descriptor >= 0 else { throw SystemError(errno) }
    let path = buffer.withUnsafeBufferPointer { pointer in
      String(decoding: pointer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return (descriptor, path)
  }

  /// `write`, once; no retry here.
  package func write(
    _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer
  ) throws(SystemError)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 0 }
    let written = Glibc.write(descriptor, base, buffer.count)
    guard written >= 0 else { throw SystemError(errno) }
    return written
  }

  /// `fsync`.
  package func synchronize(_ descriptor: Int32) throws(SystemError) {
    guard fsync(descriptor) == 0 else { throw SystemError(errno) }
  }

  /// `fchown`.
  package func changeOwner(_ descriptor: Int32, user: UInt32, group: UInt32) throws(SystemError) {
    guard fchown(descriptor, user, group) == 0 else { throw SystemError(errno) }
  }

  /// `fchmod`.
  package func changeMode(_ descriptor: Int32, _ mode: UInt32) throws(SystemError) {
    guard fchmod(descriptor, mode_t(mode)) == 0 else { throw SystemError(errno) }
  }

  /// `close`.
  package func close(_ descriptor: Int32) throws(SystemError) {
    let result = Glibc.close(descriptor)
    guard result == 0 else { throw SystemError(errno) }
  }

  /// `rename`.
  package func rename(_ source: String, to destination: String) throws(SystemError) {
    let result = Glibc.rename(source, destination)
    guard result == 0 else { throw SystemError(errno) }
  }

  /// `unlink`.
  package func remove(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else { throw SystemError(errno) }
  }

  /// `open` the directory, `fsync` it, `close` it.
  package func synchronizeDirectory(_ path: String) throws(SystemError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError(errno) }
    defer { _ = try? close(descriptor) }
    guard fsync(descriptor) == 0 else { throw SystemError(errno) }
  }
}
