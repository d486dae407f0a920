extension RuleCatalog {
  /// Icons: icon name, App Store icon, asset catalogs, Icon Composer.
  static let icons: [any Rule.Type] = []
}
