import Glibc

/// Reading a file with its fingerprint, and replacing it all at once: the save that either
/// puts every new byte in place or leaves the original as it was.
package enum AtomicFile {
  /// Reads the whole file at `path` and its fingerprint, from one open descriptor (so the two
  /// describe the same file even when another program replaces it meanwhile).
  ///
  /// - Returns: the bytes and their ``FileFingerprint``.
  /// - Throws: ``EditError`` of kind `.readFailed` naming the path and the system's reason.
  package static func read(
    path: String
  ) throws(EditError) -> (
    bytes: [UInt8], fingerprint: FileFingerprint
  ) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw readError(path, SystemError(errno)) }
    defer { _ = Glibc.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw readError(path, SystemError(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw EditError(.readFailed, "\(path) is not a regular file")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw readError(path, SystemError(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    let fingerprint = FileFingerprint(
      size: UInt64(bytes.count), modificationSeconds: Int64(info.st_mtim.tv_sec),
      modificationNanoseconds: Int64(info.st_mtim.tv_nsec), device: UInt64(info.st_dev),
      inode: UInt64(info.st_ino), contentHash: FileFingerprint.hash(bytes))
    return (bytes, fingerprint)
  }

  /// The fingerprint of the file at `path` as it is now (reading all of its bytes).
  ///
  /// - Throws: ``EditError`` of kind `.readFailed` naming the path and the system's reason.
  package static func fingerprint(path: String) throws(EditError) -> FileFingerprint {
    try read(path: path).fingerprint
  }

  /// Replaces the file at `path` with `bytes`, atomically.
  ///
  /// Steps: write a temporary file beside the target (`.Info.plist.infoscope-XXXXXX`, made by
  /// `mkstemp`), writing every byte (partial writes and `EINTR` are retried), flush it with
  /// `fsync`, give it the original's owner and group where allowed (`EPERM` is ignored) and
  /// its permission bits, check that the original still matches `expecting`, `rename` it over
  /// the target, then `fsync` the directory. A new file gets `0644` minus the umask.
  ///
  /// A symbolic link is followed: the file it resolves to is replaced and the link stays as
  /// it is; a link to nothing is refused. Hard links to the original keep the old content
  /// (the rename gives the path a new inode), as with every atomic save.
  ///
  /// Either the whole new content is in place, or this throws and the original is
  /// byte-for-byte as it was, with the temporary file removed. Only the directory flush after
  /// the rename is not reported: the new content is complete then, and some file systems
  /// refuse to flush a directory.
  ///
  /// - Parameters:
  ///   - bytes: the new content.
  ///   - path: the file to replace or create.
  ///   - expecting: the fingerprint taken when the file was read; nil to overwrite whatever is
  ///     there (or create the file).
  ///   - operations: the system calls to use; tests pass one that fails on purpose.
  /// - Throws: ``EditError`` of kind `.changedOnDisk` when the file's content no longer
  ///   matches `expecting`, or was removed; `.writeFailed` with the path and the system's
  ///   reason for any other failure.
  package static func write(
    _ bytes: [UInt8], to path: String, expecting: FileFingerprint?,
    operations: some FileOperations = SystemFileOperations()
  ) throws(EditError) {
    let target = try resolve(path)
    let (directory, name) = split(target)
    // Keep the temporary name within NAME_MAX (255 bytes) for long file names.
    let stem = String(decoding: Array(name.utf8).prefix(200), as: UTF8.self)
    let template = (directory == "/" ? "/" : directory + "/") + ".\(stem).infoscope-XXXXXX"
    let temporary: (descriptor: Int32, path: String)
    do throws(SystemError) {
      temporary = try operations.makeTemporaryFile(template: template)
    } catch {
      throw failure(path, error, "creating a temporary file in \(directory)")
    }
    var open = true
    do throws(EditError) {
      try writeAll(bytes, to: temporary.descriptor, operations: operations)
      try step("flushing it to disk") { () throws(SystemError) in
        try operations.synchronize(temporary.descriptor)
      }
      let original = try check(target, shownAs: path, expecting: expecting)
      if let original {
        if original.st_uid != geteuid() || original.st_gid != getegid() {
          do throws(SystemError) {
            try operations.changeOwner(
              temporary.descriptor, user: original.st_uid, group: original.st_gid)
          } catch {
            // Not allowed to give the file away (EPERM): it stays ours, as any editor's save
            // would leave it.
            if error.code != EPERM {
              throw EditError(.writeFailed, "\(error.text) while setting its owner")
            }
          }
        }
      }
      let mode = original.map { UInt32($0.st_mode) & 0o7777 } ?? (0o644 & ~currentUmask())
      try step("setting its permissions") { () throws(SystemError) in
        try operations.changeMode(temporary.descriptor, mode)
      }
      open = false
      try step("closing it") { () throws(SystemError) in
        try operations.close(temporary.descriptor)
      }
      try step("renaming it over the original") { () throws(SystemError) in
        try operations.rename(temporary.path, to: target)
      }
    } catch {
      if open { _ = try? operations.close(temporary.descriptor) }
      _ = try? operations.remove(temporary.path)
      throw error.kind == .changedOnDisk
        ? error : EditError(error.kind, "\(path) was not saved: \(error.message)")
    }
    // The new content is complete and flushed; a directory that cannot be flushed is no reason
    // to report a failure, since the original is gone by now.
    _ = try? operations.synchronizeDirectory(directory)
  }

  /// Writes every byte, retrying partial writes and `EINTR`.
  private static func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, operations: some FileOperations
  ) throws(EditError) {
    var offset = 0
    while offset < bytes.count {
      let result: Result<Int, SystemError> = bytes.withUnsafeBytes { buffer in
        do throws(SystemError) {
          return .success(
            try operations.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...])))
        } catch {
          return .failure(error)
        }
      }
      switch result {
      case .success(let count) where count > 0: offset += count
      case .success: throw EditError(.writeFailed, "writing the temporary file made no progress")
      case .failure(let error) where error.code == EINTR: continue
      case .failure(let error):
        throw EditError(.writeFailed, "\(error.text) while writing the temporary file")
      }
    }
  }

  /// Runs one system call, turning its error into `.writeFailed` naming the step.
  private static func step(
    _ name: String, _ body: () throws(SystemError) -> Void
  ) throws(EditError) {
    do {
      try body()
    } catch {
      throw EditError(.writeFailed, "\(error.text) while \(name)")
    }
  }

  /// The target's `stat` (nil when there is none yet), after checking it against
  /// `expecting`.
  private static func check(
    _ target: String, shownAs path: String, expecting: FileFingerprint?
  ) throws(EditError) -> stat? {
    var info = stat()
    guard stat(target, &info) == 0 else {
      let code = errno
      guard code == ENOENT else {
        throw EditError(.writeFailed, "\(SystemError(code).text) while reading its details")
      }
      if expecting != nil {
        throw EditError(.changedOnDisk, "\(path) was removed or renamed since it was read")
      }
      return nil
    }
    if let expecting {
      let now: FileFingerprint
      do throws(EditError) {
        now = try fingerprint(path: target)
      } catch {
        throw EditError(.writeFailed, "\(error.message) while checking it for changes")
      }
      guard now.sameContent(as: expecting) else {
        throw EditError(.changedOnDisk, "\(path) changed on disk since it was read")
      }
    }
    return info
  }

  /// The path to write: `path` itself, or the file a symbolic link resolves to.
  private static func resolve(_ path: String) throws(EditError) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return path }
      throw failure(path, SystemError(code), "reading its details")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return path
    case S_IFLNK:
      guard let resolved = realpath(path, nil) else {
        throw EditError(
          .writeFailed, "\(path) was not saved: it is a symbolic link to a file that does not exist"
        )
      }
      defer { free(resolved) }
      let target = String(cString: resolved)
      var targetInfo = stat()
      guard stat(target, &targetInfo) == 0, targetInfo.st_mode & S_IFMT == S_IFREG else {
        throw EditError(
          .writeFailed, "\(path) was not saved: its link leads to \(target), not a regular file")
      }
      return target
    default:
      throw EditError(.writeFailed, "\(path) was not saved: it is not a regular file")
    }
  }

  /// The directory and the name of `path` (`.` for a bare name).
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// The process's umask, read from `/proc/self/status` (reading it with `umask()` would
  /// change it for other threads for a moment); `022` when that cannot be read.
  static func currentUmask() -> UInt32 {
    guard let (bytes, _) = try? read(path: "/proc/self/status") else { return 0o022 }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
      let digits = line.dropFirst("Umask:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      if let value = UInt32(digits, radix: 8) { return value }
    }
    return 0o022
  }

  private static func failure(_ path: String, _ error: SystemError, _ step: String) -> EditError {
    EditError(.writeFailed, "\(path) was not saved: \(error.text) while \(step)")
  }

  private static func readError(_ path: String, _ error: SystemError) -> EditError {
    EditError(.readFailed, "\(path) could not be read: \(error.text)")
  }
}
