// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: xcconfig
import PlistBundle

/// An `.xcconfig` file and the files it includes, from a tree in memory.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let tree = MemoryTree(
    name: "fuzz",
    files: ["Config/App.xcconfig": bytes, "Config/Base.xcconfig": Array("A = 1\n".utf8)])
  var issues: [BundleError] = []
  _ = XCConfigParser.assignments(
    path: "Config/App.xcconfig", level: .targetXCConfig, files: tree, issues: &issues)
  return 0
}
