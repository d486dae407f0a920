/// What a file found in a bundle, archive or project is for.
package enum FileRole: String, Sendable, Hashable, CaseIterable {
  /// A bundle's `Info.plist` (or a project target's effective one).
  case infoPlist = "Info.plist"
  /// An `.entitlements` property list (a project's `CODE_SIGN_ENTITLEMENTS`, or a bare file).
  case entitlements
  /// The entitlements embedded in an executable's code signature.
  case signedEntitlements = "signed entitlements"
  /// `embedded.mobileprovision` or `embedded.provisionprofile`.
  case provisioningProfile = "provisioning profile"
  /// `PrivacyInfo.xcprivacy`.
  case privacyManifest = "privacy manifest"
  /// A localised `InfoPlist.strings` in a `*.lproj` folder.
  case infoPlistStrings = "InfoPlist.strings"
  /// A string catalog, `InfoPlist.xcstrings`.
  case infoPlistStringCatalog = "InfoPlist.xcstrings"
  /// An asset-catalog app icon set's `Contents.json`.
  case appIconSet = "app icon set"
  /// An Icon Composer `.icon` bundle's `icon.json`.
  case iconComposer = "Icon Composer icon"
  /// An icon image named by the Info.plist (`CFBundleIcons`, `CFBundleIconFile`).
  case iconImage = "icon image"
  /// A compiled asset catalog, `Assets.car`, shown as a read-only tree of its assets and
  /// renditions.
  case assetCatalog = "asset catalog"
  /// A compiled launch storyboard (`.storyboardc`) named by `UILaunchStoryboardName`.
  case launchStoryboard = "launch storyboard"
  /// A bundle's main executable (Mach-O).
  case executable
  /// An `.xcarchive`'s own `Info.plist`.
  case archiveInfo = "archive Info.plist"
  /// An Xcode project's `project.pbxproj`.
  case projectFile = "project file"
  /// A build-configuration file, `.xcconfig`.
  case buildConfiguration = "xcconfig"
  /// Any other property list.
  case propertyList = "property list"
  /// The input itself (an `.ipa`, `.xcarchive`, project or folder), never a file of it: the
  /// role of a problem with its structure (no app in `Payload`, an archive entry skipped).
  case input
}

extension FileRole {
  /// Every role a file can have: all but `input`.
  package static let files: Set<FileRole> = Set(allCases).subtracting([.input])
}
