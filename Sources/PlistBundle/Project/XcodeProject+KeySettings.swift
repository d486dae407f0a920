/// The settings of one target and configuration that rules look at most, expanded.
package struct KeyBuildSettings: Sendable {
  /// `CODE_SIGN_ENTITLEMENTS` as set (expanded), or nil.
  package var entitlements: ExpandedValue?
  /// The entitlements file's path in the project's file tree, when it lies inside it.
  package var entitlementsPath: String?
  /// `MARKETING_VERSION`.
  package var marketingVersion: ExpandedValue?
  /// `CURRENT_PROJECT_VERSION`.
  package var currentProjectVersion: ExpandedValue?
  /// `PRODUCT_BUNDLE_IDENTIFIER`.
  package var bundleIdentifier: ExpandedValue?
  /// `PRODUCT_NAME` (defaults to the target name).
  package var productName: ExpandedValue?
  /// `SDKROOT` (`iphoneos`, `macosx`, `auto`).
  package var sdkroot: ExpandedValue?
  /// `SUPPORTED_PLATFORMS`, split into words.
  package var supportedPlatforms: [String]
  /// `TARGETED_DEVICE_FAMILY` (`"1,2"`).
  package var targetedDeviceFamily: ExpandedValue?
  /// The `*_DEPLOYMENT_TARGET` settings that are set, by name
  /// (`IPHONEOS_DEPLOYMENT_TARGET` → `17.0`).
  package var deploymentTargets: [String: ExpandedValue]
}

extension XcodeProject {
  /// The deployment-target settings read by `keySettings`.
  package static let deploymentTargetSettings = [
    "IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET", "TVOS_DEPLOYMENT_TARGET",
    "WATCHOS_DEPLOYMENT_TARGET", "XROS_DEPLOYMENT_TARGET", "DRIVERKIT_DEPLOYMENT_TARGET",
  ]

  /// The key settings of `target` in `configuration` for `sdk`.
  ///
  /// - Throws: `BundleError` of kind `.notFound` for an unknown target or configuration.
  package func keySettings(
    target: String, configuration: String, sdk: String? = nil
  )
    throws(BundleError) -> KeyBuildSettings
  {
    let s = try settings(target: target, configuration: configuration)
    let entitlements = s.value(of: "CODE_SIGN_ENTITLEMENTS", sdk: sdk).flatMap {
      $0.text.isEmpty ? nil : $0
    }
    var targets: [String: ExpandedValue] = [:]
    for name in Self.deploymentTargetSettings {
      if let v = s.value(of: name, sdk: sdk), !v.text.isEmpty { targets[name] = v }
    }
    return KeyBuildSettings(
      entitlements: entitlements,
      entitlementsPath: entitlements.flatMap {
        $0.isResolved ? treePath(forSettingPath: $0.text) : nil
      },
      marketingVersion: s.value(of: "MARKETING_VERSION", sdk: sdk),
      currentProjectVersion: s.value(of: "CURRENT_PROJECT_VERSION", sdk: sdk),
      bundleIdentifier: s.value(of: "PRODUCT_BUNDLE_IDENTIFIER", sdk: sdk),
      productName: s.value(of: "PRODUCT_NAME", sdk: sdk),
      sdkroot: s.value(of: "SDKROOT", sdk: sdk),
      supportedPlatforms: s.string("SUPPORTED_PLATFORMS", sdk: sdk).map(InfoPlistKeySetting.words)
        ?? [],
      targetedDeviceFamily: s.value(of: "TARGETED_DEVICE_FAMILY", sdk: sdk),
      deploymentTargets: targets)
  }
}
