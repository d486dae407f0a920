import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// Icon sets and Icon Composer icons get rows of their own (issue 14, part 2): their JSON is
/// shown as a read-only tree, and the icon findings land on it.
@Suite struct IconRowsTests {
  @Test func anIconSetAndAnIconComposerIconAreRowsWithTheirFindings() throws {
    let folder = try TemporaryFolder("icon-rows")
    try folder.write(
      "Icons.xcassets/AppIcon.appiconset/Contents.json",
      """
      {"images":[{"filename":"Missing.png","idiom":"universal","platform":"ios","size":"1024x1024"}],
       "info":{"author":"xcode","version":1}}
      """)
    let catalog = try folder.write(
      "Icons.xcassets/Glass.icon/icon.json",
      #"{"groups":[],"supported-platforms":{"circles":["watchOS"]}}"#
    ).replacingOccurrences(of: "/Glass.icon/icon.json", with: "")
    let state = AppState(
      session: Session(title: catalog, bundle: try BundleLoader.load(path: catalog)),
      size: Size(width: 120, height: 40))
    let session = state.session
    let roles = session.files.map(\.role)
    #expect(roles.contains(.appIconSet) && roles.contains(.iconComposer))
    let set = try #require(session.files.firstIndex { $0.role == .appIconSet })
    #expect(session.files[set].root?.value.dictionaryValue?["images"]?.value.arrayValue?.count == 1)
    #expect(session.editBlocker(set) != nil)
    // The set's finding (its image is missing) has a row to land on.
    let index = try #require(session.findings.firstIndex { $0.ruleID == "missing_icon_image" })
    #expect(session.findingItems[index] == .node(file: set, path: []))
  }

  /// From a hostile tester: icon files that did not read (NaN, a wrong shape, bytes that are
  /// not text) were left out of the tree and of lint without a word; each is now an
  /// `unreadable_property_list` error on a row of its own, named by its path in the catalog.
  @Test func anIconFileThatDoesNotReadIsAnErrorOnItsRow() throws {
    let folder = try TemporaryFolder("icon-broken")
    try folder.write("B.xcassets/NaN.appiconset/Contents.json", #"{"images":[{"idiom":NaN}]}"#)
    try folder.write("B.xcassets/Shape.appiconset/Contents.json", #"{"images":5}"#)
    let catalog = try folder.write("B.xcassets/Bytes.icon/icon.json", "\u{FEFF}")
      .replacingOccurrences(of: "/Bytes.icon/icon.json", with: "")
    try Data([0xFF, 0xFE, 0x7B]).write(
      to: URL(fileURLWithPath: catalog + "/Bytes.icon/icon.json"))
    let session = Session(title: catalog, bundle: try BundleLoader.load(path: catalog))
    let unreadable = session.findings.filter { $0.ruleID == "unreadable_property_list" }
    #expect(
      Set(unreadable.map(\.file)) == [
        "B.xcassets/NaN.appiconset/Contents.json", "B.xcassets/Shape.appiconset/Contents.json",
        "B.xcassets/Bytes.icon/icon.json",
      ])
    #expect(unreadable.allSatisfy { $0.severity == .error })
    // Each lands on its file's row; the one that reads as JSON shows its tree too.
    for finding in unreadable {
      let index = try #require(session.findings.firstIndex(of: finding))
      guard case .node(let file, let path)? = session.findingItems[index] else {
        Issue.record("no row for \(finding.file)")
        continue
      }
      #expect(session.files[file].path == finding.file && path.isEmpty)
    }
    let shape = try #require(
      session.files.first { $0.path.hasSuffix("Shape.appiconset/Contents.json") })
    #expect(shape.root?.value.dictionaryValue?["images"]?.value == .integer(PlistInteger(5)))
  }
}
