import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistUI

/// Every key of every context is in the keymap (issue 14, part 1): the help overlay, the save
/// review, pick lists, questions and the lines being typed read their keys from it, so help
/// lists them and a keymap can rebind them.
@Suite struct ModalKeymapTests {
  static let size = Size(width: 120, height: 40)

  /// The keys the overlays and prompts answered before they were in the keymap, with what
  /// each does: the defaults must keep every one.
  static let expected: [(KeyContext, Key, Command)] = [
    (.help, .character("j"), .down), (.help, .down, .down), (.help, .character("k"), .up),
    (.help, .character(" "), .pageDown), (.help, .control("b"), .pageUp),
    (.help, .character("g"), .first),
    (.review, .character("y"), .accept), (.review, .character("w"), .accept),
    (.review, .enter, .accept), (.review, .character("b"), .writeBinary),
    (.review, .character("x"), .writeXML), (.review, .escape, .cancel),
    (.review, .character("n"), .cancel), (.review, .character("q"), .cancel),
    (.review, .character(" "), .pageDown), (.review, .character("j"), .down),
    (.pickList, .tab, .nextChoice), (.pickList, .control("p"), .previousChoice),
    (.pickList, .home, .firstChoice), (.pickList, .end, .lastChoice),
    (.pickList, .enter, .accept), (.pickList, .backspace, .deleteBackward),
    (.pickList, .escape, .cancel), (.question, .escape, .cancel),
    (.prompt, .enter, .accept), (.prompt, .escape, .cancel), (.prompt, .control("a"), .lineStart),
    (.prompt, .control("e"), .lineEnd), (.prompt, .alt("b"), .wordLeft),
    (.prompt, .control("w"), .deleteWord), (.prompt, .control("u"), .deleteToStart),
    (.prompt, .control("k"), .deleteToEnd), (.prompt, .backspace, .deleteBackward),
    (.search, .up, .historyBack), (.search, .down, .historyForward),
    (.completion, .tab, .nextChoice), (.completion, .backTab, .previousChoice),
  ]

  @Test func theDefaultsBindEveryKeyTheOverlaysAndPromptsAnswer() {
    for (context, key, command) in Self.expected {
      #expect(Keymap.defaults.command(for: key, in: context) == command, "\(context) \(key)")
    }
    // An overlay's keys never fall back to the tree's: j is text in a prompt.
    #expect(Keymap.defaults.command(for: .character("j"), in: .prompt) == nil)
    #expect(Keymap.defaults.command(for: .character("q"), in: .pickList) == nil)
  }

  @Test func helpListsEveryKeyOfEveryOverlayUnderItsHeading() {
    let text = HelpPane.lines(.defaults).map { $0.map(\.text).joined() }
    for context in KeyContext.allCases where context.isModal {
      let title = context.title ?? ""
      guard let start = text.firstIndex(where: { $0.hasPrefix(title) }) else {
        Issue.record("no section \(title)")
        continue
      }
      let section = text[start...].prefix { !$0.isEmpty }
      for command in Command.allCases {
        for key in Keymap.defaults.keys(for: command, in: context) {
          #expect(
            section.contains {
              $0.contains(key.description) && $0.contains(command.help(in: context))
            },
            "\(title): \(key) \(command)")
        }
      }
    }
  }

  @Test func theSaveReviewFollowsARebinding() throws {
    var keymap = Keymap.defaults
    keymap.bind([.character("y"), .character("w"), .enter], to: .down, in: .review)
    keymap.bind([.character("Y")], to: .accept, in: .review)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("infoscope-rebind-\(UUID().uuidString)/Save.app")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let file = folder.appendingPathComponent("Info.plist")
    try Data(SaveTests.info.utf8).write(to: file)
    var state = AppState(
      session: Session(title: folder.path, bundle: try BundleLoader.load(path: folder.path)),
      size: Self.size, keymap: keymap)
    for event in VirtualTerminal.keys("j j e Ctrl-U N e w Enter w y") {
      _ = Inspector.handle(event, on: &state)
    }
    // y now scrolls: the review is still open and nothing was written.
    guard case .review? = state.modal else {
      Issue.record("the review closed: \(String(describing: state.message))")
      return
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == SaveTests.info)
    _ = Inspector.handle(.key(.character("Y")), on: &state)
    #expect(state.modal == nil)
    #expect(try String(contentsOf: file, encoding: .utf8).contains("<string>New</string>"))
  }

  @Test func theHelpOverlayAndTheSearchLineFollowARebinding() {
    var keymap = Keymap.defaults
    keymap.bind([.character("J")], to: .down, in: .help)
    keymap.bind([.control("o")], to: .historyBack, in: .search)
    var state = AppState(session: UIFixtures.session, size: Self.size, keymap: keymap)
    for event in VirtualTerminal.keys("? J J") { _ = state.handle(event) }
    #expect(state.helpScroll == 2)
    for event in VirtualTerminal.keys("Esc / L a n t Enter / Ctrl-O") { _ = state.handle(event) }
    #expect(state.search.line?.text == "Lant")
  }
}
