/// A run of text in one role.
package struct Span: Sendable, Hashable {
  /// The text (raw: made safe when laid out).
  package var text: String
  /// Its role.
  package var role: ThemeRole

  /// Creates a span.
  package init(_ text: String, _ role: ThemeRole = .normal) {
    self.text = text
    self.role = role
  }
}
