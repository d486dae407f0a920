/// The CodeDirectory of a code signature (`CS_CodeDirectory` in Apple's `cs_blobs.h`, magic
/// `0xfade0c02`): who signed what, and how.
///
/// Layout (big-endian): magic, length, version, flags, hashOffset, identOffset,
/// nSpecialSlots, nCodeSlots, codeLimit (9 × 4 bytes), hashSize, hashType, platform, pageSize
/// (1 byte each), spare2 (4); from version 0x20100 scatterOffset (4); from 0x20200
/// teamOffset (4); from 0x20300 spare3 (4) and codeLimit64 (8); from 0x20400 execSegBase,
/// execSegLimit, execSegFlags (8 each).
package struct CodeDirectory: Sendable, Hashable {
  /// `version`, such as 0x20400.
  package var version: UInt32
  /// `flags`.
  package var flags: CodeSignatureFlags
  /// The signing identifier (usually the bundle identifier).
  package var identifier: String
  /// The team identifier (version 0x20200 and later), or nil when absent.
  package var teamIdentifier: String?
  /// `hashType`: 1 SHA-1, 2 SHA-256, 3 SHA-256 truncated to 20 bytes, 4 SHA-384.
  package var hashType: UInt8
  /// `hashSize` in bytes.
  package var hashSize: UInt8
  /// `nCodeSlots`.
  package var codeSlotCount: UInt32
  /// `nSpecialSlots`.
  package var specialSlotCount: UInt32
  /// `execSegFlags` (version 0x20400 and later), or nil.
  package var executableSegmentFlags: UInt64?

  /// True when the hardened runtime is on (`CS_RUNTIME`, 0x10000).
  package var isHardenedRuntime: Bool { flags.contains(.runtime) }

  /// The hash's name: `sha1`, `sha256`, `sha256-truncated`, `sha384`, or `hash N`.
  package var hashTypeName: String {
    switch hashType {
    case 1: "sha1"
    case 2: "sha256"
    case 3: "sha256-truncated"
    case 4: "sha384"
    default: "hash \(hashType)"
    }
  }

  /// The fixed part up to `spare2`.
  static let earliestSize = 44
  /// `CSMAGIC_CODEDIRECTORY`.
  package static let magic: UInt32 = 0xfade_0c02

  /// Parses a CodeDirectory blob (magic and length already checked by the caller).
  ///
  /// - Throws: `.malformed` naming the offset when the blob is shorter than its version needs
  ///   or a string offset lies outside it or lacks its NUL.
  static func parse(_ blob: ByteWindow) throws(BundleError) -> CodeDirectory {
    guard blob.count >= earliestSize else {
      throw .malformed(
        "the CodeDirectory is \(blob.count) bytes; expected at least \(earliestSize)",
        at: blob.absolute(4))
    }
    let version = try blob.u32(8)
    let identOffset = Int(try blob.u32(20))
    guard let identifier = blob.cString(identOffset, before: blob.count) else {
      throw .malformed(
        "the CodeDirectory's identifier offset \(identOffset) does not point at a "
          + "NUL-terminated string inside its \(blob.count) bytes", at: blob.absolute(20))
    }
    var team: String?
    if version >= 0x20200 {
      try blob.require(0, 52, "the CodeDirectory (version 0x20200+) has no team offset", at: 4)
      let teamOffset = Int(try blob.u32(48))
      if teamOffset != 0 {
        guard let text = blob.cString(teamOffset, before: blob.count) else {
          throw .malformed(
            "the CodeDirectory's team offset \(teamOffset) does not point at a "
              + "NUL-terminated string inside its \(blob.count) bytes", at: blob.absolute(48))
        }
        team = text
      }
    }
    var execFlags: UInt64?
    if version >= 0x20400, blob.contains(80, 8) { execFlags = try blob.u64(80) }
    return CodeDirectory(
      version: version, flags: CodeSignatureFlags(rawValue: try blob.u32(12)),
      identifier: identifier, teamIdentifier: team, hashType: try blob.u8(37),
      hashSize: try blob.u8(36), codeSlotCount: try blob.u32(28),
      specialSlotCount: try blob.u32(24), executableSegmentFlags: execFlags)
  }
}
