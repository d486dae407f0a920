extension RuleCatalog {
  /// Device capabilities, background modes, queried schemes and URL types.
  static let capabilities: [any Rule.Type] = [
    DeviceCapabilitiesFormRule.self,
    GPSWithoutLocationServicesRule.self,
    ThirtyTwoBitCapabilityRule.self,
    BackgroundModeCompanionRule.self,
    QueriedSchemesLimitRule.self,
    InvalidURLSchemeRule.self,
    DuplicateURLSchemeRule.self,
    MalformedDocumentTypeRule.self,
    MissingDocumentConfigurationRule.self,
  ]
}
