/// The Apple page a rule rests on.
package struct AppleSource: Sendable, Hashable, Codable {
  /// The page's title.
  package var title: String
  /// Its https URL on developer.apple.com (or Apple's help pages).
  package var url: String

  /// Creates a source.
  package init(title: String, url: String) {
    self.title = title
    self.url = url
  }
}
