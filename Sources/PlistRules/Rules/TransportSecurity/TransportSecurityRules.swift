extension RuleCatalog {
  /// App Transport Security.
  static let transportSecurity: [any Rule.Type] = []
}
