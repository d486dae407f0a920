// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: zip
import PlistBundle

/// The ZIP entry list of an archive in memory, and the contents of its first entries under
/// small limits, as an `.ipa` is opened.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = ZipLimits(maxEntrySize: 1 << 20, maxTotalSize: 4 << 20)
  guard let tree = try? ZipTree(bytes: bytes, name: "fuzz.ipa", limits: limits) else { return 0 }
  for entry in tree.archive.entries.prefix(8) {
    _ = try? tree.archive.contents(of: entry, limit: 1 << 20)
  }
  _ = try? tree.children(of: "")
  return 0
}
