extension RuleCatalog {
  /// Device capabilities, background modes, queried schemes and URL types.
  static let capabilities: [any Rule.Type] = []
}
