import Foundation

/// The table of Xcode's built-in settings infoscope knows, at `SettingLevel.builtin`.
///
/// Values follow Xcode's defaults (swift-build's `CoreBuildSystem.xcspec` and product-type
/// specs): `PRODUCT_NAME = $(TARGET_NAME)`, `EXECUTABLE_NAME =
/// $(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)`, `PRODUCT_MODULE_NAME =
/// $(PRODUCT_NAME:c99extidentifier)`, `DEVELOPMENT_LANGUAGE` from the project's
/// `developmentRegion` (else `en`), `SRCROOT`/`PROJECT_DIR`/`SOURCE_ROOT` = the folder holding
/// the `.xcodeproj` (`.` at the tree's root), `CONFIGURATION`, `PLATFORM_NAME` from the SDK (or
/// from `SDKROOT` when it names a platform; `auto` leaves it unset),
/// `PRODUCT_BUNDLE_PACKAGE_TYPE` and `WRAPPER_EXTENSION` from the product type,
/// `FULL_PRODUCT_NAME`, `INFOPLIST_EXPAND_BUILD_SETTINGS = YES`.
package enum XcodeBuiltins {
  /// The SDK platform names `PLATFORM_NAME` takes.
  package static let platformNames = [
    "iphoneos", "iphonesimulator", "macosx", "appletvos", "appletvsimulator", "watchos",
    "watchsimulator", "xros", "xrsimulator", "driverkit",
  ]

  /// `CFBundlePackageType` Xcode writes for a product type, or nil (tools, libraries).
  package static func packageType(productType: String?) -> String? {
    guard let type = productType?.replacingOccurrences(of: "com.apple.product-type.", with: "")
    else { return nil }
    if type.hasPrefix("application") { return "APPL" }
    if type == "system-extension" { return "SYSX" }
    if type.contains("extension") || type == "xpc-service" { return "XPC!" }
    if type.hasPrefix("framework") { return "FMWK" }
    if type.hasPrefix("bundle") || type.hasPrefix("in-app-purchase-content") { return "BNDL" }
    return nil
  }

  /// The bundle extension for a product type (`app`, `appex`, `framework`, `xctest`, …), or nil.
  package static func wrapperExtension(productType: String?) -> String? {
    guard let type = productType?.replacingOccurrences(of: "com.apple.product-type.", with: "")
    else { return nil }
    if type.hasPrefix("application") { return "app" }
    if type == "system-extension" { return "systemextension" }
    if type == "xpc-service" { return "xpc" }
    if type.contains("extension") { return "appex" }
    if type.hasPrefix("framework") { return "framework" }
    if type == "bundle.unit-test" || type == "bundle.ui-testing" { return "xctest" }
    if type.hasPrefix("bundle") { return "bundle" }
    return nil
  }

  /// The built-in assignments for one target (nil for project-level settings) in one
  /// configuration.
  ///
  /// - Parameters:
  ///   - project: the project's names and folders.
  ///   - target: the target's name and product type.
  ///   - configuration: the configuration's name.
  ///   - sdkroot: the `SDKROOT` as the project sets it, used for `PLATFORM_NAME` when no SDK
  ///     is asked for.
  /// - Returns: the assignments, at `SettingLevel.builtin`.
  package static func assignments(
    project: XcodeProjectInfo, target: (name: String, productType: String?)?,
    configuration: String, sdkroot: String?
  ) -> [BuildSettingAssignment] {
    var out: [BuildSettingAssignment] = []
    func set(_ name: String, _ value: String, _ conditions: [SettingCondition] = []) {
      out.append(
        BuildSettingAssignment(
          name: name, conditions: conditions, value: value,
          origin: SettingOrigin(level: .builtin, path: "")))
    }
    let root = project.sourceRoot.isEmpty ? "." : project.sourceRoot
    set("PROJECT_NAME", project.name)
    set("PROJECT_FILE_PATH", project.path)
    set("SRCROOT", root)
    set("PROJECT_DIR", root)
    set("SOURCE_ROOT", root)
    set("CONFIGURATION", configuration)
    set("DEVELOPMENT_LANGUAGE", project.developmentRegion ?? "en")
    set("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES")
    if let sdkroot {
      let name = BuildContext(configuration: configuration, sdk: sdkroot).sdkPlatformName
      if let name, platformNames.contains(name) { set("PLATFORM_NAME", name) }
    }
    for platform in platformNames {
      set("PLATFORM_NAME", platform, [SettingCondition(key: "sdk", pattern: platform + "*")])
      set(
        "EFFECTIVE_PLATFORM_NAME", platform == "macosx" ? "" : "-" + platform,
        [SettingCondition(key: "sdk", pattern: platform + "*")])
    }
    guard let target else { return out }
    set("TARGET_NAME", target.name)
    set("TARGETNAME", target.name)
    set("PRODUCT_NAME", "$(TARGET_NAME)")
    let type = target.productType?.replacingOccurrences(of: "com.apple.product-type.", with: "")
    set("EXECUTABLE_PREFIX", type == "library.static" || type == "library.dynamic" ? "lib" : "")
    set(
      "EXECUTABLE_SUFFIX",
      type == "library.static" ? ".a" : type == "library.dynamic" ? ".dylib" : "")
    set("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)")
    set("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)")
    if let packageType = packageType(productType: target.productType) {
      set("PRODUCT_BUNDLE_PACKAGE_TYPE", packageType)
    }
    if let ext = wrapperExtension(productType: target.productType) {
      set("WRAPPER_EXTENSION", ext)
      set("FULL_PRODUCT_NAME", "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)")
    } else {
      set("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)")
    }
    return out
  }
}

/// What the built-in settings need to know about a project.
package struct XcodeProjectInfo: Sendable {
  /// The `.xcodeproj` path in the tree.
  package var path: String
  /// The project name.
  package var name: String
  /// The folder holding the `.xcodeproj` (`""` at the root).
  package var sourceRoot: String
  /// The project's `developmentRegion`.
  package var developmentRegion: String?
}
