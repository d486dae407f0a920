import Foundation
import PlistCore

/// The `INFOPLIST_KEY_*` build settings Xcode turns into Info.plist keys when
/// `GENERATE_INFOPLIST_FILE = YES`, with the type of value each one produces.
///
/// Source: swift-build's `InfoPlistProcessorTaskAction.defaultInfoPlistContent` (the list of
/// generated keys and the usage-description keys), which also gives the name mapping: the
/// setting is `INFOPLIST_KEY_` + the key, with `~iphone` written `_iPhone` and `~ipad` written
/// `_iPad` (`INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad` →
/// `UISupportedInterfaceOrientations~ipad`). Settings outside this list (a made-up
/// `INFOPLIST_KEY_Foo`) are ignored by Xcode; `EffectiveInfoPlist.ignoredSettings` lists them.
/// Two more settings generate dictionaries when `YES`:
/// `INFOPLIST_KEY_UILaunchScreen_Generation` → `UILaunchScreen = { UILaunchScreen = {} }`
/// (swift-build writes this nested form), and
/// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation` → `UIApplicationSceneManifest = {
/// UIApplicationSupportsMultipleScenes = YES; UISceneConfigurations = {} }`. Xcode also writes
/// `CFBundleName` (`PRODUCT_NAME`), `CFBundleExecutable` (`EXECUTABLE_NAME`), `CFBundleVersion`
/// (`CURRENT_PROJECT_VERSION`), `CFBundleDevelopmentRegion` (`DEVELOPMENT_LANGUAGE`),
/// `CFBundleIdentifier` (`PRODUCT_BUNDLE_IDENTIFIER`), `CFBundlePackageType`
/// (`PRODUCT_BUNDLE_PACKAGE_TYPE`), `CFBundleShortVersionString` (`MARKETING_VERSION`) when the
/// setting has a value, and always `CFBundleInfoDictionaryVersion = 6.0`.
package struct InfoPlistKeySetting: Sendable, Hashable {
  /// How the setting's text becomes a property-list value.
  package enum ValueType: Sendable, Hashable {
    /// The text as a string.
    case string
    /// `YES`/`true`/`1` → true, anything else → false.
    case boolean
    /// Words separated by white space (quotes group) → an array of strings.
    case stringList
  }

  /// The Info.plist key (`UISupportedInterfaceOrientations~ipad`).
  package var key: String
  /// The value type.
  package var type: ValueType

  /// The build setting that sets the key (`INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad`).
  package var settingName: String {
    "INFOPLIST_KEY_"
      + key.replacingOccurrences(of: "~iphone", with: "_iPhone").replacingOccurrences(
        of: "~ipad", with: "_iPad")
  }

  /// Every key in the order Xcode's list gives them.
  package static let all: [InfoPlistKeySetting] = {
    let booleans: Set<String> = [
      "ITSAppUsesNonExemptEncryption", "LSBackgroundOnly", "LSUIElement",
      "LSSupportsOpeningDocumentsInPlace", "NSSupportsLiveActivities",
      "NSSupportsLiveActivitiesFrequentUpdates", "UIApplicationSupportsIndirectInputEvents",
      "UIRequiresFullScreen", "UIStatusBarHidden", "UISupportsDocumentBrowser",
      "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "MetalCaptureEnabled",
      "GCSupportsControllerUserInteraction", "GCSupportsGameMode",
    ]
    let lists: Set<String> = [
      "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations",
      "UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations~iphone",
      "WKSupportsLiveActivityLaunchAttributeTypes",
    ]
    let keys = [
      "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright",
      "NSPrincipalClass", "ITSAppUsesNonExemptEncryption", "ITSEncryptionExportComplianceCode",
      "NSLocationTemporaryUsageDescriptionDictionary", "LSBackgroundOnly", "LSUIElement",
      "NSMainNibFile", "NSMainStoryboardFile", "UILaunchStoryboardName", "UIMainStoryboardFile",
      "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UIUserInterfaceStyle",
      "LSSupportsOpeningDocumentsInPlace", "NSSensorKitPrivacyPolicyURL",
      "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates",
      "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen", "UIStatusBarHidden",
      "UIStatusBarStyle", "UISupportedInterfaceOrientations~ipad",
      "UISupportedInterfaceOrientations~iphone", "UISupportsDocumentBrowser",
      "CLKComplicationPrincipalClass", "WKApplication", "WKCompanionAppBundleIdentifier",
      "WKExtensionDelegateClassName", "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly",
      "WKSupportsLiveActivityLaunchAttributeTypes", "MetalCaptureEnabled",
      "GCSupportsControllerUserInteraction", "GCSupportsGameMode", "NSStickerSharingLevel",
    ]
    let usage = [
      "NFCReader", "NSAppleEvents", "NSAppleMusic", "NSBluetoothAlways", "NSBluetoothPeripheral",
      "NSBluetoothWhileInUse", "NSCalendars", "NSCamera", "NSContacts", "NSDesktopFolder",
      "NSDocumentsFolder", "NSDownloadsFolder", "NSFaceID", "NSFallDetection",
      "NSFileProviderDomain", "NSFileProviderPresence", "NSFocusStatus", "NSGKFriendList",
      "NSHealthClinicalHealthRecordsShare", "NSHealthShare", "NSHealthUpdate", "NSHomeKit",
      "NSIdentity", "NSLocalNetwork", "NSLocationAlwaysAndWhenInUse", "NSLocationAlways",
      "NSLocation", "NSLocationWhenInUse", "NSMicrophone", "NSMotion",
      "NSNearbyInteractionAllowOnce", "NSNearbyInteraction", "NSNetworkVolumes",
      "NSPhotoLibraryAdd", "NSPhotoLibrary", "NSReminders", "NSRemovableVolumes", "NSSensorKit",
      "NSSiri", "NSSpeechRecognition", "NSSystemAdministration", "NSSystemExtension",
      "NSUserTracking", "NSVideoSubscriberAccount", "NSVoIP", "OSBundle",
    ].map { $0 + "UsageDescription" }
    return (keys + usage).map { key in
      InfoPlistKeySetting(
        key: key,
        type: booleans.contains(key) ? .boolean : lists.contains(key) ? .stringList : .string)
    }
  }()

  /// The settings that generate whole dictionaries when `YES`, with the key they write.
  package static let generationSettings: [(setting: String, key: String)] = [
    ("INFOPLIST_KEY_UILaunchScreen_Generation", "UILaunchScreen"),
    ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "UIApplicationSceneManifest"),
  ]

  /// The dictionary a generation setting writes when `YES`.
  package static func generatedValue(forKey key: String) -> PlistValue {
    if key == "UILaunchScreen" {
      return .dictionary(
        PlistDictionary([PlistEntry(key: "UILaunchScreen", node: PlistNode(.dictionary(.init())))]))
    }
    return .dictionary(
      PlistDictionary([
        PlistEntry(key: "UIApplicationSupportsMultipleScenes", node: PlistNode(.boolean(true))),
        PlistEntry(key: "UISceneConfigurations", node: PlistNode(.dictionary(.init()))),
      ]))
  }

  /// The keys Xcode fills from ordinary settings, with the setting, in the order written.
  package static let standardKeys: [(key: String, setting: String)] = [
    ("CFBundleName", "PRODUCT_NAME"), ("CFBundleExecutable", "EXECUTABLE_NAME"),
    ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
    ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"),
    ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
    ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"),
    ("CFBundleShortVersionString", "MARKETING_VERSION"),
  ]

  /// Splits a list setting into words: white space separates, double quotes group.
  package static func words(_ text: String) -> [String] {
    var out: [String] = []
    var current = ""
    var quoted = false
    var any = false
    for c in text {
      if c == "\"" {
        quoted.toggle()
        any = true
      } else if c.isWhitespace && !quoted {
        if any { out.append(current) }
        current = ""
        any = false
      } else {
        current.append(c)
        any = true
      }
    }
    if any { out.append(current) }
    return out
  }
}
