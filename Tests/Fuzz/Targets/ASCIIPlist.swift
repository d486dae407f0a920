// fuzz-modules: PlistCore
// fuzz-seeds: info-plist/*.strings binary/*.strings binary/*.plist pbxproj/* peer-tests/*
// fuzz-builtin: ascii
import PlistCore

/// The OpenStep / GNUstep / `.strings` reader on raw bytes taken as UTF-8 text.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? ASCIIPlistReader.read(text: bytes, encoding: .utf8)
  return 0
}
