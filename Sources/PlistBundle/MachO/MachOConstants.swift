/// Wire constants of the Mach-O format, from Apple's `<mach-o/loader.h>` and `<mach-o/fat.h>`
/// and `<mach/machine.h>`.
package enum MachOMagic {
  /// `MH_MAGIC`: a 32-bit thin file in the reader's byte order (as read big-endian).
  static let magic32: UInt32 = 0xfeed_face
  /// `MH_CIGAM`: a 32-bit thin file in the other byte order (as read big-endian).
  static let cigam32: UInt32 = 0xcefa_edfe
  /// `MH_MAGIC_64`.
  package static let magic64: UInt32 = 0xfeed_facf
  /// `MH_CIGAM_64`.
  static let cigam64: UInt32 = 0xcffa_edfe
  /// `FAT_MAGIC`: a universal file with 32-bit offsets; its headers are always big-endian.
  static let fat: UInt32 = 0xcafe_babe
  /// `FAT_MAGIC_64`: a universal file with 64-bit offsets.
  static let fat64: UInt32 = 0xcafe_babf
}

/// Load command numbers (`LC_*` in `<mach-o/loader.h>`).
package enum LoadCommand {
  /// `LC_REQ_DYLD`: the bit dyld must understand.
  static let requiredByDyld: UInt32 = 0x8000_0000
  /// `LC_SEGMENT`.
  static let segment: UInt32 = 0x1
  /// `LC_SYMTAB`.
  static let symtab: UInt32 = 0x2
  /// `LC_SEGMENT_64`.
  static let segment64: UInt32 = 0x19
  /// `LC_LOAD_DYLIB`.
  static let loadDylib: UInt32 = 0xc
  /// `LC_LOAD_WEAK_DYLIB`.
  static let loadWeakDylib: UInt32 = 0x18 | requiredByDyld
  /// `LC_REEXPORT_DYLIB`.
  static let reexportDylib: UInt32 = 0x1f | requiredByDyld
  /// `LC_LAZY_LOAD_DYLIB`.
  static let lazyLoadDylib: UInt32 = 0x20
  /// `LC_LOAD_UPWARD_DYLIB`.
  static let loadUpwardDylib: UInt32 = 0x23 | requiredByDyld
  /// `LC_CODE_SIGNATURE`.
  package static let codeSignature: UInt32 = 0x1d
  /// `LC_VERSION_MIN_MACOSX`.
  static let versionMinMacOS: UInt32 = 0x24
  /// `LC_VERSION_MIN_IPHONEOS`.
  static let versionMinIPhoneOS: UInt32 = 0x25
  /// `LC_VERSION_MIN_TVOS`.
  static let versionMinTVOS: UInt32 = 0x2f
  /// `LC_VERSION_MIN_WATCHOS`.
  static let versionMinWatchOS: UInt32 = 0x30
  /// `LC_BUILD_VERSION`.
  package static let buildVersion: UInt32 = 0x32
}

/// Bits of a symbol table entry's `n_type` (`<mach-o/nlist.h>`).
enum SymbolType {
  /// `N_STAB`: a debugging entry when any of these bits is set.
  static let stab: UInt8 = 0xe0
  /// `N_TYPE`: the bits that give the symbol's kind.
  static let typeMask: UInt8 = 0x0e
  /// `N_UNDF`: undefined, bound at link or load time to a definition elsewhere.
  static let undefined: UInt8 = 0x0
  /// `N_EXT`: external (visible to other images).
  static let external: UInt8 = 0x01
}

/// CPU types and subtypes (`CPU_TYPE_*`, `CPU_SUBTYPE_*` in `<mach/machine.h>`).
package enum CPUType {
  /// `CPU_ARCH_ABI64`.
  static let abi64: UInt32 = 0x0100_0000
  /// `CPU_ARCH_ABI64_32`: 64-bit hardware, 32-bit pointers.
  static let abi64_32: UInt32 = 0x0200_0000
  /// `CPU_TYPE_X86` (i386).
  static let x86: UInt32 = 7
  /// `CPU_TYPE_X86_64`.
  static let x86_64: UInt32 = x86 | abi64
  /// `CPU_TYPE_ARM`.
  static let arm: UInt32 = 12
  /// `CPU_TYPE_ARM64`.
  package static let arm64: UInt32 = arm | abi64
  /// `CPU_TYPE_ARM64_32`.
  static let arm64_32: UInt32 = arm | abi64_32
  /// `CPU_TYPE_POWERPC`.
  static let powerPC: UInt32 = 18
  /// `CPU_TYPE_POWERPC64`.
  static let powerPC64: UInt32 = powerPC | abi64
  /// `CPU_SUBTYPE_MASK`: the capability bits above the subtype (`CPU_SUBTYPE_PTRAUTH_ABI`, …).
  static let subtypeCapabilities: UInt32 = 0xff00_0000

  /// The name `lipo` and `clang -arch` use for a CPU type and subtype, or nil when unknown.
  static func architectureName(cpuType: UInt32, cpuSubtype: UInt32) -> String? {
    let subtype = cpuSubtype & ~subtypeCapabilities
    switch cpuType {
    case x86: return "i386"
    case x86_64: return subtype == 8 ? "x86_64h" : "x86_64"
    case arm64: return subtype == 2 ? "arm64e" : "arm64"
    case arm64_32: return "arm64_32"
    case powerPC: return "ppc"
    case powerPC64: return "ppc64"
    case arm:
      let names: [UInt32: String] = [
        5: "armv4t", 6: "armv6", 7: "armv5", 8: "xscale", 9: "armv7", 10: "armv7f",
        11: "armv7s", 12: "armv7k", 13: "armv8", 14: "armv6m", 15: "armv7m", 16: "armv7em",
      ]
      return names[subtype] ?? "arm"
    default: return nil
    }
  }
}
