import PlistBundle
import PlistCore

/// What an app icon set and the input around it say: the facts the icon rules share.
///
/// An icon set (`X.appiconset/Contents.json`) is JSON, not a property list: the linter hands it
/// to the rules with an empty root (`Linter.root(of:)`), and the rules read the set itself from
/// the `BundleFile` at the subject's path. Findings land on `images[i]` (the slot, in the file's
/// order) or on the root for the set as a whole.
struct IconSetFacts {
  /// The subject.
  let subject: LintSubject
  /// The set.
  let iconSet: AppIconSet

  /// The facts of the icon set at `subject.path`, or nil when the subject is not one that read.
  init?(_ subject: LintSubject) {
    let files = (subject.bundle?.files ?? []) + (subject.input?.allFiles ?? [])
    guard
      let set = files.first(where: { $0.role == .appIconSet && $0.path == subject.path })?
        .iconSet
    else { return nil }
    self.subject = subject
    self.iconSet = set
  }

  /// The set's name: its folder's name without `.appiconset` (`AppIcon`).
  var name: String {
    let folder = iconSet.path.split(separator: "/").last.map(String.init) ?? iconSet.path
    return folder.hasSuffix(".appiconset") ? String(folder.dropLast(11)) : folder
  }

  /// The set's folder name as written (`AppIcon.appiconset`), for messages.
  var folderName: String {
    iconSet.path.split(separator: "/").last.map(String.init) ?? iconSet.path
  }

  /// The key path of slot `index` (`images[3]`).
  static func slot(_ index: Int) -> KeyPath { KeyPath([.key("images"), .index(index)]) }

  /// The slots with their indices.
  var slots: [(index: Int, image: AppIconSet.Image)] {
    iconSet.images.enumerated().map { ($0.offset, $0.element) }
  }

  /// The names of the Icon Composer icons in the input (`AppIcon` for `AppIcon.icon/icon.json`).
  var iconComposerNames: Set<String> {
    let files = (subject.bundle?.files ?? []) + (subject.input?.allFiles ?? [])
    var names: Set<String> = []
    for file in files where file.role == .iconComposer {
      let parts = file.path.split(separator: "/")
      if let folder = parts.dropLast().last, folder.hasSuffix(".icon") {
        names.insert(String(folder.dropLast(5)))
      }
    }
    return names
  }

  /// True when an Icon Composer icon of the same name is in the input (Xcode 26 uses it instead
  /// of this set for iOS, iPadOS, macOS and watchOS).
  var hasSameNamedIconComposerIcon: Bool { iconComposerNames.contains(name) }

  /// The primary app icon names of the application targets (`ASSETCATALOG_COMPILER_APPICON_NAME`
  /// in each target's default configuration), or nil when the input has no project or a target
  /// leaves the name unresolved.
  var primaryIconNames: Set<String>? {
    guard let projects = subject.input?.projects, !projects.isEmpty else { return nil }
    var names: Set<String> = []
    for project in projects {
      for target in project.targets where target.isApplication {
        let configuration =
          target.defaultConfigurationName ?? target.configurationNames.last ?? ""
        guard
          let settings = try? project.settings(target: target.name, configuration: configuration)
        else { return nil }
        guard let value = settings.value(of: "ASSETCATALOG_COMPILER_APPICON_NAME") else {
          continue
        }
        guard value.isResolved else { return nil }
        if !value.text.isEmpty { names.insert(value.text) }
      }
    }
    return names
  }

  /// How sure an App Store icon finding is: `.sure` for a set an app target names as its
  /// primary icon, `.unknown` with no project to tell, nil for a set no app target uses as its
  /// primary icon (an alternate icon, an extension's icon) or one an Icon Composer icon of the
  /// same name replaces.
  var storeRelevance: StoreRelevance? {
    if hasSameNamedIconComposerIcon { return nil }
    guard let names = primaryIconNames else { return .unknown }
    return names.contains(name) ? .sure : nil
  }

  /// See `storeRelevance`.
  enum StoreRelevance {
    case sure
    case unknown
  }
}

extension AppIconSet.Image {
  /// The platform a slot is for: from `platform` (current Xcode) or else the idiom; nil for a
  /// `universal` slot without a platform and for idioms infoscope does not know.
  var iconPlatform: Platform? {
    switch platform?.lowercased() {
    case "ios"?: return .iOS
    case "macos"?: return .macOS
    case "watchos"?: return .watchOS
    case "tvos"?: return .tvOS
    case "xros"?, "visionos"?: return .visionOS
    default: break
    }
    switch idiom?.lowercased() {
    case "iphone"?, "ipad"?, "ios-marketing"?, "car"?: return .iOS
    case "mac"?: return .macOS
    case "watch"?, "watch-marketing"?: return .watchOS
    case "tv"?, "tv-marketing"?: return .tvOS
    case "vision"?, "reality"?: return .visionOS
    default: return nil
    }
  }

  /// True for the App Store image of iOS or watchOS: 1024×1024 pt at 1x, default appearance,
  /// in the marketing idiom or the single-size `universal` slot.
  var isAppStoreSlot: Bool {
    guard let points = pointSize, points.width == 1024, points.height == 1024, scale == 1,
      appearances.isEmpty
    else { return false }
    switch idiom?.lowercased() {
    case "ios-marketing"?, "watch-marketing"?: return true
    case "universal"?: return iconPlatform == .iOS || iconPlatform == .watchOS
    default: return false
    }
  }

  /// The slot as Xcode's editor names it: `mac 16x16 @2x`, `universal ios 1024x1024`.
  var label: String {
    var parts = [idiom ?? "?"]
    if let platform { parts.append(platform) }
    parts.append(size ?? "?")
    if scale != 1 || idiom == "mac" { parts.append("@\(scale)x") }
    if !appearances.isEmpty { parts.append("(\(appearances.joined(separator: ", ")))") }
    return parts.joined(separator: " ")
  }
}
