/// A line for the status bar.
package struct StatusMessage: Sendable, Hashable {
  /// The text.
  package var text: String
  /// Whether it reports a problem.
  package var isError: Bool

  /// Creates a message.
  package init(_ text: String, isError: Bool = false) {
    self.text = text
    self.isError = isError
  }
}
