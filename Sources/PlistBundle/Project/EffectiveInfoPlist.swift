import PlistCore

/// Where a value of an effective Info.plist came from.
package enum InfoPlistValueSource: Sendable, Hashable {
  /// The `INFOPLIST_FILE`, at the key's location in it.
  case file(path: String, location: SourceLocation)
  /// A build setting (`INFOPLIST_KEY_NSCameraUsageDescription`, `MARKETING_VERSION`, …), with
  /// the assignment that gave it its value (a `.builtin` origin for Xcode's defaults).
  case buildSetting(name: String, origin: SettingOrigin)
  /// Added by Xcode itself with no setting behind it (`CFBundleInfoDictionaryVersion`,
  /// `LSRequiresIPhoneOS`).
  case generated
}

/// One key of an effective Info.plist.
package struct EffectiveInfoPlistEntry: Sendable {
  /// The key.
  package var key: String
  /// The value, with build settings expanded; placeholders nobody defines stay as written.
  package var node: PlistNode
  /// Where the value came from; for an array or dictionary merged from the file and a setting,
  /// the setting (the file's part is in `mergedFrom`).
  package var source: InfoPlistValueSource
  /// Earlier sources the value was merged with (the file's array a setting's items were
  /// appended to), oldest first.
  package var mergedFrom: [InfoPlistValueSource]
  /// The settings left unresolved anywhere in the value.
  package var unresolved: [String]
}

/// An `INFOPLIST_KEY_*` assignment that applies only under a condition that the requested SDK
/// did not decide (`INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*] = YES` when no SDK
/// was asked for), with the value it would give.
package struct ConditionalInfoPlistVariant: Sendable {
  /// The Info.plist key it would set.
  package var key: String
  /// The value it would give.
  package var node: PlistNode
  /// The setting's name, without conditions.
  package var setting: String
  /// Its conditions.
  package var conditions: [SettingCondition]
  /// Where it is assigned.
  package var origin: SettingOrigin
}

/// The Info.plist Xcode would build for one target and configuration: the `INFOPLIST_FILE`
/// merged with the generated keys when `GENERATE_INFOPLIST_FILE = YES`, settings expanded.
///
/// Merge rules are swift-build's (`InfoPlistProcessorTaskAction`): a generated scalar replaces
/// the file's value, a generated array is appended to the file's (skipping items already
/// there), a generated dictionary is merged one level deep, and values of different kinds are
/// an issue (the file's value stays). Then `$(VAR)` placeholders in the file's strings are
/// expanded (unless `INFOPLIST_EXPAND_BUILD_SETTINGS = NO`), empty strings are dropped for the
/// keys Xcode elides (`CFBundleIdentifier`, `NSHumanReadableCopyright`, …), `UIDeviceFamily`
/// is set from `TARGETED_DEVICE_FAMILY` (the families of the platform only, when it is known),
/// and keys the platform does not support are removed (`LSUIElement` outside macOS,
/// `LSRequiresIPhoneOS` on macOS and watchOS, `LSApplicationCategoryType` outside
/// macOS/iOS/tvOS), as listed in `removed`.
package struct EffectiveInfoPlist: Sendable {
  /// The `INFOPLIST_FILE` as read, kept so findings can point into it.
  package struct SourceFile: Sendable {
    /// Its path in the project's file tree.
    package var path: String
    /// The parsed file.
    package var document: PlistDocument
  }

  /// The target's name.
  package var target: String
  /// The configuration's name.
  package var configuration: String
  /// The SDK asked for (`iphoneos`), or nil.
  package var sdk: String?
  /// The platform name used for platform rules (`iphoneos`, `macosx`), from the SDK or from
  /// `SDKROOT`; nil when neither names one (`SDKROOT = auto` and no SDK asked for).
  package var platformName: String?
  /// The `INFOPLIST_FILE`, when the target names one and it could be read.
  package var sourceFile: SourceFile?
  /// True when `GENERATE_INFOPLIST_FILE = YES`.
  package var isGenerated: Bool
  /// The keys, the file's first in its order, then generated ones.
  package var entries: [EffectiveInfoPlistEntry]
  /// Conditional `INFOPLIST_KEY_*` settings the requested SDK did not decide (all SDK-conditional
  /// ones when no SDK was asked for).
  package var conditionalVariants: [ConditionalInfoPlistVariant]
  /// `INFOPLIST_KEY_*` settings Xcode does not know, and so ignores.
  package var ignoredSettings: [String]
  /// Keys removed for the platform, each with the reason.
  package var removed: [(key: String, reason: String)]
  /// Problems: a missing or unparsable `INFOPLIST_FILE`, a merge of values of different kinds,
  /// and the settings' own issues (a missing `.xcconfig`).
  package var issues: [BundleError]
  /// The `INFOPLIST_FILE` that is set but could not be read (missing, outside the project
  /// folder, not a property list), with the setting that names it; nil when it read or is unset.
  package var unreadSource: UnreadSource? = nil

  /// A file a build setting names that could not be read.
  package struct UnreadSource: Sendable {
    /// The file's path in the project's file tree, or the setting's value when it names no
    /// place in the tree.
    package var path: String
    /// The setting and where it is assigned.
    package var setting: NamingSetting
    /// Why the file could not be read.
    package var problem: BundleError
  }

  /// The entry for `key`, or nil.
  package subscript(key: String) -> EffectiveInfoPlistEntry? {
    entries.first { $0.key == key }
  }

  /// The whole Info.plist as a dictionary value.
  package var dictionary: PlistDictionary {
    PlistDictionary(entries.map { PlistEntry(key: $0.key, node: $0.node) })
  }
}
