extension RuleCatalog {
  /// Identity and versions: bundle identifier, version formats, executable, nested bundles, placeholders.
  static let identity: [any Rule.Type] = [
    MissingBundleIdentifierRule.self,
    MalformedBundleIdentifierRule.self,
    MalformedShortVersionRule.self,
    MalformedBundleVersionRule.self,
    MalformedDeploymentTargetRule.self,
    MissingBundleVersionRule.self,
    MissingBundleExecutableRule.self,
    NestedBundleMismatchRule.self,
    DuplicateBundleIdentifierRule.self,
    UnresolvedPlaceholderRule.self,
    HandWrittenMinimumOSVersionRule.self,
    AppExtensionConfigurationRule.self,
    MissingBundleNameRule.self,
    MissingExportComplianceRule.self,
    SimulatorSupportedPlatformRule.self,
    UnexpectedBundleExecutableRule.self,
    FrameworksInExtensionRule.self,
  ]
}
