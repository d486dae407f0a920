import Foundation
import TestSupport
import Testing

@testable import PlistBundle

@Suite struct DirectoryTreeTests {
  /// A fresh temporary folder holding `App.app/Info.plist`, `App.app/Frameworks/F.framework`
  /// and the links each test adds; removed by the caller.
  private static func makeFolder() throws -> String {
    let root = TemporaryFolder.uniqueURL("directorytree").path
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: root + "/App.app/Frameworks/F.framework/Versions/A", withIntermediateDirectories: true
    )
    try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: root + "/App.app/Info.plist"))
    try Data([1, 2, 3]).write(
      to: URL(fileURLWithPath: root + "/App.app/Frameworks/F.framework/Versions/A/F"))
    try manager.createSymbolicLink(
      atPath: root + "/App.app/Frameworks/F.framework/Versions/Current", withDestinationPath: "A")
    try manager.createSymbolicLink(
      atPath: root + "/App.app/Frameworks/F.framework/F", withDestinationPath: "Versions/Current/F")
    try manager.createSymbolicLink(atPath: root + "/App.app/etc", withDestinationPath: "/etc")
    try manager.createSymbolicLink(
      atPath: root + "/App.app/up", withDestinationPath: "../../../../../../etc")
    return root
  }

  @Test func listsEntriesWithLstatKinds() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    #expect(tree.name == root)
    #expect(try tree.children(of: "") == [FileTreeEntry(path: "App.app", kind: .directory)])
    #expect(
      try tree.children(of: "App.app") == [
        FileTreeEntry(path: "App.app/Frameworks", kind: .directory),
        FileTreeEntry(path: "App.app/Info.plist", kind: .file, size: 8),
        FileTreeEntry(path: "App.app/etc", kind: .symbolicLink),
        FileTreeEntry(path: "App.app/up", kind: .symbolicLink),
      ])
    #expect(
      try tree.children(of: "App.app/Frameworks/F.framework/Versions").map(\.kind) == [
        .directory, .symbolicLink,
      ])
    #expect(tree.entry(at: "App.app/Frameworks/F.framework/F")?.kind == .symbolicLink)
    #expect(tree.entry(at: "") == FileTreeEntry(path: "", kind: .directory))
    #expect(tree.entry(at: "App.app/missing") == nil)
    #expect(try tree.contents(of: "App.app/Info.plist", limit: 8) == Array("<plist/>".utf8))
  }

  @Test func neverFollowsSymbolicLinks() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    #expect(tree.entry(at: "App.app/etc/passwd") == nil)
    #expect(throws: BundleError.self) { try tree.children(of: "App.app/etc") }
    for path in ["App.app/etc/passwd", "App.app/etc", "App.app/Frameworks/F.framework/F"] {
      #expect {
        try tree.contents(of: path, limit: 1 << 20)
      } throws: { error in
        (error as? BundleError)?.kind == .unsafePath && (error as? BundleError)?.path == path
      }
    }
    #expect(
      throws: BundleError(
        .unsafePath,
        "could not open the file: the path is or runs through a symbolic link, which is never "
          + "followed", path: "App.app/etc")
    ) { try tree.contents(of: "App.app/etc", limit: 100) }
  }

  @Test func resolvesOnlyLinksThatStayInsideTheRoot() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    #expect(
      tree.resolveLink(at: "App.app/Frameworks/F.framework/F")
        == "App.app/Frameworks/F.framework/Versions/A/F")
    #expect(
      tree.resolveLink(at: "App.app/Frameworks/F.framework/Versions/Current")
        == "App.app/Frameworks/F.framework/Versions/A")
    let anyTree: any FileTree = tree
    #expect(
      anyTree.resolveLink(at: "App.app/Frameworks/F.framework/Versions/Current")
        == "App.app/Frameworks/F.framework/Versions/A")
    #expect(tree.resolveLink(at: "App.app/etc") == nil)
    #expect(tree.resolveLink(at: "App.app/up") == nil)
    #expect(tree.resolveLink(at: "App.app/Info.plist") == nil)
    #expect(tree.resolveLink(at: "../App.app/etc") == nil)
  }

  @Test func refusesPathsThatLeaveTheRoot() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    for path in ["../x", "/etc/passwd", "App.app/../../x"] {
      #expect(tree.entry(at: path) == nil)
      #expect(
        throws: BundleError(
          .unsafePath, "the path leaves the folder; expected a path inside it", path: path)
      ) { try tree.contents(of: path, limit: 100) }
      #expect(throws: BundleError.self) { try tree.children(of: path) }
    }
  }

  @Test func refusesAFileLargerThanTheLimit() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    #expect(
      throws: BundleError(
        .limitExceeded, "the file has 8 bytes, more than the limit of 7 bytes",
        path: "App.app/Info.plist")
    ) { try tree.contents(of: "App.app/Info.plist", limit: 7) }
    #expect(try tree.contents(of: "App.app/Info.plist", limit: .max).count == 8)
  }

  @Test func reportsMissingFilesAndFolders() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tree = try DirectoryTree(root: root)
    #expect(
      throws: BundleError(
        .notFound, "could not open the file: No such file or directory", path: "App.app/nope")
    ) { try tree.contents(of: "App.app/nope", limit: 10) }
    #expect(
      throws: BundleError(.notFound, "this is a folder; expected a file", path: "App.app")
    ) { try tree.contents(of: "App.app", limit: 10) }
    #expect(throws: BundleError.self) { try DirectoryTree(root: root + "/nothing") }
    #expect(
      throws: BundleError(
        .unrecognized, "this is not a folder; expected a folder", path: root + "/App.app/Info.plist"
      )
    ) { try DirectoryTree(root: root + "/App.app/Info.plist") }
  }

  /// Root reads any file whatever its mode, so the error is only checked for other users; the
  /// listing is checked for everyone.
  @Test func reportsAnUnreadableFileWithTheSystemsReason() throws {
    let root = try Self.makeFolder()
    defer {
      chmod(root + "/App.app/Info.plist", 0o644)
      try? FileManager.default.removeItem(atPath: root)
    }
    #expect(chmod(root + "/App.app/Info.plist", 0) == 0)
    let tree = try DirectoryTree(root: root)
    #expect(tree.entry(at: "App.app/Info.plist")?.kind == .file)
    guard geteuid() != 0 else { return }
    #expect(
      throws: BundleError(
        .io, "could not open the file: Permission denied", path: "App.app/Info.plist")
    ) { try tree.contents(of: "App.app/Info.plist", limit: 100) }
  }

  @Test func refusesAFIFOWithoutBlocking() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(mkfifo(root + "/App.app/pipe", 0o644) == 0)
    let tree = try DirectoryTree(root: root)
    #expect(
      throws: BundleError(
        .unrecognized, "this is not a regular file; expected a file", path: "App.app/pipe")
    ) { try tree.contents(of: "App.app/pipe", limit: 100) }
  }
}
