import Testing

@testable import PlistBundle

/// Imports read from `LC_DYLD_CHAINED_FIXUPS` and from the bind, weak-bind and lazy-bind opcodes
/// of `LC_DYLD_INFO_ONLY`, in files built byte by byte; and tables that lie, each refused with
/// its exact message while the rest of the slice still reads.
@Suite struct MachOImportsTests {
  static let names = ["_OBJC_CLASS_$_EKEventStore", "_stat", "_$sSo12EKEventStoreC8EventKitEs"]
  static let expected: Set<String> = [
    "OBJC_CLASS_$_EKEventStore", "stat", "$sSo12EKEventStoreC8EventKitEs",
  ]

  /// The one problem `bytes` leave, after checking that the slice still read.
  static func problem(
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

  // MARK: Chained fixups

  @Test(arguments: [UInt32(1), 2, 3])
  func readsChainedFixupImportsInEachFormat(format: UInt32) throws {
    let built = ImportsBuilder(
      fixups: .init(names: Self.names, format: format, weak: [1])
    ).build()
    let slice = try built.slice()
    #expect(slice.importedSymbols == Self.expected)
    #expect(slice.imports.sources["stat"] == .chainedFixups)
    #expect(slice.imports.problems.isEmpty)
    #expect(slice.linkedLibraries.map(\.path) == ["/usr/lib/libSystem.B.dylib"])
  }

  @Test func readsChainedFixupsOfABigEndianSlice() throws {
    let built = ImportsBuilder(
      fixups: .init(names: ["_stat"]), cpuType: 18, is64Bit: false, bigEndian: true
    ).build()
    let slice = try built.slice()
    #expect(slice.isBigEndian)
    #expect(slice.importedSymbols == ["stat"])
  }

  @Test func readsNoNamesFromAnEmptyImportTable() throws {
    let built = ImportsBuilder(fixups: .init(names: [])).build()
    #expect(try built.slice().imports.isEmpty)
  }

  @Test func readsEachSliceOfAUniversalFile() throws {
    let arm = ImportsBuilder(fixups: .init(names: ["_OBJC_CLASS_$_CLLocationManager"])).build()
    let intel = ImportsBuilder(
      bind: BindOpcodes.bind("_OBJC_CLASS_$_CNContactStore") + [0], cpuType: 0x0100_0007
    ).build()
    let file = try MachOFile.parse(MachOBuilder.fat([arm.bytes, intel.bytes]))
    #expect(file.slices.map(\.architecture) == ["arm64", "x86_64"])
    #expect(
      file.slices.map(\.importedSymbols) == [
        ["OBJC_CLASS_$_CLLocationManager"], ["OBJC_CLASS_$_CNContactStore"],
      ])
    #expect(file.slices.map(\.imports.sources.values.first) == [.chainedFixups, .bind])
  }

  @Test func rejectsFixupsOutsideTheSlice() throws {
    let built = ImportsBuilder(fixups: .init(names: Self.names)).build()
    let command = try #require(built.fixupsCommand)
    let error = try Self.problem(built.patched(command + 8, 0xffff_fff0))
    #expect(error.kind == .malformed)
    #expect(error.offset == command + 8)
    #expect(
      error.message
        == "the chained fixups (dataoff 4294967280, datasize \(Self.fixupsSize)) run past the "
        + "end of the slice (\(built.bytes.count) bytes)")
  }

  static let fixupsSize = ImportsBuilder.Fixups(names: names).bytes().count

  @Test func rejectsAHeaderCutShort() throws {
    let built = ImportsBuilder(fixups: .init(names: Self.names)).build()
    let command = try #require(built.fixupsCommand)
    let error = try Self.problem(built.patched(command + 12, 27))
    #expect(error.offset == command + 12)
    #expect(error.message == "the chained fixups header needs 28 bytes but datasize is 27")
  }

  /// A header field at `field` (offset in the blob) set to `value`: the message, the field the
  /// error names, and its kind.
  @Test(arguments: [
    (0, UInt32(1), "the chained fixups have fixups_version 1; only version 0 is known", 0),
    (
      20, 4,
      "the chained fixups have imports_format 4; expected 1 (DYLD_CHAINED_IMPORT), 2 "
        + "(…_ADDEND) or 3 (…_ADDEND64)", 20
    ),
    (
      24, 1,
      "the chained fixups' 3 import names are zlib-compressed (symbols_format 1), which "
        + "infoscope does not read", 24
    ),
    (24, 7, "the chained fixups have symbols_format 7; expected 0 (plain) or 1 (zlib)", 24),
    (16, 1_000_001, "the chained fixups list 1000001 imports; at most 1000000 are read", 16),
    (
      16, 900,
      "the chained fixups' import table (imports_offset 32, 900 entries of 4 bytes) runs "
        + "past the end of the \(fixupsSize)-byte fixups data", 8
    ),
    (
      8, 0xffff_fff0,
      "the chained fixups' import table (imports_offset 4294967280, 3 entries of 4 bytes) "
        + "runs past the end of the \(fixupsSize)-byte fixups data", 8
    ),
    (
      12, 0x1000,
      "the chained fixups' symbols_offset 4096 is past the end of the \(fixupsSize)-byte "
        + "fixups data", 12
    ),
  ])
  func rejectsAHostileHeaderField(
    field: Int, value: UInt32, message: String, errorField: Int
  ) throws {
    let built = ImportsBuilder(fixups: .init(names: Self.names)).build()
    let blob = try #require(built.fixupsOffset)
    let error = try Self.problem(built.patched(blob + field, value))
    #expect(error.message == message)
    #expect(error.offset == blob + errorField)
    let kind: BundleError.Kind =
      value == 1_000_001 ? .limitExceeded : field == 24 && value == 1 ? .unrecognized : .malformed
    #expect(error.kind == kind)
  }

  @Test func keepsTheImportsBeforeANameOutsideTheStrings() throws {
    let built = ImportsBuilder(fixups: .init(names: Self.names)).build()
    let blob = try #require(built.fixupsOffset)
    let entry = blob + ImportsBuilder.Fixups.importsOffset + 8
    // Import 2's name offset (bits 9-31) past the strings.
    let bytes = built.patched(entry, 1 | 0x7f_ffff << 9)
    let error = try Self.problem(bytes)
    #expect(error.offset == entry)
    let strings = Self.fixupsSize - ImportsBuilder.Fixups(names: Self.names).symbolsOffset
    #expect(
      error.message
        == "chained-fixup import 2 names string 8388607; expected a NUL-terminated string "
        + "inside the \(strings) bytes after symbols_offset")
    #expect(try built.slice(bytes).importedSymbols == ["OBJC_CLASS_$_EKEventStore", "stat"])
  }

  @Test func rejectsANameWithoutNULBeforeTheEndOfTheFixups() throws {
    let built = ImportsBuilder(fixups: .init(names: ["_stat"])).build()
    let command = try #require(built.fixupsCommand)
    // One byte less leaves "_stat" without its NUL.
    let error = try Self.problem(built.patched(command + 12, UInt32(built.bytes.count - 1)))
    #expect(error.message.hasPrefix("the chained fixups (dataoff"))
    let exact = ImportsBuilder.Fixups(names: ["_stat"]).bytes().count
    let cut = try Self.problem(built.patched(command + 12, UInt32(exact - 1)))
    #expect(cut.message.hasPrefix("chained-fixup import 0 names string 1; expected"))
  }

  @Test func readsManyImportsOfOneLongNameOnce() throws {
    // 200,000 imports naming one 60,000-byte string: scanned once.
    var fixups = ImportsBuilder.Fixups(names: ["_" + String(repeating: "a", count: 60_000)])
    fixups.format = 1
    var blob = fixups.bytes()
    let entry = Array(blob[32..<36])
    let strings = Array(blob[36...])
    blob = Array(blob[..<32])
    for _ in 0..<200_000 { blob += entry }
    let symbolsOffset = blob.count
    blob += strings
    blob.patchU32(at: 12, UInt32(symbolsOffset), bigEndian: false)
    blob.patchU32(at: 16, 200_000, bigEndian: false)
    var built = ImportsBuilder(fixups: .init(names: [])).build()
    let command = try #require(built.fixupsCommand)
    let offset = built.bytes.count
    built.bytes += blob
    built.bytes.patchU32(at: command + 8, UInt32(offset), bigEndian: false)
    built.bytes.patchU32(at: command + 12, UInt32(blob.count), bigEndian: false)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try built.slice().importedSymbols == [String(repeating: "a", count: 60_000)])
    #expect(clock.now - start < .seconds(5))
  }

  // MARK: Bind opcodes

  /// Every opcode once: ordinals (immediate, ULEB, special), a multi-byte ULEB offset, a
  /// negative addend, each DO_BIND form and the threaded opcodes.
  static let bindStream: [UInt8] =
    [0x11] + BindOpcodes.symbol("_OBJC_CLASS_$_PHPhotoLibrary") + [0x51]
    + [0x72] + BindOpcodes.uleb(0x12_3456) + [0x90]
    + [0x20] + BindOpcodes.uleb(300) + BindOpcodes.symbol("_stat", flags: 1)
    + [0x60] + BindOpcodes.sleb(-12_345) + [0xa0] + BindOpcodes.uleb(8)
    + [0x3e] + BindOpcodes.symbol("_ABAddressBookCreateWithOptions") + [0xb1]
    + BindOpcodes.symbol("_$sSo17CLLocationManagerC12CoreLocationE7updatesyyF")
    + [0xc0] + BindOpcodes.uleb(UInt64.max) + BindOpcodes.uleb(8)
    + [0x80] + BindOpcodes.uleb(16)
    + [0xd0] + BindOpcodes.uleb(4) + BindOpcodes.symbol("_lstat") + [0x90, 0xd1]
    + [0x00]
    // After DONE nothing is read: this would be an unknown opcode.
    + [0xe0]

  @Test func readsEveryBindOpcode() throws {
    let slice = try ImportsBuilder(bind: Self.bindStream).build().slice()
    #expect(
      slice.importedSymbols == [
        "OBJC_CLASS_$_PHPhotoLibrary", "stat", "ABAddressBookCreateWithOptions",
        "$sSo17CLLocationManagerC12CoreLocationE7updatesyyF", "lstat",
      ])
    #expect(Set(slice.imports.sources.values) == [.bind])
    #expect(slice.imports.problems.isEmpty)
  }

  @Test func readsWeakAndLazyStreamsAndLeavesOutStrongDefinitions() throws {
    let weak =
      BindOpcodes.bind("_OBJC_CLASS_$_HKHealthStore")
      // A strong definition of this image (flag 8) is not an import, bound or not.
      + BindOpcodes.symbol("__ZN5Local4SelfEv", flags: 8) + [0x90] + [0x00]
    // The lazy stream ends each entry with DONE and goes on.
    let lazy =
      BindOpcodes.bind("_OBJC_CLASS_$_CBCentralManager") + [0x00]
      + BindOpcodes.bind("_UIImageWriteToSavedPhotosAlbum") + [0x00]
    let slice = try ImportsBuilder(
      bind: BindOpcodes.bind("_stat") + [0x00], weakBind: weak, lazyBind: lazy
    ).build().slice()
    #expect(
      slice.importedSymbols == [
        "stat", "OBJC_CLASS_$_HKHealthStore", "OBJC_CLASS_$_CBCentralManager",
        "UIImageWriteToSavedPhotosAlbum",
      ])
    #expect(slice.imports.sources["OBJC_CLASS_$_HKHealthStore"] == .weakBind)
    #expect(slice.imports.sources["UIImageWriteToSavedPhotosAlbum"] == .lazyBind)
    #expect(slice.imports.sources["stat"]?.names == ["bind opcodes"])
  }

  @Test func readsAStreamThatEndsWithoutDONE() throws {
    let slice = try ImportsBuilder(bind: BindOpcodes.bind("_stat")).build().slice()
    #expect(slice.importedSymbols == ["stat"])
    #expect(slice.imports.problems.isEmpty)
  }

  @Test func joinsTheSourcesOfANameSeenInSeveralTables() throws {
    let built = ImportsBuilder(
      fixups: .init(names: ["_stat"]), lazyBind: BindOpcodes.bind("_stat") + [0]
    ).build()
    let sources = try #require(try built.slice().imports.sources["stat"])
    #expect(sources == [.chainedFixups, .lazyBind])
    #expect(sources.names == ["chained fixups", "lazy-bind opcodes"])
  }

  /// A stream and the problem it leaves: message, and where it is (from the stream's start).
  @Test(arguments: [
    ([UInt8(0xe5)], "the bind opcodes hold unknown opcode 0xe5", 0),
    ([0xd7], "the bind opcodes hold BIND_OPCODE_THREADED with unknown sub-opcode 7", 0),
    ([0x11, 0x72, 0x80, 0x80], "the bind opcodes end inside a ULEB128 number", 2),
    (
      [0x72] + [UInt8](repeating: 0xff, count: 9) + [0x02],
      "the bind opcodes hold a ULEB128 number too large for 64 bits", 1
    ),
    (
      [0x72] + [UInt8](repeating: 0x80, count: 10) + [0x01],
      "the bind opcodes hold a ULEB128 number too large for 64 bits", 1
    ),
    ([0x60, 0xff], "the bind opcodes end inside a SLEB128 number", 1),
    (
      [0x60] + [UInt8](repeating: 0x80, count: 9) + [0x02],
      "the bind opcodes hold a SLEB128 number too large for 64 bits", 1
    ),
    (
      [0x40] + Array("_stat".utf8),
      "the bind opcodes hold a symbol name with no NUL before the end of the stream", 1
    ),
  ])
  func rejectsAHostileStream(stream: [UInt8], message: String, at position: Int) throws {
    // A good bind first: its name stays.
    let prefix = BindOpcodes.bind("_stat")
    let built = ImportsBuilder(bind: prefix + stream).build()
    let error = try Self.problem(built.bytes)
    #expect(error.message == message)
    #expect(error.kind == .malformed)
    #expect(error.offset == (built.streams[0] ?? 0) + prefix.count + position)
    #expect(try built.slice().importedSymbols == ["stat"])
  }

  @Test func rejectsABindBeforeAnyName() throws {
    let built = ImportsBuilder(bind: [0x11, 0x72, 0x10, 0x90]).build()
    let error = try Self.problem(built.bytes)
    #expect(
      error.message
        == "the bind opcodes bind before naming a symbol "
        + "(BIND_OPCODE_SET_SYMBOL_TRAILING_FLAGS_IMM)")
    #expect(error.offset == (built.streams[0] ?? 0) + 3)
  }

  @Test func readsTheLargestULEBAndSLEB() throws {
    let stream =
      [0x72] + BindOpcodes.uleb(UInt64.max) + [0x60] + BindOpcodes.sleb(Int64.min)
      + [0x60] + BindOpcodes.sleb(Int64.max) + BindOpcodes.bind("_stat")
    let slice = try ImportsBuilder(bind: stream).build().slice()
    #expect(slice.imports.problems.isEmpty)
    #expect(slice.importedSymbols == ["stat"])
  }

  @Test(arguments: [(0, "bind_off"), (1, "weak_bind_off"), (2, "lazy_bind_off")])
  func rejectsAStreamOutsideTheSlice(slot: Int, field: String) throws {
    var builder = ImportsBuilder()
    let stream = BindOpcodes.bind("_stat")
    switch slot {
    case 0: builder.bind = stream
    case 1: builder.weakBind = stream
    default: builder.lazyBind = stream
    }
    let built = builder.build()
    let command = try #require(built.dyldInfoCommand)
    let error = try Self.problem(built.patched(command + 16 + 8 * slot, 0x7fff_fff0))
    let name = ["bind", "weak-bind", "lazy-bind"][slot]
    #expect(
      error.message
        == "the \(name) opcodes (\(field) 2147483632, size \(stream.count)) run past the end "
        + "of the slice (\(built.bytes.count) bytes)")
    #expect(error.offset == command + 16 + 8 * slot)
  }

  @Test func readsTheOtherStreamsWhenOneBreaks() throws {
    let built = ImportsBuilder(
      bind: [0xe0], weakBind: BindOpcodes.bind("_stat"), lazyBind: BindOpcodes.bind("_lstat")
    ).build()
    let slice = try built.slice()
    #expect(slice.importedSymbols == ["stat", "lstat"])
    #expect(slice.imports.problems.map(\.message) == ["the bind opcodes hold unknown opcode 0xe0"])
  }

  @Test func refusesADyldInfoCommandTooSmall() throws {
    let (bytes, layout) = MachOBuilder(commands: [
      .raw(command: 0x22, payload: [UInt8](repeating: 0, count: 16)),
      .dylib(.load, "/usr/lib/libSystem.B.dylib"),
    ]).build()
    let error = try Self.problem(bytes)
    #expect(error.offset == layout.commandOffsets[0] + 4)
    #expect(
      error.message
        == "load command 0 (LC_DYLD_INFO) has cmdsize 24; expected at least 48, so its imports "
        + "are not read")
  }

  @Test func readsOnlyTheFirstOfTwoFixupsCommands() throws {
    let built = ImportsBuilder(
      fixups: .init(names: ["_stat"]),
      extra: [.raw(command: 0x8000_0034, payload: [UInt8](repeating: 0, count: 8))]
    ).build()
    let error = try Self.problem(built.bytes)
    #expect(
      error.message == "the slice has a second LC_DYLD_CHAINED_FIXUPS; only the first is read")
    #expect(try built.slice().importedSymbols == ["stat"])
  }

  // MARK: The bundle loader

  @Test func aBrokenImportTableKeepsTheExecutableAndItsSignature() throws {
    var builder = MachOBuilder(commands: [
      .raw(command: 0x2, payload: [UInt8](repeating: 0xff, count: 16))
    ])
    builder.signature = MachOBuilder.Signature(
      xmlEntitlements: MachOBuilder.xmlHeader + "<dict><key>get-task-allow</key><true/></dict>"
        + "</plist>")
    let read = FileReaders.executable(builder.build().bytes, path: "App.app/App")
    #expect(read.files.map(\.problem) == [nil, nil])
    #expect(read.files.map(\.role) == [.executable, .signedEntitlements])
    let slice = try #require(read.machO?.slices.first)
    #expect(
      slice.imports.problems.map(\.message) == [
        "LC_SYMTAB lists 4294967295 symbols; at most 1000000 are read"
      ])
    #expect(slice.codeSignature?.xmlEntitlements != nil)
  }
}
