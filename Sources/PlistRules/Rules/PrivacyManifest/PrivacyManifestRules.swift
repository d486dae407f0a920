extension RuleCatalog {
  /// Privacy manifests: categories, reason codes, collected data, tracking.
  static let privacyManifest: [any Rule.Type] = []
}
