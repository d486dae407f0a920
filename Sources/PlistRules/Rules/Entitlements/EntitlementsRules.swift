extension RuleCatalog {
  /// Entitlements: sandbox, hardened runtime, debugging, push, profiles.
  static let entitlements: [any Rule.Type] = []
}
