import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistUI

/// Never losing work by surprise: Ctrl-C asks as `q` does, the unsaved mark on the title bar,
/// the file's row and the status line, `q` then `s` reviews every file it writes, and the
/// answer keys of a question always show.
@Suite struct UnsavedWorkTests {
  static let size = Size(width: 120, height: 40)

  func state(_ keys: String = "") -> AppState {
    var state = AppState(session: UIFixtures.session, size: Self.size)
    for event in VirtualTerminal.keys(keys) { _ = Inspector.handle(event, on: &state) }
    return state
  }

  func press(_ state: inout AppState, _ keys: String) -> [Effect] {
    VirtualTerminal.keys(keys).flatMap { Inspector.handle($0, on: &state) }
  }

  @Test func ctrlCWithNothingUnsavedEndsAsAnInterrupt() {
    var s = state("j j")
    #expect(press(&s, "Ctrl-C") == [.interrupt])
    let (ending, _) = Inspector.run(
      state(), theme: .builtInDefault,
      on: VirtualTerminal(size: Self.size, events: VirtualTerminal.keys("j Ctrl-C j")))
    #expect(ending == .interrupted)
  }

  /// Ctrl-C with an unsaved edit asks, as q does (it used to end the program at once, leaving
  /// only a recovery file).
  @Test func ctrlCWithUnsavedEditsAsksAsQDoes() {
    var s = state("j j d")
    #expect(s.session.hasUnsavedChanges)
    #expect(press(&s, "Ctrl-C").isEmpty)
    guard case .confirm(let prompt)? = s.modal, case .quit = prompt.action else {
      Issue.record("no question: \(String(describing: s.modal))")
      return
    }
    #expect(prompt.question == "1 file has unsaved changes")
    #expect(prompt.answers.map(\.key) == ["s", "d", "c"])
    // Ctrl-C inside the question cancels it, and nothing is lost.
    #expect(press(&s, "Ctrl-C").isEmpty)
    #expect(s.modal == nil)
    #expect(s.message?.text == "cancelled")
    #expect(s.session.hasUnsavedChanges)
    // d discards and quits.
    #expect(press(&s, "Ctrl-C d") == [.quit])
  }

  @Test func ctrlCCancelsPromptsEditorsAndHelp() {
    for script in ["/ C F", "j j j e x", "?", "j j t"] {
      var s = state(script)
      #expect(s.modal != nil || s.search.line != nil || s.helpScroll != nil, "\(script)")
      #expect(press(&s, "Ctrl-C").isEmpty, "\(script)")
      #expect(s.modal == nil && s.search.line == nil && s.helpScroll == nil, "\(script)")
      #expect(!s.session.hasUnsavedChanges, "\(script)")
    }
  }

  @Test func theUnsavedMarkShowsOnTheTitleTheFileRowAndTheStatusLine() {
    let (clean, cleanScreen) = UIFixtures.run("j j", size: Self.size)
    #expect(!clean.session.hasUnsavedChanges)
    #expect(!cleanScreen.line(0).contains("[+]"))
    let (edited, screen) = UIFixtures.run("j j d", size: Self.size)
    #expect(edited.session.unsavedFiles == [0])
    #expect(screen.line(0).contains("[+] 1 unsaved"))
    #expect((1..<39).contains { screen.line($0).contains("Info.plist [+]") })
    #expect(edited.message?.text.hasSuffix("(u undoes)") == true)
    // Once the message is gone, the status line carries the mark beside the file's path.
    let (_, later) = UIFixtures.run("j j d j", size: Self.size)
    #expect(later.line(39).contains("Lantern.app/Info.plist [+]"))
    // Undo takes the mark away.
    let (_, undone) = UIFixtures.run("j j d u", size: Self.size)
    #expect(!undone.line(0).contains("[+]"))
  }

  /// Tab follows the panes' order on screen: the tree, the detail pane, the findings list.
  @Test func tabFollowsThePanesOrderOnScreen() {
    var s = state()
    var order: [PaneID] = []
    for _ in 0..<3 {
      _ = press(&s, "Tab")
      order.append(s.focus)
    }
    #expect(order == [.detail, .findings, .tree])
    _ = press(&s, "Shift-Tab")
    #expect(s.focus == .findings)
  }

  /// A question longer than the screen is wide wraps onto rows above the status line, so its
  /// answer keys still show (at 40 columns they used to be cut off).
  @Test func aQuestionWrapsSoItsAnswerKeysShow() {
    let size = Size(width: 40, height: 12)
    let (s, screen) = UIFixtures.run("j j d q", size: size)
    guard case .confirm = s.modal else {
      Issue.record("no question")
      return
    }
    let bottom = (8..<12).map { screen.line($0) }.joined(separator: "\n")
    #expect(bottom.contains("1 file has unsaved changes"))
    #expect(bottom.contains("s save and quit"))
    #expect(bottom.contains("d discard and quit"))
    #expect(bottom.contains("c cancel"))
    // At 120 columns it fits on the status line.
    let (_, wide) = UIFixtures.run("j j d q", size: Self.size)
    #expect(wide.line(39).contains("1 file has unsaved changes  s save and quit"))
    #expect(wide.line(39).contains("c cancel"))
  }

  /// e in the findings list edits the key of the finding under the list's cursor.
  @Test func eInTheFindingsListEditsTheFindingsKey() {
    var s = state("Tab Tab")
    let camera = s.findings.sorted.firstIndex {
      s.session.findings[$0].keyPath.description == "NSCameraUsageDescription"
    }
    guard let camera else {
      Issue.record("no camera finding in the fixture")
      return
    }
    for _ in 0..<camera { _ = press(&s, "j") }
    _ = press(&s, "e")
    #expect(s.focus == .tree)
    guard case .input(let prompt)? = s.modal, case .value(let item, _) = prompt.purpose else {
      Issue.record("no editor: \(String(describing: s.message))")
      return
    }
    #expect(s.session.keyPath(item).description == "NSCameraUsageDescription")
    // A finding about a key the file lacks says so instead of editing its dictionary.
    var t = state("Tab Tab")
    let missing = t.findings.sorted.firstIndex {
      let f = t.session.findings[$0]
      guard let item = t.session.findingItems[$0] else { return false }
      return !f.keyPath.isRoot && t.session.keyPath(item) != f.keyPath
    }
    if let missing {
      for _ in 0..<missing { _ = press(&t, "j") }
      _ = press(&t, "e")
      #expect(t.modal == nil)
      #expect(t.message?.text.contains("is not in the file: a adds it here") == true)
    }
  }
}

extension UnsavedWorkTests {
  /// `dd` (vim's habit) deletes one row, not two; a third `d` deletes the next.
  @Test func ddIsOneDelete() {
    let before = state("j j")
    let count = before.session.files[0].root?.value.childCount ?? 0
    let once = state("j j d")
    #expect(once.session.files[0].root?.value.childCount == count - 1)
    #expect(once.message?.text.hasPrefix("deleted ") == true)
    #expect(once.message?.text.hasSuffix("(u undoes)") == true)
    let twice = state("j j d d")
    #expect(twice.session.files[0].root?.value.childCount == count - 1)
    #expect(twice.message?.text.contains("dd deletes one row; u undoes") == true)
    // One undo brings it back.
    #expect(state("j j d d u").session.files[0].root?.value.childCount == count)
    let thrice = state("j j d d d")
    #expect(thrice.session.files[0].root?.value.childCount == count - 2)
    // A key between two d's makes them two deletes.
    #expect(state("j j d j d").session.files[0].root?.value.childCount == count - 2)
  }
}

extension UnsavedWorkTests {
  /// `U` puts a file back as it was saved, after asking; `Ctrl-R` brings the edits back.
  @Test func uRevertsAFileToItsSavedStateAndCtrlRRedoes() {
    var s = state("j j d j e Ctrl-U N e w Enter")
    let edited = s.session.files[0].root
    #expect(s.session.unsavedFiles == [0])
    _ = press(&s, "U")
    guard case .confirm(let prompt)? = s.modal, case .revert = prompt.action else {
      Issue.record("no question: \(String(describing: s.message))")
      return
    }
    _ = press(&s, "y")
    #expect(s.session.unsavedFiles.isEmpty)
    #expect(s.session.files[0].root == UIFixtures.session.files[0].root)
    #expect(s.message?.text.hasSuffix("back as it was saved (Ctrl-R redoes)") == true)
    _ = press(&s, "Ctrl-R Ctrl-R")
    #expect(s.session.files[0].root == edited)
    // Nothing unsaved: U says so.
    var clean = state("j j")
    _ = press(&clean, "U")
    #expect(clean.modal == nil)
    #expect(clean.message?.text.hasSuffix("has no unsaved edits") == true)
  }
}
