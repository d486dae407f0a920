import PlistBundle
import PlistCore
import Testing

/// `BundleLoader.load(tree:path:inputPath:)`: a bundle read from any `FileTree`, no disk.
@Suite struct BundleLoaderTreeTests {
  static let info = Array(
    """
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>org.example.app</string>
    <key>CFBundlePackageType</key><string>APPL</string>
    </dict></plist>
    """.utf8)

  @Test func loadsTheTreeRootAsTheBundleNamedByTheInput() throws {
    let tree = MemoryTree(
      name: "memory",
      files: ["Info.plist": Self.info, "PlugIns/Share.appex/Info.plist": Self.info])
    let bundle = try BundleLoader.load(tree: tree, inputPath: "App.app")
    #expect(bundle.inputPath == "App.app")
    #expect(bundle.inputKind == .bundle)
    #expect(bundle.isBuilt)
    let app = try #require(bundle.bundles.first)
    #expect(app.kind == .application)
    #expect(app.identifier == "org.example.app")
    #expect(app.children.map(\.path) == ["PlugIns/Share.appex"])
    #expect(app.children.map(\.kind) == [.appExtension])
  }

  @Test func loadsAFolderInsideTheTreeAndNamesFilesFromTheRoot() throws {
    let tree = MemoryTree(name: "memory", files: ["Payload/App.app/Info.plist": Self.info])
    let bundle = try BundleLoader.load(tree: tree, path: "Payload/App.app", inputPath: "x")
    #expect(bundle.bundles.map(\.kind) == [.application])
    #expect(bundle.allFiles.map(\.path) == ["Payload/App.app/Info.plist"])
  }

  @Test func anUnnamedFolderWithAnInfoPlistIsAPlainBundle() throws {
    let tree = MemoryTree(name: "memory", files: ["Info.plist": Self.info])
    let bundle = try BundleLoader.load(tree: tree, inputPath: "Thing")
    #expect(bundle.bundles.map(\.kind) == [.bundle])
  }

  @Test func refusesWhatIsNotABundle() {
    let tree = MemoryTree(name: "memory", files: ["notes.txt": [0x61]])
    let missing = #expect(throws: BundleError.self) {
      try BundleLoader.load(tree: tree, path: "Nope.app", inputPath: "x")
    }
    #expect(missing?.kind == .notFound)
    let plain = #expect(throws: BundleError.self) {
      try BundleLoader.load(tree: tree, inputPath: "Folder")
    }
    #expect(plain?.kind == .unrecognized)
  }
}
