import Foundation

/// How a search pattern matches a key, display name or value: as a regular expression (Swift
/// Regex syntax) when it reads as one, else as plain text; lower-case patterns ignore case
/// (smart case, as in jless and vim).
package struct SearchMatcher: @unchecked Sendable {
  // `Regex` holds no shared mutable state once built; it is only read here.
  /// The pattern as typed.
  package let pattern: String
  /// The compiled expression, nil when the pattern is not one (then it matches as text).
  private let regex: Regex<AnyRegexOutput>?
  /// Whether case is ignored (the pattern has no upper-case letter).
  private let ignoresCase: Bool
  /// What the status line adds about the pattern, such as why it is taken as text.
  package let note: String?

  /// Compiles `pattern`.
  package init(_ pattern: String) {
    self.pattern = pattern
    ignoresCase = pattern == pattern.lowercased()
    // Plain text needs no expression (and text matching is many times faster); a build
    // setting reference, `$(NAME)` or `${NAME}`, is searched as written.
    guard pattern.contains(where: { "\\^$.|?*+()[]{}".contains($0) }),
      !pattern.contains("$("), !pattern.contains("${")
    else {
      regex = nil
      note = nil
      return
    }
    do {
      let compiled = try Regex(pattern)
      regex = ignoresCase ? compiled.ignoresCase() : compiled
      note = nil
    } catch {
      regex = nil
      note = "not a regular expression, so searched as text"
    }
  }

  /// Whether `text` holds a match.
  package func matches(_ text: String) -> Bool {
    if let regex {
      return (try? regex.firstMatch(in: text)) != nil
    }
    return ignoresCase
      ? text.range(of: pattern, options: .caseInsensitive) != nil : text.contains(pattern)
  }
}
