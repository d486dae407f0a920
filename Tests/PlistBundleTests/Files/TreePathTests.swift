import Testing

@testable import PlistBundle

@Suite struct TreePathTests {
  @Test(arguments: [
    ("", [String]()), ("a/b", ["a", "b"]), ("./a//b/", ["a", "b"]), ("a/./b", ["a", "b"]),
  ])
  func splitsSafePaths(path: String, parts: [String]) {
    #expect(TreePath.components(of: path) == parts)
  }

  @Test(arguments: ["/a", "..", "a/../b", "a/b/..", "a\0b"])
  func refusesPathsThatLeaveTheTree(path: String) {
    #expect(TreePath.components(of: path) == nil)
  }

  @Test(arguments: [
    (
      "Payload/App.app/Info.plist",
      ZipEntryName.Normalised.path(
        "Payload/App.app/Info.plist", isDirectory: false)
    ),
    ("Payload/", .path("Payload", isDirectory: true)),
    ("./Payload//App.app/./x", .path("Payload/App.app/x", isDirectory: false)),
    ("a..b/c..", .path("a..b/c..", isDirectory: false)),
    ("./", .rejected("names no file")),
    ("", .rejected("names no file")),
    ("a/../b", .rejected("has a `..` component that would leave the archive")),
    ("//server/share", .rejected("is an absolute path")),
    ("c:evil", .rejected("starts with a drive letter")),
    ("a\\b", .rejected("uses a backslash, which could act as a separator")),
  ])
  func normalisesZipEntryNames(name: String, expected: ZipEntryName.Normalised) {
    #expect(ZipEntryName.normalise(name) == expected)
  }

  @Test func resolvesLinkChainsLexically() {
    let kinds: [String: FileTreeEntry.Kind] = [
      "a": .directory, "a/b": .symbolicLink, "c": .directory, "c/d": .file, "a/up": .symbolicLink,
      "x": .symbolicLink, "y": .symbolicLink,
    ]
    let targets = ["a/b": "../c/./d", "a/up": "../..", "x": "y", "y": "x"]
    func resolve(_ path: String) -> String? {
      TreePath.resolveLink(
        at: path.split(separator: "/").map(String.init), kind: { kinds[$0] },
        target: { targets[$0] })
    }
    #expect(resolve("a/b") == "c/d")
    #expect(resolve("a/up") == nil)
    #expect(resolve("x") == nil)
    #expect(resolve("c/d") == nil)
  }
}
