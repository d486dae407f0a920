import Testing

@testable import PlistBundle

/// The undefined external symbols read from `LC_SYMTAB`, and symbol tables that lie: each is a
/// problem of the imports, never of the whole file.
@Suite struct MachOSymbolTests {
  /// A file with an `LC_SYMTAB` first, its entries and string table after everything else.
  struct Built {
    var bytes: [UInt8]
    /// Absolute offset of the `LC_SYMTAB` command.
    var command: Int
    var symbolOffset: Int
    var stringOffset: Int
    var stringSize: Int
    var bigEndian: Bool

    /// The bytes with the 32-bit field at `offset` replaced.
    func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
      var copy = bytes
      copy.patchU32(at: offset, value, bigEndian: bigEndian)
      return copy
    }
  }

  /// `(name, n_type)` pairs: 0x01 is an undefined external (`N_UNDF | N_EXT`), 0x0f a defined
  /// external (`N_SECT | N_EXT`), 0x00 an undefined private, 0x24 a debugging entry (`N_FUN`).
  static let symbols: [(String, UInt8)] = [
    ("_stat", 0x01), ("_mach_absolute_time", 0x01), ("_OBJC_CLASS_$_NSUserDefaults", 0x01),
    ("_main", 0x0f), ("_privateUndefined", 0x00), ("_debugFunction", 0x24),
    ("dyld_stub_binder", 0x01), ("_stat", 0x01), ("", 0x01), ("_$s10Foundation4DateVMn", 0x01),
  ]

  static let expected: Set<String> = [
    "stat", "mach_absolute_time", "OBJC_CLASS_$_NSUserDefaults", "dyld_stub_binder",
    "$s10Foundation4DateVMn",
  ]

  static func build(
    _ symbols: [(String, UInt8)] = symbols, is64Bit: Bool = true, bigEndian: Bool = false,
    cpuType: UInt32 = 0x0100_000c, extra: [MachOBuilder.Command] = []
  ) -> Built {
    let placeholder = MachOBuilder.Command.raw(
      command: 0x2, payload: [UInt8](repeating: 0, count: 16))
    var (bytes, layout) = MachOBuilder(
      cpuType: cpuType, is64Bit: is64Bit, bigEndian: bigEndian,
      commands: [placeholder, .dylib(.load, "/usr/lib/libSystem.B.dylib")] + extra
    ).build()
    var strings = ByteWriter(bigEndian: bigEndian)
    strings.bytes = [0x20, 0]
    var table = ByteWriter(bigEndian: bigEndian)
    for (name, type) in symbols {
      let index = name.isEmpty ? 0 : strings.bytes.count
      if !name.isEmpty { strings.cString(name) }
      table.u32(UInt32(index))
      table.u8(type)
      table.u8(type == 0x0f ? 1 : 0)
      table.bytes += [0, 0]
      if is64Bit { table.u64(0) } else { table.u32(0) }
    }
    let symbolOffset = bytes.count
    bytes += table.bytes
    let stringOffset = bytes.count
    bytes += strings.bytes
    let command = layout.commandOffsets[0]
    let fields = [symbolOffset, symbols.count, stringOffset, strings.bytes.count]
    for (index, value) in fields.enumerated() {
      bytes.patchU32(at: command + 8 + 4 * index, UInt32(value), bigEndian: bigEndian)
    }
    return Built(
      bytes: bytes, command: command, symbolOffset: symbolOffset, stringOffset: stringOffset,
      stringSize: strings.bytes.count, bigEndian: bigEndian)
  }

  /// The one problem reading the imports of `bytes` left, after checking that the slice still
  /// read (a broken symbol table never makes the executable unreadable).
  static func error(
    _ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> BundleError {
    let file = try MachOFile.parse(bytes)
    let slice = try #require(file.slices.first, sourceLocation: sourceLocation)
    #expect(
      slice.linkedLibraries.map(\.path) == ["/usr/lib/libSystem.B.dylib"],
      sourceLocation: sourceLocation)
    #expect(slice.imports.problems.count == 1, sourceLocation: sourceLocation)
    return try #require(slice.imports.problems.first, sourceLocation: sourceLocation)
  }

  @Test(arguments: [(true, false), (false, false), (false, true), (true, true)])
  func readsUndefinedExternalSymbols(is64Bit: Bool, bigEndian: Bool) throws {
    let built = Self.build(
      is64Bit: is64Bit, bigEndian: bigEndian, cpuType: is64Bit ? 0x0100_000c : 12)
    let file = try MachOFile.parse(built.bytes)
    let slice = try #require(file.slices.first)
    #expect(slice.is64Bit == is64Bit)
    #expect(slice.isBigEndian == bigEndian)
    #expect(slice.importedSymbols == Self.expected)
    #expect(file.importedSymbols == Self.expected)
    // The rest of the slice still reads.
    #expect(slice.linkedLibraries.map(\.path) == ["/usr/lib/libSystem.B.dylib"])
  }

  @Test func readsEachSliceOfAUniversalFileFromItsOwnOffsets() throws {
    let arm = Self.build([("_stat", 0x01)])
    let intel = Self.build([("_statfs", 0x01), ("_fstat", 0x01)], cpuType: 0x0100_0007)
    let file = try MachOFile.parse(MachOBuilder.fat([arm.bytes, intel.bytes]))
    #expect(file.slices.map(\.importedSymbols) == [["stat"], ["statfs", "fstat"]])
    #expect(file.importedSymbols == ["stat", "statfs", "fstat"])
  }

  @Test func isEmptyWithoutASymbolTable() throws {
    let file = try MachOFile.parse(MachOHostileTests.signed.bytes)
    #expect(file.slices.first?.importedSymbols == [])
    #expect(file.importedSymbols.isEmpty)
  }

  @Test func isEmptyForAnEmptySymbolTable() throws {
    let file = try MachOFile.parse(Self.build([]).bytes)
    #expect(file.importedSymbols.isEmpty)
  }

  @Test func buildsAnExampleFileForRules() {
    let file = MachOFile.example(importing: ["stat"])
    #expect(file.slices.map(\.architecture) == ["arm64"])
    #expect(file.importedSymbols == ["stat"])
  }

  // MARK: Hostile tables

  @Test func rejectsASymbolTableCutShort() throws {
    let built = Self.build()
    let error = try Self.error(Array(built.bytes.prefix(built.symbolOffset + 20)))
    #expect(error.kind == .malformed)
    #expect(error.offset == built.command + 8)
    #expect(error.message.contains("runs past the end of the slice"))
  }

  @Test(arguments: [UInt32(0xffff_fff0), 0x7fff_ffff, 0x1_0000])
  func rejectsSymbolOffsetOutOfRange(offset: UInt32) throws {
    let built = Self.build()
    let error = try Self.error(built.patched(built.command + 8, offset))
    #expect(error.kind == .malformed)
    #expect(error.offset == built.command + 8)
    #expect(error.message.hasPrefix("the symbol table (symoff \(offset)"))
  }

  @Test(arguments: [UInt32(1_000_001), 0xffff_ffff])
  func rejectsAbsurdSymbolCountAsALimit(count: UInt32) throws {
    let built = Self.build()
    let error = try Self.error(built.patched(built.command + 12, count))
    #expect(error.kind == .limitExceeded)
    #expect(error.offset == built.command + 12)
  }

  @Test func rejectsSymbolCountBeyondTheFile() throws {
    let built = Self.build()
    let error = try Self.error(built.patched(built.command + 12, 900_000))
    #expect(error.kind == .malformed)
    #expect(error.offset == built.command + 8)
  }

  @Test(arguments: [(UInt32(0xffff_ff00), UInt32(4)), (0, 0xffff_ffff), (0x7fff_ffff, 0x7fff_ffff)])
  func rejectsStringTableOutOfRange(offset: UInt32, size: UInt32) throws {
    let built = Self.build()
    var bytes = built.patched(built.command + 16, offset)
    bytes.patchU32(at: built.command + 20, size, bigEndian: false)
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == built.command + 16)
    #expect(error.message.hasPrefix("the string table"))
  }

  @Test(arguments: [UInt32(0xffff_ffff), 0x8000])
  func rejectsNameIndexOutsideTheStringTable(index: UInt32) throws {
    let built = Self.build()
    let error = try Self.error(built.patched(built.symbolOffset, index))
    #expect(error.kind == .malformed)
    #expect(error.offset == built.symbolOffset)
    #expect(error.message.contains("names string \(index)"))
  }

  @Test func keepsTheNamesReadBeforeABrokenEntry() throws {
    // The third import names a string outside the table: the first two stay.
    let built = Self.build([("_stat", 0x01), ("_lstat", 0x01), ("_statfs", 0x01)])
    let file = try MachOFile.parse(built.patched(built.symbolOffset + 32, 0x7fff_0000))
    let slice = try #require(file.slices.first)
    #expect(slice.importedSymbols == ["stat", "lstat"])
    #expect(slice.imports.sources["stat"] == .symbolTable)
    #expect(slice.imports.problems.map(\.offset) == [built.symbolOffset + 32])
    #expect(
      slice.imports.problems.first?.message
        == "symbol 2 names string 2147418112; expected a NUL-terminated string inside the "
        + "\(built.stringSize)-byte string table")
  }

  @Test func rejectsANameWithoutNULInsideTheStringTable() throws {
    let built = Self.build([("_stat", 0x01)])
    // The table ends at the NUL after "_stat": one byte less leaves it unterminated.
    let error = try Self.error(built.patched(built.command + 20, UInt32(built.stringSize - 1)))
    #expect(error.kind == .malformed)
    #expect(error.offset == built.symbolOffset)
  }

  @Test func skipsTheNamesOfEntriesThatAreNotImports() throws {
    // A debugging entry pointing outside the string table is never read.
    let built = Self.build([("_main", 0x0f), ("_stat", 0x01)])
    let file = try MachOFile.parse(built.patched(built.symbolOffset, 0xffff_ffff))
    #expect(file.importedSymbols == ["stat"])
  }

  @Test func rejectsSymtabCommandTooSmall() throws {
    let (bytes, layout) = MachOBuilder(commands: [
      .raw(command: 0x2, payload: [0, 0, 0, 0, 0, 0, 0, 0]),
      .dylib(.load, "/usr/lib/libSystem.B.dylib"),
    ])
    .build()
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == layout.commandOffsets[0] + 4)
    #expect(
      error.message
        == "load command 0 (LC_SYMTAB) has cmdsize 16; expected at least 24, so its imports are "
        + "not read")
  }

  @Test func rejectsASecondSymtabCommand() throws {
    let second = MachOBuilder.Command.raw(command: 0x2, payload: [UInt8](repeating: 0, count: 16))
    let built = Self.build(extra: [second])
    let error = try Self.error(built.bytes)
    #expect(error.kind == .malformed)
    #expect(error.message == "the slice has a second LC_SYMTAB; only the first is read")
    // The first table still reads.
    #expect(try MachOFile.parse(built.bytes).importedSymbols == Self.expected)
  }

  @Test func readsManyRepeatsOfOneLongNameOnce() throws {
    // 100,000 entries naming the same 60,000-byte string: read once, not 100,000 times.
    let long = "_" + String(repeating: "a", count: 60_000)
    let built = Self.build([(long, 0x01)])
    var bytes = Array(built.bytes.prefix(built.symbolOffset))
    let entry = Array(built.bytes[built.symbolOffset..<(built.symbolOffset + 16)])
    for _ in 0..<100_000 { bytes += entry }
    let stringOffset = bytes.count
    bytes += built.bytes[built.stringOffset...]
    bytes.patchU32(at: built.command + 12, 100_000, bigEndian: false)
    bytes.patchU32(at: built.command + 16, UInt32(stringOffset), bigEndian: false)
    let clock = ContinuousClock()
    let start = clock.now
    let file = try MachOFile.parse(bytes)
    #expect(file.importedSymbols == [String(long.dropFirst())])
    #expect(clock.now - start < .seconds(5))
  }
}
