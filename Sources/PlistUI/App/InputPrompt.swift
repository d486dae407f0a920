import PlistCore

/// The inline editor: a line of text, what it is for, and the reason the last attempt was
/// refused (the text typed is kept).
package struct InputPrompt: Sendable {
  /// What the line is for.
  package var purpose: InputPurpose
  /// The text and cursor.
  package var editor: LineEditor
  /// Why Enter was refused last time.
  package var error: String?
  /// Completions from the key catalog (for new keys): raw key and display name.
  package var suggestions: [(key: String, name: String?)] = []
  /// The highlighted completion.
  package var choice: Int?

  /// The prompt's label ("CFBundleVersion (String)").
  package var label: String

  /// What a key did to the prompt.
  package enum Outcome: Sendable, Hashable {
    /// The line or the highlighted completion changed (`textChanged`: the text did, so the
    /// completions are made again and the last refusal goes).
    case editing(textChanged: Bool)
    /// Enter: take the line.
    case commit
    /// Esc or Ctrl-C: drop it.
    case cancel
  }

  /// Applies a key: with completions shown, `completion` (its command in the completion
  /// context) moves through them; otherwise `line` (its command in the prompt context) edits
  /// the line, and a character without one is typed.
  package mutating func apply(completion: Command?, line: Command?, typed: Key) -> Outcome {
    if !suggestions.isEmpty {
      let n = suggestions.count
      switch completion {
      case .nextChoice?:
        choice = ((choice ?? -1) + 1) % n
        return .editing(textChanged: false)
      case .previousChoice?:
        choice = ((choice ?? 0) - 1 + n) % n
        return .editing(textChanged: false)
      default: break
      }
    }
    if let line {
      switch editor.apply(line) {
      case .commit?: return .commit
      case .cancel?: return .cancel
      case .editing?, nil: break
      }
    } else if case .character(let c) = typed {
      editor.insert(String(c))
    }
    error = nil
    return .editing(textChanged: true)
  }
}
