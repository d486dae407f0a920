/// How one role looks: foreground, background and attributes.
package struct TextStyle: Sendable, Hashable {
  /// Foreground colour.
  package var foreground: ThemeColor
  /// Background colour.
  package var background: ThemeColor
  /// Attributes.
  package var attributes: TextAttributes

  /// Creates a style.
  package init(
    _ foreground: ThemeColor = .default, _ background: ThemeColor = .default,
    _ attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }
}
