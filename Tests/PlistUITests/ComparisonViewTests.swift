import Foundation
import PlistBundle
import PlistCore
import PlistRules
import TestSupport
import Testing

@testable import PlistUI

/// `infoscope diff OLD NEW` on a terminal (issue 16, item 4): NEW's tree with each change
/// marked, removed nodes, files and bundles put back in place from OLD, `]c`/`[c` between the
/// changes, the old value in the detail pane, and the findings list split into new, unchanged
/// and resolved.
@Suite struct ComparisonViewTests {
  /// An XML property list from the body of its root dictionary.
  static func plist(_ body: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \(body)
      </dict>
      </plist>

      """.utf8)
  }

  static let common = """
    <key>CFBundleIdentifier</key><string>com.example.trail</string>
    <key>CFBundleShortVersionString</key><string>2.1</string>
    """

  /// OLD: A, Removed, B, Fonts [x, y, z], then the build number 318.
  static let oldInfo = plist(
    common + """
      <key>Alpha</key><string>one</string>
      <key>Removed</key><string>gone</string>
      <key>Beta</key><string>two</string>
      <key>Fonts</key><array><string>x.ttf</string><string>y.ttf</string><string>z.ttf</string></array>
      <key>CFBundleVersion</key><string>318</string>
      """)

  /// NEW: Alpha changed, Removed gone, Fonts without y, Added new, build 319.
  static let newInfo = plist(
    common + """
      <key>Alpha</key><string>uno</string>
      <key>Beta</key><string>two</string>
      <key>Fonts</key><array><string>x.ttf</string><string>z.ttf</string></array>
      <key>Added</key><string>new</string>
      <key>CFBundleVersion</key><string>319</string>
      """)

  static func app(_ files: [String: [UInt8]]) throws -> AppBundle {
    try BundleLoader.load(tree: MemoryTree(name: "Trail.app", files: files), inputPath: "Trail.app")
  }

  static func session(
    old: [String: [UInt8]] = ["Info.plist": oldInfo],
    new: [String: [UInt8]] = ["Info.plist": newInfo]
  ) throws -> Session {
    let comparison = BuildComparison(old: try app(old), new: try app(new))
    return Session(comparison: comparison, oldName: "old/Trail.app", newName: "new/Trail.app")
  }

  /// The file index of the app's Info.plist.
  static func info(_ session: Session) -> Int {
    session.files.firstIndex { $0.path == "Info.plist" } ?? -1
  }

  /// The keys of the rows inside `item`, in order.
  static func keys(_ session: Session, _ item: OutlineItem) -> [String] {
    (0..<session.childCount(item)).map { session.key(session.child(item, $0)) ?? "?" }
  }

  @Test func removedKeysAndItemsArePutBackWhereTheyStood() throws {
    let session = try Self.session()
    let f = Self.info(session)
    let root = OutlineItem.node(file: f, path: [])
    #expect(
      Self.keys(session, root) == [
        "CFBundleIdentifier", "CFBundleShortVersionString", "Alpha", "Removed", "Beta", "Fonts",
        "Added", "CFBundleVersion",
      ])
    let comparison = try #require(session.comparison)
    let removed = OutlineItem.node(file: f, path: [3])
    #expect(comparison.mark(removed) == .removed)
    #expect(comparison.isRemoved(removed))
    #expect(session.node(removed)?.value == .string("gone"))
    // y.ttf stands between x and z again; z keeps NEW's index in its key path.
    let fonts = OutlineItem.node(file: f, path: [5])
    #expect(
      (0..<session.childCount(fonts)).map { session.node(session.child(fonts, $0))?.value }
        == [.string("x.ttf"), .string("y.ttf"), .string("z.ttf")])
    #expect(comparison.mark(.node(file: f, path: [5, 1])) == .removed)
    #expect(comparison.mark(.node(file: f, path: [5, 2])) == nil)
    #expect(session.keyPath(.node(file: f, path: [5, 2])) == KeyPath([.key("Fonts"), .index(1)]))
    #expect(session.itemNumber(.node(file: f, path: [5, 2])) == 1)
    #expect(session.itemNumber(.node(file: f, path: [5, 1])) == 1)  // y was OLD's [1]
    #expect(session.indexPath(of: KeyPath([.key("Fonts"), .index(1)]), in: f) == [5, 2])
    #expect(comparison.mark(fonts) == .holds)
    #expect(comparison.mark(.node(file: f, path: [2])) == .changed)
    #expect(comparison.mark(.node(file: f, path: [6])) == .added)
    #expect(comparison.mark(.node(file: f, path: [7])) == .changed)
    #expect(comparison.mark(.node(file: f, path: [4])) == nil)  // Beta: the same
    // The file holds all five changes; its bundle too.
    #expect(comparison.held[root] == 5)
    #expect(comparison.held[.branch(0)] == 5)
  }

  /// From a tester's report: a removed array item had NEW's neighbour's key path, and
  /// container counts included the rows put back.
  @Test func aRemovedItemHasOldsKeyPathAndCountsAreNews() throws {
    let session = try Self.session()
    let f = Self.info(session)
    let y = OutlineItem.node(file: f, path: [5, 1])
    #expect(session.keyPath(y) == KeyPath([.key("Fonts"), .index(1)]))
    #expect(session.keyPath(.node(file: f, path: [3])) == KeyPath([.key("Removed")]))
    let view = try #require(session.comparison)
    #expect(view.restoredCount(.node(file: f, path: [5])) == 1)
    #expect(view.restoredCount(.node(file: f, path: [])) == 1)
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("E")))
    let (_, canvas) = UIFixtures.render(state)
    let lines = canvas.text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains(" Fonts ") && $0.contains("(2 items, 1 removed)") })
    #expect(lines.contains { $0.contains("Info.plist") && $0.contains("(7 items, 1 removed)") })
  }

  @Test func savingFixingAndTheEditorAreRefusedToo() throws {
    for keys in ["w", "v", "x"] {
      var state = AppState(session: try Self.session(), size: Size(width: 120, height: 40))
      _ = state.handle(.key(.character("j")))
      _ = state.handle(.key(.character("j")))
      let effects = state.handle(.key(.character(Character(keys))))
      #expect(effects.isEmpty, "\(keys)")
      #expect(state.modal == nil, "\(keys)")
      #expect(state.message?.text == Session.comparisonReadOnly, "\(keys)")
    }
  }

  @Test func filesRemovedWithTheirBundleAreNoStopsOfTheirOwn() throws {
    let share = BuildComparisonTestsInfo.extensionInfo("com.example.trail.share")
    let session = try Self.session(
      old: ["Info.plist": Self.oldInfo, "PlugIns/Share.appex/Info.plist": share],
      new: ["Info.plist": Self.newInfo])
    let view = try #require(session.comparison)
    let file = try #require(
      session.files.firstIndex { $0.path.hasSuffix("Share.appex/Info.plist") })
    #expect(view.removedWithBundle.contains(.node(file: file, path: [])))
    #expect(!view.stops.contains(.node(file: file, path: [])))
    // Five value changes and the bundle.
    #expect(view.stops.count == 6)
  }

  @Test func aReorderedDictionaryMarksNothing() throws {
    let reordered = Self.plist(
      """
      <key>CFBundleShortVersionString</key><string>2.1</string>
      <key>CFBundleIdentifier</key><string>com.example.trail</string>
      """)
    let session = try Self.session(
      old: ["Info.plist": Self.plist(Self.common)], new: ["Info.plist": reordered])
    let comparison = try #require(session.comparison)
    #expect(comparison.stops.isEmpty)
    #expect(comparison.changes.isEmpty)
    let state = AppState(session: session, size: Size(width: 120, height: 40))
    #expect(state.message?.text == "nothing changed since old/Trail.app (read-only)")
  }

  @Test func bracketCVisitsTheChangesInTreeOrderAndWraps() throws {
    var state = AppState(session: try Self.session(), size: Size(width: 120, height: 40))
    #expect(
      state.message?.text
        == "5 changes since old/Trail.app (read-only): ]c goes to the next, [c to the previous")
    var visited: [String] = []
    for _ in 0..<6 {
      _ = state.handle(.key(.character("]")))
      _ = state.handle(.key(.character("c")))
      visited.append(state.message?.text ?? "")
    }
    #expect(
      visited == [
        "change 1/5: Alpha changed: String \"one\" → \"uno\"",
        "change 2/5: Removed removed",
        "change 3/5: Fonts[1] removed",
        "change 4/5: Added added: String \"new\"",
        "change 5/5: CFBundleVersion changed: String \"318\" → \"319\"",
        "change 1/5 (wrapped to the first): Alpha changed: String \"one\" → \"uno\"",
      ])
    _ = state.handle(.key(.character("[")))
    _ = state.handle(.key(.character("c")))
    #expect(
      state.message?.text
        == "change 5/5 (wrapped to the last): CFBundleVersion changed: String \"318\" → \"319\"")
    // A count goes that many changes on.
    _ = state.handle(.key(.character("2")))
    _ = state.handle(.key(.character("[")))
    _ = state.handle(.key(.character("c")))
    #expect(state.message?.text == "change 3/5: Fonts[1] removed")
  }

  @Test func bracketCWithoutAComparisonSaysHowToGetOne() {
    var state = AppState(session: UIFixtures.session, size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("]")))
    _ = state.handle(.key(.character("c")))
    #expect(state.message?.isError == true)
    #expect(
      state.message?.text.hasPrefix("no comparison: infoscope diff OLD NEW opens one") == true)
  }

  @Test func theDetailPaneShowsTheOldValueAndWhereOldWroteIt() throws {
    var state = AppState(session: try Self.session(), size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("]")))
    _ = state.handle(.key(.character("c")))
    let changed = DetailPane.lines(state).map { $0.map(\.text).joined() }
    #expect(changed.contains("Changed    String \"one\" → \"uno\""))
    #expect(changed.contains("Was        String \"one\""))
    #expect(changed.contains("Before     old/Trail.app: Alpha at Info.plist:5"))
    _ = state.handle(.key(.character("]")))
    _ = state.handle(.key(.character("c")))
    let removed = DetailPane.lines(state).map { $0.map(\.text).joined() }
    #expect(removed.contains("Removed    not in new/Trail.app; shown as old/Trail.app had it"))
    // Its lines are OLD's: Removed is on line 6 of OLD's Info.plist (the common keys end
    // on line 5, with Alpha).
    #expect(removed.contains("File       old/Trail.app: Info.plist:6"))
  }

  @Test func aComparisonIsReadOnly() throws {
    var state = AppState(session: try Self.session(), size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("]")))
    _ = state.handle(.key(.character("c")))
    _ = state.handle(.key(.character("e")))
    #expect(state.message?.isError == true)
    #expect(state.message?.text == Session.comparisonReadOnly)
    #expect(state.modal == nil)
    #expect(
      state.session.saveTarget(Self.info(state.session)) == .unavailable(Session.comparisonReadOnly)
    )
    #expect(!state.session.hasUnsavedChanges)
  }

  @Test func theFindingsListIsSplitIntoNewUnchangedAndResolved() throws {
    // OLD's camera purpose string has no final period (a note that goes with the key); NEW
    // adds an empty microphone purpose string (a new warning).
    let old = Self.plist(
      Self.common + """
        <key>CFBundleVersion</key><string>318</string>
        <key>NSCameraUsageDescription</key><string>Scan tickets</string>
        """)
    let new = Self.plist(
      Self.common + """
        <key>CFBundleVersion</key><string>319</string>
        <key>NSMicrophoneUsageDescription</key><string></string>
        """)
    let session = try Self.session(old: ["Info.plist": old], new: ["Info.plist": new])
    let comparison = try #require(session.comparison)
    let groups = comparison.groups
    #expect(groups.count == session.findings.count)
    let newRules = session.findings.indices.filter { groups[$0] == .new }
      .map { session.findings[$0].ruleID }
    #expect(newRules.contains("blank_purpose_string"))
    let resolved = session.findings.indices.filter { groups[$0] == .resolved }
    #expect(resolved.map { session.findings[$0].ruleID } == ["purpose_string_style"])
    // The resolved finding sits on the row put back from OLD, and marks nothing.
    let f = Self.info(session)
    let camera = try #require(session.findingItems[resolved[0]])
    #expect(session.key(camera) == "NSCameraUsageDescription")
    #expect(comparison.isRemoved(camera))
    #expect(session.ownFindings[camera] == nil)
    #expect(session.counts.values.reduce(0, +) == session.findings.count - resolved.count)
    // The list: new first, then unchanged, then resolved; f never lands on a resolved one.
    let state = AppState(session: session, size: Size(width: 120, height: 40))
    let order = state.findings.sorted.map { groups[$0] }
    #expect(order == order.sorted { $0.rank < $1.rank })
    #expect(order.last == .resolved)
    #expect(!state.findings.treeOrder.contains(resolved[0]))
    _ = f
    let (_, canvas) = UIFixtures.render(state)
    #expect(canvas.text.contains("Findings +"))
    #expect(canvas.text.contains("✓1 resolved"))
    // The removed row's detail names the finding resolved there.
    var onCamera = AppState(session: session, size: Size(width: 120, height: 40))
    onCamera.select(camera, reveal: .nearest)
    let detail = DetailPane.lines(onCamera).map { $0.map(\.text).joined() }
    #expect(
      detail.contains {
        $0.hasPrefix("✓ resolved since old/Trail.app: ") && $0.hasSuffix("[purpose_string_style]")
      })
  }

  @Test func removedBundlesAndFilesGetRowsOfTheirOwn() throws {
    let share = BuildComparisonTestsInfo.extensionInfo("com.example.trail.share")
    let session = try Self.session(
      old: ["Info.plist": Self.oldInfo, "PlugIns/Share.appex/Info.plist": share],
      new: ["Info.plist": Self.newInfo])
    let comparison = try #require(session.comparison)
    let branch = try #require(session.branches.firstIndex { $0.path.hasSuffix("Share.appex") })
    #expect(comparison.mark(.branch(branch)) == .removed)
    #expect(comparison.removedBranches == [branch])
    #expect(session.parent(of: .branch(branch)) == .branch(0))
    let file = try #require(
      session.files.firstIndex { $0.path.hasSuffix("Share.appex/Info.plist") })
    #expect(comparison.mark(.node(file: file, path: [])) == .removed)
    #expect(comparison.isRemoved(.node(file: file, path: [0])))
    #expect(comparison.stops.contains(.branch(branch)))
  }

  static func project(_ info: [UInt8]) -> AppBundle {
    ProjectInput.load(
      tree: MemoryTree(
        name: "Trail",
        files: [
          "Trail.xcodeproj/project.pbxproj": Array(ProjectFixture.pbxproj().utf8),
          "Trail/Info.plist": info,
        ]),
      projects: ["Trail.xcodeproj"], inputPath: "Trail")
  }

  /// In a project the generated Info.plist is compared; the source Info.plist's row that
  /// gives a changed value is marked too, and the change is visited once.
  @Test func aProjectsSourceInfoPlistShowsTheChangesOfTheValuesItGives() throws {
    let comparison = BuildComparison(
      old: Self.project(Self.oldInfo), new: Self.project(Self.newInfo))
    let session = Session(comparison: comparison, oldName: "old", newName: "new")
    let view = try #require(session.comparison)
    let source = try #require(
      session.files.firstIndex { $0.path == "Trail/Info.plist" && !$0.isGenerated })
    let alpha = OutlineItem.node(
      file: source, path: session.indexPath(of: KeyPath([.key("Alpha")]), in: source))
    #expect(session.key(alpha) == "Alpha")
    #expect(view.mark(alpha) == .changed)
    #expect(view.mirrored.contains(alpha))
    #expect(!view.stops.contains(alpha))
    #expect(view.mark(.node(file: source, path: [])) == .holds)
    // The generated file's removed key names OLD's source file and line.
    let generated = try #require(session.files.firstIndex { $0.isGenerated })
    let removed = try #require(
      view.changes.first { item, change in
        if case .node(generated, _) = item { return change.kind == .removed } else { return false }
      })
    #expect(view.oldPlace(of: removed.value, file: generated).hasPrefix("Trail/Info.plist:"))
    // Five changes, each visited once.
    #expect(view.stops.count == 5)
  }

  @Test func theTreeMarksEachRowInAColumnOfItsOwn() throws {
    var state = AppState(session: try Self.session(), size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("E")))
    let (_, canvas) = UIFixtures.render(state)
    let lines = canvas.text.split(separator: "\n").map(String.init)
    func row(_ key: String) -> String? { lines.first { $0.contains(" \(key) ") } }
    #expect(row("Alpha")?.hasPrefix("  ~ ") == true)
    #expect(row("Removed")?.hasPrefix("  - ") == true)
    #expect(row("Added")?.hasPrefix("  + ") == true)
    #expect(row("Beta")?.hasPrefix("    ") == true)
    #expect(row("Fonts")?.hasPrefix("  • ") == true)
  }
}

/// The extension Info.plist `BuildComparisonTests` builds, for the UI tests.
enum BuildComparisonTestsInfo {
  static func extensionInfo(_ identifier: String) -> [UInt8] {
    ComparisonViewTests.plist(
      """
      <key>CFBundleIdentifier</key><string>\(identifier)</string>
      <key>CFBundleShortVersionString</key><string>2.1</string>
      <key>CFBundleVersion</key><string>318</string>
      """)
  }
}
