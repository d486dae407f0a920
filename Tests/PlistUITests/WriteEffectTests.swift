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
  /// The real file-system calls, except that writing data fails with `code`.
  struct FailingWrites: FileOperations {
    let code: Int32
    let real = SystemFileOperations()

    func makeTemporaryFile(
      template: String
    ) throws(SystemError) -> (descriptor: Int32, path: String) {
      try real.makeTemporaryFile(template: template)
    }
    func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
      throw SystemError(code)
    }
    func synchronize(_ descriptor: Int32) throws(SystemError) { try real.synchronize(descriptor) }
    func changeOwner(_ descriptor: Int32, user: UInt32, group: UInt32) throws(SystemError) {
      try real.changeOwner(descriptor, user: user, group: group)
    }
    func changeMode(_ descriptor: Int32, _ mode: UInt32) throws(SystemError) {
      try real.changeMode(descriptor, mode)
    }
    func close(_ descriptor: Int32) throws(SystemError) { try real.close(descriptor) }
    func rename(_ source: String, to destination: String) throws(SystemError) {
      try real.rename(source, to: destination)
    }
    func remove(_ path: String) throws(SystemError) { try real.remove(path) }
    func synchronizeDirectory(_ path: String) throws(SystemError) {
      try real.synchronizeDirectory(path)
    }
    func exchange(_ source: String, with destination: String) throws(SystemError) {
      try real.exchange(source, with: destination)
    }
  }

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
    for event in VirtualTerminal.keys("j j e Ctrl-U N e w Enter w") { _ = state.handle(event) }
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

  @Test func aFullDiskKeepsTheFileAndTheEdits() throws {
    let app = try makeBundle()
    defer {
      try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }
    let state = try run(app, "j j e Ctrl-U N e w Enter w y", files: FailingWrites(code: ENOSPC))
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
      try state(app), theme: .builtInDefault, on: terminal, files: FailingWrites(code: EIO))
    #expect(ending == .inputEnded)  // not .quit: the write failed
    #expect(state.session.hasUnsavedChanges)
    #expect(state.savesBeforeQuit == nil)
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
}
