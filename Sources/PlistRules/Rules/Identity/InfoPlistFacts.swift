import Foundation
import PlistBundle
import PlistCore

/// What an Info.plist and its surroundings say about the bundle it describes: the facts the
/// identity, version and launch rules share.
///
/// Source files are often partial: with `GENERATE_INFOPLIST_FILE = YES` Xcode merges build
/// settings into them, so a key missing from a bare source file may still reach the built
/// bundle. `completeness` says how far a missing key can be trusted.
struct InfoPlistFacts {
  /// How much of the shipped Info.plist the file shows.
  enum Completeness: Equatable {
    /// A built bundle's Info.plist: what ships.
    case built
    /// A project target's effective Info.plist, with the generated keys merged in.
    case assembled
    /// A source file written in full (it names `CFBundleExecutable` or `CFBundlePackageType`);
    /// the build may still add keys.
    case fullSource
    /// A source file that leaves the usual keys to the build (or a file of unknown kind).
    case partialSource
  }

  /// The subject.
  let subject: LintSubject
  /// Its root dictionary.
  let info: PlistDictionary

  /// The facts of `subject`, or nil when its root is not a dictionary.
  init?(_ subject: LintSubject) {
    guard let info = subject.dictionary else { return nil }
    self.subject = subject
    self.info = info
  }

  /// A string value of the root dictionary.
  func string(_ key: String) -> String? { info[key]?.value.stringValue }

  /// How far the file shows what ships.
  var completeness: Completeness {
    if subject.context.isBuilt { return .built }
    if let effective = subject.bundle?.effectiveInfoPlist {
      // A missing INFOPLIST_FILE or .xcconfig hides keys and settings: the rest is unknown.
      return effective.issues.isEmpty ? .assembled : .partialSource
    }
    if info["CFBundleExecutable"] != nil || info["CFBundlePackageType"] != nil {
      return .fullSource
    }
    return .partialSource
  }

  /// True when the Info.plist has `key`, or, for a project target, an SDK-conditional
  /// `INFOPLIST_KEY_*` setting that the requested SDK did not decide would set it.
  func has(_ key: String) -> Bool {
    info[key] != nil
      || (subject.bundle?.effectiveInfoPlist?.conditionalVariants.contains { $0.key == key }
        ?? false)
  }

  /// The kind of bundle: the loaded bundle's, or else what `CFBundlePackageType` and
  /// `NSExtension` say; nil when nothing tells.
  var kind: BundleKind? {
    if let kind = subject.bundle?.kind { return kind }
    let isExtension = info["NSExtension"] != nil || info["EXAppExtensionAttributes"] != nil
    switch string("CFBundlePackageType") {
    case "APPL": return .application
    case "XPC!": return isExtension ? .appExtension : .xpcService
    case "FMWK": return .framework
    case let type? where !Placeholder.contains(type): return .bundle
    default: return isExtension ? .appExtension : nil
    }
  }

  /// True for apps and the app-like bundles an app carries: extensions, watch apps, App Clips.
  var isAppLike: Bool {
    switch kind {
    case .application?, .appExtension?, .watchApplication?, .appClip?: true
    default: false
    }
  }

  /// True when the platforms are known and include `platform`, or, with no platforms known,
  /// when `fallback` holds.
  func targets(_ platforms: Set<Platform>, fallback: Bool) -> Bool {
    let known = subject.context.platforms
    return known.isEmpty ? fallback : !platforms.isDisjoint(with: known)
  }

  /// True when the bundle is built with the macOS SDK (a Mac Catalyst or macOS build).
  var isMacBuild: Bool {
    (subject.context.sdk ?? string("DTSDKName") ?? "").lowercased().hasPrefix("macosx")
  }

  /// The `UIDeviceFamily` values (an integer or an array of integers).
  var deviceFamilies: [Int64] {
    func integer(_ node: PlistNode) -> Int64? {
      switch node.value {
      case .integer(let i): i.int64
      case .string(let s): Int64(s)
      default: nil
      }
    }
    guard let node = info["UIDeviceFamily"] else { return [] }
    if let items = node.value.arrayValue { return items.compactMap(integer) }
    return integer(node).map { [$0] } ?? []
  }

  /// True for the iOS container Xcode generates around a watch-only app
  /// (`ITSWatchOnlyContainer` true).
  ///
  /// Apple's documentation
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list) does not
  /// document the key or say what
  /// App Store Connect expects of such a container, so the iPhone-app rules (launch screen,
  /// orientations, icon name, scene manifest, full screen) skip it rather than guess.
  var isWatchOnlyContainer: Bool {
    info["ITSWatchOnlyContainer"]?.value.boolValue == true
  }

  /// True for an iPhone or iPad app (not an extension, not a Mac build, not a watch-only
  /// container): from the platforms when known, else from iOS-only keys
  /// (`LSRequiresIPhoneOS`, `UIDeviceFamily` 1 or 2).
  var isIOSApp: Bool {
    guard kind == .application || (kind == nil && completeness != .partialSource),
      !isMacBuild, !isWatchOnlyContainer
    else { return false }
    let fallback =
      info["LSRequiresIPhoneOS"]?.value.boolValue == true
      || deviceFamilies.contains { $0 == 1 || $0 == 2 }
    return targets([.iOS, .iPadOS], fallback: fallback)
  }

  /// True when the app runs on iPad: iPadOS among the platforms, or `UIDeviceFamily` holds 2.
  var targetsIPad: Bool {
    subject.context.platforms.contains(.iPadOS) || deviceFamilies.contains(2)
  }

  /// A device a key can be written for with Apple's `~ipad` / `~iphone` suffix.
  enum Device: String, CaseIterable {
    case iPhone = "~iphone"
    case iPad = "~ipad"

    /// The device in words.
    var name: String { self == .iPad ? "iPad" : "iPhone" }
  }

  /// The devices the app runs on, from `UIDeviceFamily` (1 iPhone, 2 iPad) and the platforms;
  /// empty when neither tells.
  var devices: [Device] {
    var devices: [Device] = []
    let platforms = subject.context.platforms
    if deviceFamilies.contains(1) || (deviceFamilies.isEmpty && platforms.contains(.iOS)) {
      devices.append(.iPhone)
    }
    if targetsIPad { devices.append(.iPad) }
    return devices
  }

  /// The keys written for `base`: `base` itself and its device-specific variants (`base~ipad`,
  /// `base~iphone`, the suffix in any case, as Apple spells it both ways), in file order.
  func variants(of base: String) -> [String] {
    info.keys.filter { KnownKeys.splitDeviceSuffix($0).base == base }
  }

  /// The key `device` reads for `base`: the device-specific variant when there is one, else
  /// `base` itself; nil when neither is present.
  func key(_ base: String, for device: Device) -> String? {
    let variant = info.keys.last { $0.lowercased() == (base + device.rawValue).lowercased() }
    return variant ?? (info[base] != nil ? base : nil)
  }

  /// The name to show for `bundle`: its folder's name, or the input's for the bundle that is
  /// the input itself.
  static func name(of bundle: BundleNode, in input: AppBundle?) -> String {
    guard bundle.path.isEmpty else { return bundle.name }
    let inputName = input?.inputPath.split(separator: "/").last.map(String.init)
    return inputName ?? "the app"
  }

  /// The major version of the SDK the bundle was built with (`DTSDKName`), when known.
  var sdkMajorVersion: Int? {
    if let version = subject.context.sdkMajorVersion { return version }
    return LintContext(sdk: string("DTSDKName")).sdkMajorVersion
  }
}

/// `$(VAR)` and `${VAR}` build-setting placeholders in Info.plist strings.
enum Placeholder {
  /// True when `text` holds a `$(` or `${` placeholder opening.
  static func contains(_ text: String) -> Bool {
    text.hasBuildSettingPlaceholder
  }

  /// The placeholders in `text`, as written (`$(PRODUCT_NAME)`, `${EXECUTABLE_NAME}`,
  /// `$(PRODUCT_NAME:rfc1034identifier)`), in order.
  ///
  /// A placeholder is `$(` or `${`, a setting name (letters, digits, underscores), optional
  /// `:modifier` text, and the matching closer.
  static func all(in text: String) -> [String] {
    var found: [String] = []
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i + 1 < scalars.count {
      guard scalars[i] == "$", scalars[i + 1] == "(" || scalars[i + 1] == "{" else {
        i += 1
        continue
      }
      let closer: Unicode.Scalar = scalars[i + 1] == "(" ? ")" : "}"
      var j = i + 2
      while j < scalars.count, isNameScalar(scalars[j]) { j += 1 }
      let nameEnd = j
      if j < scalars.count, scalars[j] == ":" {
        while j < scalars.count, scalars[j] != closer, scalars[j] != "$" { j += 1 }
      }
      if nameEnd > i + 2, j < scalars.count, scalars[j] == closer {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[i...j])
        found.append(String(s))
        i = j + 1
      } else {
        i += 2
      }
    }
    return found
  }

  /// `text` with every placeholder removed.
  static func stripped(_ text: String) -> String {
    var result = text
    for placeholder in all(in: text) {
      result = result.replacingOccurrences(of: placeholder, with: "")
    }
    return result
  }

  private static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
    s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
  }
}
