import Foundation
import PlistBundle
import PlistCore
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
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("infoscope-save-\(UUID().uuidString)").path
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
    for event in VirtualTerminal.keys(script) { _ = state.handle(event) }
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
    #expect(review.format == .xml)
    #expect(review.warning?.contains("was binary and is written as XML") == true)
    keys(&state, "b y")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: app + "/Info.plist")))
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    #expect(
      try PlistReader.read(bytes: bytes).root.value.dictionaryValue?["A"]?.value == .string("y"))
  }

  @Test func theSampleCannotBeSaved() {
    var state = AppState(session: UIFixtures.session, size: Size(width: 100, height: 30))
    state.session.isInMemory = true
    keys(&state, "j j d w")
    #expect(
      state.message?.text
        == "cannot save: the sample bundle lives in memory; there is no file to write")
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
