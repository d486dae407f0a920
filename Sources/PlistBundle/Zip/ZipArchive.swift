import CZip
import Foundation
import PlistCore

/// A ZIP archive (an `.ipa`) opened read-only with libzip and read in memory.
///
/// Nothing is ever extracted to disk. The central directory is listed once when the archive
/// is opened: entries with unsafe names (`..`, absolute paths, backslashes, NUL) and
/// duplicates are left out of `entries` and reported in `rejectedEntries`. Reading an entry
/// enforces `ZipLimits` on the declared sizes first and on the bytes actually produced as they
/// come out.
///
/// libzip handles are not thread-safe, so every call into libzip holds `lock`; the listing is
/// immutable, which makes the class safe to share between tasks.
package final class ZipArchive: @unchecked Sendable {
  /// A description of the archive for messages (its path, or the name given with its bytes).
  package let name: String
  /// The limits applied to this archive.
  package let limits: ZipLimits
  /// The entries with safe, unique names, in central-directory order.
  package let entries: [ZipEntry]
  /// The entries left out of `entries`, one error each.
  ///
  /// `.unsafePath` for names that could leave the archive, `.malformed` for duplicates and names
  /// that name nothing. Each error's `path` is the stored name.
  package let rejectedEntries: [BundleError]
  /// The archive file's `stat` when it was opened from a path (nil for bytes), so a copy can
  /// refuse an archive that changed on disk since.
  package let stamp: FileStamp?

  /// What the archive holds, as its central directory declares it.
  ///
  /// A hash of every entry's stored name, sizes and CRC-32, in order, rejected names included.
  /// Two archives with the same contents have the same one, whatever their files' times, modes
  /// or links.
  package var contentsDigest: UInt64 {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Array(entry.rawName.utf8) + [0]
      for value in [UInt64(entry.size), UInt64(entry.compressedSize), UInt64(entry.crc)] {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
      }
    }
    for rejected in rejectedEntries { bytes += Array((rejected.path ?? "").utf8) + [0] }
    return FileFingerprint.hash(bytes)
  }

  /// What a copy written later checks the archive against (``writeCopy(of:to:replacing:expecting:)``):
  /// its stamp and its contents' digest; nil for an archive read from bytes.
  package var identity: ArchiveIdentity? {
    stamp.map { ArchiveIdentity(stamp: $0, contents: contentsDigest) }
  }

  private let handle: OpaquePointer
  /// libzip's functions (loaded when the first archive is opened).
  private let zip: cz_functions
  /// The archive's bytes, owned here for libzip's buffer source; nil when opened from a path.
  private let buffer: UnsafeMutableRawBufferPointer?
  private let lock = NSLock()
  /// Bytes produced by all reads so far (guarded by `lock`).
  private var totalRead = 0
  private let indexByPath: [String: Int]

  /// Opens an archive held in memory.
  ///
  /// The bytes are copied into a buffer this archive owns for its whole life.
  ///
  /// - Parameters:
  ///   - bytes: the archive's bytes.
  ///   - name: the archive's name for messages (`MyApp.ipa`).
  ///   - limits: the safety limits.
  /// - Throws: `BundleError` of kind `.unrecognized` when the bytes are not a ZIP archive (an
  ///   empty file included), `.malformed` when its structure is broken, `.limitExceeded` when it
  ///   has too many entries.
  package init(bytes: [UInt8], name: String, limits: ZipLimits = .standard) throws(BundleError) {
    guard !bytes.isEmpty else {
      throw BundleError(.unrecognized, "the file is empty; expected a ZIP archive", path: name)
    }
    let zip = try LibZip.functions(for: name)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
    buffer.copyBytes(from: bytes)
    var error = zip_error_t()
    zip.zip_error_init(&error)
    defer { zip.zip_error_fini(&error) }
    guard
      let source = zip.zip_source_buffer_create(
        buffer.baseAddress, UInt64(bytes.count), 0, &error)
    else {
      buffer.deallocate()
      throw ZipArchive.error(zip, &error, "could not read the archive", path: name)
    }
    guard let handle = zip.zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip.zip_source_free(source)
      buffer.deallocate()
      throw ZipArchive.error(zip, &error, "could not open the ZIP archive", path: name)
    }
    do {
      (entries, rejectedEntries, indexByPath) = try ZipArchive.list(zip, handle, name, limits)
    } catch {
      zip.zip_discard(handle)
      buffer.deallocate()
      throw error
    }
    self.zip = zip
    self.name = name
    self.limits = limits
    self.handle = handle
    self.buffer = buffer
    self.stamp = nil
  }

  /// Opens the archive at `path` read-only; libzip reads it from the file as entries are read.
  ///
  /// - Parameters:
  ///   - path: the archive's path on disk, also its name for messages.
  ///   - limits: the safety limits.
  /// - Throws: `BundleError` of kind `.notFound` when nothing is at `path`, `.io` when it cannot
  ///   be read, otherwise as `init(bytes:name:limits:)`.
  package init(path: String, limits: ZipLimits = .standard) throws(BundleError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      throw BundleError(
        errno == ENOENT ? .notFound : .io, "could not open the archive: \(reason)", path: path)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw BundleError(.unrecognized, "is not a regular file; expected a ZIP archive", path: path)
    }
    guard info.st_size > 0 else {
      throw BundleError(.unrecognized, "the file is empty; expected a ZIP archive", path: path)
    }
    let zip = try LibZip.functions(for: path)
    var code: Int32 = 0
    guard let handle = zip.zip_open(path, ZIP_RDONLY, &code) else {
      var error = zip_error_t()
      zip.zip_error_init_with_code(&error, code)
      defer { zip.zip_error_fini(&error) }
      throw ZipArchive.error(zip, &error, "could not open the ZIP archive", path: path)
    }
    do {
      (entries, rejectedEntries, indexByPath) = try ZipArchive.list(zip, handle, path, limits)
    } catch {
      zip.zip_discard(handle)
      throw error
    }
    self.zip = zip
    self.name = path
    self.limits = limits
    self.handle = handle
    self.buffer = nil
    self.stamp = FileStamp(info)
  }

  deinit {
    zip.zip_discard(handle)
    buffer?.deallocate()
  }

  /// The entry whose normalised path is `path` (without a trailing `/`), or nil.
  package func entry(at path: String) -> ZipEntry? {
    indexByPath[path].map { entries[$0] }
  }

  /// The bytes produced by all reads of this archive so far, counted against
  /// `ZipLimits.maxTotalSize`.
  package var bytesRead: Int {
    lock.withLock { totalRead }
  }

  /// Reads one entry's uncompressed contents.
  ///
  /// Refuses, before reading, an entry declared larger than `limit` or
  /// `ZipLimits.maxEntrySize`, one whose declared compression ratio passes
  /// `ZipLimits.maxCompressionRatio`, and one that would take the archive past
  /// `ZipLimits.maxTotalSize`. While reading, stops as soon as more bytes come out than declared.
  ///
  /// - Parameters:
  ///   - entry: an entry of `entries`.
  ///   - limit: the most bytes the caller accepts.
  /// - Returns: exactly the entry's bytes.
  /// - Throws: `BundleError` naming the entry's path: `.limitExceeded` for the limits,
  ///   `.malformed` when the bytes disagree with the declared size or libzip finds the data
  ///   corrupt (CRC, deflate stream), with libzip's message.
  package func contents(of entry: ZipEntry, limit: Int) throws(BundleError) -> [UInt8] {
    let cap = min(limit, limits.maxEntrySize)
    let path = entry.path
    if entry.size > cap {
      throw BundleError(
        .limitExceeded,
        "the entry declares \(entry.size) bytes, more than the limit of \(cap) bytes", path: path)
    }
    if entry.size > limits.ratioCheckThreshold,
      entry.size / max(entry.compressedSize, 1) > limits.maxCompressionRatio
    {
      throw BundleError(
        .limitExceeded,
        "the entry declares \(entry.size) bytes compressed into \(entry.compressedSize), a ratio "
          + "above \(limits.maxCompressionRatio):1 that marks a ZIP bomb", path: path)
    }
    lock.lock()
    defer { lock.unlock() }
    if entry.size > limits.maxTotalSize - totalRead {
      throw totalLimitError(path)
    }
    guard let file = zip.zip_fopen_index(handle, UInt64(entry.index), 0) else {
      throw ZipArchive.error(zip, zip.zip_get_error(handle), "could not open the entry", path: path)
    }
    defer { _ = zip.zip_fclose(file) }
    var bytes: [UInt8] = []
    // Declared sizes can lie: reserve at most 16 MiB up front and let the array grow.
    bytes.reserveCapacity(min(entry.size, 16 << 20))
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        zip.zip_fread(file, $0.baseAddress, UInt64($0.count))
      }
      if count < 0 {
        throw ZipArchive.error(
          zip, zip.zip_file_get_error(file), "could not read the entry", path: path)
      }
      if count == 0 { break }
      let produced = Int(count)
      if produced > entry.size - bytes.count {
        throw BundleError(
          .malformed,
          "the entry holds more bytes than the \(entry.size) its header declares; the archive is "
            + "corrupt or hostile", path: path)
      }
      if produced > limits.maxTotalSize - totalRead { throw totalLimitError(path) }
      totalRead += produced
      bytes.append(contentsOf: chunk[0..<produced])
    }
    if bytes.count != entry.size {
      throw BundleError(
        .malformed,
        "the entry holds \(bytes.count) bytes, fewer than the \(entry.size) its header declares",
        path: path)
    }
    return bytes
  }

  /// Reads the entry at the normalised `path`; see `contents(of:limit:)`.
  ///
  /// - Throws: `BundleError` of kind `.notFound` when no entry has that path, otherwise as
  ///   `contents(of:limit:)`.
  package func contents(at path: String, limit: Int) throws(BundleError) -> [UInt8] {
    guard let entry = entry(at: path) else {
      throw BundleError(.notFound, "the archive has no entry with this path", path: path)
    }
    return try contents(of: entry, limit: limit)
  }

  private func totalLimitError(_ path: String) -> BundleError {
    BundleError(
      .limitExceeded,
      "reading the entry takes the archive past its limit of \(limits.maxTotalSize) bytes read "
        + "in total", path: path)
  }

  /// Lists the central directory: accepted entries, rejected ones, and an index by path.
  private static func list(
    _ zip: cz_functions, _ handle: OpaquePointer, _ name: String, _ limits: ZipLimits
  ) throws(BundleError) -> ([ZipEntry], [BundleError], [String: Int]) {
    let count = zip.zip_get_num_entries(handle, 0)
    if count < 0 {
      throw error(zip, zip.zip_get_error(handle), "could not list the archive", path: name)
    }
    if count > limits.maxEntryCount {
      throw BundleError(
        .limitExceeded,
        "the archive has \(count) entries, more than the limit of \(limits.maxEntryCount)",
        path: name)
    }
    var entries: [ZipEntry] = []
    var rejected: [BundleError] = []
    var indexByPath: [String: Int] = [:]
    for index in 0..<UInt64(count) {
      var info = zip_stat_t()
      zip.zip_stat_init(&info)
      guard zip.zip_stat_index(handle, index, 0, &info) == 0, let cName = info.name else {
        throw error(zip, zip.zip_get_error(handle), "could not read entry \(index)", path: name)
      }
      let rawName = String(
        decoding: UnsafeRawBufferPointer(start: cName, count: strlen(cName))
          .bindMemory(to: UInt8.self), as: UTF8.self)
      let shown = ZipEntryName.printable(rawName)
      guard case .path(let path, let endsInSlash) = ZipEntryName.normalise(rawName) else {
        if case .rejected(let reason) = ZipEntryName.normalise(rawName) {
          let kind: BundleError.Kind = reason == "names no file" ? .malformed : .unsafePath
          rejected.append(BundleError(kind, "the entry name \(reason); it is skipped", path: shown))
        }
        continue
      }
      if indexByPath[path] != nil {
        rejected.append(
          BundleError(
            .malformed, "another entry already has the path \(path); only the first is used",
            path: shown))
        continue
      }
      var system: UInt8 = 0
      var attributes: UInt32 = 0
      _ = zip.zip_file_get_external_attributes(handle, index, 0, &system, &attributes)
      let isUnix = UInt32(system) == ZIP_OPSYS_UNIX || UInt32(system) == ZIP_OPSYS_OS_X
      let mode = isUnix ? (attributes >> 16) & UInt32(S_IFMT) : 0
      indexByPath[path] = entries.count
      entries.append(
        ZipEntry(
          index: Int(index), path: path, rawName: rawName,
          size: Int(clamping: info.size), compressedSize: Int(clamping: info.comp_size),
          crc: info.valid & UInt64(ZIP_STAT_CRC) != 0 ? info.crc : 0,
          isDirectory: endsInSlash || mode == UInt32(S_IFDIR),
          isSymbolicLink: !endsInSlash && mode == UInt32(S_IFLNK)))
    }
    return (entries, rejected, indexByPath)
  }

  /// A `BundleError` for a libzip error, with libzip's message and a kind from its code.
  static func error(
    _ zip: cz_functions, _ error: UnsafeMutablePointer<zip_error_t>?, _ action: String,
    path: String
  ) -> BundleError {
    var message = LibZip.message(zip.zip_error_strerror(error))
    let code = zip.zip_error_code_zip(error)
    if code == ZIP_ER_INCONS {
      // libzip 1.7 refuses the whole central directory over one record it does not accept;
      // the commonest in hostile archives is a name marked UTF-8 holding a control character.
      message +=
        " (libzip refuses a central-directory record, such as an entry name marked as UTF-8 "
        + "that holds a control character)"
    }
    let kind: BundleError.Kind
    switch code {
    case ZIP_ER_NOZIP: kind = .unrecognized
    case ZIP_ER_NOENT: kind = .notFound
    case ZIP_ER_OPEN, ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_TELL, ZIP_ER_MEMORY: kind = .io
    default: kind = .malformed
    }
    return BundleError(kind, "\(action): \(message)", path: path)
  }
}
