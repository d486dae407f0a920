import Glibc

/// What a file was when it was read: enough to tell, before saving over it, whether someone
/// else changed it since.
///
/// The decision (``sameContent(as:)``) compares the size and a 64-bit FNV-1a hash of every
/// byte, so a `touch`, or another program saving the same bytes, is not a change (overwriting
/// it loses nothing), while any edit of the content is. The time stamp, device and inode are
/// kept for messages and for callers that want a cheaper check.
package struct FileFingerprint: Sendable, Hashable {
  /// The size in bytes.
  package var size: UInt64
  /// The modification time: whole seconds since 1970-01-01T00:00:00Z.
  package var modificationSeconds: Int64
  /// The nanoseconds within ``modificationSeconds`` (0…999,999,999).
  package var modificationNanoseconds: Int64
  /// The device holding the file.
  package var device: UInt64
  /// The file's inode number on that device.
  package var inode: UInt64
  /// FNV-1a (64-bit) of the content.
  package var contentHash: UInt64

  /// Creates a fingerprint from its fields.
  package init(
    size: UInt64, modificationSeconds: Int64, modificationNanoseconds: Int64, device: UInt64,
    inode: UInt64, contentHash: UInt64
  ) {
    self.size = size
    self.modificationSeconds = modificationSeconds
    self.modificationNanoseconds = modificationNanoseconds
    self.device = device
    self.inode = inode
    self.contentHash = contentHash
  }

  /// True when both fingerprints have the same size and content hash.
  package func sameContent(as other: FileFingerprint) -> Bool {
    size == other.size && contentHash == other.contentHash
  }

  /// The 64-bit FNV-1a hash of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { hash($0) }
  }

  /// The 64-bit FNV-1a hash of `bytes`.
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

/// What `stat` says of a file, without reading it: enough to tell that a large file (an
/// `.ipa`) was replaced or written since it was opened, where hashing every byte would cost
/// too much.
package struct FileStamp: Sendable, Hashable {
  /// The size in bytes.
  package var size: Int64
  /// The modification time, in nanoseconds since 1970-01-01T00:00:00Z.
  package var modified: Int64
  /// The status-change time (any write or rename touches it), in nanoseconds since 1970.
  package var changed: Int64
  /// The device holding the file.
  package var device: UInt64
  /// The file's inode number on that device.
  package var inode: UInt64

  /// The stamp of the file `info` describes.
  package init(_ info: stat) {
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The stamp of the file at `path` now (a final link followed), nil when there is none.
  package static func of(path: String) -> FileStamp? {
    var info = stat()
    return stat(path, &info) == 0 ? FileStamp(info) : nil
  }

  /// The stamp of the open file `descriptor`, nil when `fstat` fails.
  package static func of(descriptor: Int32) -> FileStamp? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? FileStamp(info) : nil
  }
}
