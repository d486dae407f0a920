extension RuleCatalog {
  /// Entitlements: sandbox, hardened runtime, debugging, push, profiles.
  static let entitlements: [any Rule.Type] = [
    MissingAppSandboxRule.self,
    NotarizationPrerequisiteRule.self,
    GetTaskAllowInDistributionRule.self,
    FalseEntitlementRule.self,
    SandboxEntitlementWithoutSandboxRule.self,
    MicrophoneEntitlementIdentifierRule.self,
    TemporaryExceptionEntitlementRule.self,
    EntitlementNotInProfileRule.self,
    ExpiredProvisioningProfileRule.self,
    DevelopmentPushEnvironmentRule.self,
    InheritingHelperEntitlementsRule.self,
  ]
}
