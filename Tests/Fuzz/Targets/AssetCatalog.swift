// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds: bundles/*.app/Assets.car
// fuzz-builtin: car
import PlistBundle

/// A compiled asset catalog (`Assets.car`): the BOM store, the CAR header, the key format,
/// the facet and rendition trees, then the read-only tree built from what was read.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let catalog = try? CompiledAssetCatalog.parse(bytes) {
    _ = catalog.document
    _ = catalog.assets.flatMap(\.renditions).map(\.summary)
  }
  return 0
}
