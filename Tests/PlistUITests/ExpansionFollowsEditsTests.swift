import PlistCore
import Testing

@testable import PlistUI

/// Expanded rows, the selection and the first row on screen stay on the same nodes through
/// add, delete, rename, undo and redo (issue 14, part 1): state kept by index path used to
/// move to a neighbour when an edit above shifted the paths.
@Suite struct ExpansionFollowsEditsTests {
  static let size = Size(width: 120, height: 40)
  /// CFBundleSupportedPlatforms (an array) in Lantern's Info.plist, file 0; DTSDKName follows.
  static let platforms = OutlineItem.node(file: 0, path: [7])

  /// A fresh inspector with CFBundleSupportedPlatforms expanded, then `keys` typed.
  func run(_ keys: String) -> AppState {
    var state = AppState(session: UIFixtures.session, size: Self.size)
    state.select(Self.platforms, reveal: .nearest)
    _ = state.apply(.toggle)
    state.select(.node(file: 0, path: [0]), reveal: .nearest)
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
    return state
  }

  /// The keys of the expanded rows of the Info.plist's top level.
  func expandedKeys(_ state: AppState) -> [String] {
    let count = state.session.childCount(.node(file: 0, path: []))
    return (0..<count).map { OutlineItem.node(file: 0, path: [$0]) }
      .filter { state.expansion.isExpanded($0) }
      .compactMap { state.session.key($0) }
  }

  @Test func theFixtureStartsWithThePlatformsExpanded() {
    let state = run("")
    #expect(state.session.key(Self.platforms) == "CFBundleSupportedPlatforms")
    #expect(state.session.key(.node(file: 0, path: [8])) == "DTSDKName")
    #expect(expandedKeys(state) == ["CFBundleSupportedPlatforms"])
  }

  @Test func deletingAKeyAboveKeepsTheExpandedRowAndNotItsNeighbour() {
    // CFBundleExecutable (row [1]) goes: the platforms move up to [6].
    let state = run("j d")
    #expect(state.message?.text == "deleted CFBundleExecutable (u undoes)")
    #expect(expandedKeys(state) == ["CFBundleSupportedPlatforms"])
    #expect(state.session.key(.node(file: 0, path: [6])) == "CFBundleSupportedPlatforms")
    // The selection went to the row after the deleted one, as before.
    #expect(state.selection.flatMap { state.session.key($0) } == "CFBundleIdentifier")
  }

  @Test func undoAndRedoMoveTheStateBackAndForth() {
    let undone = run("j d u")
    #expect(expandedKeys(undone) == ["CFBundleSupportedPlatforms"])
    #expect(undone.expansion.isExpanded(Self.platforms))
    let redone = run("j d u Ctrl-R")
    #expect(expandedKeys(redone) == ["CFBundleSupportedPlatforms"])
    #expect(!redone.expansion.isExpanded(Self.platforms))  // that is DTSDKName's place now
  }

  @Test func addingAKeyAboveKeepsTheExpandedRow() {
    let state = run("a L a n t e r n A d d e d Enter Enter x Enter")
    #expect(state.session.key(.node(file: 0, path: [1])) == "LanternAdded")
    #expect(expandedKeys(state) == ["CFBundleSupportedPlatforms"])
    #expect(state.expansion.isExpanded(.node(file: 0, path: [8])))
    let undone = run("a L a n t e r n A d d e d Enter Enter x Enter u")
    #expect(expandedKeys(undone) == ["CFBundleSupportedPlatforms"])
  }

  @Test func renamingTheExpandedRowKeepsItExpanded() {
    var state = run("")
    state.select(Self.platforms, reveal: .nearest)
    for event in VirtualTerminal.keys("r Ctrl-U P l a t f o r m s Enter") {
      _ = state.handle(event)
    }
    #expect(state.session.key(Self.platforms) == "Platforms")
    #expect(state.expansion.isExpanded(Self.platforms))
  }

  @Test func deletingTheExpandedRowForgetsItsState() {
    var state = run("")
    state.select(Self.platforms, reveal: .nearest)
    for event in VirtualTerminal.keys("d y") { _ = state.handle(event) }
    #expect(state.session.key(Self.platforms) == "DTSDKName")
    #expect(expandedKeys(state).isEmpty)
    // Undo brings the row back, collapsed: its state went with it.
    for event in VirtualTerminal.keys("u") { _ = state.handle(event) }
    #expect(state.session.key(Self.platforms) == "CFBundleSupportedPlatforms")
    #expect(expandedKeys(state).isEmpty)
  }
}
