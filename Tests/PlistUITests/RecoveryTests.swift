import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import TestSupport
import Testing

@testable import PlistUI

/// Unsaved edits kept in recovery files: written while dirty, offered on the next open of the
/// same file, restored or discarded, removed after a save; never offered for a file changed since.
@Suite struct RecoveryTests {
  @Test func aRecordReadsBackAndIsRemoved() throws {
    let store = RecoveryStore(directory: try TemporaryFolder("recovery").path + "/store")
    let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
    try store.save(path: "/tmp/x/Info.plist", originalHash: 42, content: [1, 2, 3], at: date)
    let record = try #require(store.load(path: "/tmp/x/../x/Info.plist"))
    #expect(
      record
        == RecoveryStore.Record(
          path: "/tmp/x/Info.plist", originalHash: 42, savedAt: date, content: [1, 2, 3]))
    #expect(store.load(path: "/tmp/y/Info.plist") == nil)
    try store.remove(path: "/tmp/x/Info.plist")
    #expect(store.load(path: "/tmp/x/Info.plist") == nil)
  }

  @Test func theStandardPlaceFollowsXDG() {
    #expect(
      RecoveryStore.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.directory
        == "/s/infoscope/recovery")
    #expect(
      RecoveryStore.standard(environment: ["HOME": "/h"])?.directory
        == "/h/.local/state/infoscope/recovery")
    #expect(RecoveryStore.standard(environment: [:]) == nil)
  }

  /// A bundle on disk, a session over it with a recovery store, and a state.
  func open(_ app: String, store: RecoveryStore) throws -> AppState {
    var session = Session(title: app, bundle: try BundleLoader.load(path: app))
    session.recovery = store
    return AppState(session: session, size: Size(width: 100, height: 30))
  }

  func makeApp() throws -> (String, RecoveryStore) {
    let root = try TemporaryFolder("recovery").path
    let app = root + "/Keep.app"
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    try Data(SaveTests.info.utf8).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    return (app, RecoveryStore(directory: root + "/recovery"))
  }

  func keys(_ state: inout AppState, _ script: String) {
    for event in VirtualTerminal.keys(script) { _ = Inspector.handle(event, on: &state) }
  }

  /// Writes the recovery files due now, as the loop does every few seconds.
  ///
  /// - Returns: the failure the status line shows, if any.
  @discardableResult
  func keepRecovery(_ state: inout AppState) -> String? {
    state.show(StatusMessage(""))
    _ = Inspector.perform(state.keepRecovery(), on: &state)
    return state.message?.isError == true ? state.message?.text : nil
  }

  /// Looks for recovery files as the loop does when it starts, and offers the first.
  func offerRecoveries(_ state: inout AppState) {
    _ = Inspector.perform(state.lookForRecoveries(), on: &state)
  }

  @Test func editsSurviveAnAbruptEndAndAreRestored() throws {
    let (app, store) = try makeApp()
    var first = try open(app, store: store)
    keys(&first, "j j e Ctrl-U K e p t Enter")
    #expect(keepRecovery(&first) == nil)
    // The process ends without saving; the next open offers the edits.
    var second = try open(app, store: store)
    offerRecoveries(&second)
    guard case .confirm(let prompt)? = second.modal else {
      Issue.record("no offer")
      return
    }
    #expect(prompt.question.hasPrefix("unsaved edits to \(app)/Info.plist from "))
    keys(&second, "r")
    #expect(second.session.hasUnsavedChanges)
    let root = second.session.files[0].root?.value.dictionaryValue
    #expect(root?["CFBundleDisplayName"]?.value == .string("Kept"))
    // Saving writes them and removes the recovery.
    keys(&second, "w y")
    let written = try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
    #expect(written == SaveTests.info.replacingOccurrences(of: "Old", with: "Kept"))
    #expect(store.load(path: app + "/Info.plist") == nil)
  }

  @Test func discardingRemovesTheRecovery() throws {
    let (app, store) = try makeApp()
    var first = try open(app, store: store)
    keys(&first, "j j d")
    keepRecovery(&first)
    var second = try open(app, store: store)
    offerRecoveries(&second)
    keys(&second, "d")
    #expect(store.load(path: app + "/Info.plist") == nil)
    #expect(!second.session.hasUnsavedChanges)
  }

  @Test func aFileChangedSinceIsOfferedWithAWarning() throws {
    let (app, store) = try makeApp()
    var first = try open(app, store: store)
    keys(&first, "j j d")
    keepRecovery(&first)
    try Data(SaveTests.info.replacingOccurrences(of: "Old", with: "Other").utf8)
      .write(to: URL(fileURLWithPath: app + "/Info.plist"))
    var second = try open(app, store: store)
    offerRecoveries(&second)
    guard case .confirm(let prompt)? = second.modal else {
      Issue.record("the edits were not offered")
      return
    }
    #expect(prompt.question.contains("but the file has changed since"))
  }

  @Test func undoingEverythingRemovesTheRecovery() throws {
    let (app, store) = try makeApp()
    var state = try open(app, store: store)
    keys(&state, "j j d")
    keepRecovery(&state)
    #expect(store.load(path: app + "/Info.plist") != nil)
    keys(&state, "u")
    keepRecovery(&state)
    #expect(store.load(path: app + "/Info.plist") == nil)
  }

  @Test func quittingWithDiscardRemovesTheRecovery() throws {
    let (app, store) = try makeApp()
    var state = try open(app, store: store)
    keys(&state, "j j d")
    keepRecovery(&state)
    _ = state.apply(.quit)
    #expect(Inspector.handle(.key(.character("d")), on: &state) == [.quit])
    #expect(store.load(path: app + "/Info.plist") == nil)
  }
}

extension RecoveryTests {
  /// Restored edits come back as one undoable step: `u` returns to the file on disk, `Ctrl-R`
  /// brings them back, and the save still changes only the edited line.
  @Test func restoredEditsAreOneUndoableStep() throws {
    let (app, store) = try makeApp()
    var first = try open(app, store: store)
    keys(&first, "j j e Ctrl-U K e p t Enter")
    #expect(keepRecovery(&first) == nil)
    var second = try open(app, store: store)
    offerRecoveries(&second)
    keys(&second, "r")
    func name(_ state: AppState) -> PlistValue? {
      state.session.files[0].root?.value.dictionaryValue?["CFBundleDisplayName"]?.value
    }
    #expect(name(second) == .string("Kept"))
    keys(&second, "u")
    #expect(name(second) == .string("Old"))
    #expect(second.message?.text == "undid restore the recovered edits")
    #expect(!second.session.hasUnsavedChanges)
    keys(&second, "Ctrl-R w")
    guard case .review(let review)? = second.modal else {
      Issue.record("no review")
      return
    }
    #expect(
      review.lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == [
        "+    <string>Kept</string>"
      ])
    keys(&second, "y")
    #expect(
      try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
        == SaveTests.info.replacingOccurrences(of: "Old", with: "Kept"))
  }
}
