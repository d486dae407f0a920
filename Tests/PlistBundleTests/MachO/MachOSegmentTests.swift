import PlistCore
import Testing

@testable import PlistBundle

/// Segments and sections (`LC_SEGMENT`, `LC_SEGMENT_64`) read byte by byte, the bitcode
/// segment among them, and segment commands that lie.
@Suite struct MachOSegmentTests {
  /// The payload of a segment command after `cmd` and `cmdsize`: the name, the four address
  /// fields, protections, `nsects` (`count`, which may lie) and flags, then `sections`.
  static func segment(
    _ name: String, sections: [(String, UInt64)], count: UInt32? = nil, is64Bit: Bool = true,
    fileSize: UInt64 = 0x4000
  ) -> MachOBuilder.Command {
    var writer = ByteWriter(bigEndian: false)
    writer.fixed(name, width: 16)
    for value: UInt64 in [0x1_0000_0000, 0x8000, 0x1000, fileSize] {
      if is64Bit { writer.u64(value) } else { writer.u32(UInt32(truncatingIfNeeded: value)) }
    }
    for value: UInt32 in [1, 1, count ?? UInt32(sections.count), 0] { writer.u32(value) }
    for (section, size) in sections {
      writer.fixed(section, width: 16)
      writer.fixed(name, width: 16)
      if is64Bit {
        writer.u64(0x1_0000_1000)
        writer.u64(size)
      } else {
        writer.u32(0x1000)
        writer.u32(UInt32(size))
      }
      for _ in 0..<(is64Bit ? 8 : 7) { writer.u32(0) }
    }
    return .raw(command: is64Bit ? 0x19 : 0x1, payload: writer.bytes)
  }

  static func parse(
    _ commands: [MachOBuilder.Command], is64Bit: Bool = true
  ) throws -> MachOSlice {
    let built = MachOBuilder(
      cpuType: is64Bit ? 0x0100_000c : 12, cpuSubtype: is64Bit ? 0 : 9, is64Bit: is64Bit,
      commands: commands
    ).build()
    return try #require(try MachOFile.parse(built.bytes).slices.first)
  }

  @Test func readsSegmentsWithTheirSectionsIn64Bit() throws {
    let slice = try Self.parse([
      Self.segment("__TEXT", sections: [("__text", 8909), ("__cstring", 1291)]),
      Self.segment("__LLVM", sections: [("__bundle", 53_248)]),
    ])
    #expect(slice.segments.map(\.name) == ["__TEXT", "__LLVM"])
    #expect(
      slice.segments[0].sections == [
        .init(name: "__text", size: 8909), .init(name: "__cstring", size: 1291),
      ])
    #expect(slice.segments[0].fileSize == 0x4000)
    #expect(slice.segments[0].fileOffset == 0x1000)
    #expect(slice.segments[0].virtualSize == 0x8000)
    #expect(slice.bitcodeSegment?.sections.first?.size == 53_248)
    #expect(slice.bitcodeSegment?.isBitcodeMarker == false)
  }

  @Test func readsSegmentsIn32BitAndTellsABitcodeMarker() throws {
    let slice = try Self.parse(
      [Self.segment("__LLVM", sections: [("__bitcode", 1), ("__cmdline", 1)], is64Bit: false)],
      is64Bit: false)
    #expect(slice.architecture == "armv7")
    #expect(slice.segments.map(\.name) == ["__LLVM"])
    #expect(slice.bitcodeSegment?.isBitcodeMarker == true)
  }

  @Test func aSliceWithoutBitcodeHasNoBitcodeSegment() throws {
    let slice = try Self.parse([Self.segment("__TEXT", sections: [("__text", 10)])])
    #expect(slice.bitcodeSegment == nil)
  }

  @Test func aNameUsingAllSixteenBytesIsRead() throws {
    let slice = try Self.parse([Self.segment("ABCDEFGHIJKLMNOP", sections: [])])
    #expect(slice.segments.first?.name == "ABCDEFGHIJKLMNOP")
  }

  @Test func rejectsMoreSectionsThanTheCommandHolds() throws {
    let built = MachOBuilder(commands: [Self.segment("__TEXT", sections: [("__text", 1)], count: 2)]
    )
    .build()
    let error = try #require(throws: BundleError.self) { try MachOFile.parse(built.bytes) }
    #expect(error.kind == .malformed)
    // nsects is 64 bytes into the command.
    #expect(error.offset == built.layout.commandOffsets[0] + 64)
    #expect(error.message == "load command 0 lists 2 sections, more than its 152 bytes hold")
  }

  @Test func rejectsACommandShorterThanASegmentHeader() throws {
    let built = MachOBuilder(commands: [
      .raw(command: 0x19, payload: [UInt8](repeating: 0, count: 24))
    ])
    .build()
    let error = try #require(throws: BundleError.self) { try MachOFile.parse(built.bytes) }
    #expect(error.kind == .malformed)
    #expect(error.offset == built.layout.commandOffsets[0] + 4)
    #expect(error.message == "load command 0 (LC_SEGMENT_64) has cmdsize 32; expected at least 72")
  }

  @Test func refusesAHugeSectionCount() throws {
    let built = MachOBuilder(
      commands: [Self.segment("__TEXT", sections: [], count: UInt32.max)]
    ).build()
    let error = try #require(throws: BundleError.self) { try MachOFile.parse(built.bytes) }
    #expect(error.kind == .limitExceeded)
  }

  @Test func theDocumentShowsSegmentsAndSortedSymbols() throws {
    var slice = try Self.parse([
      .buildVersion(platform: 7, minOS: 0x000f_0000, sdk: 0x0011_0500),
      Self.segment("__LLVM", sections: [("__bundle", 4096)]),
    ])
    slice.imports = MachOImports(["stat", "OBJC_CLASS_$_NSUserDefaults", "mach_absolute_time"])
    let document = MachOFile(slices: [slice], isUniversal: false).document
    let root = document.root
    func string(_ path: String) throws -> String? {
      try root.node(at: KeyPath(parsing: path))?.value.stringValue
    }
    #expect(try string("format") == "Mach-O")
    #expect(try string("slices[0].architecture") == "arm64")
    #expect(try string("slices[0].buildVersions[0].platform") == "iOS simulator")
    #expect(try string("slices[0].buildVersions[0].minimumOS") == "15.0.0")
    #expect(try string("slices[0].buildVersions[0].sdk") == "17.5.0")
    #expect(try string("slices[0].segments[0].name") == "__LLVM")
    #expect(try string("slices[0].segments[0].sections[0]") == "__bundle (4096 bytes)")
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].importedSymbols"))?.value.arrayValue?
        .compactMap(\.value.stringValue)
        == ["OBJC_CLASS_$_NSUserDefaults", "mach_absolute_time", "stat"])
  }
}
