/// The kind of a Mach-O file (`filetype` in `mach_header`, `MH_*` in `<mach-o/loader.h>`).
///
/// Holds any 32-bit value; `name` spells the known ones as `otool -h` does, in lower case
/// (`execute`, `dylib`, `bundle`, …) and unknown ones as `0x…`.
package struct MachOFileType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The raw `filetype` value.
  package var rawValue: UInt32

  /// Wraps a raw `filetype` value.
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// `MH_OBJECT`: a relocatable object file.
  package static let object = MachOFileType(rawValue: 0x1)
  /// `MH_EXECUTE`: a main executable.
  package static let execute = MachOFileType(rawValue: 0x2)
  /// `MH_DYLIB`: a dynamic library (a framework's binary).
  package static let dylib = MachOFileType(rawValue: 0x6)
  /// `MH_DYLINKER`: the dynamic linker.
  package static let dylinker = MachOFileType(rawValue: 0x7)
  /// `MH_BUNDLE`: a loadable bundle (plug-in).
  package static let bundle = MachOFileType(rawValue: 0x8)
  /// `MH_DSYM`: debug symbols.
  package static let dsym = MachOFileType(rawValue: 0xa)
  /// `MH_KEXT_BUNDLE`: a kernel extension.
  package static let kextBundle = MachOFileType(rawValue: 0xb)

  private static let names: [UInt32: String] = [
    0x1: "object", 0x2: "execute", 0x3: "fvmlib", 0x4: "core", 0x5: "preload", 0x6: "dylib",
    0x7: "dylinker", 0x8: "bundle", 0x9: "dylib_stub", 0xa: "dsym", 0xb: "kext_bundle",
    0xc: "fileset",
  ]

  /// The lower-case `MH_` name without its prefix, or `0x…` for unknown values.
  package var name: String { Self.names[rawValue] ?? "0x\(String(rawValue, radix: 16))" }

  /// Same as `name`.
  package var description: String { name }
}
