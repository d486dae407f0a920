import PlistCore
import Testing

@testable import PlistBundle

/// Malformed and hostile Mach-O files: each is an error of the right kind naming the exact
/// offset, never a crash.
@Suite struct MachOHostileTests {
  /// A signed 64-bit little-endian file with a build version, a library, XML and DER
  /// entitlements.
  static let signed = MachOBuilder(
    commands: [MachOFileTests.iOS15SDK172, .dylib(.load, "/usr/lib/libSystem.B.dylib")],
    signature: .init(
      flags: 0x1_0000, xmlEntitlements: CodeSignatureTests.xml,
      derEntitlements: CodeSignatureTests.der)
  ).build()

  static func error(
    _ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> BundleError {
    try #require(
      throws: BundleError.self, sourceLocation: sourceLocation
    ) { try MachOFile.parse(bytes) }
  }

  /// The problem recorded for the blob in `slot`: a broken blob is kept in the signature's
  /// `problems` and the file still parses, with the other blobs read.
  static func blobError(
    _ bytes: [UInt8], slot: UInt32, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> BundleError {
    let signature = try #require(
      try MachOFile.parse(bytes).slices.first?.codeSignature, sourceLocation: sourceLocation)
    #expect(signature.problems.map(\.slot) == [slot], sourceLocation: sourceLocation)
    return try #require(
      signature.problems.first { $0.slot == slot }?.error, sourceLocation: sourceLocation)
  }

  static func patched(_ offset: Int, _ value: UInt32, bigEndian: Bool = false) -> [UInt8] {
    var bytes = signed.bytes
    bytes.patchU32(at: offset, value, bigEndian: bigEndian)
    return bytes
  }

  static var layout: MachOBuilder.Layout { signed.layout }
  static var signatureCommand: Int { layout.signatureCommand ?? -1 }
  static var signature: Int { layout.signatureOffset ?? -1 }

  @Test func sanityTheFixtureParses() throws {
    let slice = try #require(try MachOFile.parse(Self.signed.bytes).slices.first)
    #expect(slice.codeSignature?.isHardenedRuntime == true)
    #expect(slice.codeSignature?.blobs.count == 4)
  }

  @Test func rejectsTooShortFileAsUnrecognized() throws {
    let error = try Self.error([0xcf, 0xfa])
    #expect(error.kind == .unrecognized)
    #expect(error.offset == 0)
  }

  @Test func rejectsUnknownMagicAsUnrecognized() throws {
    let error = try Self.error(Array("bplist00".utf8))
    #expect(error.kind == .unrecognized)
    #expect(error.offset == 0)
    #expect(error.message == "expected a Mach-O header but found magic 0x62706c69")
  }

  @Test func rejectsTruncatedHeader() throws {
    let error = try Self.error(Array(Self.signed.bytes.prefix(20)))
    #expect(error.kind == .malformed)
    #expect(error.offset == 0)
    #expect(error.message == "the Mach-O header needs 32 bytes but the slice has 20")
  }

  @Test func rejectsSizeOfCommandsPastTheEnd() throws {
    let error = try Self.error(Self.patched(20, 0x00ff_ffff))
    #expect(error.kind == .malformed)
    #expect(error.offset == 20)
  }

  @Test func rejectsTooManyLoadCommands() throws {
    let error = try Self.error(Self.patched(16, 100_001))
    #expect(error.kind == .limitExceeded)
    #expect(error.offset == 16)
  }

  @Test func rejectsLoadCommandCountBeyondSizeOfCommands() throws {
    let count = UInt32(Self.layout.commandOffsets.count + 1)
    let error = try Self.error(Self.patched(16, count))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.layout.headerSize + Self.layout.sizeOfCommands)
    #expect(error.message.contains("load command 4 runs past sizeofcmds"))
  }

  @Test func rejectsLoadCommandRunningPastSizeOfCommands() throws {
    let first = Self.layout.commandOffsets[0]
    let error = try Self.error(Self.patched(first + 4, UInt32(Self.layout.sizeOfCommands + 8)))
    #expect(error.kind == .malformed)
    #expect(error.offset == first)
    #expect(error.message.hasPrefix("load command 0 runs past sizeofcmds"))
  }

  @Test(arguments: [UInt32(0), 4, 12, 0xffff_fff8])
  func rejectsBadCommandSize(size: UInt32) throws {
    let second = Self.layout.commandOffsets[1]
    let error = try Self.error(Self.patched(second + 4, size))
    #expect(error.kind == .malformed)
    #expect(error.offset == (size % 8 == 0 && size >= 8 ? second : second + 4))
  }

  @Test func rejectsZeroSizedSignature() throws {
    let error = try Self.error(Self.patched(Self.signatureCommand + 12, 0))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signatureCommand + 12)
    #expect(error.message == "LC_CODE_SIGNATURE has a datasize of 0")
  }

  @Test(arguments: [0, 40])
  func rejectsSignatureOverlappingLoadCommands(dataOffset: UInt32) throws {
    let error = try Self.error(Self.patched(Self.signatureCommand + 8, dataOffset))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signatureCommand + 8)
    #expect(error.message.contains("overlaps the header and load commands"))
  }

  @Test(arguments: [(UInt32(0x7fff_0000), UInt32(16)), (0x100, 0xffff_ff00)])
  func rejectsSignaturePastTheEnd(dataOffset: UInt32, dataSize: UInt32) throws {
    var bytes = Self.patched(Self.signatureCommand + 8, dataOffset)
    bytes.patchU32(at: Self.signatureCommand + 12, dataSize, bigEndian: false)
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signatureCommand + 8)
    #expect(error.message.contains("runs past the end of the slice"))
  }

  @Test func rejectsSecondCodeSignatureCommand() throws {
    let (bytes, layout) = MachOBuilder(
      commands: [.raw(command: 0x1d, payload: [0, 1, 0, 0, 16, 0, 0, 0])],
      signature: .init()
    ).build()
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == layout.signatureCommand)
  }

  @Test func rejectsCodeSignatureCommandTooSmall() throws {
    let (bytes, layout) = MachOBuilder(commands: [.raw(command: 0x1d, payload: [])]).build()
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == layout.commandOffsets[0] + 4)
  }

  @Test func rejectsWrongSuperBlobMagic() throws {
    let error = try Self.error(Self.patched(Self.signature, 0xfade_0cc1, bigEndian: true))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signature)
  }

  @Test func rejectsSuperBlobLongerThanTheSignature() throws {
    let size = UInt32(Self.layout.signatureSize + 1)
    let error = try Self.error(Self.patched(Self.signature + 4, size, bigEndian: true))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signature + 4)
  }

  @Test func rejectsAbsurdBlobCount() throws {
    let error = try Self.error(Self.patched(Self.signature + 8, 0xffff_ffff, bigEndian: true))
    #expect(error.kind == .limitExceeded)
    #expect(error.offset == Self.signature + 8)
  }

  @Test func rejectsBlobIndexPastTheSuperBlob() throws {
    let error = try Self.error(Self.patched(Self.signature + 8, 900, bigEndian: true))
    #expect(error.kind == .malformed)
    #expect(error.offset == Self.signature + 8)
  }

  @Test(arguments: [UInt32(0xffff_fff0), 4, 20, 0x7fff_ffff])
  func rejectsBlobOffsetOutOfRange(offset: UInt32) throws {
    let entry = Self.signature + 12 + 8 + 4
    let error = try Self.error(Self.patched(entry, offset, bigEndian: true))
    #expect(error.kind == .malformed)
    #expect(error.offset == entry)
    #expect(error.message.hasPrefix("blob 1 is at offset \(offset)"))
  }

  @Test(arguments: [UInt32(0), 7, 0x0010_0000])
  func rejectsBlobLengthOutOfRange(length: UInt32) throws {
    let blob = try #require(Self.layout.blobs[2])
    let error = try Self.error(Self.patched(blob + 4, length, bigEndian: true))
    #expect(error.kind == .malformed)
    #expect(error.offset == blob + 4)
  }

  @Test func keepsBlobMagicNotMatchingItsSlotAsAProblem() throws {
    let blob = try #require(Self.layout.blobs[5])
    let error = try Self.blobError(Self.patched(blob, 0xfade_7172, bigEndian: true), slot: 5)
    #expect(error.kind == .malformed)
    #expect(error.offset == blob)
    #expect(error.message == "the entitlements blob has magic 0xfade7172; expected 0xfade7171")
  }

  @Test func keepsIdentifierOffsetOutsideTheCodeDirectoryAsAProblem() throws {
    let directory = try #require(Self.layout.blobs[0])
    let error = try Self.blobError(Self.patched(directory + 20, 0x8000, bigEndian: true), slot: 0)
    #expect(error.kind == .malformed)
    #expect(error.offset == directory + 20)
  }

  @Test func keepsTeamOffsetOutsideTheCodeDirectoryAsAProblem() throws {
    let directory = try #require(Self.layout.blobs[0])
    let error = try Self.blobError(
      Self.patched(directory + 48, 0xffff_ffff, bigEndian: true), slot: 0)
    #expect(error.kind == .malformed)
    #expect(error.offset == directory + 48)
  }

  @Test func keepsCodeDirectoryTooShortAsAProblem() throws {
    let directory = try #require(Self.layout.blobs[0])
    let error = try Self.blobError(Self.patched(directory + 4, 40, bigEndian: true), slot: 0)
    #expect(error.kind == .malformed)
    #expect(error.offset == directory + 4)
  }

  @Test func keepsDERLengthPastTheEndAsAProblem() throws {
    let blob = try #require(Self.layout.blobs[7])
    var bytes = Self.signed.bytes
    // The payload's outer element: 0x70 then a one- or two-byte long form length.
    #expect(bytes[blob + 8] == 0x70)
    #expect(bytes[blob + 9] == 0x81)
    bytes[blob + 10] = 0xff
    let error = try Self.blobError(bytes, slot: 7)
    #expect(error.kind == .malformed)
    #expect(error.offset == blob + 9)
  }

  @Test func keepsDeepDERAsAProblem() throws {
    var value = DERValue.string("x")
    for _ in 0..<100 { value = .array([value]) }
    let (bytes, layout) = MachOBuilder(
      signature: .init(derEntitlements: DER.entitlements(.dict([("k", value)])))
    ).build()
    let error = try Self.blobError(bytes, slot: 7)
    #expect(error.kind == .limitExceeded)
    let offset = try #require(error.offset)
    #expect(offset > (layout.blobs[7] ?? 0))
    #expect(bytes[offset] == 0x30)
  }

  @Test func rejectsLibraryNameOutsideItsCommand() throws {
    let first = Self.layout.commandOffsets[1]
    let error = try Self.error(Self.patched(first + 8, 0x1000))
    #expect(error.kind == .malformed)
    #expect(error.offset == first + 8)
  }

  @Test func rejectsLibraryNameWithoutNUL() throws {
    let payload: [UInt8] =
      [24, 0, 0, 0] + [UInt8](repeating: 0, count: 12) + Array("abcdefgh".utf8)
    let (bytes, layout) = MachOBuilder(commands: [.raw(command: 0xc, payload: payload)]).build()
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == layout.commandOffsets[0] + 8)
  }

  @Test func rejectsBuildVersionWithTooManyTools() throws {
    let first = Self.layout.commandOffsets[0]
    let error = try Self.error(Self.patched(first + 20, 0x2000_0000))
    #expect(error.kind == .malformed)
    #expect(error.offset == first + 20)
  }

  // MARK: Universal files

  static let fat = MachOBuilder.fat([
    MachOBuilder().build().bytes, MachOBuilder(cpuType: 0x0100_0007, cpuSubtype: 3).build().bytes,
  ])

  static func patchedFat(_ offset: Int, _ value: UInt32) -> [UInt8] {
    var bytes = fat
    bytes.patchU32(at: offset, value, bigEndian: true)
    return bytes
  }

  @Test func rejectsFatArchBeyondTheFile() throws {
    let error = try Self.error(Self.patchedFat(28 + 12, UInt32(Self.fat.count)))
    #expect(error.kind == .malformed)
    #expect(error.offset == 28)
    #expect(error.message.contains("does not lie inside the \(Self.fat.count)-byte file"))
  }

  @Test func rejectsFatArchOverlappingTheHeader() throws {
    let error = try Self.error(Self.patchedFat(8 + 8, 16))
    #expect(error.kind == .malformed)
    #expect(error.offset == 8)
    #expect(error.message.contains("overlaps the universal header"))
  }

  @Test func rejectsOverlappingFatArchs() throws {
    let error = try Self.error(Self.patchedFat(28 + 8, 64))
    #expect(error.kind == .malformed)
    #expect(error.offset == 28)
    #expect(error.message.contains("overlaps the one at 64"))
  }

  @Test func rejectsZeroSizedFatArch() throws {
    let error = try Self.error(Self.patchedFat(8 + 12, 0))
    #expect(error.kind == .malformed)
    #expect(error.offset == 8)
  }

  @Test func rejectsAbsurdFatArchCount() throws {
    let error = try Self.error(Self.patchedFat(4, 0xffff_ffff))
    #expect(error.kind == .limitExceeded)
    #expect(error.offset == 4)
  }

  @Test(arguments: [(UInt32(0), 4), (900, 8)])
  func rejectsFatArchCountNotMatchingTheTable(count: UInt32, offset: Int) throws {
    let error = try Self.error(Self.patchedFat(4, count))
    #expect(error.kind == .malformed)
    #expect(error.offset == offset)
  }

  @Test func rejectsFat64OffsetBeyondInt() throws {
    var bytes = MachOBuilder.fat([MachOBuilder().build().bytes], wide: true)
    bytes.replaceSubrange(16..<24, with: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == 8)
  }

  @Test func rejectsFatSliceThatIsNotMachO() throws {
    var bytes = Self.fat
    bytes.patchU32(at: 64, 0xcafe_babe, bigEndian: true)
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == 64)
  }

  @Test func reportsErrorsInsideAFatSliceAtTheirFileOffset() throws {
    let inner = Self.signed
    var bytes = MachOBuilder.fat([inner.bytes])
    let start = try #require(try MachOFile.parse(bytes).slices.first?.offset)
    #expect(start == 32)
    bytes.patchU32(at: start + Self.signatureCommand + 12, 0, bigEndian: false)
    let error = try Self.error(bytes)
    #expect(error.kind == .malformed)
    #expect(error.offset == start + Self.signatureCommand + 12)
  }
}
