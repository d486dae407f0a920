/// One architecture of a Mach-O file: a thin file, or one slice of a universal file.
///
/// Read from the `mach_header`/`mach_header_64` and its load commands (`<mach-o/loader.h>`).
/// Offsets are absolute in the file that was parsed, so a slice of a universal file reports
/// where in the whole file each command lies.
package struct MachOSlice: Sendable {
  /// Absolute offset of the slice's header in the file (0 for a thin file).
  package var offset: Int
  /// Size of the slice in bytes.
  package var size: Int
  /// `cputype` (`CPU_TYPE_*`).
  package var cpuType: UInt32
  /// `cpusubtype` (`CPU_SUBTYPE_*`, capability bits included).
  package var cpuSubtype: UInt32
  /// The architecture name `lipo` prints (`arm64`, `arm64e`, `x86_64`, `armv7`, …), or
  /// `cpu 0x…/0x…` for CPU types not known.
  package var architecture: String
  /// True for a 64-bit header (`MH_MAGIC_64`).
  package var is64Bit: Bool
  /// True for a big-endian slice (PowerPC).
  package var isBigEndian: Bool
  /// The file type (`execute`, `dylib`, `bundle`, …).
  package var fileType: MachOFileType
  /// `flags` of the header (`MH_PIE`, …).
  package var flags: UInt32
  /// Build versions in load-command order, from `LC_BUILD_VERSION` and `LC_VERSION_MIN_*`.
  package var buildVersions: [MachOBuildVersion]
  /// Linked libraries in load-command order.
  package var linkedLibraries: [LinkedLibrary]
  /// The embedded code signature (`LC_CODE_SIGNATURE`), or nil for an unsigned slice.
  package var codeSignature: CodeSignature?
  /// The imported symbols, from the symbol table, the chained fixups and the bind opcodes,
  /// with where each was read and the tables that did not read (see `MachOImports`).
  package var imports = MachOImports()

  /// The names of the imported symbols (`imports.names`).
  ///
  /// Each is without the leading underscore the compiler adds to C names (`stat`,
  /// `mach_absolute_time`, `OBJC_CLASS_$_NSUserDefaults`); the set is empty without import
  /// tables. See `MachOSlice+Symbols.swift` and `MachOSlice+Imports.swift` for what the tables
  /// do and do not show.
  package var importedSymbols: Set<String> { imports.names }

  /// The most load commands read from one slice.
  package static let maxLoadCommands = 100_000

  /// Parses the thin Mach-O in `window`.
  ///
  /// - Throws: `BundleError` of kind `.malformed` naming the absolute offset for a truncated
  ///   header, load commands that leave `sizeofcmds` or the slice, a `cmdsize` below 8 or not
  ///   aligned (4 bytes for 32-bit, 8 for 64-bit), a string outside its command, or a broken
  ///   signature; `.limitExceeded` over `maxLoadCommands`; `.unrecognized` for a magic number
  ///   that is not a thin Mach-O header.
  static func parse(_ window: ByteWindow) throws(BundleError) -> MachOSlice {
    guard window.count >= 4 else {
      throw .malformed(
        "the Mach-O header needs at least 4 bytes but the slice has \(window.count)",
        at: window.absolute(0))
    }
    let big = ByteWindow(window.bytes, bigEndian: true)
    let magic = try big.u32(window.start)
    let is64: Bool
    let bigEndian: Bool
    switch magic {
    case MachOMagic.magic32: (is64, bigEndian) = (false, true)
    case MachOMagic.cigam32: (is64, bigEndian) = (false, false)
    case MachOMagic.magic64: (is64, bigEndian) = (true, true)
    case MachOMagic.cigam64: (is64, bigEndian) = (true, false)
    default:
      throw BundleError(
        .unrecognized, "expected a Mach-O header but found magic 0x\(String(magic, radix: 16))",
        offset: window.start)
    }
    let body = try window.window(0, window.count, bigEndian: bigEndian)
    let headerSize = is64 ? 32 : 28
    try body.require(
      0, headerSize,
      "the Mach-O header needs \(headerSize) bytes but the slice has \(window.count)", at: 0)
    let cpuType = try body.u32(4)
    let cpuSubtype = try body.u32(8)
    let name =
      CPUType.architectureName(cpuType: cpuType, cpuSubtype: cpuSubtype)
      ?? "cpu 0x\(String(cpuType, radix: 16))/0x\(String(cpuSubtype, radix: 16))"
    var slice = MachOSlice(
      offset: window.start, size: window.count, cpuType: cpuType, cpuSubtype: cpuSubtype,
      architecture: name, is64Bit: is64, isBigEndian: bigEndian,
      fileType: MachOFileType(rawValue: try body.u32(12)), flags: try body.u32(24),
      buildVersions: [], linkedLibraries: [], codeSignature: nil)
    try slice.readLoadCommands(body, headerSize: headerSize)
    return slice
  }

  private mutating func readLoadCommands(
    _ body: ByteWindow, headerSize: Int
  ) throws(BundleError) {
    let count = Int(try body.u32(16))
    let sizeOfCommands = Int(try body.u32(20))
    guard count <= Self.maxLoadCommands else {
      throw .limit(
        "the header lists \(count) load commands; at most \(Self.maxLoadCommands) are read",
        at: body.absolute(16))
    }
    try body.require(
      headerSize, sizeOfCommands,
      "sizeofcmds (\(sizeOfCommands) bytes) runs past the end of the file", at: 20)
    let commands = try body.window(headerSize, sizeOfCommands)
    let alignment = is64Bit ? 8 : 4
    var signature: (offset: Int, dataOffset: Int, dataSize: Int)?
    var importTables = ImportTables()
    var position = 0
    for index in 0..<count {
      try commands.require(
        position, 8, "load command \(index) runs past sizeofcmds (\(sizeOfCommands) bytes)")
      let command = try commands.u32(position)
      let size = Int(try commands.u32(position + 4))
      guard size >= 8, size % alignment == 0 else {
        throw .malformed(
          "load command \(index) has cmdsize \(size); expected a multiple of \(alignment), "
            + "at least 8", at: commands.absolute(position + 4))
      }
      try commands.require(
        position, size, "load command \(index) runs past sizeofcmds (\(sizeOfCommands) bytes)")
      let lc = try commands.window(position, size)
      switch command {
      case LoadCommand.loadDylib, LoadCommand.loadWeakDylib, LoadCommand.reexportDylib,
        LoadCommand.lazyLoadDylib, LoadCommand.loadUpwardDylib:
        linkedLibraries.append(try Self.library(lc, command: command, index: index))
      case LoadCommand.buildVersion:
        buildVersions.append(try Self.buildVersion(lc, index: index))
      case LoadCommand.versionMinMacOS, LoadCommand.versionMinIPhoneOS,
        LoadCommand.versionMinTVOS, LoadCommand.versionMinWatchOS:
        buildVersions.append(try Self.versionMin(lc, command: command, index: index))
      case LoadCommand.codeSignature:
        try Self.requireSize(lc, 16, "LC_CODE_SIGNATURE", index: index)
        guard signature == nil else {
          throw .malformed("the slice has a second LC_CODE_SIGNATURE", at: lc.absolute(0))
        }
        signature = (position, Int(try lc.u32(8)), Int(try lc.u32(12)))
      case LoadCommand.symtab, LoadCommand.dyldInfo, LoadCommand.dyldInfoOnly,
        LoadCommand.dyldChainedFixups:
        importTables.note(lc, command: command, index: index)
      default:
        break
      }
      position += size
    }
    imports = Self.readImports(body, tables: importTables, is64Bit: is64Bit)
    if let signature {
      codeSignature = try Self.signature(
        body, commands: commands, headerSize: headerSize, at: signature)
    }
  }

  private static func requireSize(
    _ lc: ByteWindow, _ minimum: Int, _ name: String, index: Int
  ) throws(BundleError) {
    guard lc.count >= minimum else {
      throw .malformed(
        "load command \(index) (\(name)) has cmdsize \(lc.count); expected at least \(minimum)",
        at: lc.absolute(4))
    }
  }

  private static func library(
    _ lc: ByteWindow, command: UInt32, index: Int
  ) throws(BundleError) -> LinkedLibrary {
    try requireSize(lc, 24, "dylib", index: index)
    let nameOffset = Int(try lc.u32(8))
    guard nameOffset >= 24, let path = lc.cString(nameOffset, before: lc.count) else {
      throw .malformed(
        "load command \(index) names a library at offset \(nameOffset); expected a "
          + "NUL-terminated string inside its \(lc.count) bytes, after the 24-byte header",
        at: lc.absolute(8))
    }
    let kind: LinkedLibrary.Kind =
      switch command {
      case LoadCommand.loadWeakDylib: .weak
      case LoadCommand.reexportDylib: .reexport
      case LoadCommand.lazyLoadDylib: .lazy
      case LoadCommand.loadUpwardDylib: .upward
      default: .load
      }
    return LinkedLibrary(
      path: path, kind: kind,
      currentVersion: MachOBuildVersion.versionString(try lc.u32(16)),
      compatibilityVersion: MachOBuildVersion.versionString(try lc.u32(20)),
      offset: lc.absolute(0))
  }

  private static func buildVersion(
    _ lc: ByteWindow, index: Int
  ) throws(BundleError) -> MachOBuildVersion {
    try requireSize(lc, 24, "LC_BUILD_VERSION", index: index)
    let tools = Int(try lc.u32(20))
    guard tools <= (lc.count - 24) / 8 else {
      throw .malformed(
        "load command \(index) (LC_BUILD_VERSION) lists \(tools) tools, more than its "
          + "\(lc.count) bytes hold", at: lc.absolute(20))
    }
    return MachOBuildVersion(
      source: .buildVersion, platformNumber: try lc.u32(8), minimumOS: try lc.u32(12),
      sdk: try lc.u32(16), offset: lc.absolute(0))
  }

  private static func versionMin(
    _ lc: ByteWindow, command: UInt32, index: Int
  ) throws(BundleError) -> MachOBuildVersion {
    try requireSize(lc, 16, "LC_VERSION_MIN", index: index)
    let platform: UInt32 =
      switch command {
      case LoadCommand.versionMinMacOS: 1
      case LoadCommand.versionMinIPhoneOS: 2
      case LoadCommand.versionMinTVOS: 3
      default: 4
      }
    return MachOBuildVersion(
      source: .versionMin, platformNumber: platform, minimumOS: try lc.u32(8),
      sdk: try lc.u32(12), offset: lc.absolute(0))
  }

  private static func signature(
    _ body: ByteWindow, commands: ByteWindow, headerSize: Int,
    at command: (offset: Int, dataOffset: Int, dataSize: Int)
  ) throws(BundleError) -> CodeSignature {
    let fieldOffset = commands.absolute(command.offset + 8)
    guard command.dataSize > 0 else {
      throw .malformed("LC_CODE_SIGNATURE has a datasize of 0", at: fieldOffset + 4)
    }
    guard command.dataOffset >= headerSize + commands.count else {
      throw .malformed(
        "the code signature at dataoff \(command.dataOffset) overlaps the header and load "
          + "commands, which end at \(headerSize + commands.count)", at: fieldOffset)
    }
    guard body.contains(command.dataOffset, command.dataSize) else {
      throw .malformed(
        "the code signature (dataoff \(command.dataOffset), datasize \(command.dataSize)) runs "
          + "past the end of the slice (\(body.count) bytes)", at: fieldOffset)
    }
    let data = try body.window(command.dataOffset, command.dataSize, bigEndian: true)
    return try CodeSignature.parse(data)
  }
}
