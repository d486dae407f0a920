import PlistBundle
import PlistCore
import PlistRules

/// The sample app bundle built into the binary, for `infoscope --demo`: a built iOS app with a
/// widget extension, held in a `MemoryTree` and read by the same `BundleLoader` as a user's
/// `.app`, so every command and the inspector treat it as one.
///
/// The text is our own, for an imaginary hiking log, "Trailhead" (`org.example.trailhead`),
/// laid out as Xcode 16 builds an iOS 16 app with the iOS 18.2 SDK. Property lists are XML in
/// Apple's canonical layout (Xcode writes a built iOS Info.plist as binary; XML keeps line
/// numbers in the findings). The files, by path inside `Trailhead.app`:
///
/// - `Info.plist`: identity, versions, icons, a URL type, purpose strings, App Transport
///   Security, scenes, background modes, device family and orientations;
/// - `Trailhead`: the executable, a stand-in Mach-O whose code signature carries the app's
///   entitlements (App Group, push), read as `Trailhead#entitlements` (see `DemoExecutable`);
/// - `PrivacyInfo.xcprivacy`: the privacy manifest (collected location, required-reason APIs);
/// - `en.lproj/InfoPlist.strings`: localised purpose strings, in old-style text;
/// - `PlugIns/TrailheadWidgets.appex/`: a WidgetKit extension's Info.plist and executable.
///
/// It holds the faults a real team ships, one per rule, in `faults`; everything else is clean.
package enum DemoBundle {
  /// The name the sample goes by, as a path to a user's bundle would.
  package static let inputPath = "Trailhead.app"

  /// One fault built into the sample: the rule that finds it, the file and key path it is
  /// reported at, and its severity.
  package struct Fault: Sendable, Hashable {
    /// The rule identifier.
    package var rule: String
    /// The file's path inside the bundle.
    package var file: String
    /// The key path, in `KeyPath` syntax.
    package var keyPath: String
    /// The severity the rule gives it.
    package var severity: Severity
  }

  /// The path of the widget extension inside the bundle.
  static let widgets = "PlugIns/TrailheadWidgets.appex"

  /// The faults the sample is written to show, in report order, each caught by one rule.
  package static let faults: [Fault] = [
    Fault(
      rule: "unresolved_placeholder", file: "Info.plist",
      keyPath: "CFBundleURLTypes[0].CFBundleURLName", severity: .error),
    // Built with Xcode 16 and the iOS 18.2 SDK: below App Store Connect's minimum since
    // April 28, 2026 (the iOS 26 SDK).
    Fault(rule: "sdk_below_minimum", file: "Info.plist", keyPath: "DTSDKName", severity: .error),
    Fault(
      rule: "web_or_media_arbitrary_loads", file: "Info.plist",
      keyPath: "NSAppTransportSecurity.NSAllowsArbitraryLoadsInWebContent", severity: .note),
    Fault(
      rule: "deprecated_key", file: "Info.plist",
      keyPath: "NSBluetoothPeripheralUsageDescription", severity: .warning),
    Fault(
      rule: "blank_purpose_string", file: "Info.plist", keyPath: "NSMicrophoneUsageDescription",
      severity: .warning),
    Fault(
      rule: "background_mode_companion", file: "Info.plist", keyPath: "UIBackgroundModes[1]",
      severity: .error),
    Fault(
      rule: "near_miss_key", file: "Info.plist", keyPath: "UIRequiresFullscreen",
      severity: .warning),
    Fault(
      rule: "ipad_multitasking_orientations", file: "Info.plist",
      keyPath: "UISupportedInterfaceOrientations~ipad", severity: .error),
    Fault(
      rule: "invalid_required_reason_code", file: "PrivacyInfo.xcprivacy",
      keyPath: "NSPrivacyAccessedAPITypes[2].NSPrivacyAccessedAPITypeReasons[0]",
      severity: .error),
    Fault(
      rule: "nested_bundle_mismatch", file: widgets + "/Info.plist",
      keyPath: "CFBundleShortVersionString", severity: .warning),
  ]

  /// The sample's files by path inside the bundle.
  package static let files: [String: [UInt8]] = legacyIcons.merging([
    "Info.plist": Array(infoPlist.utf8),
    "Trailhead": DemoExecutable.build(
      identifier: "org.example.trailhead", team: team, minimumOS: 0x0010_0000, sdk: sdk,
      entitlements: appEntitlements),
    "PrivacyInfo.xcprivacy": Array(privacyManifest.utf8),
    "Assets.car": assetCatalog.carBytes(),
    "en.lproj/InfoPlist.strings": Array(infoPlistStrings.utf8),
    widgets + "/Info.plist": Array(widgetsInfoPlist.utf8),
    widgets + "/TrailheadWidgets": DemoExecutable.build(
      identifier: "org.example.trailhead.widgets", team: team, minimumOS: 0x0011_0000,
      sdk: sdk, entitlements: widgetsEntitlements),
  ]) { first, _ in first }

  /// The team identifier in the signatures and entitlements.
  static let team = "K7Q2TRA1LH"
  /// The SDK the executables record: iOS 18.2, as `DTSDKName` says.
  static let sdk: UInt32 = 0x0012_0200

  /// The sample as a tree of files whose root is the bundle folder.
  package static var tree: MemoryTree { MemoryTree(name: inputPath, files: files) }

  /// The sample, loaded by `BundleLoader` from `tree` under the name `inputPath`.
  ///
  /// - Returns: a built bundle: the app with the widget extension as its one nested bundle.
  ///   Loading cannot fail (the tree's root is a folder named `.app`); should the loader ever
  ///   refuse it, the error is kept in `problems` of an empty bundle rather than trapping.
  package static func load() -> AppBundle {
    do {
      return try BundleLoader.load(tree: tree, inputPath: inputPath)
    } catch {
      return AppBundle(inputPath: inputPath, inputKind: .bundle, isBuilt: true, problems: [error])
    }
  }
}
