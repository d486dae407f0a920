import Testing

@testable import PlistCore

@Suite struct KeyPathTests {
  @Test(arguments: [
    (
      "CFBundleURLTypes[0].CFBundleURLSchemes[1]",
      [KeyPath.Component.key("CFBundleURLTypes"), .index(0), .key("CFBundleURLSchemes"), .index(1)]
    ),
    ("\"com.apple.security.app-sandbox\"", [.key("com.apple.security.app-sandbox")]),
    ("[3]", [.index(3)]),
    ("", []),
    ("\"\"", [.key("")]),
    ("a.\"b\\\"c\\\\d\"[12]", [.key("a"), .key("b\"c\\d"), .index(12)]),
    ("Privacy - Camera Usage Description", [.key("Privacy - Camera Usage Description")]),
    ("\" padded \"", [.key(" padded ")]),
  ])
  func parsesAndFormatsRoundTrip(text: String, components: [KeyPath.Component]) throws {
    let path = try KeyPath(parsing: text)
    #expect(path.components == components)
    #expect(path.description == text)
    #expect(try KeyPath(parsing: path.description) == path)
  }

  @Test(arguments: [
    ("a..b", 3), ("a[", 3), ("a[x]", 3), ("a]", 2), ("\"abc", 1), ("a[1]b", 5), (".a", 1),
    ("a.", 3), ("a[99999999999999999999999]", 3),
  ])
  func rejectsMalformedPathsWithColumn(text: String, column: Int) {
    #expect(throws: PlistError.self) { try KeyPath(parsing: text) }
    do {
      _ = try KeyPath(parsing: text)
    } catch {
      #expect(error.column == column, "\(text): \(error)")
    }
  }

  @Test func formatsForPlistBuddyAndPlutil() throws {
    let path = try KeyPath(parsing: "CFBundleURLTypes[0].CFBundleURLSchemes[1]")
    #expect(path.plistBuddyPath == ":CFBundleURLTypes:0:CFBundleURLSchemes:1")
    #expect(path.plutilKeyPath == "CFBundleURLTypes.0.CFBundleURLSchemes.1")
    let dotted = KeyPath([.key("com.apple.security.app-sandbox")])
    #expect(dotted.plutilKeyPath == nil)
    #expect(dotted.plistBuddyPath == ":com.apple.security.app-sandbox")
  }

  @Test func resolvesLastDuplicateKey() {
    let root = PlistNode(
      .dictionary(
        PlistDictionary([
          PlistEntry(key: "k", node: PlistNode(.string("first"))),
          PlistEntry(key: "k", node: PlistNode(.array([PlistNode(.string("second"))]))),
        ])))
    #expect(root.node(at: KeyPath([.key("k"), .index(0)]))?.value == .string("second"))
    #expect(root.node(at: KeyPath([.key("missing")])) == nil)
    #expect(root.node(at: KeyPath([.key("k"), .index(1)])) == nil)
  }
}
