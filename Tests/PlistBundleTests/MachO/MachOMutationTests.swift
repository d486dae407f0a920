import Testing

@testable import PlistBundle

/// Truncates and flips bytes of built executables: every variant parses or throws an error
/// naming an offset inside the file; none crashes or hangs.
@Suite struct MachOMutationTests {
  static let fixtures: [(String, [UInt8])] = [
    ("signed arm64", MachOHostileTests.signed.bytes),
    (
      "fat",
      MachOBuilder.fat([MachOHostileTests.signed.bytes, MachOBuilder(cpuType: 7).build().bytes])
    ),
    (
      "armv7",
      MachOBuilder(
        cpuType: 12, cpuSubtype: 9, is64Bit: false,
        commands: [.versionMin(command: 0x25, version: 0x9_0000, sdk: 0xa_0000)],
        signature: .init(derEntitlements: CodeSignatureTests.der)
      ).build().bytes
    ),
    ("symbol table", MachOSymbolTests.build().bytes),
    ("32-bit symbol table", MachOSymbolTests.build(is64Bit: false, cpuType: 12).bytes),
  ]

  /// A small deterministic generator (xorshift64*), so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_f491_4f6c_dd1d
    }
  }

  static func check(_ bytes: [UInt8], _ name: String) {
    do {
      _ = try MachOFile.parse(bytes)
    } catch {
      let offset = error.offset ?? -1
      #expect(offset >= 0 && offset <= bytes.count, "\(name): \(error)")
    }
  }

  @Test(arguments: fixtures.map(\.0))
  func survivesTruncationAtEveryStride(name: String) throws {
    let bytes = try #require(Self.fixtures.first { $0.0 == name }?.1)
    for length in stride(from: 0, to: bytes.count, by: 3) {
      Self.check(Array(bytes.prefix(length)), "\(name) cut at \(length)")
    }
  }

  @Test(arguments: fixtures.map(\.0))
  func survivesFlippedBytes(name: String) throws {
    let bytes = try #require(Self.fixtures.first { $0.0 == name }?.1)
    var random = Generator(state: 0x9e37_79b9_7f4a_7c15)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(2))
    var iterations = 0
    while iterations < 3_000, clock.now < deadline {
      var mutated = bytes
      for _ in 0..<(1 + Int(random.next() % 4)) {
        let index = Int(random.next() % UInt64(mutated.count))
        let choice = random.next() % 4
        mutated[index] =
          switch choice {
          case 0: 0xff
          case 1: 0
          case 2: mutated[index] ^ UInt8(truncatingIfNeeded: random.next() | 1)
          default: 0x80
          }
      }
      Self.check(mutated, "\(name) mutation \(iterations)")
      iterations += 1
    }
    #expect(iterations > 100)
  }
}
