import PlistCore
import Testing

@testable import PlistBundle

/// An edited INFOPLIST_FILE reaches its target's merged Info.plist without a reload.
@Suite struct RemergeTests {
  /// The fixture project, with the Info.plist its default (Release) configuration names.
  static var tree: MemoryFileTree {
    MemoryFileTree([
      "Fixture.xcodeproj/project.pbxproj": XcodeProjectFixture.pbxproj,
      "Config/Shared.xcconfig": XcodeProjectFixture.shared,
      "Config/Base.xcconfig": XcodeProjectFixture.base,
      "Config/App.xcconfig": XcodeProjectFixture.app,
      "App/Missing.plist": XcodeProjectFixture.infoPlist,
    ])
  }

  @Test func anEditedInfoPlistFileIsMergedAgain() throws {
    var bundle = ProjectInput.load(
      tree: Self.tree, projects: ["Fixture.xcodeproj"], inputPath: "Fixture")
    let generated = try #require(bundle.allFiles.first { $0.isGenerated })
    let before = generated.document?.root.value.dictionaryValue
    #expect(before?["NSCameraUsageDescription"]?.value == .string("old text"))
    let edited = XcodeProjectFixture.infoPlist.replacingOccurrences(
      of: "old text", with: "Takes photos of receipts.")
    let changed = bundle.remergeInfoPlists(
      sourcePath: "App/Missing.plist", bytes: Array(edited.utf8))
    #expect(changed == [generated.path])
    let after = bundle.file(at: generated.path)?.document?.root.value.dictionaryValue
    #expect(after?["NSCameraUsageDescription"]?.value == .string("Takes photos of receipts."))
    // Build settings are still merged and expanded as before.
    #expect(after?["CFBundleExecutable"]?.value == before?["CFBundleExecutable"]?.value)
    #expect(
      bundle.allBundles.first?.effectiveInfoPlist?.dictionary["NSCameraUsageDescription"]?.value
        == .string("Takes photos of receipts."))
  }

  @Test func otherFilesAndOtherInputsAreLeftAlone() {
    var bundle = ProjectInput.load(
      tree: XcodeProjectFixture.tree, projects: ["Fixture.xcodeproj"], inputPath: "Fixture")
    #expect(bundle.remergeInfoPlists(sourcePath: "Config/App.xcconfig", bytes: []).isEmpty)
    var file = AppBundle(inputPath: "x", inputKind: .file, isBuilt: false)
    #expect(file.remergeInfoPlists(sourcePath: "App/Info.plist", bytes: []).isEmpty)
  }
}
