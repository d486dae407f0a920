extension RuleCatalog {
  /// Icons: icon name, App Store icon, asset catalogs, Icon Composer.
  static let icons: [any Rule.Type] = [
    MissingIconNameRule.self,
    MissingAppStoreIconRule.self,
    AppStoreIconAlphaRule.self,
    IconPixelSizeRule.self,
    MissingIconImageRule.self,
    MacIconSizesRule.self,
    IconComposerReplacesIconSetRule.self,
    IconNameNotInCatalogRule.self,
    MissingCompiledAppStoreIconRule.self,
    CompiledAppStoreIconAlphaRule.self,
    MissingRequiredIconSizeRule.self,
    UnreadableAssetCatalogRule.self,
    MissingIconFileRule.self,
  ]
}
