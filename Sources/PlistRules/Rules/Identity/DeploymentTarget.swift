import PlistBundle
import PlistCore

/// The iOS-family deployment target of the bundle an Info.plist describes.
enum DeploymentTarget {
  /// Where a deployment target was read.
  enum Source: Equatable {
    /// The Info.plist's `MinimumOSVersion` (a built bundle's, written by Xcode).
    case infoPlist
    /// The project target's `*_DEPLOYMENT_TARGET` build setting, by name.
    case buildSetting(String)
  }

  /// The iOS, tvOS, watchOS or visionOS deployment target: the project target's build setting
  /// when the subject is a project target's Info.plist, else a stated `MinimumOSVersion`; nil
  /// when neither gives a version.
  static func iOSFamily(_ subject: LintSubject) -> (version: OSVersion, source: Source)? {
    if let setting = projectSetting(subject) { return setting }
    if let stated = OSVersion.stated(in: subject.dictionary, key: "MinimumOSVersion") {
      return (stated, .infoPlist)
    }
    return nil
  }

  /// The project target's deployment target setting for the iOS family, when the subject is
  /// a project target and the setting is set and resolved.
  static func projectSetting(_ subject: LintSubject) -> (version: OSVersion, source: Source)? {
    guard let effective = subject.bundle?.effectiveInfoPlist, let bundle = subject.bundle,
      let project = subject.input?.projects.first(where: {
        bundle.path == $0.path + "/" + effective.target || bundle.path.hasPrefix($0.path + "/")
      }),
      let settings = try? project.keySettings(
        target: effective.target, configuration: effective.configuration, sdk: effective.sdk)
    else { return nil }
    // The setting of the target's own platform only: a macOS target may still carry an
    // iOS setting that nothing reads.
    let name: String
    switch effective.platformName {
    case "iphoneos", "iphonesimulator": name = "IPHONEOS_DEPLOYMENT_TARGET"
    case "appletvos", "appletvsimulator": name = "TVOS_DEPLOYMENT_TARGET"
    case "watchos", "watchsimulator": name = "WATCHOS_DEPLOYMENT_TARGET"
    case "xros", "xrsimulator": name = "XROS_DEPLOYMENT_TARGET"
    default: return nil
    }
    guard let value = settings.deploymentTargets[name], value.isResolved,
      let version = OSVersion(value.text)
    else { return nil }
    return (version, .buildSetting(name))
  }
}
