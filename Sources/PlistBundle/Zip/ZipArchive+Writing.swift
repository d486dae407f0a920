import CZip
import Foundation
import PlistCore

extension ZipArchive {
  /// Writes a copy of the archive at `archivePath` to `destination` with some entries' contents
  /// replaced; the source archive is never written.
  ///
  /// The source's bytes are read into memory (refused when its `stat` is no longer
  /// `expecting`, or changes while it is read), libzip replaces the named entries there (same
  /// names, deflate compression) and copies every other entry's compressed data, attributes
  /// and extra fields unchanged, and the result is written by the one writer
  /// (`AtomicFile.write`) to `destination`, replacing a file already there. A new copy gets the
  /// source's permission bits. Either the whole copy is in place or this throws and nothing is
  /// left behind. Entries are named by their normalised paths (`Payload/App.app/Info.plist`), as
  /// `entries` lists them; where names repeat, the first entry is the one replaced.
  ///
  /// - Parameters:
  ///   - archivePath: the source archive (an `.ipa`).
  ///   - destination: the copy's path; its folder must exist.
  ///   - entries: the new contents by entry path; each must name a file entry of the source.
  ///   - expecting: the source as it was opened (`ZipArchive.identity`): its stamp, or when
  ///     that differs, what it holds; nil to take it as it is now.
  /// - Throws: `BundleError` naming the source archive or the destination: `.io` when the
  ///   source changed on disk since `expecting`; `.unsafePath` when
  ///   `destination` is the source itself (by path or by link); `.notFound` when the
  ///   destination's folder, the source or one of the entries does not exist; `.unrecognized`
  ///   when an entry to replace is a folder or a link, or `destination` is a folder; `.io` with
  ///   the system's or libzip's reason when reading or writing fails; otherwise as
  ///   `init(path:limits:)` for a source that is not a readable ZIP archive.
  package static func writeCopy(
    of archivePath: String, to destination: String, replacing entries: [String: [UInt8]],
    expecting: ArchiveIdentity? = nil
  ) throws(BundleError) {
    switch copyPathProblem(destination, of: archivePath) {
    case .missingFolder(let folder)?:
      throw BundleError(
        .notFound,
        "could not write the copy of \(archivePath): the folder \(folder) does not exist",
        path: destination)
    case .isAFolder?:
      throw BundleError(
        .unrecognized, "is a folder; name a file for the copy of \(archivePath)",
        path: destination)
    case .isTheArchive?:
      throw BundleError(
        .unsafePath,
        "is the archive being copied; name another file so that \(archivePath) stays as it is",
        path: destination)
    case nil:
      break
    }
    var sourceInfo = stat()
    guard stat(archivePath, &sourceInfo) == 0 else {
      throw BundleError(
        errno == ENOENT ? .notFound : .io,
        "could not read the archive: \(String(cString: strerror(errno)))", path: archivePath)
    }
    let zip = try LibZip.functions(for: archivePath)
    let source = try readSource(archivePath, expecting: expecting)
    let edited = try replaceEntries(zip, in: source.bytes, entries, source: archivePath)
    defer { zip.zip_source_free(edited) }
    let mode = UInt32(source.mode) & 0o777
    do throws(FileError) {
      try AtomicFile.write(
        to: destination, options: AtomicFile.Options(newFileMode: mode)
      ) { sink throws(FileError) in
        try copy(zip, edited, to: sink, source: archivePath)
      }
    } catch {
      throw BundleError(
        .io, "could not write the copy of \(archivePath): \(error.message)", path: destination)
    }
  }

  /// The source archive's bytes and permission bits, refused when it is not the file opened
  /// (`expecting`) or changes while it is read.
  private static func readSource(
    _ archivePath: String, expecting: ArchiveIdentity?
  ) throws(BundleError) -> (bytes: [UInt8], mode: mode_t) {
    let changed = BundleError(
      .io,
      "changed on disk since it was opened; no copy was written, so that the edits are not "
        + "mixed with another archive: open it again", path: archivePath)
    let descriptor: Int32
    do throws(FileError) {
      descriptor = try AtomicFile.openForReading(archivePath)
    } catch {
      throw BundleError(
        error.kind == .notFound ? .notFound : .io, error.message, path: archivePath)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw BundleError(
        .unrecognized, "is not a regular file; expected a ZIP archive", path: archivePath)
    }
    let bytes: [UInt8]
    do throws(FileError) {
      bytes = try AtomicFile.readAll(
        descriptor: descriptor, limit: Int.max, expectedSize: Int(clamping: info.st_size),
        name: archivePath)
    } catch {
      throw BundleError(.io, error.message, path: archivePath)
    }
    if FileStamp.of(descriptor: descriptor) != FileStamp(info) { throw changed }
    guard !bytes.isEmpty else {
      throw BundleError(
        .unrecognized, "the file is empty; expected a ZIP archive", path: archivePath)
    }
    // Touched, its mode changed, a link made: still the same archive when it holds the same
    // entries.
    if let expecting, FileStamp(info) != expecting.stamp {
      guard let now = try? ZipArchive(bytes: bytes, name: archivePath),
        now.contentsDigest == expecting.contents
      else { throw changed }
    }
    return (bytes, info.st_mode)
  }

  /// Replaces `entries` in an in-memory copy of the archive `bytes` and lets libzip write the
  /// result back into that memory.
  ///
  /// - Returns: the libzip source holding the new archive; the caller frees it.
  private static func replaceEntries(
    _ zip: cz_functions, in bytes: [UInt8], _ entries: [String: [UInt8]], source: String
  ) throws(BundleError) -> OpaquePointer {
    // Indices come from the archive's own central directory, so they match the bytes rewritten.
    var indices: [(index: UInt64, bytes: [UInt8])] = []
    let listing = try ZipArchive(bytes: bytes, name: source)
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
    var error = zip_error_t()
    zip.zip_error_init(&error)
    defer { zip.zip_error_fini(&error) }
    // libzip owns (and frees) its own copy of the archive, which it rewrites in place.
    guard let copy = malloc(max(bytes.count, 1)) else {
      throw BundleError(.io, "could not allocate \(bytes.count) bytes for the copy", path: source)
    }
    bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(copy, base, $0.count) } }
    guard let memory = zip.zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
      free(copy)
      throw BundleError(
        .io, "could not prepare the copy: \(LibZip.message(zip.zip_error_strerror(&error)))",
        path: source)
    }
    zip.zip_source_keep(memory)
    guard let handle = zip.zip_open_from_source(memory, 0, &error) else {
      zip.zip_source_free(memory)
      zip.zip_source_free(memory)
      throw BundleError(
        .io,
        "could not open the copy for writing: \(LibZip.message(zip.zip_error_strerror(&error)))",
        path: source)
    }
    func failure(_ action: String) -> BundleError {
      let message = LibZip.message(zip.zip_strerror(handle))
      zip.zip_discard(handle)
      zip.zip_source_free(memory)
      return BundleError(.io, "could not \(action): \(message)", path: source)
    }
    for (index, bytes) in indices {
      // libzip frees the copy (freep = 1) once the archive is written or discarded.
      guard let data = malloc(max(bytes.count, 1)) else {
        throw failure("allocate \(bytes.count) bytes for an entry")
      }
      bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(data, base, $0.count) } }
      guard let entrySource = zip.zip_source_buffer(handle, data, UInt64(bytes.count), 1) else {
        free(data)
        throw failure("prepare the new contents")
      }
      guard zip.zip_file_replace(handle, index, entrySource, 0) == 0 else {
        zip.zip_source_free(entrySource)
        throw failure("replace an entry")
      }
      guard zip.zip_set_file_compression(handle, index, ZIP_CM_DEFLATE, 0) == 0 else {
        throw failure("set an entry's compression")
      }
    }
    guard zip.zip_close(handle) == 0 else { throw failure("write the copy") }
    return memory
  }

  /// Streams the new archive held by `memory` into the writer's temporary file.
  private static func copy(
    _ zip: cz_functions, _ memory: OpaquePointer, to sink: AtomicFile.Sink, source: String
  ) throws(FileError) {
    guard zip.zip_source_open(memory) == 0 else {
      let reason = LibZip.message(zip.zip_error_strerror(zip.zip_source_error(memory)))
      throw FileError(.writeFailed, "could not read back the new archive: \(reason)")
    }
    defer { _ = zip.zip_source_close(memory) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        zip.zip_source_read(memory, $0.baseAddress, 1 << 20)
      }
      guard count >= 0 else {
        throw FileError(.writeFailed, "could not read back the new archive of \(source)")
      }
      if count == 0 { return }
      try sink.write(Array(chunk[0..<Int(count)]))
    }
  }

  /// What stops `destination` from taking a copy of `archivePath`.
  package enum CopyPathProblem: Sendable, Equatable {
    /// Its folder does not exist (or is not a folder).
    case missingFolder(String)
    /// It names a folder (or `.`, `..`, nothing).
    case isAFolder
    /// It is the archive itself, by path or by link.
    case isTheArchive
  }

  /// Why `destination` cannot take a copy of `archivePath`, or nil when it can: the one check
  /// the copy makes before writing and the inspector's prompt makes as the path is typed.
  package static func copyPathProblem(
    _ destination: String, of archivePath: String
  ) -> CopyPathProblem? {
    let (folder, name) = split(destination)
    var folderInfo = stat()
    guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
      return .missingFolder(folder)
    }
    guard !name.isEmpty, name != ".", name != ".." else { return .isAFolder }
    var source = stat()
    var target = stat()
    guard stat(destination, &target) == 0 else { return nil }
    if stat(archivePath, &source) == 0, source.st_dev == target.st_dev,
      source.st_ino == target.st_ino
    {
      return .isTheArchive
    }
    return target.st_mode & S_IFMT == S_IFDIR ? .isAFolder : nil
  }

  /// The folder (`.` for a bare name) and the last component of `path`.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}
