import PlistCore

/// An embedded code signature: the SuperBlob `LC_CODE_SIGNATURE` points at, with its
/// CodeDirectory and entitlements.
///
/// Layout (Apple's `cs_blobs.h`, all big-endian): the SuperBlob is magic `0xfade0cc0`, length,
/// count, then `count` index entries of (slot type, offset from the SuperBlob's start). Each
/// blob starts with its own magic and length. Slots read here: 0 the CodeDirectory
/// (`0xfade0c02`), 5 the XML entitlements (`0xfade7171`), 7 the DER entitlements
/// (`0xfade7172`), 0x1000… alternate CodeDirectories (used when slot 0 is missing).
///
/// Entitlements: when both forms are present, `entitlements` is the XML one (what `codesign -d
/// --entitlements` shows) and the DER one stays in `derEntitlements`; when only DER is present,
/// `entitlements` comes from it. Each blob is read on its own: one that fails (a broken
/// CodeDirectory, XML that does not parse, DER in a form not read) is kept in `problems` and
/// never discards the others.
package struct CodeSignature: Sendable {
  /// One entry of the SuperBlob's index.
  package struct BlobEntry: Sendable, Hashable {
    /// The slot type (`CSSLOT_*`): 0 CodeDirectory, 2 requirements, 5 entitlements, 7 DER
    /// entitlements, 0x1000+ alternate CodeDirectories, 0x10000 the CMS signature.
    package var slot: UInt32
    /// Absolute file offset of the blob.
    package var offset: Int
    /// The blob's magic number.
    package var magic: UInt32
    /// The blob's length in bytes, header included.
    package var length: Int
  }

  /// Absolute file offset of the SuperBlob.
  package var offset: Int
  /// The SuperBlob's length in bytes.
  package var length: Int
  /// The index, in file order.
  package var blobs: [BlobEntry]
  /// The CodeDirectory (slot 0, or the first alternate), or nil when there is none.
  package var codeDirectory: CodeDirectory?
  /// The XML entitlements blob's text (slot 5), or nil.
  package var entitlementsXML: String?
  /// The XML entitlements parsed by PlistCore, or nil when there is no XML blob.
  package var xmlEntitlements: PlistDocument?
  /// The DER entitlements (slot 7) decoded to a tree, or nil when there is no DER blob or it
  /// did not decode.
  package var derEntitlements: PlistNode?
  /// Why blobs could not be read, in index order.
  ///
  /// The blobs that did read are kept.
  package var problems: [BlobProblem] = []

  /// A blob that could not be read: its slot and why.
  package struct BlobProblem: Sendable {
    /// The slot type of the blob (5 XML entitlements, 7 DER entitlements, 0 CodeDirectory…).
    package var slot: UInt32
    /// Why: `.plist` (with `underlying`) for XML entitlements that do not parse, `.malformed`
    /// or `.limitExceeded` for the others.
    package var error: BundleError
  }

  /// The problems of the entitlements blobs (slots 5 and 7).
  package var entitlementProblems: [BundleError] {
    problems.filter { $0.slot == 5 || $0.slot == 7 }.map(\.error)
  }

  /// The entitlements: the XML form when present, else the DER form, else nil.
  package var entitlements: PlistNode? { xmlEntitlements?.root ?? derEntitlements }

  /// True when the CodeDirectory sets the hardened runtime flag.
  package var isHardenedRuntime: Bool { codeDirectory?.isHardenedRuntime ?? false }

  /// The most index entries read from one SuperBlob.
  package static let maxBlobs = 1_000

  /// `CSMAGIC_EMBEDDED_SIGNATURE`.
  package static let superBlobMagic: UInt32 = 0xfade_0cc0
  /// `CSMAGIC_EMBEDDED_ENTITLEMENTS`.
  package static let entitlementsMagic: UInt32 = 0xfade_7171
  /// `CSMAGIC_EMBEDDED_DER_ENTITLEMENTS`.
  static let derEntitlementsMagic: UInt32 = 0xfade_7172

  /// Parses the signature data (`dataoff ..< dataoff + datasize`, big-endian window).
  ///
  /// - Throws: `.malformed` naming the absolute offset for a wrong magic, a length or index
  ///   entry outside the data, or a blob overlapping the index; `.limitExceeded` over
  ///   `maxBlobs` entries. A blob whose magic does not match its slot or whose content does not
  ///   read is not thrown but kept in `problems`.
  static func parse(_ data: ByteWindow) throws(BundleError) -> CodeSignature {
    try data.require(0, 12, "the code signature is \(data.count) bytes; expected at least 12")
    let magic = try data.u32(0)
    guard magic == superBlobMagic else {
      throw .malformed(
        "expected the code signature magic 0xfade0cc0 but found 0x\(String(magic, radix: 16))",
        at: data.absolute(0))
    }
    let length = Int(try data.u32(4))
    guard length >= 12, length <= data.count else {
      throw .malformed(
        "the SuperBlob length \(length) does not fit the \(data.count) bytes of the signature",
        at: data.absolute(4))
    }
    let superBlob = try data.window(0, length)
    let count = Int(try superBlob.u32(8))
    guard count <= maxBlobs else {
      throw .limit(
        "the SuperBlob lists \(count) blobs; at most \(maxBlobs) are read",
        at: superBlob.absolute(8))
    }
    let indexEnd = 12 + count * 8
    try superBlob.require(
      0, indexEnd, "the SuperBlob's index of \(count) blobs runs past its \(length) bytes", at: 8)
    var signature = CodeSignature(offset: data.start, length: length, blobs: [])
    for index in 0..<count {
      let slot = try superBlob.u32(12 + index * 8)
      let blob = try Self.blob(superBlob, entry: index, indexEnd: indexEnd)
      signature.blobs.append(
        BlobEntry(
          slot: slot, offset: blob.start, magic: try blob.u32(0), length: blob.count))
      do {
        try signature.read(blob, slot: slot)
      } catch {
        signature.problems.append(BlobProblem(slot: slot, error: error))
      }
    }
    return signature
  }

  /// The blob named by index entry `entry`, checked to lie after the index and inside the
  /// SuperBlob, with a length of at least 8.
  private static func blob(
    _ superBlob: ByteWindow, entry: Int, indexEnd: Int
  ) throws(BundleError) -> ByteWindow {
    let entryOffset = 12 + entry * 8 + 4
    let offset = Int(try superBlob.u32(entryOffset))
    guard offset >= indexEnd, superBlob.contains(offset, 8) else {
      throw .malformed(
        "blob \(entry) is at offset \(offset); expected it between the end of the index "
          + "(\(indexEnd)) and the end of the SuperBlob (\(superBlob.count))",
        at: superBlob.absolute(entryOffset))
    }
    let length = Int(try superBlob.u32(offset + 4))
    guard length >= 8, superBlob.contains(offset, length) else {
      throw .malformed(
        "blob \(entry) has length \(length); expected at least 8 bytes ending inside the "
          + "SuperBlob (\(superBlob.count) bytes)", at: superBlob.absolute(offset + 4))
    }
    return try superBlob.window(offset, length)
  }

  private mutating func read(_ blob: ByteWindow, slot: UInt32) throws(BundleError) {
    let magic = try blob.u32(0)
    func expect(_ wanted: UInt32, _ name: String) throws(BundleError) {
      guard magic == wanted else {
        throw .malformed(
          "the \(name) blob has magic 0x\(String(magic, radix: 16)); expected "
            + "0x\(String(wanted, radix: 16))", at: blob.absolute(0))
      }
    }
    switch slot {
    case 0, 0x1000..<0x1005:
      try expect(CodeDirectory.magic, "CodeDirectory")
      let directory = try CodeDirectory.parse(blob)
      if slot == 0 || codeDirectory == nil { codeDirectory = directory }
    case 5 where xmlEntitlements == nil:
      try expect(Self.entitlementsMagic, "entitlements")
      let payload = Array(try blob.slice(8, blob.count - 8))
      entitlementsXML = String(decoding: payload, as: UTF8.self)
      do {
        xmlEntitlements = try PlistReader.read(bytes: payload)
      } catch {
        throw BundleError(
          .plist,
          "the entitlements in the code signature are not a valid property list: "
            + error.message, offset: blob.absolute(8), underlying: error)
      }
    case 7 where derEntitlements == nil:
      try expect(Self.derEntitlementsMagic, "DER entitlements")
      derEntitlements = try DEREntitlements.decode(try blob.window(8, blob.count - 8))
    default:
      break
    }
  }
}
