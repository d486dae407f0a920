// fuzz-modules: PlistCore
// fuzz-seeds: info-plist/* entitlements/* privacy-manifests/* binary/* peer-tests/* appiconset/*.json
// fuzz-builtin: xml binary ascii json-plist
import PlistCore

/// Every property-list format through the reader that sniffs the format, as infoscope opens
/// a file it is given.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? PlistReader.read(bytes: bytes, file: "fuzz")
  return 0
}
