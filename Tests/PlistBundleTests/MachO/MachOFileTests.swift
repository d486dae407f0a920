import PlistCore
import Testing

@testable import PlistBundle

@Suite struct MachOFileTests {
  static let iOS15SDK172 = MachOBuilder.Command.buildVersion(
    platform: 2, minOS: 0x000f_0000, sdk: 0x0011_0200)

  @Test func readsThin64BitArm64Header() throws {
    let builder = MachOBuilder(commands: [Self.iOS15SDK172])
    let file = try MachOFile.parse(builder.build().bytes)
    #expect(!file.isUniversal)
    let slice = try #require(file.slices.first)
    #expect(file.slices.count == 1)
    #expect(slice.architecture == "arm64")
    #expect(slice.cpuType == 0x0100_000c)
    #expect(slice.is64Bit)
    #expect(!slice.isBigEndian)
    #expect(slice.fileType == .execute)
    #expect(slice.fileType.name == "execute")
    #expect(slice.offset == 0)
    #expect(slice.codeSignature == nil)
  }

  @Test func readsBuildVersionForIOS15WithSDK17_2() throws {
    let (bytes, layout) = MachOBuilder(commands: [Self.iOS15SDK172]).build()
    let slice = try #require(try MachOFile.parse(bytes).slices.first)
    #expect(
      slice.buildVersions == [
        MachOBuildVersion(
          source: .buildVersion, platformNumber: 2, minimumOS: 0x000f_0000, sdk: 0x0011_0200,
          offset: layout.commandOffsets[0])
      ])
    let version = try #require(slice.buildVersions.first)
    #expect(version.platform == .iOS)
    #expect(version.minimumOS == "15.0.0")
    #expect(version.sdk == "17.2.0")
    #expect(!version.isSimulator)
  }

  @Test func readsMacCatalystAndSimulatorPlatforms() throws {
    let builder = MachOBuilder(
      cpuType: 0x0100_0007, cpuSubtype: 3,
      commands: [
        .buildVersion(platform: 6, minOS: 0x000e_0000, sdk: 0x0011_0000, tools: 0),
        .buildVersion(platform: 7, minOS: 0x000d_0401, sdk: 0x0011_0000, tools: 2),
      ])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.architecture == "x86_64")
    #expect(slice.buildVersions.map(\.platform) == [.macCatalyst, .iOS])
    #expect(slice.buildVersions.map(\.platformNumber) == [6, 7])
    #expect(slice.buildVersions.map(\.minimumOS) == ["14.0.0", "13.4.1"])
    #expect(slice.buildVersions.map(\.isSimulator) == [false, true])
  }

  @Test func readsArmv7With32BitVersionMinIPhoneOS() throws {
    let builder = MachOBuilder(
      cpuType: 12, cpuSubtype: 9, is64Bit: false, fileType: 6,
      commands: [.versionMin(command: 0x25, version: 0x0009_0000, sdk: 0x000a_0300)])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.architecture == "armv7")
    #expect(!slice.is64Bit)
    #expect(slice.fileType == .dylib)
    let version = try #require(slice.buildVersions.first)
    #expect(version.source == .versionMin)
    #expect(version.platform == .iOS)
    #expect(version.platformNumber == 2)
    #expect(version.minimumOS == "9.0.0")
    #expect(version.sdk == "10.3.0")
  }

  @Test(arguments: [
    (UInt32(0x24), Platform.macOS), (0x25, .iOS), (0x2f, .tvOS), (0x30, .watchOS),
  ])
  func mapsEachVersionMinCommand(command: UInt32, platform: Platform) throws {
    let builder = MachOBuilder(commands: [
      .versionMin(command: command, version: 0x000a_0f00, sdk: 0)
    ])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.buildVersions.map(\.platform) == [platform])
    #expect(slice.buildVersions.map(\.minimumOS) == ["10.15.0"])
    #expect(slice.buildVersions.map(\.sdk) == ["0.0.0"])
  }

  @Test func readsBigEndianPowerPCHeader() throws {
    let builder = MachOBuilder(cpuType: 18, is64Bit: false, bigEndian: true, fileType: 8)
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.architecture == "ppc")
    #expect(slice.isBigEndian)
    #expect(slice.fileType == .bundle)
  }

  @Test func readsBigEndian64BitHeaderWithCommands() throws {
    let builder = MachOBuilder(
      cpuType: 0x0100_0012, bigEndian: true,
      commands: [.dylib(.load, "/usr/lib/libSystem.B.dylib"), Self.iOS15SDK172])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.architecture == "ppc64")
    #expect(slice.linkedLibraries.map(\.path) == ["/usr/lib/libSystem.B.dylib"])
    #expect(slice.buildVersions.map(\.sdk) == ["17.2.0"])
  }

  @Test(arguments: [
    (UInt32(0x0100_000c), UInt32(2), "arm64e"), (0x0100_000c, 0x8000_0002, "arm64e"),
    (0x0100_000c, 0, "arm64"), (0x0200_000c, 1, "arm64_32"), (12, 11, "armv7s"),
    (12, 12, "armv7k"), (7, 3, "i386"), (0x0100_0007, 8, "x86_64h"), (99, 1, "cpu 0x63/0x1"),
  ])
  func namesArchitectures(cpuType: UInt32, cpuSubtype: UInt32, name: String) throws {
    let builder = MachOBuilder(cpuType: cpuType, cpuSubtype: cpuSubtype)
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.architecture == name)
  }

  @Test func readsLinkedLibrariesOfEachKind() throws {
    let builder = MachOBuilder(commands: [
      .dylib(.load, "/System/Library/Frameworks/UIKit.framework/UIKit", current: 0x001b_5c00),
      .dylib(.weak, "@rpath/Weak.framework/Weak"),
      .dylib(.reexport, "/usr/lib/libobjc.A.dylib", current: 0x00e4_0000, compat: 0x0001_0000),
      .dylib(.lazy, "/usr/lib/liblazy.dylib"),
      .dylib(.upward, "@rpath/libUp.dylib"),
    ])
    let (bytes, layout) = builder.build()
    let libraries = try #require(try MachOFile.parse(bytes).slices.first).linkedLibraries
    #expect(libraries.map(\.kind) == [.load, .weak, .reexport, .lazy, .upward])
    #expect(
      libraries.map(\.path) == [
        "/System/Library/Frameworks/UIKit.framework/UIKit", "@rpath/Weak.framework/Weak",
        "/usr/lib/libobjc.A.dylib", "/usr/lib/liblazy.dylib", "@rpath/libUp.dylib",
      ])
    #expect(libraries.map(\.frameworkName) == ["UIKit", "Weak", nil, nil, nil])
    #expect(libraries[0].currentVersion == "27.92.0")
    #expect(libraries[2].currentVersion == "228.0.0")
    #expect(libraries[2].compatibilityVersion == "1.0.0")
    #expect(libraries.map(\.offset) == Array(layout.commandOffsets.prefix(5)))
  }

  @Test func readsFatFileWithArm64AndX86_64() throws {
    let arm = MachOBuilder(
      commands: [Self.iOS15SDK172],
      signature: .init(identifier: "com.example.fat", xmlEntitlements: Self.plist("<dict/>"))
    ).build().bytes
    let intel = MachOBuilder(
      cpuType: 0x0100_0007, cpuSubtype: 3,
      commands: [.buildVersion(platform: 1, minOS: 0x000b_0000, sdk: 0x000e_0000)]
    ).build().bytes
    let bytes = MachOBuilder.fat([arm, intel])
    let file = try MachOFile.parse(bytes)
    #expect(file.isUniversal)
    #expect(file.slices.map(\.architecture) == ["arm64", "x86_64"])
    #expect(file.slices.map(\.offset) == [64, 64 + (arm.count + 31) / 32 * 32])
    #expect(file.slices.map(\.size) == [arm.count, intel.count])
    #expect(file.slices.map { $0.buildVersions.first?.platform } == [.iOS, .macOS])
    let signature = try #require(file.slices[0].codeSignature)
    #expect(signature.codeDirectory?.identifier == "com.example.fat")
    #expect(signature.offset > 64)
    #expect(file.slices[1].codeSignature == nil)
  }

  @Test func readsFat64File() throws {
    let arm = MachOBuilder().build().bytes
    let file = try MachOFile.parse(MachOBuilder.fat([arm], wide: true))
    #expect(file.isUniversal)
    #expect(file.slices.map(\.architecture) == ["arm64"])
    #expect(file.slices.map(\.offset) == [64])
  }

  @Test func readsUnsignedFileWithoutSignature() throws {
    let builder = MachOBuilder(commands: [.dylib(.load, "/usr/lib/libSystem.B.dylib")])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.codeSignature == nil)
    #expect(slice.linkedLibraries.count == 1)
  }

  @Test func skipsUnknownLoadCommands() throws {
    let builder = MachOBuilder(commands: [
      .raw(command: 0x1b, payload: [UInt8](repeating: 7, count: 16)), Self.iOS15SDK172,
    ])
    let slice = try #require(try MachOFile.parse(builder.build().bytes).slices.first)
    #expect(slice.buildVersions.count == 1)
  }

  @Test func sniffsMachOMagic() {
    #expect(MachOFile.hasMachOMagic([0xcf, 0xfa, 0xed, 0xfe]))
    #expect(MachOFile.hasMachOMagic([0xca, 0xfe, 0xba, 0xbe, 0]))
    #expect(!MachOFile.hasMachOMagic([0x62, 0x70, 0x6c, 0x69]))
    #expect(!MachOFile.hasMachOMagic([0xcf, 0xfa]))
  }

  static func plist(_ body: String) -> String {
    MachOBuilder.xmlHeader + body + "\n</plist>\n"
  }
}
