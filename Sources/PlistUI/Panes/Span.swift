/// A run of text in one role.
package struct Span: Sendable, Hashable {
  /// The text (raw: made safe when laid out).
  package var text: String
  /// Its role.
  package var role: ThemeRole
  /// The address it links to, drawn as an OSC 8 hyperlink where the terminal shows them.
  ///
  /// Only for URLs infoscope produces (the rule and key catalogs' Apple pages), never for text
  /// from a file; the canvas drops a link ``Hyperlink/isLinkable(_:)`` refuses.
  package var link: String?

  /// Creates a span.
  package init(_ text: String, _ role: ThemeRole = .normal, link: String? = nil) {
    self.text = text
    self.role = role
    self.link = link
  }
}
