/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast generator whose whole state is one
/// number, so a failing random test is replayed from the seed printed with the failure.
package struct SplitMix64: RandomNumberGenerator {
  /// The whole state.
  package var state: UInt64

  /// A generator starting at `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// FNV-1a of `name`: a fixed seed per name that does not depend on the process (Swift's
  /// `Hasher` is seeded randomly per run).
  package static func seed(for name: String) -> UInt64 {
    name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }
}
