/// A one-line text editor: the search prompt now, the value editor later.
///
/// Text is kept as characters (grapheme clusters), so the cursor never splits an emoji or a
/// letter with its accent. Its keys are the keymap's `.prompt` context, readline's by default:
/// arrows, `Home`/`End`, `Ctrl-A`/`Ctrl-E`, `Alt-B`/`Alt-F` by word, `Backspace`/`Delete`,
/// `Ctrl-W` (word back), `Ctrl-U` (to start), `Ctrl-K` (to end).
package struct LineEditor: Sendable, Hashable {
  /// The text.
  package private(set) var characters: [Character]
  /// The cursor, 0…count (before the character at that index).
  package private(set) var cursor: Int

  /// An editor holding `text` with the cursor at its end.
  package init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text.
  package var text: String { String(characters) }

  /// What a key did.
  package enum Outcome: Sendable, Hashable {
    /// The text or cursor changed (or nothing happened).
    case editing
    /// Enter: take the text.
    case commit
    /// Esc: drop the edit.
    case cancel
  }

  /// Applies one key as `keymap` binds it in the `.prompt` context; a character with no
  /// binding there is typed.
  package mutating func handle(_ key: Key, keymap: Keymap = .defaults) -> Outcome {
    if let command = keymap.command(for: key, in: .prompt) {
      return apply(command) ?? .editing
    }
    if case .character(let c) = key { insert(String(c)) }
    return .editing
  }

  /// Applies an editing command; nil for a command that is not one of the line's.
  package mutating func apply(_ command: Command) -> Outcome? {
    switch command {
    case .accept: return .commit
    case .cancel, .interrupt: return .cancel
    case .cursorLeft: cursor = max(0, cursor - 1)
    case .cursorRight: cursor = min(characters.count, cursor + 1)
    case .lineStart: cursor = 0
    case .lineEnd: cursor = characters.count
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .deleteBackward:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .deleteForward:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .deleteWord:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor..<characters.count)
    default: return nil
    }
    return .editing
  }

  /// Inserts text at the cursor (typed or pasted); line breaks become spaces.
  package mutating func insert(_ text: String) {
    let clean = text.map { $0.isNewline ? " " : $0 }
    characters.insert(contentsOf: clean, at: cursor)
    cursor += clean.count
  }

  private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

  private func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  private func wordEnd(after index: Int) -> Int {
    var i = index
    while i < characters.count, !isWordCharacter(characters[i]) { i += 1 }
    while i < characters.count, isWordCharacter(characters[i]) { i += 1 }
    return i
  }
}
