extension RuleCatalog {
  /// Orientation, multitasking and launch.
  static let orientation: [any Rule.Type] = []
}
