import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// Saving from the inspector: the reviewed diff, the write, permissions, a file changed on disk,
/// binary written as XML, and the sample that cannot be saved.
@Suite struct SaveTests {
  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleDisplayName</key>
        <string>Old</string>
        <key>CFBundleIdentifier</key>
        <string>org.example.save</string>
    </dict>
    </plist>

    """

  /// A folder `Save.app` holding `Info.plist` with `text`, in a fresh temporary directory.
  func makeBundle(_ text: String = info, mode: Int = 0o640) throws -> String {
    let root = TemporaryFolder.uniqueURL("save").path
    let app = root + "/Save.app"
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    let file = app + "/Info.plist"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    return app
  }

  func state(_ app: String) throws -> AppState {
    let bundle = try BundleLoader.load(path: app)
    return AppState(
      session: Session(title: app, bundle: bundle), size: Size(width: 100, height: 30))
  }

  func keys(_ state: inout AppState, _ script: String) {
    for event in VirtualTerminal.keys(script) { _ = Inspector.handle(event, on: &state) }
  }

  @Test func reviewsTheDiffThenWritesOnlyTheEditedLine() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter w")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(review.lines.contains("-    <string>Old</string>"))
    #expect(review.lines.contains("+    <string>New</string>"))
    #expect(review.lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count == 1)
    keys(&state, "y")
    let written = try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
    #expect(written == Self.info.replacingOccurrences(of: "Old", with: "New"))
    let mode = try FileManager.default.attributesOfItem(atPath: app + "/Info.plist")[
      .posixPermissions]
    #expect((mode as? Int) == 0o640)
    #expect(!state.session.hasUnsavedChanges)
    #expect(state.message?.text == "wrote \(app)/Info.plist")
  }

  @Test func escapeInTheReviewWritesNothing() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter w Esc")
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8) == Self.info)
    #expect(state.session.hasUnsavedChanges)
  }

  @Test func aFileChangedOnDiskIsNotOverwrittenSilently() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter")
    let outside = Self.info.replacingOccurrences(of: "org.example.save", with: "org.example.other")
    try Data(outside.utf8).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    keys(&state, "w y")
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question: \(String(describing: state.message))")
      return
    }
    #expect(prompt.question == "\(app)/Info.plist changed on disk since it was read")
    keys(&state, "c")
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8) == outside)
    #expect(state.session.hasUnsavedChanges)
    keys(&state, "w y o")
    let written = try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
    #expect(written.contains("<string>New</string>"))
    #expect(written.contains("org.example.save"))
  }

  @Test func reloadDropsTheEdits() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter")
    let outside = Self.info.replacingOccurrences(of: "Old", with: "Outside")
    try Data(outside.utf8).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    keys(&state, "w y r")
    #expect(!state.session.hasUnsavedChanges)
    let root = try #require(state.session.files[0].root)
    #expect(root.value.dictionaryValue?["CFBundleDisplayName"]?.value == .string("Outside"))
  }

  @Test func aBinaryFileIsWrittenBackAsXMLOrBinary() throws {
    let binary = try BinaryPlistWriter.write(
      PlistNode(.dictionary(PlistDictionary([PlistEntry(key: "A", node: PlistNode(.string("x")))])))
    )
    let app = try makeBundle()
    try Data(binary).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    var state = try state(app)
    keys(&state, "j j e Ctrl-U y Enter w")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review")
      return
    }
    // Binary by default, the change shown as XML on both sides, never as raw bytes.
    #expect(review.format == .binary)
    #expect(review.lines.contains("-\t<string>x</string>"))
    #expect(review.lines.contains("+\t<string>y</string>"))
    #expect(!review.lines.contains { $0.contains("bplist") })
    #expect(review.warning?.contains("written as binary; the diff shows both sides as XML") == true)
    keys(&state, "x")
    guard case .review(let asXML)? = state.modal else {
      Issue.record("no review after x")
      return
    }
    #expect(asXML.format == .xml)
    #expect(asXML.warning?.contains("was binary and is written as XML") == true)
    #expect(asXML.lines.contains("+\t<string>y</string>"))
    // Written as XML, the next save offers XML: the default follows the file as it is now.
    keys(&state, "y e Ctrl-U z Enter w")
    guard case .review(let next)? = state.modal else {
      Issue.record("no second review")
      return
    }
    #expect(next.format == .xml)
    keys(&state, "b y")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: app + "/Info.plist")))
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    #expect(
      try PlistReader.read(bytes: bytes).root.value.dictionaryValue?["A"]?.value == .string("z"))
  }

  /// The sample lives in memory: `w` shows the diff a save would write, and writes nothing.
  @Test func theSampleShowsTheDiffItWouldWrite() {
    var state = AppState(session: UIFixtures.session, size: Size(width: 100, height: 30))
    state.session.isInMemory = true
    keys(&state, "j j d w")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.message))")
      return
    }
    #expect(review.isDryRun)
    #expect(review.lines.contains("-\t<key>CFBundleDisplayName</key>"))
    #expect(review.warning?.hasPrefix("the sample lives in memory") == true)
    keys(&state, "y")
    #expect(state.message?.text == "the sample lives in memory: nothing was written")
    #expect(state.session.hasUnsavedChanges)
  }
}

extension SaveTests {
  @Test func theReviewSaysWhenTheFileChangedOnDisk() throws {
    let app = try makeBundle()
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter")
    try Data(Self.info.replacingOccurrences(of: "save", with: "other").utf8)
      .write(to: URL(fileURLWithPath: app + "/Info.plist"))
    keys(&state, "w")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review")
      return
    }
    #expect(review.warning?.hasPrefix("the file changed on disk since it was read") == true)
  }
}

extension SaveTests {
  /// `q` then `s` shows the review of every file it writes, each diff under the file's name,
  /// before writing (it used to write them unseen); `y` writes them all and quits, Esc writes
  /// nothing.
  @Test func quitThenSaveReviewsEveryFileFirst() throws {
    let app = try makeBundle()
    let appex = app + "/PlugIns/Widget.appex"
    try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
    let widget = Self.info.replacingOccurrences(of: "org.example.save", with: "org.example.save.w")
    try Data(widget.utf8).write(to: URL(fileURLWithPath: appex + "/Info.plist"))
    var state = try state(app)
    let files = state.session.files.map(\.path)
    let (main, ext) = (
      try #require(files.firstIndex { $0.hasSuffix("Info.plist") && !$0.contains("Widget") }),
      try #require(files.firstIndex { $0.hasSuffix("Widget.appex/Info.plist") })
    )
    try state.session.perform(
      file: main, "set", [.replace(at: [0], with: PlistNode(.string("New")))])
    try state.session.perform(
      file: ext, "set", [.replace(at: [0], with: PlistNode(.string("Widget")))])
    #expect(state.session.unsavedFiles.count == 2)
    keys(&state, "q s")
    guard case .review(let review)? = state.modal else {
      Issue.record("no review: \(String(describing: state.modal))")
      return
    }
    #expect(Set(review.quitting.map(\.path)) == [app + "/Info.plist", appex + "/Info.plist"])
    #expect(review.lines.contains("\(files[main]), written as XML:"))
    #expect(review.lines.contains("\(files[ext]), written as XML:"))
    #expect(review.lines.contains("+    <string>New</string>"))
    #expect(review.lines.contains("+    <string>Widget</string>"))
    let screen = ScreenRenderer.render(state)
    #expect(
      screen.line(1).contains(
        "Save 2 files, then quit: Info.plist, PlugIns/Widget.appex/Info.plist"))
    // Nothing is written before y; Esc writes nothing and stays.
    keys(&state, "Esc")
    #expect(state.modal == nil && state.session.unsavedFiles.count == 2)
    #expect(try String(contentsOfFile: app + "/Info.plist", encoding: .utf8) == Self.info)
    var effects: [Effect] = []
    for event in VirtualTerminal.keys("q s y") { effects += Inspector.handle(event, on: &state) }
    #expect(effects == [.quit])
    #expect(!state.session.hasUnsavedChanges)
    #expect(
      try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
        == Self.info.replacingOccurrences(of: "Old", with: "New"))
    #expect(
      try String(contentsOfFile: appex + "/Info.plist", encoding: .utf8)
        == widget.replacingOccurrences(of: "Old", with: "Widget"))
  }
}

extension SaveTests {
  /// `v` opens the file in the user's editor through the terminal, then reads it again; a
  /// file with unsaved edits is refused first, and one the editor broke keeps its tree.
  @Test func vOpensTheEditorAndReadsTheFileAgain() throws {
    let app = try makeBundle()
    let file = app + "/Info.plist"
    let terminal = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("j j v"))
    terminal.programRunner = { _ in
      try? Data(Self.info.replacingOccurrences(of: "Old", with: "Outside").utf8)
        .write(to: URL(fileURLWithPath: file))
      return 0
    }
    let (_, after) = Inspector.run(try state(app), theme: .builtInDefault, on: terminal)
    #expect(terminal.programs.count == 1)
    #expect(terminal.programs.first?.last == file)
    #expect(terminal.programs.first?.first == "sh")
    #expect(
      after.session.files[0].root?.value.dictionaryValue?["CFBundleDisplayName"]?.value
        == .string("Outside"))
    #expect(after.message?.text.hasPrefix("read Info.plist again after ") == true)
    // Unsaved edits: refused, no editor.
    let dirty = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("j j d v"))
    let (_, refused) = Inspector.run(try state(app), theme: .builtInDefault, on: dirty)
    #expect(dirty.programs.isEmpty)
    #expect(
      refused.message?.text.hasSuffix("has unsaved edits: w saves them, U puts the file back")
        == true)
    // The editor leaves a file that does not read: the tree stays, and says why.
    let broken = VirtualTerminal(
      size: Size(width: 100, height: 30), events: VirtualTerminal.keys("j j v"))
    broken.programRunner = { _ in
      try? Data("<plist><dict><key>".utf8).write(to: URL(fileURLWithPath: file))
      return 1
    }
    let (_, kept) = Inspector.run(try state(app), theme: .builtInDefault, on: broken)
    #expect(
      kept.session.files[0].root?.value.dictionaryValue?["CFBundleDisplayName"]?.value
        == .string("Outside"))
    #expect(kept.message?.isError == true)
    #expect(
      kept.message?.text.hasSuffix("the tree shows the file as it was before the editor") == true)
  }
}

extension SaveTests {
  /// A read-only file asks before it is overwritten, saying why in one clause (it said "is
  /// read-only: it is read-only").
  @Test func aReadOnlyFileAsksOnceSayingWhy() throws {
    let app = try makeBundle(mode: 0o444)
    var state = try state(app)
    keys(&state, "j j e Ctrl-U N e w Enter w y")
    guard case .confirm(let prompt)? = state.modal, case .readOnly = prompt.action else {
      Issue.record("no question: \(String(describing: state.message))")
      return
    }
    #expect(prompt.question.hasPrefix("\(app)/Info.plist was not written: "))
    #expect(!prompt.question.contains("is read-only: it is read-only"))
    #expect(prompt.answers.map(\.key) == ["o", "c"])
  }
}
