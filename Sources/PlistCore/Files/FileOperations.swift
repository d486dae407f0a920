import Glibc

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

  /// `renameat2(RENAME_EXCHANGE)`: swaps `source` and `destination` in one step, so the
  /// replaced file is still there (at `source`) to be checked after the swap.
  ///
  /// - Throws: ``SystemError``; `EINVAL` or `ENOSYS` when the file system or kernel cannot
  ///   swap, in which case the caller renames.
  func exchange(_ source: String, with destination: String) throws(SystemError)

  /// The names of the extended attributes of the file at `path` (`listxattr`).
  func attributeNames(_ path: String) throws(SystemError) -> [String]

  /// The value of extended attribute `name` of the file at `path` (`getxattr`).
  func attribute(_ name: String, of path: String) throws(SystemError) -> [UInt8]

  /// Sets extended attribute `name` on the open file `descriptor` (`fsetxattr`).
  func setAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(SystemError)

  /// Reads the whole regular file at `path` (``AtomicFile/read(path:limit:)``): the
  /// inspector's reads before a save, on a reload and of recovery files go through here, so a
  /// test can make them fail too.
  ///
  /// - Returns: the bytes and their fingerprint.
  /// - Throws: ``FileError`` `.notFound`, `.readFailed` or `.tooLarge`.
  func readFile(_ path: String) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint)
}

extension FileOperations {
  /// ``AtomicFile/read(path:limit:)`` with the standard limit.
  package func readFile(
    _ path: String
  ) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint) {
    try AtomicFile.read(path: path)
  }

  /// The C library's `renameat2(RENAME_EXCHANGE)`.
  package func exchange(_ source: String, with destination: String) throws(SystemError) {
    try SystemFileOperations().exchange(source, with: destination)
  }

  /// The C library's `listxattr`.
  package func attributeNames(_ path: String) throws(SystemError) -> [String] {
    try SystemFileOperations().attributeNames(path)
  }

  /// The C library's `getxattr`.
  package func attribute(_ name: String, of path: String) throws(SystemError) -> [UInt8] {
    try SystemFileOperations().attribute(name, of: path)
  }

  /// The C library's `fsetxattr`.
  package func setAttribute(
    _ name: String, _ value: [UInt8], on descriptor: Int32
  ) throws(SystemError) {
    try SystemFileOperations().setAttribute(name, value, on: descriptor)
  }
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

  /// `renameat2(AT_FDCWD, source, AT_FDCWD, destination, RENAME_EXCHANGE)`.
  package func exchange(_ source: String, with destination: String) throws(SystemError) {
    guard let call = LinuxCalls.renameat2 else { throw SystemError(ENOSYS) }
    guard call(AT_FDCWD, source, AT_FDCWD, destination, LinuxCalls.renameExchange) == 0 else {
      throw SystemError(errno)
    }
  }

  /// `listxattr`, split at the NUL bytes.
  package func attributeNames(_ path: String) throws(SystemError) -> [String] {
    guard let call = LinuxCalls.listxattr else { return [] }
    for _ in 0..<4 {
      let size = call(path, nil, 0)
      guard size >= 0 else { throw SystemError(errno) }
      if size == 0 { return [] }
      var buffer = [CChar](repeating: 0, count: size)
      let got = buffer.withUnsafeMutableBufferPointer { call(path, $0.baseAddress, size) }
      if got < 0 {
        if errno == ERANGE { continue }  // grew meanwhile
        throw SystemError(errno)
      }
      return buffer.prefix(got).split(separator: 0).map {
        String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    throw SystemError(ERANGE)
  }

  /// `getxattr`.
  package func attribute(_ name: String, of path: String) throws(SystemError) -> [UInt8] {
    guard let call = LinuxCalls.getxattr else { throw SystemError(ENOSYS) }
    for _ in 0..<4 {
      let size = call(path, name, nil, 0)
      guard size >= 0 else { throw SystemError(errno) }
      if size == 0 { return [] }
      var buffer = [UInt8](repeating: 0, count: size)
      let got = buffer.withUnsafeMutableBytes { call(path, name, $0.baseAddress, size) }
      if got < 0 {
        if errno == ERANGE { continue }
        throw SystemError(errno)
      }
      return Array(buffer.prefix(got))
    }
    throw SystemError(ERANGE)
  }

  /// `fsetxattr`.
  package func setAttribute(
    _ name: String, _ value: [UInt8], on descriptor: Int32
  ) throws(SystemError) {
    guard let call = LinuxCalls.fsetxattr else { throw SystemError(ENOSYS) }
    let result = value.withUnsafeBytes { call(descriptor, name, $0.baseAddress, $0.count, 0) }
    guard result == 0 else { throw SystemError(errno) }
  }
}

/// The Linux calls Swift's Glibc module leaves out (`renameat2` and the extended-attribute
/// calls need `_GNU_SOURCE` or `<sys/xattr.h>`), found in the C library at run time with
/// `dlsym`; nil where the C library lacks one.
private enum LinuxCalls {
  typealias Renameat2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32
  typealias Listxattr =
    @convention(c) (
      UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int
    ) -> Int
  typealias Getxattr =
    @convention(c) (
      UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int
    ) -> Int
  typealias Fsetxattr =
    @convention(c) (
      Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32
    ) -> Int32

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
  static let renameExchange: UInt32 = 1 << 1

  static let renameat2: Renameat2? = symbol("renameat2")
  static let listxattr: Listxattr? = symbol("listxattr")
  static let getxattr: Getxattr? = symbol("getxattr")
  static let fsetxattr: Fsetxattr? = symbol("fsetxattr")

  private static func symbol<T>(_ name: String) -> T? {
    guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else {
      return nil
    }
    return unsafeBitCast(address, to: T.self)
  }
}
