// fuzz-modules: PlistCore PlistBundle
// fuzz-seeds: pbxproj/*
// fuzz-builtin: pbxproj
import PlistBundle

/// A `project.pbxproj` loaded as an Xcode project from a tree in memory, with its targets'
/// effective Info.plist settings.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let tree = MemoryTree(
    name: "fuzz", files: ["App.xcodeproj/project.pbxproj": bytes, "Info.plist": []])
  guard let project = try? XcodeProject.load(projectPath: "App.xcodeproj", files: tree) else {
    return 0
  }
  for target in project.targets.prefix(4) {
    for configuration in target.configurationNames.prefix(2) {
      _ = try? project.effectiveInfoPlist(
        target: target.name, configuration: configuration, sdk: "iphoneos")
    }
  }
  return 0
}
