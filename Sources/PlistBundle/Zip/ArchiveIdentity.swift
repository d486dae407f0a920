import PlistCore

/// An archive as it was when opened, for a copy written later to check that it is still the
/// same one: its file's stamp, and failing that, what it holds.
///
/// A stamp that differs (touched, its mode changed, a hard link made or removed) is not
/// enough to refuse: the archive is the same when its central directory declares the same
/// entries (``ZipArchive/contentsDigest``).
package struct ArchiveIdentity: Sendable, Hashable {
  /// The file's `stat` when opened.
  package var stamp: FileStamp
  /// ``ZipArchive/contentsDigest`` when opened.
  package var contents: UInt64

  /// Creates an identity.
  package init(stamp: FileStamp, contents: UInt64) {
    self.stamp = stamp
    self.contents = contents
  }
}
