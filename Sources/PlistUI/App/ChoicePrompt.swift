import Foundation

/// A pick list.
package struct ChoicePrompt: Sendable {
  /// What it is for.
  package var purpose: ChoicePurpose
  /// Its title.
  package var title: String
  /// The options.
  package var options: [String]
  /// The highlighted option (an index into ``options``).
  package var choice: Int
  /// What has been typed to filter the options (type-ahead goes here, never to commands).
  package var filter = ""
  /// Whether Enter may take the typed text when no option matches it (a value the catalog
  /// does not list, where the key's values are open).
  package var acceptsOther = false

  /// Creates a pick list.
  package init(
    purpose: ChoicePurpose, title: String, options: [String], choice: Int,
    acceptsOther: Bool = false
  ) {
    self.purpose = purpose
    self.title = title
    self.options = options
    self.choice = choice
    self.acceptsOther = acceptsOther
  }

  /// The indices of the options the filter lets through (all without a filter), in order:
  /// those that start with it first, then those that hold it, ignoring case.
  package var visible: [Int] {
    guard !filter.isEmpty else { return Array(options.indices) }
    let starting = options.indices.filter {
      options[$0].range(of: filter, options: [.caseInsensitive, .anchored]) != nil
    }
    let holding = options.indices.filter {
      !starting.contains($0) && options[$0].range(of: filter, options: .caseInsensitive) != nil
    }
    return starting + holding
  }

  /// What a key did to the list.
  package enum Outcome: Sendable, Hashable {
    /// The filter or the highlight moved.
    case editing
    /// Esc: close it, nothing chosen.
    case cancel
    /// Enter on a listed option (``choice``), or on a typed value the list does not hold
    /// (`other`, where ``acceptsOther`` allows it).
    case chose(other: String?)
    /// Enter when nothing listed matches the filter and no other value is taken.
    case noMatch
  }

  /// Applies a key: `command` is its command in the pick-list context; a character without
  /// one filters the list (so type-ahead is never taken for a command).
  package mutating func apply(_ command: Command?, typed: Key) -> Outcome {
    var shown = visible
    let at = shown.firstIndex(of: choice) ?? 0
    switch command {
    case .nextChoice?:
      if !shown.isEmpty { choice = shown[(at + 1) % shown.count] }
    case .previousChoice?:
      if !shown.isEmpty { choice = shown[(at - 1 + shown.count) % shown.count] }
    case .firstChoice?: choice = shown.first ?? choice
    case .lastChoice?: choice = shown.last ?? choice
    case .cancel?: return .cancel
    case .deleteBackward?:
      if !filter.isEmpty {
        filter.removeLast()
        shown = visible
        if !shown.contains(choice) { choice = shown.first ?? 0 }
      }
    case nil:
      guard case .character(let c) = typed else { break }
      filter.append(c)
      shown = visible
      if !shown.contains(choice) { choice = shown.first ?? choice }
    case .accept?:
      if shown.contains(choice) { return .chose(other: nil) }
      if acceptsOther, !filter.isEmpty { return .chose(other: filter) }
      return .noMatch
    default: break
    }
    return .editing
  }
}
