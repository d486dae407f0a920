import Foundation
import Testing

@testable import PlistUI

/// The inspector on a virtual terminal of every size from 1x1 to 500x200, through a storm of
/// resizes and thousands of random events: it never traps, every frame fills the terminal, and
/// no drawn cell holds a control character.
@Suite struct TerminalRobustnessTests {
  /// SplitMix64: a small seeded generator, so a failure names a seed that reproduces it.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

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
    var random = Seeded(state: seed)
    var state = AppState(session: UIFixtures.session, size: Size(width: 80, height: 24))
    // Keys that quit or write are left out so the storm runs to the end; edits are kept in.
    let keys: [Key] =
      "jkhlJKHgGEC/nNfF!RyY?eadrtuxs 0123456789".map { .character($0) }
      + [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab,
        .escape, .backspace, .delete, .control("d"), .control("u"), .control("r"),
        .control("f"), .control("b"), .alt("x"), .function(1), .character("相"),
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
      let effects = state.handle(event)
      #expect(
        !effects.contains(.quit) || state.session.hasUnsavedChanges == false,
        "seed \(seed) step \(step)")
      if step % 50 == 0 {
        checkFrame(ScreenRenderer.render(state), state.size, "seed \(seed) step \(step)")
      }
    }
    checkFrame(ScreenRenderer.render(state), state.size, "seed \(seed) at the end")
  }

  @Test func aHugeValueDrawsInBoundedTime() {
    // A 4 MB string: previews and the detail pane look at a bounded part of it.
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
