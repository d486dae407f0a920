import Foundation
import PlistBundle
import PlistCore
import PlistRules
import TestSupport
import Testing

@testable import PlistUI

/// The findings list in file order follows the tree (a tester saw `Frameworks/…` and
/// `Assets.car` listed before the app's Info.plist, which the tree shows first).
@Suite struct FindingsOrderTests {
  @Test func fileOrderIsTheTreesOrder() throws {
    let folder = try TemporaryFolder("findings-order")
    try folder.write(
      "Order.app/Info.plist",
      """
      <plist version="1.0"><dict>
      <key>CFBundlePackageType</key><string>APPL</string>
      <key>NSCameraUsageDescription</key><string></string>
      <key>UIRequiresFullScreen</key><string>yes</string>
      </dict></plist>

      """)
    let app = try folder.write(
      "Order.app/Frameworks/Kit.framework/Info.plist",
      """
      <plist version="1.0"><dict>
      <key>CFBundlePackageType</key><string>FMWK</string>
      <key>CFBundleShortVersionString</key><string>one</string>
      </dict></plist>

      """
    ).replacingOccurrences(of: "/Frameworks/Kit.framework/Info.plist", with: "")
    var state = AppState(
      session: Session(title: app, bundle: try BundleLoader.load(path: app)),
      size: Size(width: 120, height: 40))
    _ = state.apply(.sortFindings)
    #expect(state.findings.order == .file)
    let findings = state.session.findings
    let files = state.findings.sorted.map { findings[$0].file }
    // Every finding of the app's own Info.plist comes before the framework's.
    let lastOwn = try #require(files.lastIndex(of: "Info.plist"))
    let firstFramework = try #require(files.firstIndex(of: "Frameworks/Kit.framework/Info.plist"))
    #expect(lastOwn < firstFramework)
    // Within a file, top to bottom.
    let ownLines = state.findings.sorted.filter { findings[$0].file == "Info.plist" }
      .map { findings[$0].line }.filter { $0 > 0 }
    #expect(ownLines == ownLines.sorted())
    #expect(ownLines.count >= 2)
    // The tree order f and F follow is the same sequence, by row.
    let rows = state.findings.sorted.compactMap { state.session.findingItems[$0] }
    #expect(rows == state.findings.treeOrder.compactMap { state.session.findingItems[$0] })
  }

  /// An edit's tree reaches the bundle the linter reads by the file's place there (a nested
  /// framework's file included), and the findings follow it.
  @Test func anEditInANestedBundleIsLinted() throws {
    let folder = try TemporaryFolder("nested-edit")
    try folder.write(
      "Nest.app/Info.plist",
      "<plist version=\"1.0\"><dict><key>CFBundlePackageType</key><string>APPL</string></dict></plist>\n"
    )
    let app = try folder.write(
      "Nest.app/Frameworks/Kit.framework/Info.plist",
      """
      <plist version="1.0"><dict>
      <key>CFBundlePackageType</key><string>FMWK</string>
      <key>CFBundleShortVersionString</key><string>one</string>
      </dict></plist>

      """
    ).replacingOccurrences(of: "/Frameworks/Kit.framework/Info.plist", with: "")
    var session = Session(title: app, bundle: try BundleLoader.load(path: app))
    let kit = try #require(
      session.files.firstIndex { $0.path == "Frameworks/Kit.framework/Info.plist" })
    #expect(session.files[kit].place == .init(bundle: [0, 0], index: 0))
    func versionFindings() -> [String] {
      session.findings.filter {
        $0.file == "Frameworks/Kit.framework/Info.plist"
          && $0.keyPath.description == "CFBundleShortVersionString"
      }.map(\.ruleID)
    }
    #expect(!versionFindings().isEmpty)
    try session.perform(
      file: kit, "set version", [.replace(at: [1], with: PlistNode(.string("1.0")))])
    #expect(versionFindings().isEmpty)
    #expect(
      session.bundle.file(at: "Frameworks/Kit.framework/Info.plist")?.document?.root
        == session.files[kit].root)
  }
}
