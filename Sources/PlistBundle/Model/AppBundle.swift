import PlistCore

/// What the path given to infoscope turned out to be.
package enum InputKind: String, Sendable, Hashable {
  /// An `.app` folder (or another bundle folder: `.appex`, `.framework`…).
  case bundle
  /// An `.ipa` archive, read in memory.
  case ipa
  /// An `.xcarchive` folder.
  case archive = "xcarchive"
  /// An Xcode project (`X.xcodeproj`, or a folder holding one).
  case project = "Xcode project"
  /// A single file: a property list, `.entitlements`, `.xcprivacy`, `.strings`, a profile.
  case file
}

/// Everything a reviewer looks at in one input: its bundles with their files, the files outside
/// any bundle, and what could not be read.
package struct AppBundle: Sendable {
  /// The path the user gave.
  package var inputPath: String
  /// What the input is.
  package var inputKind: InputKind
  /// True for built products (`.app`, `.ipa`, `.xcarchive`), where `$(VAR)` placeholders should
  /// have been replaced; false for projects and bare source files.
  package var isBuilt: Bool
  /// The top-level bundles (usually one app), each with the bundles it holds.
  package var bundles: [BundleNode]
  /// Files that belong to no bundle: an archive's Info.plist, a project's files, a bare file.
  package var files: [BundleFile]
  /// What could not be read (a rejected ZIP entry, an unreadable folder); the rest loaded.
  package var problems: [BundleError]
  /// The Xcode projects, for a project input: targets, configurations, build settings.
  package var projects: [XcodeProject] = []
  /// For an `.ipa`, the archive as it was opened (its stamp and what it holds): a copy
  /// written later refuses an archive that changed since
  /// (`ZipArchive.writeCopy(of:to:replacing:expecting:)`).
  package var inputIdentity: ArchiveIdentity?

  /// Creates a loaded input.
  package init(
    inputPath: String, inputKind: InputKind, isBuilt: Bool, bundles: [BundleNode] = [],
    files: [BundleFile] = [], problems: [BundleError] = []
  ) {
    self.inputPath = inputPath
    self.inputKind = inputKind
    self.isBuilt = isBuilt
    self.bundles = bundles
    self.files = files
    self.problems = problems
  }

  /// Every bundle, depth first.
  package var allBundles: [BundleNode] { bundles.flatMap(\.allBundles) }

  /// Every file: the loose ones first, then each bundle's.
  package var allFiles: [BundleFile] { files + allBundles.flatMap(\.files) }

  /// The file at `path` (as `infoscope files` shows it), if any.
  package func file(at path: String) -> BundleFile? { allFiles.first { $0.path == path } }

  /// The platforms of all bundles, without repeats, in `Platform` order.
  package var platforms: [Platform] { Array(Set(allBundles.flatMap(\.platforms))).sorted() }

  /// The likely distribution channel: the kind of the main bundle's provisioning profile
  /// (development, ad hoc, App Store, enterprise, Developer ID), or nil without one.
  package var distribution: ProvisioningProfile.Kind? {
    bundles.first?.files.first { $0.role == .provisioningProfile }?.profile?.kind
  }
}
