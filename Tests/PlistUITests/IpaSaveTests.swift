import CZip
import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import TestSupport
import Testing

@testable import PlistUI

/// Saving a file inside an `.ipa`: `w` asks for the path of a copy, reviews the diff under the
/// signature warning, and writes the copy; the original archive is never written.
@Suite struct IpaSaveTests {
  static let info = SaveTests.info
  static let entry = "Payload/Save.app/Info.plist"

  /// A fresh folder holding `Save.ipa` with `Payload/Save.app/Info.plist` and `PkgInfo`.
  func makeIPA() throws -> (folder: String, ipa: String) {
    let folder = try TemporaryFolder("ipasave").path
    let ipa = folder + "/Save.ipa"
    var code: Int32 = 0
    let archive = try #require(zip_open(ipa, ZIP_CREATE | ZIP_EXCL, &code))
    for (name, text) in [(Self.entry, Self.info), ("Payload/Save.app/PkgInfo", "APPL????")] {
      let bytes = Array(text.utf8)
      // libzip frees the copy (freep = 1) once the archive is written.
      let copy = try #require(malloc(bytes.count))
      bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(copy, base, $0.count) } }
      let source = try #require(zip_source_buffer(archive, copy, UInt64(bytes.count), 1))
      #expect(zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8) >= 0)
    }
    #expect(zip_close(archive) == 0)
    return (folder, ipa)
  }

  func state(_ ipa: String) throws -> AppState {
    let bundle = try BundleLoader.load(path: ipa)
    return AppState(
      session: Session(title: ipa, bundle: bundle), size: Size(width: 140, height: 30))
  }

  func keys(_ state: inout AppState, _ script: String) {
    for event in VirtualTerminal.keys(script) { _ = Inspector.handle(event, on: &state) }
  }

  /// Key names typing `text` one character at a time.
  func typing(_ text: String) -> String { text.map(String.init).joined(separator: " ") }

  func value(in ipa: String, _ key: String) throws -> PlistValue? {
    let bytes = try ZipArchive(path: ipa).contents(at: Self.entry, limit: 1 << 20)
    return try PlistReader.read(bytes: bytes).root.value.dictionaryValue?[key]?.value
  }

  @Test func writesACopyNamedByTheUserAfterTheReview() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try Data(contentsOf: URL(fileURLWithPath: ipa))
    var state = try state(ipa)
    keys(&state, "j j e Ctrl-U N e w Enter")
    #expect(state.session.saveTarget(0) == .archive(ipaPath: ipa, entry: Self.entry))
    keys(&state, "w")
    guard case .input(let prompt)? = state.modal else {
      Issue.record("no prompt: \(String(describing: state.message))")
      return
    }
    #expect(prompt.editor.text == folder + "/Save-edited.ipa")
    #expect(prompt.label == "write a copy of Save.ipa to")

    let copy = folder + "/Copy.ipa"
    keys(&state, "Ctrl-U \(typing(copy)) Enter")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(review.path == copy)
    #expect(review.entry == Self.entry)
    #expect(
      review.warning
        == "the copy's code signature no longer matches: re-sign it before installing or uploading")
    #expect(review.lines.contains("--- a/\(Self.entry)"))
    #expect(review.lines.contains("-    <string>Old</string>"))
    #expect(review.lines.contains("+    <string>New</string>"))
    let terminal = VirtualTerminal(size: Size(width: 140, height: 30), events: [])
    _ = Inspector.run(state, theme: .builtInDefault, on: terminal)
    let screen = terminal.screen.text
    #expect(screen.contains("Save \(Self.entry) in a copy at \(copy) as XML"))
    #expect(screen.contains("⚠ the copy's code signature no longer matches"))

    keys(&state, "y")
    #expect(state.modal == nil)
    #expect(
      state.message?.text
        == "wrote \(copy) (1 file changed); re-sign it before installing or uploading")
    #expect(state.message?.isError == false)
    #expect(!state.session.hasUnsavedChanges)
    #expect(try value(in: copy, "CFBundleDisplayName") == .string("New"))
    #expect(try value(in: copy, "CFBundleIdentifier") == .string("org.example.save"))
    #expect(
      try ZipArchive(path: copy).contents(at: "Payload/Save.app/PkgInfo", limit: 100)
        == Array("APPL????".utf8))
    #expect(try Data(contentsOf: URL(fileURLWithPath: ipa)) == original)
  }

  @Test func aSecondCopyCarriesTheEditsOfTheFirst() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    let first = folder + "/First.ipa"
    let second = folder + "/Second.ipa"
    keys(&state, "j j e Ctrl-U N e w Enter w Ctrl-U \(typing(first)) Enter y")
    keys(&state, "j e Ctrl-U o r g . n e w Enter w Ctrl-U \(typing(second)) Enter y")
    #expect(state.message?.isError == false, "\(String(describing: state.message))")
    #expect(try value(in: second, "CFBundleDisplayName") == .string("New"))
    #expect(try value(in: second, "CFBundleIdentifier") == .string("org.new"))
    #expect(try value(in: first, "CFBundleIdentifier") == .string("org.example.save"))
  }

  @Test func bInTheReviewWritesTheCopyInBinary() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    let copy = folder + "/Binary.ipa"
    keys(&state, "j j e Ctrl-U N e w Enter w Ctrl-U \(typing(copy)) Enter b")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(review.format == .binary)
    #expect(review.path == copy)
    #expect(review.entry == Self.entry)
    keys(&state, "y")
    let bytes = try ZipArchive(path: copy).contents(at: Self.entry, limit: 1 << 20)
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    #expect(try value(in: copy, "CFBundleDisplayName") == .string("New"))
  }

  @Test func saveOnQuitAsksForTheCopy() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    keys(&state, "j j e Ctrl-U N e w Enter q s")
    guard case .input(let prompt)? = state.modal else {
      Issue.record("no prompt: \(String(describing: state.modal))")
      return
    }
    #expect(prompt.purpose == .archiveCopy(file: 0, format: .xml))
    let copy = folder + "/Quit.ipa"
    keys(&state, "Ctrl-U \(typing(copy)) Enter y")
    #expect(!state.session.hasUnsavedChanges)
    #expect(try value(in: copy, "CFBundleDisplayName") == .string("New"))
  }

  @Test func refusesTheArchiveItselfAndAMissingFolderInThePrompt() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try Data(contentsOf: URL(fileURLWithPath: ipa))
    var state = try state(ipa)
    keys(&state, "j j e Ctrl-U N e w Enter w Ctrl-U \(typing(ipa)) Enter")
    guard case .input(let prompt)? = state.modal else {
      Issue.record("the prompt closed")
      return
    }
    #expect(
      prompt.error == "that is the .ipa itself; name another file so the original stays as it is")
    keys(&state, "Ctrl-U \(typing(folder + "/none/x.ipa")) Enter")
    guard case .input(let again)? = state.modal else {
      Issue.record("the prompt closed")
      return
    }
    #expect(again.error == "the folder \(folder)/none does not exist")
    keys(&state, "Esc")
    #expect(state.session.hasUnsavedChanges)
    #expect(try Data(contentsOf: URL(fileURLWithPath: ipa)) == original)
  }

  @Test func aFailedWriteKeepsTheEditsAndSaysWhy() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    let copy = folder + "/sub/Copy.ipa"
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: false)
    keys(&state, "j j e Ctrl-U N e w Enter w Ctrl-U \(typing(copy)) Enter")
    #expect({ if case .review? = state.modal { true } else { false } }())
    // The folder goes between the review and the write.
    try FileManager.default.removeItem(atPath: folder + "/sub")
    keys(&state, "y")
    #expect(state.message?.isError == true)
    #expect(state.message?.text.hasPrefix("no copy written, the edits are kept: ") == true)
    #expect(state.message?.text.contains("does not exist") == true)
    #expect(state.session.hasUnsavedChanges)
  }
}

extension IpaSaveTests {
  /// `q` then `s` in an `.ipa`: the copy's path, its review, and writing it quits (it used to
  /// stay open after writing).
  @Test func quitThenSaveInAnIPAQuitsOnceTheCopyIsWritten() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    keys(&state, "j j e Ctrl-U N e w Enter q s")
    guard case .input(let prompt)? = state.modal, case .archiveCopy = prompt.purpose else {
      Issue.record("no copy path asked: \(String(describing: state.modal))")
      return
    }
    var effects: [Effect] = []
    for event in VirtualTerminal.keys("Enter y") { effects += Inspector.handle(event, on: &state) }
    #expect(effects == [.quit])
    #expect(FileManager.default.fileExists(atPath: folder + "/Save-edited.ipa"))
    // Esc in the review instead: nothing written, no quit later.
    var other = try self.state(ipa)
    keys(&other, "j j e Ctrl-U M o r e Enter q s Enter Esc")
    #expect(!other.flow.quitsAfterArchiveCopy)
  }

  /// From a tester: `touch App.ipa` (or a chmod, or a hard link) after opening it made every
  /// copy fail as "changed on disk"; the archive is the same while it holds the same entries,
  /// and one that holds others is still refused.
  @Test func aTouchedArchiveIsTheSameOneAndARewrittenOneIsNot() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = try state(ipa)
    keys(&state, "j j e Ctrl-U N e w Enter")
    // Touched and made read-only: stamp and status times differ, the entries do not.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 3600), .posixPermissions: 0o444],
      ofItemAtPath: ipa)
    let copy = folder + "/Touched.ipa"
    keys(&state, "w Ctrl-U " + typing(copy) + " Enter y")
    #expect(state.message?.text.hasPrefix("wrote \(copy)") == true)
    #expect(try value(in: copy, "CFBundleDisplayName") == .string("New"))
    // Rewritten with other contents: refused, before the review.
    var other = try self.state(ipa)
    keys(&other, "j j e Ctrl-U O t h e r Enter")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: ipa)
    var code: Int32 = 0
    let archive = try #require(zip_open(ipa, 0, &code))
    let text = Array("APPLother".utf8)
    let buffer = try #require(malloc(text.count))
    text.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(buffer, base, $0.count) } }
    let source = try #require(zip_source_buffer(archive, buffer, UInt64(text.count), 1))
    #expect(zip_file_add(archive, "Payload/Save.app/PkgInfo", source, ZIP_FL_OVERWRITE) >= 0)
    #expect(zip_close(archive) == 0)
    keys(&other, "w Ctrl-U " + typing(folder + "/Other.ipa") + " Enter")
    #expect(other.message?.text.contains("changed on disk since it was opened") == true)
    #expect(!FileManager.default.fileExists(atPath: folder + "/Other.ipa"))
  }

  /// From a tester: edits to a file inside an `.ipa` had no recovery file, so a killed session
  /// lost them; they are kept under `IPA!/ENTRY` and offered when the archive is opened again.
  @Test func editsInsideAnArchiveAreKeptAndOfferedAgain() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = RecoveryStore(directory: folder + "/recovery")
    func open() throws -> AppState {
      var state = try self.state(ipa)
      state.session.recovery = store
      return state
    }
    var first = try open()
    keys(&first, "j j e Ctrl-U N e w Enter")
    let due = first.keepRecovery()
    #expect(due.count == 1)
    _ = Inspector.perform(due, on: &first)
    let key = ipa + "!/" + Self.entry
    #expect(store.load(path: key) != nil)
    // The session ends without a copy; the archive opened again offers the edits.
    var second = try open()
    _ = Inspector.perform(second.lookForRecoveries(), on: &second)
    guard case .confirm(let prompt)? = second.modal else {
      Issue.record("no offer")
      return
    }
    #expect(prompt.question.hasPrefix("unsaved edits to \(key) from "))
    #expect(prompt.question.hasSuffix("were kept when infoscope last stopped"))
    keys(&second, "r")
    #expect(
      try #require(second.session.files.first?.root?.value.dictionaryValue)["CFBundleDisplayName"]?
        .value == .string("New"))
    // Edits made on another tree than the one opened are offered with the warning.
    let record = try #require(store.load(path: key))
    try store.save(path: key, originalHash: record.originalHash &+ 1, content: record.content)
    var third = try open()
    _ = Inspector.perform(third.lookForRecoveries(), on: &third)
    guard case .confirm(let changed)? = third.modal else {
      Issue.record("no offer of the changed one")
      return
    }
    #expect(changed.question.contains("but the file has changed since"))
    // Written to a copy: the recovery goes.
    second.session.recovery = store
    keys(&second, "w Ctrl-U " + typing(folder + "/Kept.ipa") + " Enter y")
    #expect(second.message?.text.hasPrefix("wrote \(folder)/Kept.ipa") == true)
    #expect(store.load(path: key) == nil)
  }
}
