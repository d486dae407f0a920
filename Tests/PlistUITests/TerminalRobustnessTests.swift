import Foundation
import TestSupport
import Testing

@testable import PlistUI

/// The inspector on a virtual terminal of every size from 1x1 to 500x200, through a storm of
/// resizes and thousands of random events: it never traps, every frame fills the terminal, and
/// no drawn cell holds a control character.
@Suite struct TerminalRobustnessTests {
  /// Checks a frame: the canvas has the terminal's size and only safe text.
  func checkFrame(_ canvas: Canvas, _ size: Size, _ note: String) {
    #expect(canvas.size == size, "\(note)")
    #expect(canvas.cells.count == size.width * size.height, "\(note)")
    let unsafe = canvas.cells.first {
      $0.text.unicodeScalars.contains(where: VisibleText.mustEscape)
    }
    #expect(unsafe == nil, "\(note): \(String(describing: unsafe))")
  }

  @Test(arguments: [
    Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 10, height: 3),
    Size(width: 39, height: 9), Size(width: 40, height: 10), Size(width: 80, height: 24),
    Size(width: 500, height: 200),
  ])
  func everySizeDraws(_ size: Size) {
    var state = AppState(session: UIFixtures.session, size: size)
    for script in ["", "G", "E G", "?", "Tab j", "/ l a n Enter", "j j e a b"] {
      for event in VirtualTerminal.keys(script) { _ = state.handle(event) }
      checkFrame(ScreenRenderer.render(state), size, "\(size) after '\(script)'")
    }
  }

  @Test func aStormOfResizesAndRandomEvents() {
    let seed: UInt64 = 20_261_201
    var random = SplitMix64(seed: seed)
    // In memory, so nothing the storm answers can write a file; q, s, d and Ctrl-C are in it,
    // and the state goes on after a quit as if the user had come back.
    var session = UIFixtures.session
    session.isInMemory = true
    var state = AppState(session: session, size: Size(width: 80, height: 24))
    var quits = 0
    let keys: [Key] =
      "jkhlJKHgGEC/nNfF!RyY?eadrtuxsqqzZUc 0123456789".map { .character($0) }
      + [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab,
        .escape, .backspace, .delete, .control("d"), .control("u"), .control("r"),
        .control("f"), .control("b"), .control("c"), .control("e"), .control("y"),
        .control("l"), .alt("x"), .function(1), .character("相"),
        .character("🔦"), .character("\u{202E}"),
      ]
    for step in 0..<4_000 {
      let roll = random.next() % 100
      let event: InputEvent
      if roll < 8 {
        let size = Size(
          width: Int(random.next() % 300) + 1, height: Int(random.next() % 120) + 1)
        event = .resize(size)
      } else if roll < 14 {
        let kinds: [MouseEvent.Kind] = [.click, .doubleClick, .rightClick, .wheelUp, .wheelDown]
        event = .mouse(
          MouseEvent(
            kinds[Int(random.next() % 5)], x: Int(random.next() % 320) - 10,
            y: Int(random.next() % 130) - 5))
      } else if roll < 16 {
        event = .paste("pasted\u{1B}[2J\ntext 相机")
      } else {
        event = .key(keys[Int(random.next() % UInt64(keys.count))])
      }
      // Quitting with unsaved edits is only ever an answer to the question that asks.
      var asked = false
      if case .confirm(let prompt)? = state.modal, case .quit = prompt.action { asked = true }
      let unsaved = state.session.hasUnsavedChanges
      let effects = state.handle(event)
      let quit = effects.contains(.quit) || effects.contains(.interrupt)
      if quit { quits += 1 }
      #expect(!quit || !unsaved || asked, "seed \(seed) step \(step): quit without asking")
      if step % 50 == 0 {
        checkFrame(ScreenRenderer.render(state), state.size, "seed \(seed) step \(step)")
      }
    }
    checkFrame(ScreenRenderer.render(state), state.size, "seed \(seed) at the end")
    // The storm did quit, so the check above ran.
    #expect(quits > 0)
  }

  /// A 4 MB string: the row and the detail pane hold a bounded part of it (how fast that is, the
  /// benchmark measures).
  @Test func aHugeValueDrawsOnlyABoundedPart() {
    var session = UIFixtures.session
    let huge = String(repeating: "x", count: 4_000_000)
    if var root = session.files[0].document?.root,
      case .dictionary(var d) = root.value
    {
      d.entries[0].node = .init(.string(huge))
      root.value = .dictionary(d)
      session.files[0].document?.root = root
    }
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    _ = state.handle(.key(.character("j")))
    _ = state.handle(.key(.character("j")))
    let canvas = ScreenRenderer.render(state)
    #expect(canvas.line(4).contains("\"xxxxxxxx"))
    #expect(canvas.line(4).contains("xxx…│"))
    // The detail pane holds the first 64 KiB and says how much is left.
    let lines = DetailPane.lines(state, width: 50).map { $0.map(\.text).joined() }
    #expect(lines.last?.hasSuffix("x… (3934464 more bytes)") == true)
    #expect(lines.last.map { $0.utf8.count < 70_000 } == true)
  }
}
