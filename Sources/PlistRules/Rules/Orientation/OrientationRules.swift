extension RuleCatalog {
  /// Orientation, multitasking and launch.
  static let orientation: [any Rule.Type] = [
    IPadMultitaskingOrientationsRule.self,
    RequiresFullScreenIneffectiveRule.self,
    FullScreenIgnoredVersionUnusedRule.self,
    MissingLaunchScreenRule.self,
    LaunchStoryboardNameRule.self,
    MissingSceneManifestRule.self,
    LaunchScreenBelowMinimumRule.self,
  ]
}
