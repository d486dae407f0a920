// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: cms
import PlistBundle

/// The CMS envelope of a provisioning profile and the property list inside it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? ProvisioningProfile.parse(bytes, path: "embedded.mobileprovision")
  return 0
}
