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
}
