extension RuleCatalog {
  /// Identity and versions: bundle identifier, version formats, executable, nested bundles, placeholders.
  static let identity: [any Rule.Type] = []
}
