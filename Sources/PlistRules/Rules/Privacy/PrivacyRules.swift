extension RuleCatalog {
  /// Purpose strings: validity, style, keys required by evidence, platform-only keys.
  static let privacy: [any Rule.Type] = []
}
