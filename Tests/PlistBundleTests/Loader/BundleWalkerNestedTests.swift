import PlistCore
import Testing

@testable import PlistBundle

/// Resource bundles walked as bundles, each bundle's Frameworks folder listed, and an
/// executable read as a tree.
@Suite struct BundleWalkerNestedTests {
  static let tree = MemoryTree(
    name: "App.app",
    files: [
      "Info.plist": infoPlist([
        ("CFBundleIdentifier", "com.example.app"), ("CFBundleExecutable", "App"),
      ]),
      "App": debugExecutable,
      // A resource bundle naming an executable it does not have (ITMS-90535).
      "Kit.bundle/Info.plist": infoPlist([
        ("CFBundleIdentifier", "com.example.kit.resources"), ("CFBundleExecutable", "Kit"),
      ]),
      "Kit.bundle/image.png": [0x89],
      // A resource bundle without an Info.plist or bundles inside: not a bundle to show.
      "Plain.bundle/strings.txt": Array("x".utf8),
      "PlugIns/Share.appex/Info.plist": infoPlist([("CFBundleIdentifier", "com.example.app.share")]
      ),
      "PlugIns/Share.appex/Frameworks/libswiftCore.dylib": [0xcf, 0xfa, 0xed, 0xfe],
      "Frameworks/Kit.framework/Info.plist": infoPlist([
        ("CFBundleIdentifier", "com.example.kit"), ("CFBundleExecutable", "Kit"),
      ]),
      "Frameworks/Kit.framework/Kit": debugExecutable,
      "Frameworks/Kit.framework/Assets.bundle/Info.plist": infoPlist([
        ("CFBundleIdentifier", "com.example.kit.assets")
      ]),
    ])

  static var app: BundleNode { BundleWalker(tree: tree).walk("", kind: .application) }

  @Test func resourceBundlesAreWalkedAsBundles() throws {
    let app = Self.app
    let paths = app.allBundles.map(\.path)
    #expect(paths.contains("Kit.bundle"))
    #expect(paths.contains("Frameworks/Kit.framework/Assets.bundle"))
    #expect(!paths.contains("Plain.bundle"))
    let kit = try #require(app.allBundles.first { $0.path == "Kit.bundle" })
    #expect(kit.kind == .bundle)
    #expect(kit.identifier == "com.example.kit.resources")
    let executable = try #require(kit.files.first { $0.role == .executable })
    #expect(executable.path == "Kit.bundle/Kit")
    #expect(executable.problem?.kind == .notFound)
  }

  @Test func theFrameworksFolderOfEachBundleIsListed() throws {
    let app = Self.app
    #expect(app.frameworksFolder == ["Kit.framework"])
    let share = try #require(app.allBundles.first { $0.path == "PlugIns/Share.appex" })
    #expect(share.frameworksFolder == ["libswiftCore.dylib"])
    let kit = try #require(app.allBundles.first { $0.path == "Frameworks/Kit.framework" })
    #expect(kit.frameworksFolder == nil)
  }

  @Test func anExecutableReadsAsAReadOnlyTree() throws {
    let file = try #require(Self.app.files.first { $0.role == .executable })
    let root = try #require(file.document?.root)
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].architecture"))?.value.stringValue == "arm64")
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].buildVersions[0].command"))?.value.stringValue
        == "LC_BUILD_VERSION")
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].codeSignature.entitlements.get-task-allow"))?
        .value.boolValue == true)
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].codeSignature.teamIdentifier"))?.value
        .stringValue == "ABCDE12345")
    #expect(
      root.node(at: try KeyPath(parsing: "slices[0].segments[0].name"))?.value.stringValue
        == "__LINKEDIT")
  }
}
