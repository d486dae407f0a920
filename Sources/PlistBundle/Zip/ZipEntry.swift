import PlistCore

/// One entry of a `ZipArchive`, as its central directory declares it.
///
/// Sizes are the declared ones; reading checks the bytes actually produced against them.
package struct ZipEntry: Sendable, Hashable {
  /// The entry's index in the archive's central directory.
  package var index: Int
  /// The normalised path: `/`-separated, relative, without `.` or empty components and
  /// without a trailing `/` (`Payload/App.app/Info.plist`).
  package var path: String
  /// The name exactly as the archive stores it (decoded from UTF-8 or CP437).
  package var rawName: String
  /// The declared uncompressed size in bytes.
  package var size: Int
  /// The declared compressed size in bytes.
  package var compressedSize: Int
  /// The CRC-32 of the uncompressed contents, as the central directory declares it.
  package var crc: UInt32
  /// Whether the entry is a folder (a name ending in `/`, or a Unix folder mode).
  package var isDirectory: Bool
  /// Whether the entry is a symbolic link (Unix mode `S_IFLNK` in the external attributes, when
  /// the archive was made on a Unix host); its contents are the link's target.
  package var isSymbolicLink: Bool

  /// Creates an entry.
  package init(
    index: Int, path: String, rawName: String, size: Int, compressedSize: Int, crc: UInt32 = 0,
    isDirectory: Bool = false, isSymbolicLink: Bool = false
  ) {
    self.crc = crc
    self.index = index
    self.path = path
    self.rawName = rawName
    self.size = size
    self.compressedSize = compressedSize
    self.isDirectory = isDirectory
    self.isSymbolicLink = isSymbolicLink
  }
}

/// Turns the names stored in a ZIP archive into safe tree paths.
enum ZipEntryName {
  /// A name made safe, or why it cannot be.
  enum Normalised: Equatable {
    /// A relative `/`-separated path, and whether the name ended in `/`.
    case path(String, isDirectory: Bool)
    /// The name is refused; the text completes "the entry name … ".
    case rejected(String)
  }

  /// Normalises a stored entry name.
  ///
  /// Refuses names with a NUL, a backslash (Windows separators would let `..\..\x` through),
  /// a leading `/`, a drive letter (`C:`), a `..` component, or no component at all. Drops empty
  /// and `.` components.
  static func normalise(_ name: String) -> Normalised {
    if name.utf8.contains(0) { return .rejected("contains a NUL character") }
    if name.contains("\\") { return .rejected("uses a backslash, which could act as a separator") }
    if name.hasPrefix("/") { return .rejected("is an absolute path") }
    let parts = name.split(separator: "/", omittingEmptySubsequences: true)
    if let first = parts.first, first.count >= 2, first.dropFirst().first == ":",
      first.first?.isLetter == true
    {
      return .rejected("starts with a drive letter")
    }
    var kept: [Substring] = []
    for part in parts {
      if part == "." { continue }
      if part == ".." { return .rejected("has a `..` component that would leave the archive") }
      kept.append(part)
    }
    if kept.isEmpty { return .rejected("names no file") }
    return .path(kept.joined(separator: "/"), isDirectory: name.hasSuffix("/"))
  }

  /// The name as messages show it: controls, bidirectional controls and invisible format
  /// characters escaped by the one rule (`VisibleEscaping.line`).
  static func printable(_ name: String) -> String {
    VisibleEscaping.line(name)
  }

}
