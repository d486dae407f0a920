import Foundation
import PlistCore
import PlistEditing
import Testing

@testable import PlistUI

/// The small state types the inspector's prompts and flows are made of (issue 14, part 1):
/// each takes a command and answers what it did, without a session or a terminal.
@Suite struct ModalStateTests {
  let keymap = Keymap.defaults

  func prompt(_ text: String = "", suggestions: [String] = []) -> InputPrompt {
    var prompt = InputPrompt(
      purpose: .rename(.branch(0)), editor: LineEditor(text), error: "refused before",
      label: "key")
    prompt.suggestions = suggestions.map { ($0, nil) }
    return prompt
  }

  func apply(_ prompt: inout InputPrompt, _ key: Key) -> InputPrompt.Outcome {
    prompt.apply(
      completion: keymap.command(for: key, in: .completion),
      line: keymap.command(for: key, in: .prompt), typed: key)
  }

  @Test func theLinePromptTypesEditsAndAnswers() {
    var p = prompt("CFBundle")
    #expect(apply(&p, .character("X")) == .editing(textChanged: true))
    #expect(p.editor.text == "CFBundleX")
    #expect(p.error == nil)
    #expect(apply(&p, .backspace) == .editing(textChanged: true))
    #expect(apply(&p, .control("w")) == .editing(textChanged: true))
    #expect(p.editor.text.isEmpty)
    #expect(apply(&p, .enter) == .commit)
    #expect(apply(&p, .escape) == .cancel)
  }

  @Test func completionsMoveWithTabAndWrap() {
    var p = prompt(
      "NSCam", suggestions: ["NSCameraUsageDescription", "NSCameraPortraitEffectEnabled"])
    #expect(apply(&p, .tab) == .editing(textChanged: false))
    #expect(p.choice == 0)
    #expect(apply(&p, .tab) == .editing(textChanged: false))
    #expect(p.choice == 1)
    #expect(apply(&p, .tab) == .editing(textChanged: false))
    #expect(p.choice == 0)
    #expect(apply(&p, .backTab) == .editing(textChanged: false))
    #expect(p.choice == 1)
    // The text is untouched, and the refusal stays until the text changes.
    #expect(p.editor.text == "NSCam")
    #expect(p.error == "refused before")
    // Without completions, Tab is not a completion move.
    var q = prompt("x")
    #expect(apply(&q, .tab) == .editing(textChanged: true))
    #expect(q.choice == nil)
  }

  func list(_ options: [String], acceptsOther: Bool = false) -> ChoicePrompt {
    ChoicePrompt(
      purpose: .changeType(.branch(0)), title: "type", options: options, choice: 0,
      acceptsOther: acceptsOther)
  }

  func apply(_ list: inout ChoicePrompt, _ key: Key) -> ChoicePrompt.Outcome {
    list.apply(keymap.command(for: key, in: .pickList), typed: key)
  }

  @Test func aPickListFiltersAsYouTypeAndChooses() {
    var l = list(["String", "Integer", "Boolean", "Dictionary"])
    // "j" and "k" are typed into the filter, never taken as moves.
    #expect(apply(&l, .character("i")) == .editing)
    #expect(l.filter == "i")
    #expect(l.visible == [1, 0, 3])  // starting with "i" first, then holding it
    #expect(l.choice == 0)  // still shown, so still highlighted
    #expect(apply(&l, .down) == .editing)
    #expect(l.choice == 3)
    #expect(apply(&l, .down) == .editing)
    #expect(l.choice == 1)  // wraps
    #expect(apply(&l, .character("c")) == .editing)
    #expect(l.visible == [3])
    #expect(l.choice == 3)
    #expect(apply(&l, .enter) == .chose(other: nil))
    #expect(apply(&l, .backspace) == .editing)
    #expect(l.filter == "i")
    #expect(apply(&l, .escape) == .cancel)
  }

  @Test func anUnlistedValueIsTakenOnlyWhereTheListIsOpen() {
    var closed = list(["arm64", "armv7"])
    for c in "x86" { _ = apply(&closed, .character(c)) }
    #expect(closed.visible.isEmpty)
    #expect(apply(&closed, .enter) == .noMatch)
    var open = list(["arm64", "armv7"], acceptsOther: true)
    for c in "x86" { _ = apply(&open, .character(c)) }
    #expect(apply(&open, .enter) == .chose(other: "x86"))
  }

  func review(lines: Int, format: PlistFormat = .xml, quitting: Bool = false) -> SaveReview {
    var review = SaveReview(
      file: 0, path: "/tmp/Info.plist", format: format,
      lines: (0..<lines).map { "line \($0)" }, warning: nil, scroll: 0)
    if quitting { review.quitting = [(0, "/tmp/Info.plist", format)] }
    return review
  }

  @Test func theSaveReviewScrollsWithinItsDiffAndAnswers() {
    var r = review(lines: 30)
    #expect(r.apply(.pageDown, rows: 10) == .scrolled)
    #expect(r.scroll == 10)
    #expect(r.apply(.pageDown, rows: 10) == .scrolled)
    #expect(r.apply(.pageDown, rows: 10) == .scrolled)
    #expect(r.scroll == 20)  // the last page, not past it
    #expect(r.apply(.up, rows: 10) == .scrolled)
    #expect(r.scroll == 19)
    #expect(r.apply(.accept, rows: 10) == .accept)
    #expect(r.apply(.cancel, rows: 10) == .cancel)
    #expect(r.apply(.writeBinary, rows: 10) == .write(.binary))
    #expect(r.apply(.writeXML, rows: 10) == .scrolled)  // already XML
    // Before quitting each file keeps its own format.
    var q = review(lines: 3, quitting: true)
    #expect(q.apply(.writeBinary, rows: 10) == .scrolled)
  }

  @Test func theEditFlowQueuesSavesAndRecoveriesInOrder() {
    var flow = EditFlow()
    #expect(!flow.isSavingBeforeQuit)
    #expect(flow.nextSaveBeforeQuit() == nil)
    flow.startSavingBeforeQuit([(2, .xml), (0, .binary)])
    #expect(flow.isSavingBeforeQuit)
    #expect(flow.nextSaveBeforeQuit().map { [$0.file] } == [2])
    #expect(flow.nextSaveBeforeQuit().map { [$0.file] } == [0])
    #expect(flow.nextSaveBeforeQuit() == nil)
    #expect(flow.isSavingBeforeQuit)  // until stopped: the caller then quits or asks for a copy
    flow.stopSavingBeforeQuit()
    #expect(!flow.isSavingBeforeQuit)
    let record = RecoveryStore.Record(
      path: "/a", originalHash: 1, savedAt: Date(timeIntervalSinceReferenceDate: 0), content: [])
    flow.queueRecoveries([
      FoundRecovery(file: 3, record: record, fileChanged: false),
      FoundRecovery(file: 1, record: record, fileChanged: true),
    ])
    #expect(flow.nextRecovery()?.file == 3)
    #expect(flow.nextRecovery()?.fileChanged == true)
    #expect(flow.nextRecovery() == nil)
    flow.noteDeleted("CFBundleName")
    #expect(flow.justDeleted == "CFBundleName")
  }
}
