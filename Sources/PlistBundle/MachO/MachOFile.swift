/// A Mach-O file read by our own bounds-checked parser: a thin file or a universal ("fat") one.
///
/// Accepts thin 32- and 64-bit files in either byte order (`MH_MAGIC`, `MH_CIGAM`,
/// `MH_MAGIC_64`, `MH_CIGAM_64`) and universal files (`FAT_MAGIC`, `FAT_MAGIC_64`, whose
/// headers are big-endian), as `<mach-o/loader.h>` and `<mach-o/fat.h>` lay them out. Every
/// offset, size and count is checked before use; malformed input is a `BundleError` naming the
/// absolute byte offset where the structure broke, never a crash.
package struct MachOFile: Sendable {
  /// The slices: one for a thin file, one per architecture for a universal file.
  package var slices: [MachOSlice]
  /// True for a universal file.
  package var isUniversal: Bool

  /// The most architectures read from a universal header.
  package static let maxArchitectures = 1_000

  /// True when `bytes` start with a Mach-O or universal magic number (a cheap sniff for the
  /// bundle loader; `parse` still decides).
  package static func hasMachOMagic(_ bytes: some Collection<UInt8>) -> Bool {
    guard bytes.count >= 4 else { return false }
    let magic = bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return [
      MachOMagic.magic32, MachOMagic.cigam32, MachOMagic.magic64, MachOMagic.cigam64,
      MachOMagic.fat, MachOMagic.fat64,
    ].contains(magic)
  }

  /// Parses a whole Mach-O file.
  ///
  /// - Parameter bytes: the file's bytes.
  /// - Returns: the file with its slices in header order.
  /// - Throws: `BundleError` with the absolute byte offset: `.unrecognized` when the file is
  ///   not Mach-O; `.malformed` for truncated headers, an architecture outside the file or
  ///   overlapping the universal header or another slice, and everything `MachOSlice` and
  ///   `CodeSignature` reject; `.limitExceeded` past `maxArchitectures`, `maxLoadCommands` or
  ///   `maxBlobs`; `.plist` when the XML entitlements do not parse.
  package static func parse(_ bytes: [UInt8]) throws(BundleError) -> MachOFile {
    let file = ByteWindow(bytes, bigEndian: true)
    guard file.count >= 4 else {
      throw BundleError(
        .unrecognized, "the file is \(file.count) bytes, too short for a Mach-O header",
        offset: 0)
    }
    let magic = try file.u32(0)
    switch magic {
    case MachOMagic.fat, MachOMagic.fat64:
      return MachOFile(
        slices: try universal(file, wide: magic == MachOMagic.fat64), isUniversal: true)
    default:
      return MachOFile(slices: [try MachOSlice.parse(file)], isUniversal: false)
    }
  }

  /// Reads the `fat_header` and its `fat_arch` / `fat_arch_64` table, then each slice.
  private static func universal(
    _ file: ByteWindow, wide: Bool
  ) throws(BundleError)
    -> [MachOSlice]
  {
    try file.require(0, 8, "the universal header needs 8 bytes but the file has \(file.count)")
    let count = Int(try file.u32(4))
    guard count <= maxArchitectures else {
      throw .limit(
        "the universal header lists \(count) architectures; at most \(maxArchitectures) are read",
        at: 4)
    }
    guard count > 0 else {
      throw .malformed("the universal header lists no architectures", at: 4)
    }
    let entrySize = wide ? 32 : 20
    let tableEnd = 8 + count * entrySize
    try file.require(
      0, tableEnd,
      "the universal header's table of \(count) architectures runs past the end of the file",
      at: 8)
    var ranges: [(range: Range<Int>, entry: Int)] = []
    for index in 0..<count {
      let entry = 8 + index * entrySize
      let offset: Int?
      let size: Int?
      if wide {
        offset = ByteWindow.int(try file.u64(entry + 8))
        size = ByteWindow.int(try file.u64(entry + 16))
      } else {
        offset = Int(try file.u32(entry + 8))
        size = Int(try file.u32(entry + 12))
      }
      guard let offset, let size, size > 0, file.contains(offset, size) else {
        throw .malformed(
          "architecture \(index) (offset \(offset.map(String.init) ?? "huge"), size "
            + "\(size.map(String.init) ?? "huge")) does not lie inside the "
            + "\(file.count)-byte file", at: entry)
      }
      guard offset >= tableEnd else {
        throw .malformed(
          "architecture \(index) at offset \(offset) overlaps the universal header, which ends "
            + "at \(tableEnd)", at: entry)
      }
      ranges.append((offset..<(offset + size), entry))
    }
    let sorted = ranges.sorted { $0.range.lowerBound < $1.range.lowerBound }
    for (previous, next) in zip(sorted, sorted.dropFirst())
    where previous.range.overlaps(next.range) {
      throw .malformed(
        "the architecture at offset \(next.range.lowerBound) overlaps the one at "
          + "\(previous.range.lowerBound)", at: next.entry)
    }
    var slices: [MachOSlice] = []
    for (range, _) in ranges {
      let window = try file.window(range.lowerBound, range.count)
      let magic = range.count >= 4 ? try file.u32(range.lowerBound) : 0
      guard hasMachOMagic(file.bytes[range].prefix(4)),
        magic != MachOMagic.fat, magic != MachOMagic.fat64
      else {
        throw .malformed(
          "expected a thin Mach-O header at offset \(range.lowerBound) but found magic "
            + "0x\(String(magic, radix: 16))", at: range.lowerBound)
      }
      slices.append(try MachOSlice.parse(window))
    }
    return slices
  }
}
