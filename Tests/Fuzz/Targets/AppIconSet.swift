// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds: appiconset/*
// fuzz-builtin: json
import PlistBundle

/// An asset catalog's `AppIcon.appiconset/Contents.json`, with one image it may name.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  let tree = MemoryTree(
    name: "fuzz",
    files: [
      "AppIcon.appiconset/Contents.json": bytes, "AppIcon.appiconset/icon.png": png,
    ])
  _ = try? AppIconSet.read(contentsPath: "AppIcon.appiconset/Contents.json", in: tree)
  return 0
}
