/// Where a key is pressed: the focused pane decides which bindings apply.
package enum KeyContext: String, Sendable, Hashable, CaseIterable {
  /// Everywhere, unless a pane binds the key itself.
  case global
  /// The tree pane.
  case tree
  /// The findings pane.
  case findings
  /// The detail pane.
  case detail
  /// The help overlay, while it is open.
  case help
  /// The save review, while it is open.
  case review
  /// A pick list (a type, an allowed value), while it is open.
  case pickList
  /// A question (its answer letters are in the question itself), while it is open.
  case question
  /// Any line being typed: the search line, the value, key and path prompts.
  case prompt
  /// The search line, before `prompt`: its history.
  case search
  /// The add-key prompt, before `prompt`: its completions.
  case completion

  /// The heading of the context's keys in help (nil for the panes, whose keys help lists by
  /// command group).
  package var title: String? {
    switch self {
    case .global, .tree, .findings, .detail: nil
    case .help: "In this help (any other key closes it)"
    case .review: "In the save review"
    case .pickList: "In a pick list (typing filters it)"
    case .question: "In a question (the letters it shows answer it)"
    case .prompt: "Typing a line (other keys type)"
    case .search: "In the search line"
    case .completion: "While adding a key, with completions shown"
    }
  }

  /// Whether the context belongs to an overlay or prompt, whose keys never fall back to the
  /// global bindings (there, `j` is text or a scroll, never a move in the tree).
  package var isModal: Bool {
    switch self {
    case .global, .tree, .findings, .detail: false
    default: true
    }
  }
}

/// Key bindings per context, as data.
///
/// A binding in a pane's context overrides the global one.
package struct Keymap: Sendable {
  /// Commands by context and key.
  package private(set) var bindings: [KeyContext: [Key: Command]] = [:]
  /// Two-key commands, by first and second key (`y` `p`, `z` `z`): the first key waits for
  /// the second, in every context.
  package private(set) var sequences: [Key: [Key: Command]] = [:]

  /// An empty keymap.
  package init() {}

  /// Binds `keys` to `command` in `context`.
  package mutating func bind(_ keys: [Key], to command: Command, in context: KeyContext = .global) {
    for key in keys { bindings[context, default: [:]][key] = command }
  }

  /// Binds the two-key sequence `first` `second` to `command`; `first` then only starts
  /// sequences.
  package mutating func bind(_ first: Key, then second: Key, to command: Command) {
    sequences[first, default: [:]][second] = command
  }

  /// Whether `key` starts a two-key sequence.
  package func startsSequence(_ key: Key) -> Bool { sequences[key] != nil }

  /// The command of the sequence `first` `second`, if bound.
  package func command(after first: Key, _ second: Key) -> Command? { sequences[first]?[second] }

  /// The sequences bound to `command`, as help shows them (`yp`, as vim's help writes them),
  /// in a stable order.
  package func sequenceNames(for command: Command) -> [String] {
    var names: [String] = []
    for (first, seconds) in sequences {
      for (second, bound) in seconds where bound == command {
        names.append("\(first)\(second)")
      }
    }
    return names.sorted()
  }

  /// The command for `key` in `context`, falling back to the global bindings for a pane
  /// (an overlay or prompt context has only its own).
  package func command(for key: Key, in context: KeyContext) -> Command? {
    if context.isModal { return bindings[context]?[key] }
    return bindings[context]?[key] ?? bindings[.global]?[key]
  }

  /// The command for `key` in the first of `contexts` that binds it (`.search`, then
  /// `.prompt`), without falling back to the global bindings.
  package func command(for key: Key, inFirstOf contexts: [KeyContext]) -> Command? {
    for context in contexts {
      if let command = bindings[context]?[key] { return command }
    }
    return nil
  }

  /// The keys bound to `command` in `context` or globally, as help shows them, in a stable
  /// order (single characters first).
  package func keys(for command: Command, in context: KeyContext = .global) -> [Key] {
    var found: [Key] = []
    for scope in context.isModal ? [context] : [KeyContext.global, context] {
      for (key, bound) in bindings[scope] ?? [:] where bound == command && !found.contains(key) {
        found.append(key)
      }
    }
    return found.sorted { a, b in
      let (la, lb) = (a.description.count, b.description.count)
      return la != lb ? la < lb : a.description < b.description
    }
  }
}
