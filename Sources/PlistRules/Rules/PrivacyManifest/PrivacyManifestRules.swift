extension RuleCatalog {
  /// Privacy manifests: categories, reason codes, collected data, tracking.
  static let privacyManifest: [any Rule.Type] = [
    InvalidPrivacyManifestRule.self,
    InvalidCollectedDataTypeRule.self,
    UnknownRequiredReasonCategoryRule.self,
    InvalidRequiredReasonCodeRule.self,
    MisplacedPrivacyManifestRule.self,
    SDKOnlyReasonInAppRule.self,
    RequiredReasonAPIWithoutDeclarationRule.self,
  ]
}
