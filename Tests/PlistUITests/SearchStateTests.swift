import Testing

@testable import PlistUI

/// The search line on its own (issue 14, part 1: one state type per concern): typing, Enter,
/// Esc, the history and its draft, without a tree.
@Suite struct SearchStateTests {
  /// A state after `keys` (VirtualTerminal's key names), with the line opened first.
  func typed(
    _ keys: String, into state: SearchState = SearchState()
  ) -> (
    SearchState, [SearchState.Outcome]
  ) {
    var state = state
    if state.line == nil { state.begin() }
    var outcomes: [SearchState.Outcome] = []
    for case .key(let key) in VirtualTerminal.keys(keys) {
      outcomes.append(state.handle(key, keymap: .defaults))
      if state.line == nil { state.begin() }
    }
    return (state, outcomes)
  }

  @Test func enterSearchesForTheLineAndRemembersIt() {
    var state = SearchState()
    state.begin()
    for case .key(let key) in VirtualTerminal.keys("O r i e n t") {
      #expect(state.handle(key, keymap: .defaults) == .editing)
    }
    #expect(state.line?.text == "Orient")
    #expect(state.handle(.enter, keymap: .defaults) == .search("Orient"))
    #expect(state.line == nil)
    #expect(state.pattern == "Orient")
    #expect(state.matcher?.pattern == "Orient")
    #expect(state.history == ["Orient"])
  }

  @Test func escapeClosesTheLineAndKeepsThePatternInUse() {
    var (state, _) = typed("a b Enter")
    state.begin()
    _ = state.handle(.character("x"), keymap: .defaults)
    #expect(state.handle(.escape, keymap: .defaults) == .cancelled)
    #expect(state.line == nil)
    #expect(state.pattern == "ab")
    let hadOne = state.clear()
    #expect(hadOne)
    #expect(state.pattern == nil)
    let hadAnother = state.clear()
    #expect(!hadAnother)
  }

  @Test func anEmptyLineClearsTheSearch() {
    var (state, _) = typed("a Enter")
    state.begin()
    #expect(state.handle(.enter, keymap: .defaults) == .cleared)
    #expect(state.pattern == nil)
    #expect(state.history == ["a"])
  }

  @Test func theHistoryGoesBackNewestFirstAndForwardToTheDraft() {
    var (state, _) = typed("a Enter b Enter a Enter")
    // A repeated pattern moves to the newest place.
    #expect(state.history == ["b", "a"])
    state.begin()
    _ = state.handle(.character("d"), keymap: .defaults)
    _ = state.handle(.up, keymap: .defaults)
    #expect(state.line?.text == "a")
    _ = state.handle(.up, keymap: .defaults)
    #expect(state.line?.text == "b")
    _ = state.handle(.up, keymap: .defaults)
    #expect(state.line?.text == "b")  // the oldest stays
    _ = state.handle(.down, keymap: .defaults)
    #expect(state.line?.text == "a")
    _ = state.handle(.down, keymap: .defaults)
    #expect(state.line?.text == "d")  // the draft comes back
  }

  @Test func theHistoryKeepsTheNewestHundred() {
    var state = SearchState()
    for n in 0..<(SearchState.historyLimit + 5) {
      state.begin()
      for c in "p\(n)" { _ = state.handle(.character(c), keymap: .defaults) }
      _ = state.handle(.enter, keymap: .defaults)
    }
    #expect(state.history.count == SearchState.historyLimit)
    #expect(state.history.first == "p5")
    #expect(state.history.last == "p104")
  }

  @Test func pasteGoesIntoTheOpenLineOnly() {
    var state = SearchState()
    state.paste("ignored")
    #expect(state.line == nil)
    state.begin()
    state.paste("two\nlines")
    #expect(state.line?.text == "two lines")
  }
}
