import CZip
import Foundation

extension ZipArchive {
  /// Writes a copy of the archive at `archivePath` to `destination` with some entries' contents
  /// replaced; the source archive is never written.
  ///
  /// The source's bytes are copied to a temporary file in the destination's folder, libzip
  /// replaces the named entries there (same names, deflate compression) and copies every other
  /// entry's compressed data, attributes and extra fields unchanged, and the result is flushed
  /// and renamed onto `destination` (replacing a file already there). The copy gets the source's
  /// permission bits. Either the whole copy is in place or this throws and nothing is left
  /// behind. Entries are named by their normalised paths (`Payload/App.app/Info.plist`), as
  /// `entries` lists them; where names repeat, the first entry is the one replaced.
  ///
  /// - Parameters:
  ///   - archivePath: the source archive (an `.ipa`).
  ///   - destination: the copy's path; its folder must exist.
  ///   - entries: the new contents by entry path; each must name a file entry of the source.
  /// - Throws: `BundleError` naming the source archive or the destination: `.unsafePath` when
  ///   `destination` is the source itself (by path or by link); `.notFound` when the
  ///   destination's folder, the source or one of the entries does not exist; `.unrecognized`
  ///   when an entry to replace is a folder or a link, or `destination` is a folder; `.io` with
  ///   the system's or libzip's reason when reading or writing fails; otherwise as
  ///   `init(path:limits:)` for a source that is not a readable ZIP archive.
  package static func writeCopy(
    of archivePath: String, to destination: String, replacing entries: [String: [UInt8]]
  ) throws(BundleError) {
    let (folder, name) = split(destination)
    var folderInfo = stat()
    guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
      throw BundleError(
        .notFound,
        "could not write the copy of \(archivePath): the folder \(folder) does not exist",
        path: destination)
    }
    guard !name.isEmpty, name != ".", name != ".." else {
      throw BundleError(
        .unrecognized, "is a folder; name a file for the copy of \(archivePath)",
        path: destination)
    }
    var sourceInfo = stat()
    guard stat(archivePath, &sourceInfo) == 0 else {
      throw BundleError(
        errno == ENOENT ? .notFound : .io,
        "could not read the archive: \(String(cString: strerror(errno)))", path: archivePath)
    }
    var targetInfo = stat()
    if stat(destination, &targetInfo) == 0 {
      if targetInfo.st_dev == sourceInfo.st_dev && targetInfo.st_ino == sourceInfo.st_ino {
        throw BundleError(
          .unsafePath,
          "is the archive being copied; name another file so that \(archivePath) stays as it is",
          path: destination)
      }
      if targetInfo.st_mode & S_IFMT == S_IFDIR {
        throw BundleError(
          .unrecognized, "is a folder; name a file for the copy of \(archivePath)",
          path: destination)
      }
    }
    let temporary = try copyToTemporary(archivePath, folder: folder, name: name)
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    try replaceEntries(in: temporary, entries, source: archivePath)
    try flush(temporary, copying: archivePath, destination: destination)
    guard rename(temporary, destination) == 0 else {
      throw writeError(destination, archivePath, "renaming the temporary file onto it")
    }
    renamed = true
    // The copy is complete by now; a folder that cannot be flushed is no reason to fail.
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
    if descriptor >= 0 {
      _ = fsync(descriptor)
      close(descriptor)
    }
  }

  /// Copies the source's bytes to a new temporary file beside `name` in `folder`, with the
  /// source's permission bits.
  ///
  /// - Returns: the temporary file's path.
  private static func copyToTemporary(
    _ archivePath: String, folder: String, name: String
  ) throws(BundleError) -> String {
    let input = open(archivePath, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw BundleError(
        errno == ENOENT ? .notFound : .io,
        "could not read the archive: \(String(cString: strerror(errno)))", path: archivePath)
    }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw BundleError(
        .unrecognized, "is not a regular file; expected a ZIP archive", path: archivePath)
    }
    // Keep the temporary name within NAME_MAX (255 bytes) for long file names.
    let stem = String(decoding: Array(name.utf8).prefix(200), as: UTF8.self)
    var template = Array(
      ((folder == "/" ? "/" : folder + "/") + ".\(stem).infoscope-XXXXXX").utf8CString)
    let output = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let destination = folder + "/" + name
    guard output >= 0 else {
      throw writeError(destination, archivePath, "creating a temporary file in \(folder)")
    }
    var done = false
    defer {
      close(output)
      if !done { unlink(temporary) }
    }
    guard fchmod(output, info.st_mode & 0o777) == 0 else {
      throw writeError(destination, archivePath, "setting the temporary file's permissions")
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw BundleError(
          .io, "could not read the archive: \(String(cString: strerror(errno)))",
          path: archivePath)
      }
      if count == 0 { break }
      var offset = 0
      while offset < count {
        let written = chunk.withUnsafeBytes {
          write(output, $0.baseAddress.map { $0 + offset }, count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw writeError(destination, archivePath, "writing the temporary file")
        }
        offset += written
      }
    }
    done = true
    return temporary
  }

  /// Replaces `entries` in the archive at `path` (a private copy) and lets libzip write it out.
  private static func replaceEntries(
    in path: String, _ entries: [String: [UInt8]], source: String
  ) throws(BundleError) {
    // Indices come from the copy's own central directory, so they match the bytes rewritten.
    var indices: [(index: UInt64, bytes: [UInt8])] = []
    do throws(BundleError) {
      let listing = try ZipArchive(path: path)
      for (entryPath, bytes) in entries.sorted(by: { $0.key < $1.key }) {
        guard let entry = listing.entry(at: entryPath) else {
          throw BundleError(
            .notFound, "the archive has no entry \(entryPath) to replace", path: source)
        }
        guard !entry.isDirectory, !entry.isSymbolicLink else {
          throw BundleError(
            .unrecognized,
            "the entry \(entryPath) is a \(entry.isDirectory ? "folder" : "symbolic link"), not "
              + "a file; only files are replaced", path: source)
        }
        indices.append((UInt64(entry.index), bytes))
      }
    } catch {
      throw error.path == path ? error.at(source) : error
    }
    var code: Int32 = 0
    guard let handle = zip_open(path, 0, &code) else {
      var error = zip_error_t()
      zip_error_init_with_code(&error, code)
      defer { zip_error_fini(&error) }
      throw BundleError(
        .io, "could not open the copy for writing: \(String(cString: zip_error_strerror(&error)))",
        path: source)
    }
    func failure(_ action: String) -> BundleError {
      let message = String(cString: zip_strerror(handle))
      zip_discard(handle)
      return BundleError(.io, "could not \(action): \(message)", path: source)
    }
    for (index, bytes) in indices {
      // libzip frees the copy (freep = 1) once the archive is written or discarded.
      guard let copy = malloc(max(bytes.count, 1)) else {
        zip_discard(handle)
        throw BundleError(.io, "could not allocate \(bytes.count) bytes for an entry", path: source)
      }
      bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(copy, base, $0.count) } }
      guard let data = zip_source_buffer(handle, copy, UInt64(bytes.count), 1) else {
        free(copy)
        throw failure("prepare the new contents")
      }
      guard zip_file_replace(handle, index, data, 0) == 0 else {
        zip_source_free(data)
        throw failure("replace an entry")
      }
      guard zip_set_file_compression(handle, index, ZIP_CM_DEFLATE, 0) == 0 else {
        throw failure("set an entry's compression")
      }
    }
    guard zip_close(handle) == 0 else { throw failure("write the copy") }
  }

  /// Flushes the finished temporary file at `path` to disk.
  private static func flush(
    _ path: String, copying archivePath: String, destination: String
  ) throws(BundleError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, fsync(descriptor) == 0 else {
      let error = writeError(destination, archivePath, "flushing the copy to disk")
      if descriptor >= 0 { close(descriptor) }
      throw error
    }
    close(descriptor)
  }

  /// A `.io` error for the copy at `destination`, with the system's reason (from `errno`).
  private static func writeError(
    _ destination: String, _ archivePath: String, _ step: String
  ) -> BundleError {
    BundleError(
      .io,
      "could not write the copy of \(archivePath): \(String(cString: strerror(errno))) while "
        + step, path: destination)
  }

  /// The folder (`.` for a bare name) and the last component of `path`.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}
