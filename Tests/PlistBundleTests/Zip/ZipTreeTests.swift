import TestSupport
import Testing

@testable import PlistBundle

@Suite struct ZipTreeTests {
  private static let infoPlist = "<plist version=\"1.0\"><dict/></plist>"

  @Test func synthesisesFoldersWhenTheArchiveHasNoFolderEntries() throws {
    let infoPlist = Self.infoPlist
    let bytes = try ZipBuilder.ipa(
      infoPlist: Self.infoPlist,
      files: ["PlugIns/Ext.appex/Info.plist": [1, 2, 3], "PkgInfo": [9]])
    let tree = try ZipTree(bytes: bytes, name: "App.ipa")
    #expect(tree.name == "App.ipa")
    #expect(try tree.children(of: "") == [FileTreeEntry(path: "Payload", kind: .directory)])
    #expect(
      try tree.children(of: "Payload/App.app") == [
        FileTreeEntry(path: "Payload/App.app/Info.plist", kind: .file, size: infoPlist.utf8.count),
        FileTreeEntry(path: "Payload/App.app/PkgInfo", kind: .file, size: 1),
        FileTreeEntry(path: "Payload/App.app/PlugIns", kind: .directory),
      ])
    #expect(tree.entry(at: "Payload/App.app/PlugIns/Ext.appex")?.kind == .directory)
    #expect(tree.entry(at: "") == FileTreeEntry(path: "", kind: .directory))
    #expect(
      try tree.contents(of: "Payload/App.app/PlugIns/Ext.appex/Info.plist", limit: 10) == [1, 2, 3])
    #expect(
      try tree.contents(of: "Payload/App.app/Info.plist", limit: 100) == Array(Self.infoPlist.utf8))
  }

  /// An entry of 30,000 path components (a 60 KB name, near the ZIP format's 64 KiB) once
  /// took `files` 191 s and 1.8 GB, every folder prefix being made as a string; the tree of it
  /// is now linear in the name. (Booleans are checked, so a failure does not print the path.)
  @Test func aVeryDeepEntryIsListedAndFound() throws {
    let deep = (0..<30_000).map { _ in "a" }.joined(separator: "/")
    let bytes = try ZipBuilder.ipa(infoPlist: Self.infoPlist, files: [deep + "/f": [7]])
    let tree = try ZipTree(bytes: bytes, name: "App.ipa")
    #expect(tree.rejectedEntries.isEmpty)
    let path = "Payload/App.app/" + deep + "/f"
    #expect(tree.entry(at: path) == FileTreeEntry(path: path, kind: .file, size: 1), "")
    #expect(try tree.contents(of: path, limit: 10) == [7])
    let children = try tree.children(of: "Payload/App.app/" + deep)
    #expect(children.count == 1 && children.first?.path == path)
    #expect(tree.entry(at: "Payload/App.app/a/a")?.kind == .directory)
  }

  @Test func mergesExplicitFolderEntriesWithSynthesisedOnes() throws {
    let bytes = try ZipBuilder()
      .directory("Payload").directory("Payload/App.app")
      .file("Payload/App.app/Info.plist", text: Self.infoPlist)
      .directory("Payload/App.app/Empty")
      .build()
    let tree = try ZipTree(bytes: bytes, name: "App.ipa")
    #expect(try tree.children(of: "Payload").map(\.path) == ["Payload/App.app"])
    #expect(
      try tree.children(of: "Payload/App.app").map(\.name) == ["Empty", "Info.plist"])
    #expect(try tree.children(of: "Payload/App.app/Empty") == [])
    #expect(tree.rejectedEntries.isEmpty)
  }

  @Test func listsSymbolicLinksWithoutFollowingThem() throws {
    let bytes = try ZipBuilder()
      .file("F.framework/Versions/A/Resources/Info.plist", text: Self.infoPlist)
      .symbolicLink("F.framework/Versions/Current", target: "A")
      .symbolicLink("F.framework/Resources", target: "Versions/Current/Resources")
      .symbolicLink("F.framework/Escape", target: "../../etc")
      .symbolicLink("F.framework/Absolute", target: "/etc/passwd")
      .symbolicLink("F.framework/Dangling", target: "Nothing")
      .symbolicLink("F.framework/Loop", target: "Loop")
      .build()
    let tree = try ZipTree(bytes: bytes, name: "F.zip")
    #expect(
      tree.entry(at: "F.framework/Resources")
        == FileTreeEntry(
          path: "F.framework/Resources", kind: .symbolicLink))
    #expect(
      throws: BundleError(
        .unsafePath, "this entry is a symbolic link, which is never followed; resolve it first",
        path: "F.framework/Resources")
    ) { try tree.contents(of: "F.framework/Resources", limit: 100) }
    #expect(tree.entry(at: "F.framework/Resources/Info.plist") == nil)
    #expect(tree.resolveLink(at: "F.framework/Resources") == "F.framework/Versions/A/Resources")
    #expect(tree.resolveLink(at: "F.framework/Versions/Current") == "F.framework/Versions/A")
    let anyTree: any FileTree = tree
    #expect(anyTree.resolveLink(at: "F.framework/Versions/Current") == "F.framework/Versions/A")
    #expect(tree.resolveLink(at: "F.framework/Escape") == nil)
    #expect(tree.resolveLink(at: "F.framework/Absolute") == nil)
    #expect(tree.resolveLink(at: "F.framework/Dangling") == nil)
    #expect(tree.resolveLink(at: "F.framework/Loop") == nil)
    #expect(tree.resolveLink(at: "F.framework/Versions/A") == nil)
  }

  @Test func refusesPathsThatLeaveTheTree() throws {
    let tree = try ZipTree(bytes: try ZipBuilder().file("a/b", text: "b").build(), name: "z")
    for path in ["../a/b", "/a/b", "a/../../b"] {
      #expect(tree.entry(at: path) == nil)
      #expect(
        throws: BundleError(
          .unsafePath, "the path leaves the archive; expected a path inside it", path: path)
      ) { try tree.contents(of: path, limit: 10) }
    }
    #expect(try tree.contents(of: "./a//b", limit: 10) == Array("b".utf8))
  }

  @Test func reportsClashesBetweenFilesAndFolders() throws {
    let bytes = try ZipBuilder()
      .file("a", text: "file").file("a/b", text: "inside a file")
      .file("c/d", text: "d").file("c", text: "file over a folder")
      .build()
    let tree = try ZipTree(bytes: bytes, name: "clash.zip")
    #expect(try tree.children(of: "").map(\.path) == ["a", "c"])
    #expect(tree.entry(at: "a")?.kind == .file)
    #expect(tree.entry(at: "c")?.kind == .directory)
    #expect(
      tree.rejectedEntries == [
        BundleError(
          .malformed, "the entry lies inside a, which is not a folder; it is skipped", path: "a/b"),
        BundleError(
          .malformed, "another entry already uses this path as a folder; it is skipped",
          path: "c"),
      ])
  }

  @Test func carriesTheArchivesRejectedEntries() throws {
    let bytes = try ZipBuilder().file("ok", text: "ok").file("../evil", text: "x").build()
    let tree = try ZipTree(bytes: bytes, name: "e.zip")
    #expect(try tree.children(of: "").map(\.path) == ["ok"])
    #expect(tree.rejectedEntries.map(\.path) == ["../evil"])
  }

  @Test func reportsMissingEntriesAndWrongKinds() throws {
    let tree = try ZipTree(bytes: try ZipBuilder().file("a/b", text: "b").build(), name: "z")
    #expect(
      throws: BundleError(.notFound, "the archive has no file at this path", path: "x")
    ) { try tree.contents(of: "x", limit: 10) }
    #expect(
      throws: BundleError(.notFound, "this entry is a folder; expected a file", path: "a")
    ) { try tree.contents(of: "a", limit: 10) }
    #expect(
      throws: BundleError(.notFound, "this entry is not a folder; expected a folder", path: "a/b")
    ) { try tree.children(of: "a/b") }
    #expect(
      throws: BundleError(.notFound, "the archive has no folder at this path", path: "q")
    ) { try tree.children(of: "q") }
  }
}
