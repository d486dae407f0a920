// fuzz-modules: PlistCore
// fuzz-seeds: binary/* peer-tests/*
// fuzz-builtin: binary
import PlistCore

/// The binary (`bplist00`) reader on raw bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? BinaryPlistReader.read(raw)
  return 0
}
