import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import TestSupport
import Testing

@testable import PlistUI

/// Reads are effects the inspector loop performs too (issue 14, part 1).
///
/// The file a review compares with, a file read again, a first edit's fingerprint, and the
/// recovery files. Each failure is driven through the loop with file calls that fail.
@Suite struct ReadEffectTests {
  /// `Read.app` with SaveTests' Info.plist, in a fresh folder; its path.
  func makeBundle() throws -> String {
    try TemporaryFolder("reads").write("Read.app/Info.plist", SaveTests.info)
      .replacingOccurrences(of: "/Info.plist", with: "")
  }

  func state(_ app: String, recovery: RecoveryStore? = nil) throws -> AppState {
    var session = Session(title: app, bundle: try BundleLoader.load(path: app))
    session.recovery = recovery
    return AppState(session: session, size: Size(width: 100, height: 30))
  }

  func keys(_ state: inout AppState, _ script: String, files: any FileOperations) {
    for event in VirtualTerminal.keys(script) {
      _ = Inspector.handle(event, on: &state, files: files)
    }
  }

  func displayName(_ state: AppState) -> PlistValue? {
    state.session.files[0].root?.value.dictionaryValue?["CFBundleDisplayName"]?.value
  }

  @Test func aFileThatCannotBeReadStopsTheReviewAndKeepsTheEdits() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter w", files: FailingReads(suffix: "/Info.plist"))
    #expect(state.modal == nil)
    #expect(
      state.message?.text
        == "cannot show what the save changes: \(app)/Info.plist could not be read: "
        + "Input/output error; nothing was written")
    #expect(state.message?.isError == true)
    #expect(state.session.hasUnsavedChanges)
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8) == SaveTests.info)
  }

  @Test func aFileGoneSinceItWasReadIsReviewedAsNew() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter", files: SystemFileOperations())
    try FileManager.default.removeItem(atPath: app + "/Info.plist")
    keys(&state, "w", files: SystemFileOperations())
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(
      review.warning?.hasPrefix("Info.plist is gone from disk: the save writes it again") == true)
    #expect(review.lines.contains("+    <string>New</string>"))
    #expect(!review.lines.contains { $0.hasPrefix("-") && !$0.hasPrefix("---") })
  }

  @Test func aReloadThatDoesNotParseKeepsTheTreeAndTheEdits() throws {
    let app = try makeBundle()
    let file = app + "/Info.plist"
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter w", files: SystemFileOperations())
    try Data("<plist><dict><key>A</key>".utf8).write(to: URL(fileURLWithPath: file))
    keys(&state, "y", files: SystemFileOperations())
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question: \(String(describing: state.message))")
      return
    }
    #expect(prompt.question == "\(file) changed on disk since it was read")
    keys(&state, "r", files: SystemFileOperations())
    #expect(state.message?.isError == true)
    #expect(state.message?.text.hasPrefix("\(file) no longer reads: ") == true)
    #expect(displayName(state) == .string("New"))
    #expect(state.session.hasUnsavedChanges)
    // Once the file reads, `r` takes it and drops the edits.
    try Data(SaveTests.info.replacingOccurrences(of: "Old", with: "Theirs").utf8)
      .write(to: URL(fileURLWithPath: file))
    keys(&state, "w y r", files: SystemFileOperations())
    #expect(state.message?.text == "reloaded Info.plist; the edits were dropped")
    #expect(displayName(state) == .string("Theirs"))
    #expect(!state.session.hasUnsavedChanges)
  }

  /// From a tester: `U` after a save and an undo read the file again and lost the history
  /// its question promised; the saved state is a redo away, and only a history that cannot
  /// reach it is read again.
  @Test func revertRedoesToTheSavedStateOrReadsTheFileAgainThroughTheLoop() throws {
    let app = try makeBundle()
    let file = app + "/Info.plist"
    var state = try state(app)
    // Saved with "New", then undone: the saved state is a redo away.
    keys(&state, "j j e Ctrl-U N e w Enter w y u", files: SystemFileOperations())
    #expect(displayName(state) == .string("Old"))
    keys(&state, "U", files: SystemFileOperations())
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question")
      return
    }
    #expect(
      prompt.question.hasSuffix(
        "redoing the steps undone since it was saved (u undoes them again)?"))
    keys(&state, "y", files: SystemFileOperations())
    #expect(state.message?.text == "put Info.plist back as it was saved (u undoes)")
    #expect(displayName(state) == .string("New"))
    #expect(!state.session.hasUnsavedChanges)
    keys(&state, "u", files: SystemFileOperations())
    #expect(displayName(state) == .string("Old"))
    // A new edit drops the redo steps: neither way reaches the saved state, so U reads the
    // file again; a read that fails keeps the tree.
    keys(&state, "e Ctrl-U O t h e r Enter U", files: SystemFileOperations())
    guard case .confirm(let again)? = state.modal else {
      Issue.record("no question")
      return
    }
    #expect(
      again.question.hasSuffix(
        "reading it again from disk: its unsaved edits go and cannot be redone?"))
    keys(&state, "y", files: FailingReads(suffix: "/Info.plist"))
    #expect(
      state.message?.text
        == "\(file) no longer reads: \(file) could not be read: Input/output error")
    #expect(displayName(state) == .string("Other"))
    keys(&state, "U y", files: SystemFileOperations())
    #expect(state.message?.text == "read Info.plist again from disk; its edits were dropped")
    #expect(displayName(state) == .string("New"))
    #expect(!state.session.hasUnsavedChanges)
  }

  @Test func aFingerprintThatCannotBeTakenLeavesTheSaveUnchecked() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter", files: FailingReads(suffix: "/Info.plist"))
    #expect(state.session.fingerprints[0] == nil)
    keys(&state, "w y", files: SystemFileOperations())
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8).contains("New"))
  }

  @Test func aRecoveryFileThatCannotBeWrittenIsSaid() throws {
    let app = try makeBundle()
    let folder = try TemporaryFolder("reads-recovery").path
    let store = RecoveryStore(directory: folder + "/store")
    var state = try state(app, recovery: store)
    keys(&state, "j j e Ctrl-U N e w Enter", files: SystemFileOperations())
    let due = state.keepRecovery()
    guard case .keepRecovery(let update)? = due.first else {
      Issue.record("no recovery due: \(due)")
      return
    }
    #expect(update.saves.map(\.path) == [app + "/Info.plist"])
    _ = Inspector.perform(
      due, on: &state, files: FailingFileOperations(step: .write, code: ENOSPC))
    #expect(
      state.message?.text.hasPrefix("cannot keep a recovery file: ") == true
        && state.message?.text.contains("No space left on device") == true)
    #expect(store.load(path: app + "/Info.plist") == nil)
    // Written, it is found again by the next session, through the loop.
    _ = Inspector.perform(due, on: &state)
    var next = try self.state(app, recovery: store)
    #expect(next.lookForRecoveries().count == 1)
    _ = Inspector.perform(next.lookForRecoveries(), on: &next)
    guard case .confirm(let prompt)? = next.modal else {
      Issue.record("no offer")
      return
    }
    #expect(prompt.question.hasPrefix("unsaved edits to \(app)/Info.plist from "))
    // Saving removes it (an effect after the write).
    keys(&next, "r w y", files: SystemFileOperations())
    #expect(store.load(path: app + "/Info.plist") == nil)
  }

  /// A save before quitting asks about a file changed on disk before writing any.
  ///
  /// From a tester: `q` `s` showed no warning for such a file, wrote the others, then stopped
  /// at it: half the files saved.
  @Test func aSaveBeforeQuittingAsksAboutAChangedFileBeforeWritingAny() throws {
    let folder = try TemporaryFolder("reads-quit")
    let info = try folder.write("Quit.app/Info.plist", SaveTests.info)
    let privacy = try folder.write("Quit.app/PrivacyInfo.xcprivacy", CopyPasteTests.privacy)
    let app = info.replacingOccurrences(of: "/Info.plist", with: "")
    var state = try state(app)
    let infoFile = try #require(state.session.files.firstIndex { $0.path == "Info.plist" })
    let privacyFile = try #require(
      state.session.files.firstIndex { $0.path == "PrivacyInfo.xcprivacy" })
    let system = SystemFileOperations()
    state.select(.node(file: infoFile, path: [0]), reveal: .center)
    keys(&state, "e Ctrl-U N e w Enter", files: system)
    state.select(.node(file: privacyFile, path: [0]), reveal: .center)
    keys(&state, "Enter", files: system)  // flips NSPrivacyTracking
    let theirs = CopyPasteTests.privacy.replacingOccurrences(
      of: "kept as written", with: "changed by them")
    try Data(theirs.utf8).write(to: URL(fileURLWithPath: privacy))
    keys(&state, "q s", files: system)
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(review.warning?.contains("PrivacyInfo.xcprivacy changed on disk since read") == true)
    #expect(review.changedOnDisk == [privacyFile])
    keys(&state, "y", files: system)
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question")
      return
    }
    #expect(prompt.question.hasPrefix("PrivacyInfo.xcprivacy changed on disk since it was read"))
    // c: nothing is written, and the session stays.
    keys(&state, "c", files: system)
    #expect(try String(contentsOfFile: info, encoding: .utf8) == SaveTests.info)
    #expect(try String(contentsOfFile: privacy, encoding: .utf8) == theirs)
    #expect(state.session.unsavedFiles.count == 2)
    // o: both are written, over their change, and the session ends.
    var effects: [Effect] = []
    for event in VirtualTerminal.keys("q s y o") {
      effects = Inspector.handle(event, on: &state, files: system)
    }
    #expect(effects == [.quit])
    #expect(try String(contentsOfFile: info, encoding: .utf8).contains("<string>New</string>"))
    #expect(try String(contentsOfFile: privacy, encoding: .utf8).contains("<true/>"))
    #expect(!state.session.hasUnsavedChanges)
  }

  /// A save in XML of a value holding a control character warns first: Apple's tools read it,
  /// other XML parsers refuse it (a hostile tester's pasted key made plistlib fail).
  @Test func aControlCharacterInXMLIsSaidBeforeTheSave() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U a", files: SystemFileOperations())
    keys(&state, "Enter", files: SystemFileOperations())
    // The value typed cannot hold a raw ESC through the line editor: put one in directly.
    let node = try #require(state.session.node(.node(file: 0, path: [0])))
    try state.session.perform(
      file: 0, "set",
      [.replace(at: [0], with: Edit.replacement(for: node, value: .string("a\u{1B}b")))])
    keys(&state, "w", files: SystemFileOperations())
    guard case .review(let review)? = state.modal else {
      Issue.record("no review")
      return
    }
    #expect(
      review.warning?.contains(
        "the control character U+001B, which XML 1.0 does not allow: Apple's tools read the "
          + "file, other XML parsers (Python's plistlib) refuse it; b writes binary") == true)
    #expect(XMLEscaping.firstDisallowedControl(in: Array("a\tb\r\n".utf8)) == nil)
  }
}
