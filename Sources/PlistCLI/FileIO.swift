import Foundation

/// Reading standard input and writing files atomically, with `errno` turned into sentences
/// (files are read by `PlistReader.readFile`).
package enum FileIO {
  /// Why a file operation failed: the `strerror` text of `errno` at the time of the call.
  package struct Failure: Error, Sendable {
    /// The system's sentence, for example `No such file or directory`.
    package var reason: String

    init(errno code: Int32) { reason = String(cString: strerror(code)) }
    init(_ reason: String) { self.reason = reason }
  }

  /// A step of `writeAtomically` to fail on purpose, so tests can show the original survives.
  enum Fault: Sendable {
    case beforeRename
  }

  /// Reads from `fd` until end of file.
  package static func readAll(fd: Int32) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
      out.reserveCapacity(Int(info.st_size))
    }
    let chunk = 1 << 16
    while true {
      let before = out.count
      out.append(contentsOf: repeatElement(0, count: chunk))
      let n = out.withUnsafeMutableBytes { raw in
        Foundation.read(fd, raw.baseAddress.map { $0 + before }, chunk)
      }
      if n < 0 {
        let code = errno
        out.removeLast(chunk)
        if code == EINTR { continue }
        throw Failure(errno: code)
      }
      out.removeLast(chunk - n)
      if n == 0 { return out }
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

  /// Writes `bytes` to `path` so that readers see either the old file or the new one, whole.
  ///
  /// The bytes go to a temporary file in the same folder, which is flushed (`fsync`), given the
  /// permissions (and, where allowed, the owner) of the file it replaces, or `0666` less the
  /// umask for a new file, and renamed over `path`. A symbolic link at `path` is followed, so
  /// the file it points to is replaced and the link kept. On any failure the temporary file is
  /// removed and whatever was at `path` is left as it was.
  ///
  /// - Throws: `Failure` naming the step that failed.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
    try writeAtomically(bytes, to: path, fault: nil)
  }

  static func writeAtomically(_ bytes: [UInt8], to path: String, fault: Fault?) throws(Failure) {
    let target = resolvedTarget(path)
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    var template = Array(
      ((directory.isEmpty ? "." : directory) + "/." + name + ".infoscope-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { throw Failure("cannot create a temporary file beside it: \(reason())") }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var closed = false
    do throws(Failure) {
      guard bytes.withUnsafeBytes({ writeAll($0, to: fd) }) else { throw Failure(errno: errno) }
      var existing = stat()
      if stat(target, &existing) == 0 {
        guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw Failure(errno: errno) }
        _ = fchown(fd, existing.st_uid, existing.st_gid)  // allowed only to root; best effort
      } else {
        let mask = umask(0)
        umask(mask)
        guard fchmod(fd, 0o666 & ~mask) == 0 else { throw Failure(errno: errno) }
      }
      guard fsync(fd) == 0 else { throw Failure(errno: errno) }
      closed = true
      guard close(fd) == 0 else { throw Failure(errno: errno) }
      if fault == .beforeRename { throw Failure("failed on purpose before the rename") }
      guard rename(temporary, target) == 0 else { throw Failure(errno: errno) }
    } catch {
      if !closed { close(fd) }
      unlink(temporary)
      throw error
    }
    // Make the rename itself durable; a failure here cannot undo the write, so it is ignored.
    let dirFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dirFD >= 0 {
      _ = fsync(dirFD)
      close(dirFD)
    }
  }

  /// `path` with a final symbolic link followed, so writing replaces the file it points to.
  private static func resolvedTarget(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// True when `a` and `b` name the same existing file (same device and inode).
  package static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
