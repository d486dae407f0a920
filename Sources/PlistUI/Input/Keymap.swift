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
}

/// Key bindings per context, as data.
///
/// A binding in a pane's context overrides the global one.
package struct Keymap: Sendable {
  /// Commands by context and key.
  package private(set) var bindings: [KeyContext: [Key: Command]] = [:]

  /// An empty keymap.
  package init() {}

  /// Binds `keys` to `command` in `context`.
  package mutating func bind(_ keys: [Key], to command: Command, in context: KeyContext = .global) {
    for key in keys { bindings[context, default: [:]][key] = command }
  }

  /// The command for `key` in `context`, falling back to the global bindings.
  package func command(for key: Key, in context: KeyContext) -> Command? {
    bindings[context]?[key] ?? bindings[.global]?[key]
  }

  /// The keys bound to `command` in `context` or globally, as help shows them, in a stable
  /// order (single characters first).
  package func keys(for command: Command, in context: KeyContext = .global) -> [Key] {
    var found: [Key] = []
    for scope in [KeyContext.global, context] {
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
