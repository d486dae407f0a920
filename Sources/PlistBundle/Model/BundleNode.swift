import PlistCore

/// The kinds of bundle a bundle can hold, told from the folder's extension and place.
package enum BundleKind: String, Sendable, Hashable {
  case application = "app"
  case appExtension = "app extension"
  case watchApplication = "watch app"
  case appClip = "App Clip"
  case framework
  case xpcService = "XPC service"
  case loginItem = "login item"
  case systemExtension = "system extension"
  /// Any other bundle (`.bundle`, `.plugin`).
  case bundle
}

/// How a bundle lays out its files.
package enum BundleLayout: String, Sendable, Hashable {
  /// `Info.plist`, the executable and resources at the bundle's root (iOS, tvOS, watchOS,
  /// visionOS).
  case shallow
  /// `Contents/Info.plist`, `Contents/MacOS`, `Contents/Resources` (macOS).
  case deep
  /// A macOS framework: `Versions/A/Resources/Info.plist` behind `Resources`.
  case versionedFramework = "versioned framework"
}

/// One bundle inside the input (an app, an extension, a framework…), with its files and the
/// bundles it holds.
package struct BundleNode: Sendable {
  /// The bundle folder's path inside the input (`""` when the input is the bundle itself).
  package var path: String
  /// What kind of bundle it is.
  package var kind: BundleKind
  /// How its files are laid out.
  package var layout: BundleLayout
  /// The files that belong to this bundle (not to the bundles it holds).
  package var files: [BundleFile]
  /// The bundles it holds (extensions, frameworks, watch apps…).
  package var children: [BundleNode]
  /// The platforms it targets, from its Info.plist, layout and executable (see
  /// `PlatformDetector`).
  package var platforms: [Platform]
  /// The main executable, parsed, when the bundle has one that reads as Mach-O.
  package var executable: MachOFile?
  /// For a project target: its effective Info.plist with where each key came from and which
  /// `$(VAR)` placeholders stayed unresolved.
  package var effectiveInfoPlist: EffectiveInfoPlist?
  /// The names in the bundle's own `Frameworks` folder (`Contents/Frameworks` on macOS), in
  /// folder order, or nil when it has no such folder: frameworks, loose libraries and
  /// anything else (an app extension may have none at all).
  package var frameworksFolder: [String]?

  /// Creates a bundle.
  package init(
    path: String, kind: BundleKind, layout: BundleLayout, files: [BundleFile] = [],
    children: [BundleNode] = [], platforms: [Platform] = []
  ) {
    self.path = path
    self.kind = kind
    self.layout = layout
    self.files = files
    self.children = children
    self.platforms = platforms
  }

  /// The bundle's Info.plist file, if it has one.
  package var infoPlistFile: BundleFile? { files.first { $0.role == .infoPlist } }

  /// The root dictionary of the Info.plist, if it read.
  package var infoPlist: PlistDictionary? { infoPlistFile?.document?.root.value.dictionaryValue }

  /// A string value of the Info.plist.
  package func info(_ key: String) -> String? { infoPlist?[key]?.value.stringValue }

  /// `CFBundleIdentifier`.
  package var identifier: String? { info("CFBundleIdentifier") }

  /// `CFBundleShortVersionString`.
  package var shortVersion: String? { info("CFBundleShortVersionString") }

  /// `CFBundleVersion`.
  package var buildVersion: String? { info("CFBundleVersion") }

  /// The SDK it was built with (`DTSDKName`, written by Xcode into built bundles).
  package var sdk: String? { info("DTSDKName") }

  /// The folder's name (`Share.appex`), or the input's name for the root.
  package var name: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// This bundle and every bundle below it, depth first.
  package var allBundles: [BundleNode] { [self] + children.flatMap(\.allBundles) }
}
