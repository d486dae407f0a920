// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds:
// fuzz-builtin: xcconfig
import PlistBundle

/// An `.xcconfig` file and the files it includes, from a tree in memory, and the expansion of
/// every setting it assigns.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let tree = MemoryTree(
    name: "fuzz",
    files: ["Config/App.xcconfig": bytes, "Config/Base.xcconfig": Array("A = 1\n".utf8)])
  var issues: [BundleError] = []
  let assignments = XCConfigParser.assignments(
    path: "Config/App.xcconfig", level: .targetXCConfig, files: tree, issues: &issues)
  let settings = BuildSettings(configuration: "Debug", assignments: assignments)
  for name in settings.names.prefix(32) {
    _ = settings.value(of: name, sdk: "iphoneos", arch: "arm64")
  }
  return 0
}
