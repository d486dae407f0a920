/// The search line and what was searched.
///
/// It holds the pattern in use with its matcher, the line while it is typed, and the history
/// its keys recall. One concern of ``AppState``, which walks the tree for matches.
package struct SearchState: Sendable {
  /// The pattern in use, if any.
  package private(set) var pattern: String? {
    didSet { matcher = pattern.map(SearchMatcher.init) }
  }
  /// How ``pattern`` matches: a regular expression when it reads as one.
  package private(set) var matcher: SearchMatcher?
  /// Patterns searched for, oldest first (the history keys recall them in the line).
  package private(set) var history: [String] = []
  /// The search line, while it is open.
  package private(set) var line: LineEditor?
  /// The history entry the line shows, while the history is browsed.
  private var historyCursor: Int?
  /// What was typed before browsing started, given back past the newest entry.
  private var historyDraft = ""

  /// How many patterns the history keeps.
  package static let historyLimit = 100

  /// What a key did to the search line.
  package enum Outcome: Sendable, Hashable {
    /// The line changed, or nothing happened.
    case editing
    /// The line was closed without searching.
    case cancelled
    /// Enter on a pattern: search for it (it is now ``pattern``, newest in the history).
    case search(String)
    /// Enter on an empty line: the search is cleared.
    case cleared
  }

  /// An empty state: no pattern, no history.
  package init() {}

  /// Opens an empty search line.
  package mutating func begin() { line = LineEditor() }

  /// Closes the search line, keeping the pattern in use.
  package mutating func close() {
    line = nil
    historyCursor = nil
  }

  /// Forgets the pattern in use (`Esc` in the tree).
  ///
  /// - Returns: whether there was one.
  @discardableResult
  package mutating func clear() -> Bool {
    defer { pattern = nil }
    return pattern != nil
  }

  /// Pastes `text` into the open line (nothing when it is closed).
  package mutating func paste(_ text: String) { line?.insert(text) }

  /// Applies one key to the open line as `keymap` binds it (`.search`, then `.prompt`); a
  /// character with no binding is typed.
  package mutating func handle(_ key: Key, keymap: Keymap) -> Outcome {
    guard var editor = line else { return .cancelled }
    let command = keymap.command(for: key, inFirstOf: [.search, .prompt])
    if command == .historyBack || command == .historyForward {
      browse(back: command == .historyBack, from: editor)
      return .editing
    }
    var outcome = LineEditor.Outcome.editing
    if let command {
      outcome = editor.apply(command) ?? .editing
    } else if case .character(let c) = key {
      editor.insert(String(c))
    }
    switch outcome {
    case .editing:
      line = editor
      return .editing
    case .cancel:
      close()
      return .cancelled
    case .commit:
      close()
      let text = editor.text
      guard !text.isEmpty else {
        pattern = nil
        return .cleared
      }
      history.removeAll { $0 == text }
      history.append(text)
      if history.count > Self.historyLimit { history.removeFirst() }
      pattern = text
      return .search(text)
    }
  }

  /// One step through the history, newest first going back; past the newest, the draft.
  private mutating func browse(back: Bool, from editor: LineEditor) {
    guard !history.isEmpty else { return }
    let last = history.count - 1
    if historyCursor == nil, back { historyDraft = editor.text }
    let at = historyCursor.map { back ? max(0, $0 - 1) : $0 + 1 } ?? (back ? last : nil)
    historyCursor = at.flatMap { $0 <= last ? $0 : nil }
    line = LineEditor(historyCursor.map { history[$0] } ?? historyDraft)
  }
}
