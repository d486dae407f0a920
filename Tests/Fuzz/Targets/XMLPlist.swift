// fuzz-modules: PlistCore
// fuzz-seeds: info-plist/*.plist entitlements/* privacy-manifests/* binary/*.xml peer-tests/*
// fuzz-builtin: xml
import PlistCore

/// The XML reader on raw bytes taken as UTF-8 text, and the writers on whatever it reads.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? XMLPlistReader.read(text: bytes, encoding: .utf8) else { return 0 }
  _ = try? XMLPlistWriter.write(document.root)
  return 0
}
