import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// Saves are effects the inspector loop performs (issue 14, part 1).
///
/// `AppState` asks for a write and hears back how it went. Each failure is driven through `Inspector.run` with
/// file-system calls that fail, as a full disk or a file changed on disk would.
@Suite struct WriteEffectTests {
  /// `Save.app` with SaveTests' Info.plist, in a fresh folder; its path.
  func makeBundle() throws -> String {
    try TemporaryFolder("effects").write("Save.app/Info.plist", SaveTests.info)
      .replacingOccurrences(of: "/Info.plist", with: "")
  }

  func state(_ app: String) throws -> AppState {
    AppState(
      session: Session(title: app, bundle: try BundleLoader.load(path: app)),
      size: Size(width: 100, height: 30))
  }

  /// Runs `keys` through the loop with `files`; the final state.
  func run(_ app: String, _ keys: String, files: any FileOperations) throws -> AppState {
    let terminal = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys(keys))
    return Inspector.run(try state(app), theme: .builtInDefault, on: terminal, files: files).1
  }

  @Test func aSaveIsAWriteEffectAndNothingIsWrittenUntilItIsPerformed() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    var state = try state(app)
    var asked: [Effect] = []
    for event in VirtualTerminal.keys("j j e Ctrl-U N e w Enter") { asked += state.handle(event) }
    // The first edit asks for the file's fingerprint; the loop takes it.
    #expect(asked == [.fingerprint(file: 0, path: app + "/Info.plist")])
    #expect(state.session.fingerprints[0] == nil)
    _ = Inspector.perform(asked, on: &state)
    #expect(state.session.fingerprints[0] != nil)
    // `w` asks for the file as it is on disk; the review opens once the loop has read it.
    asked = state.handle(.key(.character("w")))
    #expect(
      asked == [
        .readForReview(
          ReviewRead(
            entries: [.init(file: 0, path: app + "/Info.plist", format: .xml)],
            quitting: false))
      ])
    #expect(state.modal == nil)
    _ = Inspector.perform(asked, on: &state)
    guard case .review? = state.modal else {
      Issue.record("no review after the read, \(String(describing: state.modal))")
      return
    }
    let effects = state.handle(.key(.character("y")))
    guard case .write(let write)? = effects.first, effects.count == 1 else {
      Issue.record("expected one write effect, got \(effects)")
      return
    }
    #expect(write.path == app + "/Info.plist")
    #expect(write.format == .xml)
    #expect(String(decoding: write.bytes, as: UTF8.self).contains("<string>New</string>"))
    #expect(write.expected != nil)
    // The state asked; the file is as it was, and the edit still unsaved.
    #expect(try String(contentsOfFile: write.path, encoding: .utf8) == SaveTests.info)
    #expect(state.session.hasUnsavedChanges)
  }

  /// From a tester: the detail pane's Size kept the size read before the save.
  @Test func aSavedFileHasItsNewSize() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let state = try run(
      app, "j j e Ctrl-U L o n g e r N a m e Enter w y", files: SystemFileOperations())
    let size = try FileManager.default.attributesOfItem(atPath: app + "/Info.plist")[.size] as? Int
    #expect(size == SaveTests.info.utf8.count + "LongerName".count - "Old".count)
    #expect(state.session.files[0].size == size)
  }

  @Test func aFullDiskKeepsTheFileAndTheEdits() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let state = try run(
      app, "j j e Ctrl-U N e w Enter w y", files: FailingFileOperations(step: .write, code: ENOSPC))
    #expect(state.message?.isError == true)
    #expect(state.message?.text.contains("No space left on device") == true)
    #expect(state.message?.text.hasSuffix("the file is unchanged and the edits are kept") == true)
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8) == SaveTests.info)
    #expect(state.session.hasUnsavedChanges)
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: app) == ["Info.plist"])
  }

  @Test func aFileChangedOnDiskAsksThroughTheLoop() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let file = app + "/Info.plist"
    let terminal = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("j j e Ctrl-U N e w Enter w")
    )
    var (_, state) = Inspector.run(try state(app), theme: .builtInDefault, on: terminal)
    // Another program writes the file between the review and `y`.
    try Data(SaveTests.info.replacingOccurrences(of: "Old", with: "Theirs").utf8)
      .write(to: URL(fileURLWithPath: file))
    let answer = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("y"))
    (_, state) = Inspector.run(state, theme: .builtInDefault, on: answer)
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question: \(String(describing: state.message))")
      return
    }
    #expect(prompt.question == "\(file) changed on disk since it was read")
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Theirs"))
    // `o` overwrites: a second write effect, without the check.
    let overwrite = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("o"))
    (_, state) = Inspector.run(state, theme: .builtInDefault, on: overwrite)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<string>New</string>"))
    #expect(!state.session.hasUnsavedChanges)
  }

  @Test func aSaveBeforeQuittingStopsAtAFailureAndStays() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let terminal = VirtualTerminal(
      size: Size(width: 100, height: 30),
      events: VirtualTerminal.keys("j j e Ctrl-U N e w Enter q s y"))
    let (ending, state) = Inspector.run(
      try state(app), theme: .builtInDefault, on: terminal,
      files: FailingFileOperations(step: .write, code: EIO))
    #expect(ending == .inputEnded)  // not .quit: the write failed
    #expect(state.session.hasUnsavedChanges)
    #expect(!state.flow.isSavingBeforeQuit)
    #expect(state.message?.text.contains("Input/output error") == true)
  }

  @Test func aCopyOfAnIpaIntoAMissingFolderKeepsTheEdits() throws {
    var state = try state(try makeBundle())
    let copy = ArchiveCopyWrite(
      archive: "/nonexistent/App.ipa", copy: "/nonexistent/folder/Copy.ipa", replacements: [:],
      files: [], expecting: nil)
    let rest = Inspector.perform([.writeArchiveCopy(copy)], on: &state)
    #expect(rest.isEmpty)
    #expect(state.message?.isError == true)
    #expect(state.message?.text.hasPrefix("no copy written, the edits are kept: ") == true)
  }

  /// From a newcomer's run: `q s y` on a read-only file asked, and `o` wrote it but stayed;
  /// overwriting now goes on with the save before quitting and quits.
  @Test func overwritingAReadOnlyFileDuringASaveBeforeQuittingQuits() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let file = app + "/Info.plist"
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    let asked = VirtualTerminal(
      size: Size(width: 100, height: 30),
      events: VirtualTerminal.keys("j j e Ctrl-U N e w Enter q s y"))
    var (ending, state) = Inspector.run(try state(app), theme: .builtInDefault, on: asked)
    #expect(ending == .inputEnded)
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question: \(String(describing: state.message))")
      return
    }
    #expect(prompt.question.hasPrefix("\(file) was not written: it is read-only"))
    let overwrite = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("o"))
    (ending, state) = Inspector.run(state, theme: .builtInDefault, on: overwrite)
    #expect(ending == .quit)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<string>New</string>"))
  }
}
