/// The `flags` of a CodeDirectory (`CS_*` in Apple's `cs_blobs.h`).
package struct CodeSignatureFlags: OptionSet, Sendable, Hashable {
  /// The raw flag word.
  package var rawValue: UInt32

  /// Wraps a raw flag word.
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// `CS_VALID` (0x1).
  package static let valid = CodeSignatureFlags(rawValue: 0x1)
  /// `CS_ADHOC` (0x2): signed without an identity.
  package static let adhoc = CodeSignatureFlags(rawValue: 0x2)
  /// `CS_GET_TASK_ALLOW` (0x4).
  package static let getTaskAllow = CodeSignatureFlags(rawValue: 0x4)
  /// `CS_INSTALLER` (0x8).
  package static let installer = CodeSignatureFlags(rawValue: 0x8)
  /// `CS_FORCED_LV` (0x10): library validation forced.
  package static let forcedLibraryValidation = CodeSignatureFlags(rawValue: 0x10)
  /// `CS_INVALID_ALLOWED` (0x20).
  package static let invalidAllowed = CodeSignatureFlags(rawValue: 0x20)
  /// `CS_HARD` (0x100): don't load invalid pages.
  package static let hard = CodeSignatureFlags(rawValue: 0x100)
  /// `CS_KILL` (0x200): kill the process if it becomes invalid.
  package static let kill = CodeSignatureFlags(rawValue: 0x200)
  /// `CS_CHECK_EXPIRATION` (0x400).
  package static let checkExpiration = CodeSignatureFlags(rawValue: 0x400)
  /// `CS_RESTRICT` (0x800).
  package static let restrict = CodeSignatureFlags(rawValue: 0x800)
  /// `CS_ENFORCEMENT` (0x1000).
  package static let enforcement = CodeSignatureFlags(rawValue: 0x1000)
  /// `CS_REQUIRE_LV` (0x2000): library validation required.
  package static let requireLibraryValidation = CodeSignatureFlags(rawValue: 0x2000)
  /// `CS_ENTITLEMENTS_VALIDATED` (0x4000).
  package static let entitlementsValidated = CodeSignatureFlags(rawValue: 0x4000)
  /// `CS_NVRAM_UNRESTRICTED` (0x8000).
  package static let nvramUnrestricted = CodeSignatureFlags(rawValue: 0x8000)
  /// `CS_RUNTIME` (0x10000): the hardened runtime.
  package static let runtime = CodeSignatureFlags(rawValue: 0x1_0000)
  /// `CS_LINKER_SIGNED` (0x20000): ad-hoc signed by the linker.
  package static let linkerSigned = CodeSignatureFlags(rawValue: 0x2_0000)

  private static let named: [(CodeSignatureFlags, String)] = [
    (.valid, "valid"), (.adhoc, "adhoc"), (.getTaskAllow, "get-task-allow"),
    (.installer, "installer"), (.forcedLibraryValidation, "forced-lv"),
    (.invalidAllowed, "invalid-allowed"), (.hard, "hard"), (.kill, "kill"),
    (.checkExpiration, "expires"), (.restrict, "restrict"), (.enforcement, "enforcement"),
    (.requireLibraryValidation, "library-validation"),
    (.entitlementsValidated, "entitlements-validated"),
    (.nvramUnrestricted, "nvram-unrestricted"), (.runtime, "runtime"),
    (.linkerSigned, "linker-signed"),
  ]

  /// The names of the set flags, as `codesign -d` spells them (`adhoc`, `runtime`, …), in bit
  /// order; bits without a name appear as `0x…`.
  package var names: [String] {
    var rest = rawValue
    var result: [String] = []
    for (flag, name) in Self.named where contains(flag) {
      result.append(name)
      rest &= ~flag.rawValue
    }
    if rest != 0 { result.append("0x\(String(rest, radix: 16))") }
    return result
  }
}
