// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: macho
import PlistBundle

/// The Mach-O parser (thin and fat files, load commands, code signature, entitlements).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? MachOFile.parse(bytes)
  return 0
}
