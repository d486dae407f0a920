@testable import PlistBundle

/// Builds Mach-O slices whose imports live in `LC_DYLD_CHAINED_FIXUPS` and in the bind, weak-bind
/// and lazy-bind opcode streams of `LC_DYLD_INFO_ONLY`, byte by byte, for the imports tests.
///
/// The commands come first (chained fixups, then dyld info, then `libSystem`), the blobs after
/// everything `MachOBuilder` writes, each 8-byte aligned; `Built` says where each landed.
struct ImportsBuilder {
  /// A chained-fixups blob: a header, an empty `dyld_chained_starts_in_image`, the import
  /// table, then the names.
  struct Fixups {
    var names: [String]
    var format: UInt32 = 1
    var symbolsFormat: UInt32 = 0
    var version: UInt32 = 0
    var weak: Set<Int> = []

    /// Offset of the import table in the blob.
    static let importsOffset = 32

    var entrySize: Int { format == 3 ? 16 : format == 2 ? 8 : 4 }
    var symbolsOffset: Int { Self.importsOffset + names.count * entrySize }

    func bytes(bigEndian: Bool = false) -> [UInt8] {
      var strings = ByteWriter(bigEndian: bigEndian)
      var offsets: [Int] = []
      // A first empty string, as ld64 writes.
      strings.u8(0)
      for name in names {
        offsets.append(strings.bytes.count)
        strings.cString(name)
      }
      var out = ByteWriter(bigEndian: bigEndian)
      for value in [
        version, 28, UInt32(Self.importsOffset), UInt32(symbolsOffset), UInt32(names.count),
        format, symbolsFormat,
      ] {
        out.u32(value)
      }
      out.u32(0)  // dyld_chained_starts_in_image.seg_count at 28
      for (index, offset) in offsets.enumerated() {
        let weakBit: UInt64 = weak.contains(index) ? 1 : 0
        switch format {
        case 3:
          out.u64(2 | weakBit << 16 | UInt64(offset) << 32)
          out.u64(0)
        case 2:
          out.u32(UInt32(truncatingIfNeeded: 1 | weakBit << 8 | UInt64(offset) << 9))
          out.u32(UInt32(bitPattern: -8))
        default:
          out.u32(UInt32(truncatingIfNeeded: 1 | weakBit << 8 | UInt64(offset) << 9))
        }
      }
      return out.bytes + strings.bytes
    }
  }

  /// Where a built file's parts are (absolute offsets).
  struct Built {
    var bytes: [UInt8]
    var bigEndian: Bool
    var fixupsCommand: Int?
    var fixupsOffset: Int?
    var dyldInfoCommand: Int?
    /// Absolute offsets of the bind, weak-bind and lazy-bind streams.
    var streams: [Int?] = [nil, nil, nil]

    /// The bytes with the 32-bit field at `offset` replaced.
    func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
      var copy = bytes
      copy.patchU32(at: offset, value, bigEndian: bigEndian)
      return copy
    }

    /// The first slice of the bytes as parsed.
    func slice(_ bytes: [UInt8]? = nil) throws -> MachOSlice {
      let file = try MachOFile.parse(bytes ?? self.bytes)
      guard let slice = file.slices.first else { throw BundleError(.malformed, "no slice") }
      return slice
    }
  }

  var fixups: Fixups?
  var bind: [UInt8]?
  var weakBind: [UInt8]?
  var lazyBind: [UInt8]?
  var cpuType: UInt32 = 0x0100_000c
  var is64Bit = true
  var bigEndian = false
  /// Extra commands after the ones built here.
  var extra: [MachOBuilder.Command] = []

  func build() -> Built {
    var commands: [MachOBuilder.Command] = []
    if fixups != nil {
      commands.append(.raw(command: 0x8000_0034, payload: [UInt8](repeating: 0, count: 8)))
    }
    let streams = [bind, weakBind, lazyBind]
    let hasInfo = streams.contains { $0 != nil }
    if hasInfo {
      commands.append(.raw(command: 0x8000_0022, payload: [UInt8](repeating: 0, count: 40)))
    }
    commands.append(.dylib(.load, "/usr/lib/libSystem.B.dylib"))
    var (bytes, layout) = MachOBuilder(
      cpuType: cpuType, is64Bit: is64Bit, bigEndian: bigEndian, commands: commands + extra
    ).build()
    var built = Built(bytes: [], bigEndian: bigEndian)
    var index = 0
    func append(_ blob: [UInt8]) -> Int {
      while bytes.count % 8 != 0 { bytes.append(0) }
      let offset = bytes.count
      bytes += blob
      return offset
    }
    if let fixups {
      let command = layout.commandOffsets[index]
      let blob = fixups.bytes(bigEndian: bigEndian)
      let offset = append(blob)
      bytes.patchU32(at: command + 8, UInt32(offset), bigEndian: bigEndian)
      bytes.patchU32(at: command + 12, UInt32(blob.count), bigEndian: bigEndian)
      built.fixupsCommand = command
      built.fixupsOffset = offset
      index += 1
    }
    if hasInfo {
      let command = layout.commandOffsets[index]
      built.dyldInfoCommand = command
      for (slot, stream) in streams.enumerated() {
        guard let stream else { continue }
        let offset = append(stream)
        bytes.patchU32(at: command + 16 + 8 * slot, UInt32(offset), bigEndian: bigEndian)
        bytes.patchU32(at: command + 20 + 8 * slot, UInt32(stream.count), bigEndian: bigEndian)
        built.streams[slot] = offset
      }
    }
    while bytes.count % 8 != 0 { bytes.append(0) }
    built.bytes = bytes
    return built
  }
}

/// Bind opcodes, written the way ld64 writes them.
enum BindOpcodes {
  /// `SET_SYMBOL_TRAILING_FLAGS_IMM` with `flags`, then the name.
  static func symbol(_ name: String, flags: UInt8 = 0) -> [UInt8] {
    [0x40 | flags] + Array(name.utf8) + [0]
  }

  /// An unsigned LEB128 number.
  static func uleb(_ value: UInt64) -> [UInt8] {
    var value = value
    var out: [UInt8] = []
    repeat {
      var byte = UInt8(value & 0x7f)
      value >>= 7
      if value != 0 { byte |= 0x80 }
      out.append(byte)
    } while value != 0
    return out
  }

  /// A signed LEB128 number.
  static func sleb(_ value: Int64) -> [UInt8] {
    var value = value
    var out: [UInt8] = []
    while true {
      let byte = UInt8(truncatingIfNeeded: value & 0x7f)
      value >>= 7
      let done = value == 0 && byte & 0x40 == 0 || value == -1 && byte & 0x40 != 0
      out.append(done ? byte : byte | 0x80)
      if done { return out }
    }
  }

  /// One ordinary bind of `name` from library 1 at segment 2, `offset`.
  static func bind(_ name: String, offset: UInt64 = 0x10) -> [UInt8] {
    [0x11] + symbol(name) + [0x51, 0x72] + uleb(offset) + [0x90]
  }
}
