import Glibc

/// The one way infoscope reads a file it may save and writes any file: a save either puts
/// every new byte in place or leaves the original as it was.
///
/// Every writer of the program goes through ``write(_:to:options:operations:)`` or
/// ``write(to:options:operations:content:)``: `convert -o` and `--in-place`, `set`, `remove`
/// and `rename`, the inspector's save, recovery files, the `.ipa` copy and lint's report file.
/// It lives in PlistCore, the lowest layer, because PlistBundle (the `.ipa` copy) and
/// PlistEditing (documents, recovery) both need it and may import only what is below them.
package enum AtomicFile {
  /// What a caller allows a write to do.
  package struct Options: Sendable, Equatable {
    /// The fingerprint taken when the file was read.
    ///
    /// The save is refused when the file no longer matches it, checked just before and just
    /// after the swap; nil overwrites whatever is there (or creates the file).
    package var expecting: FileFingerprint?
    /// Replace a file whose permissions give nobody write access (mode `0444`): what
    /// `--force` and the inspector's answer to its question say.
    package var overwriteReadOnly: Bool
    /// The permission bits of a file created (not replaced); nil for `0666` less the umask.
    package var newFileMode: UInt32?

    /// Creates options.
    package init(
      expecting: FileFingerprint? = nil, overwriteReadOnly: Bool = false,
      newFileMode: UInt32? = nil
    ) {
      self.expecting = expecting
      self.overwriteReadOnly = overwriteReadOnly
      self.newFileMode = newFileMode
    }
  }

  /// What a successful write did that the user should hear about.
  package struct Report: Sendable, Equatable {
    /// Sentences, each naming the path: hard links split off, extended attributes not kept.
    package var notes: [String] = []
    /// True when the path was a character device or a FIFO, written through, not replaced.
    package var wroteThrough = false
  }

  /// Where bytes of a save go: the temporary file, through the injected system calls.
  package struct Sink {
    let descriptor: Int32
    let operations: any FileOperations

    /// Writes all of `bytes`, retrying partial writes and `EINTR`.
    ///
    /// - Throws: ``FileError`` `.writeFailed` with the system's reason (`EFBIG` says the
    ///   file-size limit was reached, `ENOSPC` that the disk is full).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
      var offset = 0
      while offset < bytes.count {
        let result: Result<Int, SystemError>
        do throws(SystemError) {
          result = .success(
            try operations.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...])))
        } catch {
          result = .failure(error)
        }
        switch result {
        case .success(let count) where count > 0: offset += count
        case .success:
          throw FileError(.writeFailed, "writing the temporary file made no progress")
        case .failure(let error) where error.code == EINTR: continue
        case .failure(let error) where error.code == EFBIG:
          throw FileError(
            .writeFailed,
            "\(error.text) (the file-size limit, ulimit -f, is below its size) while writing "
              + "the temporary file")
        case .failure(let error):
          throw FileError(.writeFailed, "\(error.text) while writing the temporary file")
        }
      }
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws(FileError) {
      let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(FileError) in try write(buffer) }
      }
      try result.get()
    }
  }

  // MARK: Reading

  /// Reads the whole file at `path` and its fingerprint, from one open descriptor (so the two
  /// describe the same file even when another program replaces it meanwhile).
  ///
  /// The file is opened without blocking, so a FIFO cannot wedge the caller, and anything but
  /// a regular file is refused before a byte is read. A file larger than `limit` is refused
  /// from its size (`fstat`), before a byte is read; reading also stops at `limit` should the
  /// file grow meanwhile.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the most bytes accepted.
  /// - Returns: the bytes and their ``FileFingerprint``.
  /// - Throws: ``FileError`` `.notFound`, `.readFailed` (naming the path and the system's
  ///   reason, or what the path is instead of a regular file) or `.tooLarge`.
  package static func read(
    path: String, limit: Int = PlistLimits.maxDocumentBytes
  ) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint) {
    let (bytes, info) = try readRegularFile(path: path, limit: limit)
    let fingerprint = FileFingerprint(
      size: UInt64(bytes.count), modificationSeconds: Int64(info.st_mtim.tv_sec),
      modificationNanoseconds: Int64(info.st_mtim.tv_nsec), device: UInt64(info.st_dev),
      inode: UInt64(info.st_ino), contentHash: FileFingerprint.hash(bytes))
    return (bytes, fingerprint)
  }

  /// The bytes of the regular file at `path`, read as ``read(path:limit:)`` reads them but
  /// without hashing them: for a command that reads a file once and never saves over it.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the most bytes accepted.
  /// - Returns: every byte of the file.
  /// - Throws: ``FileError`` as ``read(path:limit:)``.
  package static func readBytes(
    path: String, limit: Int = PlistLimits.maxDocumentBytes
  ) throws(FileError) -> [UInt8] {
    try readRegularFile(path: path, limit: limit).bytes
  }

  /// Opens `path`, checks that it is a regular file, and reads all of it.
  private static func readRegularFile(
    path: String, limit: Int
  ) throws(FileError) -> (bytes: [UInt8], info: stat) {
    let descriptor = try openForReading(path)
    defer { _ = Glibc.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw readError(path, SystemError(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw FileError(.readFailed, "\(path) could not be read: it is \(kindName(info.st_mode))")
    }
    let bytes = try readAll(
      descriptor: descriptor, limit: limit, expectedSize: Int(clamping: info.st_size), name: path)
    return (bytes, info)
  }

  /// Opens `path` for reading without blocking (a FIFO with no writer opens at once) and
  /// without taking a terminal as the controlling one.
  ///
  /// - Returns: the descriptor, which the caller closes.
  /// - Throws: ``FileError`` `.notFound` or `.readFailed`.
  package static func openForReading(_ path: String) throws(FileError) -> Int32 {
    guard !path.isEmpty else { throw FileError(.notFound, "an empty path names no file") }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT {
        throw FileError(.notFound, "\(path) could not be read: \(SystemError(code).text)")
      }
      throw readError(path, SystemError(code))
    }
    // Regular files ignore O_NONBLOCK; the flag is cleared so a stream reads as usual.
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return descriptor
  }

  /// Reads from `descriptor` until end of file, stopping with an error once more than `limit`
  /// bytes came: the reader of standard input and of pipes, which have no size to check first.
  ///
  /// - Parameters:
  ///   - descriptor: an open descriptor.
  ///   - limit: the most bytes accepted.
  ///   - expectedSize: the size to reserve room for (a regular file's `st_size`), or 0.
  ///   - name: the input's name for messages (`<stdin>`, a path).
  /// - Returns: every byte read.
  /// - Throws: ``FileError`` `.tooLarge` (before reading when `expectedSize` is over the
  ///   limit), `.readFailed` with the system's reason.
  package static func readAll(
    descriptor: Int32, limit: Int = PlistLimits.maxDocumentBytes, expectedSize: Int = 0,
    name: String
  ) throws(FileError) -> [UInt8] {
    guard expectedSize <= limit else { throw tooLarge(name, limit, size: expectedSize) }
    var bytes: [UInt8] = []
    if expectedSize > 0 {
      // A regular file's bytes go straight into the array: one read call per chunk the
      // kernel gives, no copy through a buffer.
      var failure: SystemError?
      bytes = [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        while count < expectedSize {
          let read = Glibc.read(descriptor, base + count, expectedSize - count)
          if read < 0 {
            if errno == EINTR { continue }
            failure = SystemError(errno)
            return
          }
          if read == 0 { return }
          count += read
        }
      }
      if let failure { throw readError(name, failure) }
      // Shorter than its size said: it was cut while being read; nothing more will come.
      if bytes.count < expectedSize { return bytes }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw readError(name, SystemError(code))
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw tooLarge(name, limit, size: nil) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// The fingerprint of the file at `path` as it is now (reading all of its bytes).
  ///
  /// - Throws: ``FileError`` as ``read(path:limit:)``.
  package static func fingerprint(path: String) throws(FileError) -> FileFingerprint {
    try read(path: path).fingerprint
  }

  // MARK: Writing

  /// Replaces the file at `path` with `bytes`, atomically; see
  /// ``write(to:options:operations:content:)``.
  ///
  /// - Returns: what the user should hear about the save.
  /// - Throws: ``FileError`` as ``write(to:options:operations:content:)``.
  @discardableResult
  package static func write(
    _ bytes: [UInt8], to path: String, options: Options = Options(),
    operations: some FileOperations = SystemFileOperations()
  ) throws(FileError) -> Report {
    try write(to: path, options: options, operations: operations) { sink throws(FileError) in
      try sink.write(bytes)
    }
  }

  /// Replaces the file at `path` with `bytes`, refused when it no longer matches `expecting`.
  ///
  /// - Returns: what the user should hear about the save.
  /// - Throws: ``FileError`` as ``write(to:options:operations:content:)``.
  @discardableResult
  package static func write(
    _ bytes: [UInt8], to path: String, expecting: FileFingerprint?,
    operations: some FileOperations = SystemFileOperations()
  ) throws(FileError) -> Report {
    try write(bytes, to: path, options: Options(expecting: expecting), operations: operations)
  }

  /// Replaces (or creates) the file at `path` with what `content` writes, atomically.
  ///
  /// Steps: remove stale temporary files of earlier saves that were killed; create the
  /// temporary file beside the target (`.NAME.infoscope-XXXXXX`, `mkstemp`) and lock it
  /// (`flock`, so a later save knows it is in use); let `content` write to it; give it the
  /// original's owner (where allowed), permission bits (setuid included, set after the owner)
  /// and extended attributes; `fsync` it; check the original still matches
  /// `options.expecting`; swap it with the original (`renameat2(RENAME_EXCHANGE)`, else
  /// `rename`), check the file swapped out still matched (and swap back if not); `fsync` the
  /// folder.
  ///
  /// What the path is decides the rest:
  /// - a regular file is replaced; one that nobody may write (`0444`) only with
  ///   `options.overwriteReadOnly`; one with other names (hard links) is replaced at this name
  ///   only, and the report says so;
  /// - a symbolic link is followed (the file it leads to is replaced, the link kept); a link to
  ///   nothing is refused;
  /// - a character device or a FIFO is written through (opened and written, never replaced);
  /// - a folder, a socket or a block device is refused.
  ///
  /// `SIGXFSZ` is ignored, so a file-size limit (`ulimit -f`) is an `EFBIG` error, not a
  /// silent death. On any failure the temporary file is removed and the original is as it was.
  ///
  /// - Parameters:
  ///   - path: the file to replace or create.
  ///   - options: the fingerprint to expect and what may be overwritten.
  ///   - operations: the system calls; tests pass ones that fail on purpose.
  ///   - content: writes the new content through the ``Sink``.
  /// - Returns: what the user should hear about the save.
  /// - Throws: ``FileError`` `.changedOnDisk` when the file no longer matches
  ///   `options.expecting` (or was removed); `.readOnly`; `.refused` for what is never
  ///   replaced; `.writeFailed` naming the path, the step and the system's reason; or the error
  ///   `content` throws, with the path added.
  @discardableResult
  package static func write(
    to path: String, options: Options = Options(),
    operations: some FileOperations = SystemFileOperations(),
    content: (Sink) throws(FileError) -> Void
  ) throws(FileError) -> Report {
    _ = ignoreFileSizeSignal
    var report = Report()
    let target: String
    switch try classify(path) {
    case .special(let special):
      if options.expecting != nil {
        throw FileError(.changedOnDisk, "\(path) is no longer a regular file")
      }
      try writeThrough(special, shownAs: path, operations: operations, content: content)
      report.wroteThrough = true
      return report
    case .regular(let resolved, let info):
      target = resolved
      if info.st_mode & 0o222 == 0, !options.overwriteReadOnly {
        throw FileError(
          .readOnly,
          "\(path) was not saved: it is read-only (mode \(octal(info.st_mode & 0o7777)))")
      }
      if info.st_nlink > 1 {
        report.notes.append(
          "\(path) had \(info.st_nlink) names (hard links): only this one has the new content, "
            + "the others keep the old")
      }
    case .absent(let resolved):
      if options.expecting != nil {
        throw FileError(.changedOnDisk, "\(path) was removed or renamed since it was read")
      }
      target = resolved
    }
    let (directory, name) = split(target)
    removeStaleTemporaries(of: target)
    let template = (directory == "/" ? "/" : directory + "/") + temporaryPrefix(name) + "XXXXXX"
    let temporary: (descriptor: Int32, path: String)
    do throws(SystemError) {
      temporary = try operations.makeTemporaryFile(template: template)
    } catch {
      throw failure(path, error, "creating a temporary file in \(directory)")
    }
    _ = flock(temporary.descriptor, LOCK_EX | LOCK_NB)
    var open = true
    var swapped = false
    do throws(FileError) {
      try content(Sink(descriptor: temporary.descriptor, operations: operations))
      let original = existingInfo(target)
      if let original {
        try copyOwnerAndMode(original, to: temporary.descriptor, operations: operations)
        report.notes += copyAttributes(
          from: target, to: temporary.descriptor, shownAs: path, operations: operations)
      } else {
        let mode = options.newFileMode ?? (0o666 & ~currentUmask())
        try step("setting its permissions") { () throws(SystemError) in
          try operations.changeMode(temporary.descriptor, mode)
        }
      }
      try step("flushing it to disk") { () throws(SystemError) in
        try operations.synchronize(temporary.descriptor)
      }
      try check(target, shownAs: path, expecting: options.expecting)
      open = false
      try step("closing it") { () throws(SystemError) in
        try operations.close(temporary.descriptor)
      }
      swapped = try replace(target, with: temporary.path, operations: operations)
      if swapped {
        // The original now sits at the temporary path: it must still be what was read.
        try checkSwappedOut(
          temporary.path, target: target, shownAs: path, expecting: options.expecting,
          operations: operations)
      }
    } catch {
      if open { _ = try? operations.close(temporary.descriptor) }
      _ = try? operations.remove(temporary.path)
      throw error.kind == .changedOnDisk || error.message.hasPrefix(path + " ")
        ? error : FileError(error.kind, "\(path) was not saved: \(error.message)")
    }
    if swapped { _ = try? operations.remove(temporary.path) }
    // The new content is complete and flushed; a directory that cannot be flushed is no reason
    // to report a failure, since the original is gone by now.
    _ = try? operations.synchronizeDirectory(directory)
    return report
  }

  // MARK: Temporary files

  /// The start of the temporary file names of saves of a file named `name`:
  /// `.NAME.infoscope-` (the name cut to 200 bytes, so the whole stays within `NAME_MAX`).
  static func temporaryPrefix(_ name: String) -> String {
    "." + String(decoding: Array(name.utf8).prefix(200), as: UTF8.self) + ".infoscope-"
  }

  /// Removes temporary files that saves of `path` left behind when they were killed.
  ///
  /// A save holds an exclusive `flock` on its temporary file until it is renamed or removed,
  /// so a temporary file that can be locked belongs to no running save. Only regular files
  /// named `.NAME.infoscope-` and six more characters, in the file's own folder, are
  /// considered.
  ///
  /// - Returns: the paths removed.
  @discardableResult
  package static func removeStaleTemporaries(of path: String) -> [String] {
    let (directory, name) = split(path)
    let prefix = temporaryPrefix(name)
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var removed: [String] = []
    while let entry = readdir(folder) {
      let entryName = DirectoryEntry.name(entry)
      guard entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + 6 else {
        continue
      }
      let candidate = (directory == "/" ? "/" : directory + "/") + entryName
      let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { _ = Glibc.close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
      else { continue }
      if unlink(candidate) == 0 { removed.append(candidate) }
    }
    return removed
  }

  // MARK: Steps

  /// What a path to write names.
  private enum Target {
    /// A regular file (a link already followed) and its details.
    case regular(String, stat)
    /// Nothing yet (a link already followed to where it leads).
    case absent(String)
    /// A character device or FIFO, written through.
    case special(String)
  }

  /// Follows a final symbolic link and sorts what the path names.
  private static func classify(_ path: String) throws(FileError) -> Target {
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw FileError(.refused, "\(path.isEmpty ? "an empty path" : path) names no file to write")
    }
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return .absent(path) }
      throw failure(path, SystemError(code), "reading its details")
    }
    var target = path
    if info.st_mode & S_IFMT == S_IFLNK {
      guard let resolved = realpath(path, nil) else {
        throw FileError(
          .writeFailed,
          "\(path) was not saved: it is a symbolic link to a file that does not exist")
      }
      target = String(cString: resolved)
      free(resolved)
      guard stat(target, &info) == 0 else {
        throw failure(path, SystemError(errno), "reading the details of \(target)")
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(target, info)
    case S_IFCHR, S_IFIFO: return .special(target)
    default:
      let via = target == path ? "" : " (its link leads to \(target))"
      throw FileError(
        .refused, "\(path) was not saved: it is \(kindName(info.st_mode))\(via), not a file")
    }
  }

  /// Opens a device or FIFO for writing (a FIFO waits for its reader, as `cat > FIFO` does)
  /// and writes the content into it.
  private static func writeThrough(
    _ target: String, shownAs path: String, operations: some FileOperations,
    content: (Sink) throws(FileError) -> Void
  ) throws(FileError) {
    let descriptor = Glibc.open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, SystemError(errno), "opening it") }
    defer { _ = Glibc.close(descriptor) }
    do throws(FileError) {
      try content(Sink(descriptor: descriptor, operations: operations))
    } catch {
      throw FileError(
        error.kind,
        "\(path) was not written: \(error.message.replacing("the temporary file", with: "it"))")
    }
  }

  /// The target's details now, nil when it is gone.
  private static func existingInfo(_ target: String) -> stat? {
    var info = stat()
    return stat(target, &info) == 0 ? info : nil
  }

  /// Gives the temporary file the original's owner (where allowed) and then its mode, in that
  /// order, since changing the owner clears setuid and setgid.
  private static func copyOwnerAndMode(
    _ original: stat, to descriptor: Int32, operations: some FileOperations
  ) throws(FileError) {
    if original.st_uid != geteuid() || original.st_gid != getegid() {
      do throws(SystemError) {
        try operations.changeOwner(descriptor, user: original.st_uid, group: original.st_gid)
      } catch {
        // Not allowed to give the file away (EPERM): it stays ours, as any editor's save
        // would leave it.
        if error.code != EPERM {
          throw FileError(.writeFailed, "\(error.text) while setting its owner")
        }
      }
    }
    let mode = UInt32(original.st_mode) & 0o7777
    try step("setting its permissions") { () throws(SystemError) in
      try operations.changeMode(descriptor, mode)
    }
  }

  /// Copies every extended attribute of `source` to the temporary file.
  ///
  /// - Returns: a note for each attribute that could not be kept, with the reason.
  private static func copyAttributes(
    from source: String, to descriptor: Int32, shownAs path: String,
    operations: some FileOperations
  ) -> [String] {
    let names: [String]
    do throws(SystemError) {
      names = try operations.attributeNames(source)
    } catch {
      if error.code == ENOTSUP || error.code == ENOSYS { return [] }
      return [
        "\(path): its extended attributes could not be listed (\(error.text)), so the "
          + "saved file may lack them"
      ]
    }
    var notes: [String] = []
    for name in names {
      do throws(SystemError) {
        let value = try operations.attribute(name, of: source)
        try operations.setAttribute(name, value, on: descriptor)
      } catch {
        notes.append("\(path): the extended attribute \(name) was not kept (\(error.text))")
      }
    }
    return notes
  }

  /// Puts the temporary file in place of `target`: swapped with it where the file system can
  /// (so the original can be checked afterwards), else renamed over it.
  ///
  /// - Returns: true when swapped (the original is now at `temporary`).
  private static func replace(
    _ target: String, with temporary: String, operations: some FileOperations
  ) throws(FileError) -> Bool {
    if existingInfo(target) != nil {
      do throws(SystemError) {
        try operations.exchange(temporary, with: target)
        return true
      } catch {
        guard [EINVAL, ENOSYS, ENOTSUP, EXDEV].contains(error.code) else {
          throw FileError(.writeFailed, "\(error.text) while swapping it with the original")
        }
      }
    }
    try step("renaming it over the original") { () throws(SystemError) in
      try operations.rename(temporary, to: target)
    }
    return false
  }

  /// After a swap, checks that the file swapped out is still the one read.
  ///
  /// If another program wrote it in the moment before the swap, swaps back (its bytes are kept)
  /// and reports the race.
  private static func checkSwappedOut(
    _ swappedOut: String, target: String, shownAs path: String, expecting: FileFingerprint?,
    operations: some FileOperations
  ) throws(FileError) {
    guard let expecting else { return }
    guard let now = try? fingerprint(path: swappedOut), !now.sameContent(as: expecting) else {
      return
    }
    do throws(SystemError) {
      try operations.exchange(swappedOut, with: target)
    } catch {
      throw FileError(
        .changedOnDisk,
        "\(path) was changed by another program while it was being saved; its version could not "
          + "be put back (\(error.text)) and is kept at \(swappedOut)")
    }
    throw FileError(
      .changedOnDisk,
      "\(path) was changed by another program while it was being saved; its version is kept "
        + "and the save was undone")
  }

  /// Refuses when the file no longer matches `expecting`.
  private static func check(
    _ target: String, shownAs path: String, expecting: FileFingerprint?
  ) throws(FileError) {
    guard let expecting else { return }
    let now: FileFingerprint
    do throws(FileError) {
      now = try fingerprint(path: target)
    } catch {
      if error.kind == .notFound {
        throw FileError(.changedOnDisk, "\(path) was removed or renamed since it was read")
      }
      throw FileError(.writeFailed, "\(error.message) while checking it for changes")
    }
    guard now.sameContent(as: expecting) else {
      throw FileError(.changedOnDisk, "\(path) changed on disk since it was read")
    }
  }

  /// Runs one system call, turning its error into `.writeFailed` naming the step.
  private static func step(
    _ name: String, _ body: () throws(SystemError) -> Void
  ) throws(FileError) {
    do {
      try body()
    } catch {
      throw FileError(.writeFailed, "\(error.text) while \(name)")
    }
  }

  /// `SIGXFSZ` ignored once per process, so passing `ulimit -f` fails a write with `EFBIG`.
  private static let ignoreFileSizeSignal: Void = { _ = signal(SIGXFSZ, SIG_IGN) }()

  /// The directory and the name of `path` (`.` for a bare name).
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// What a file of mode `mode` is, for messages: "a folder", "a FIFO", ...
  package static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The process's umask, read from `/proc/self/status` (reading it with `umask()` would
  /// change it for other threads for a moment); `022` when that cannot be read.
  static func currentUmask() -> UInt32 {
    guard let (bytes, _) = try? read(path: "/proc/self/status", limit: 1 << 20) else {
      return 0o022
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
      let digits = line.dropFirst("Umask:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      if let value = UInt32(digits, radix: 8) { return value }
    }
    return 0o022
  }

  private static func failure(_ path: String, _ error: SystemError, _ step: String) -> FileError {
    FileError(.writeFailed, "\(path) was not saved: \(error.text) while \(step)")
  }

  private static func readError(_ path: String, _ error: SystemError) -> FileError {
    FileError(.readFailed, "\(path) could not be read: \(error.text)")
  }

  private static func tooLarge(_ name: String, _ limit: Int, size: Int?) -> FileError {
    let what = size.map { "it is \($0) bytes" } ?? "it holds more"
    return FileError(
      .tooLarge, "\(name) could not be read: \(what), over the \(describe(limit)) infoscope reads")
  }

  /// `4 GiB`, `512 MiB`, or a byte count.
  static func describe(_ bytes: Int) -> String {
    // Within a few bytes of a whole unit (the 4 GiB limit is 2 bytes short of it) says the unit.
    for (shift, unit) in [(30, "GiB"), (20, "MiB")] where bytes >= 1 << shift {
      let whole = (bytes + 16) >> shift
      if abs(bytes - whole << shift) <= 16 { return "\(whole) \(unit)" }
    }
    return "\(bytes) bytes"
  }
}
