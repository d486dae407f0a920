import PlistCore

/// An Xcode project read from its `project.pbxproj`: targets, configurations and, per target and
/// configuration, the build settings with every assignment's origin.
///
/// Load one with `XcodeProject.load(projectFile:projectPath:files:)`; ask it for a target's
/// effective Info.plist with `effectiveInfoPlist(target:configuration:sdk:)` and for the facts
/// rules need with `keySettings(target:configuration:sdk:)`. The file tree (`files`) is the
/// folder that holds the `.xcodeproj` (Xcode's `SRCROOT`); Info.plist, `.entitlements` and
/// `.xcconfig` files are read through it.
package struct XcodeProject: Sendable {
  /// The `.xcodeproj` path in the file tree (`App.xcodeproj`).
  package var path: String
  /// The project name: the `.xcodeproj` name without its extension.
  package var name: String
  /// `objectVersion` of the `.pbxproj` (`46`, `60`, `77`), when present.
  package var objectVersion: String?
  /// `developmentRegion` of the project object (`en`), when present.
  package var developmentRegion: String?
  /// The targets in the project's order: native, aggregate and legacy targets.
  package var targets: [XcodeTarget]
  /// The project's configuration names in order (`Debug`, `Release`).
  package var configurationNames: [String]
  /// The project-level settings per configuration (built-ins, project `.xcconfig`, project
  /// `buildSettings`), without any target's.
  package var projectConfigurations: [String: BuildSettings]
  /// Problems that did not stop loading: an object missing where a reference points, a
  /// configuration list that names no configuration.
  package var issues: [BundleError]
  /// The tree the project was read from, rooted at the folder holding the `.xcodeproj`.
  package var files: any FileTree

  /// The path of the `project.pbxproj` in the tree.
  package var projectFilePath: String { ProjectPaths.join(path, "project.pbxproj") }

  /// The folder holding the `.xcodeproj` in the tree (`""` at the root): `SRCROOT`.
  package var sourceRoot: String {
    let parts = path.split(separator: "/")
    return parts.dropLast().joined(separator: "/")
  }

  /// The target named `name`, or nil.
  package func target(named name: String) -> XcodeTarget? {
    targets.first { $0.name == name }
  }

  /// The settings of `target` in `configuration`.
  ///
  /// - Throws: `BundleError` of kind `.notFound` when the project has no such target or the
  ///   target no such configuration.
  package func settings(
    target: String, configuration: String
  ) throws(BundleError)
    -> BuildSettings
  {
    guard let t = self.target(named: target) else {
      throw BundleError(
        .notFound,
        "the project has no target named \(target); expected one of "
          + targets.map(\.name).joined(separator: ", "), path: projectFilePath)
    }
    guard let s = t.configurations[configuration] else {
      throw BundleError(
        .notFound,
        "target \(target) has no configuration named \(configuration); expected one of "
          + t.configurationNames.joined(separator: ", "), path: projectFilePath)
    }
    return s
  }
}

/// One target of an Xcode project.
package struct XcodeTarget: Sendable {
  /// The target's name (`TARGET_NAME`).
  package var name: String
  /// The object's `isa`: `PBXNativeTarget`, `PBXAggregateTarget` or `PBXLegacyTarget`.
  package var kind: String
  /// The product type (`com.apple.product-type.application`, `….app-extension`,
  /// `….watchkit2-extension`, `….framework`, `….bundle.unit-test`, …); nil for aggregate and
  /// legacy targets.
  package var productType: String?
  /// `productName` from the target object, when present.
  package var productName: String?
  /// The configuration names in order.
  package var configurationNames: [String]
  /// The settings per configuration name.
  package var configurations: [String: BuildSettings]
  /// `defaultConfigurationName` of the target's configuration list, when present.
  package var defaultConfigurationName: String?

  /// Creates a target.
  package init(
    name: String, kind: String, productType: String?, productName: String?,
    configurationNames: [String], configurations: [String: BuildSettings],
    defaultConfigurationName: String?
  ) {
    self.name = name
    self.kind = kind
    self.productType = productType
    self.productName = productName
    self.configurationNames = configurationNames
    self.configurations = configurations
    self.defaultConfigurationName = defaultConfigurationName
  }

  /// True for application product types (`com.apple.product-type.application` and its
  /// `.watchapp2`, `.messages`, … variants).
  package var isApplication: Bool {
    productType?.hasPrefix("com.apple.product-type.application") ?? false
  }
}
