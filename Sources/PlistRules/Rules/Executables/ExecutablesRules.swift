extension RuleCatalog {
  /// Executables: what the Mach-O files of a built bundle show (architectures, bitcode,
  /// minimum OS, SDK).
  static let executables: [any Rule.Type] = [
    SimulatorArchitectureRule.self,
    EmbeddedBitcodeRule.self,
    FrameworkMinimumOSVersionRule.self,
    SDKBelowMinimumRule.self,
  ]
}
