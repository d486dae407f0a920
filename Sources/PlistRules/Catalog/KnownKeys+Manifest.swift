import PlistBundle
import PlistCore

extension KnownKeys {
  /// Privacy-manifest keys and the keys of their items
  /// (https://developer.apple.com/documentation/bundleresources/privacy-manifest-files); categories
  /// and reason codes live elsewhere.
  ///
  /// Display names are those Xcode's property list editor shows for a `.xcprivacy` file.
  static let privacyManifestKeys: [KnownKey] = [
    KnownKey(
      "NSPrivacyTracking", display: "Privacy Tracking Enabled", types: [.boolean],
      home: .privacyManifest,
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "14.0", .macOS: "14.0", .tvOS: "17.0",
        .visionOS: "1.0", .watchOS: "10.0",
      ], summary: "Says whether the app or SDK uses data to track users",
      url: privacyPage + "nsprivacytracking"),
    KnownKey(
      "NSPrivacyTrackingDomains", display: "Privacy Tracking Domains", types: [.array],
      home: .privacyManifest,
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "14.0", .macOS: "14.0", .tvOS: "17.0",
        .visionOS: "1.0", .watchOS: "10.0",
      ], summary: "The domains the app or SDK contacts for tracking",
      url: privacyPage + "nsprivacytrackingdomains"),
    KnownKey(
      "NSPrivacyCollectedDataTypes", display: "Privacy Nutrition Label Types", types: [.array],
      home: .privacyManifest,
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "14.0", .macOS: "14.0", .tvOS: "17.0",
        .visionOS: "1.0", .watchOS: "10.0",
      ], summary: "The kinds of data the app or SDK collects, each with its use",
      url: privacyPage + "nsprivacycollecteddatatypes"),
    KnownKey(
      "NSPrivacyAccessedAPITypes", display: "Privacy Accessed API Types", types: [.array],
      home: .privacyManifest,
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "14.0", .macOS: "14.0", .tvOS: "17.0",
        .visionOS: "1.0", .watchOS: "10.0",
      ], summary: "The required-reason APIs the app or SDK uses, each with its reasons",
      url: privacyPage + "nsprivacyaccessedapitypes"),
    KnownKey(
      "NSPrivacyCollectedDataType", display: "Collected Data Type", types: [.string],
      home: .privacyManifest,
      within: ["NSPrivacyCollectedDataTypes"], summary: "One kind of collected data",
      url: privacyPage + "nsprivacycollecteddatatypes"),
    KnownKey(
      "NSPrivacyCollectedDataTypeLinked", display: "Linked to User", types: [.boolean],
      home: .privacyManifest,
      within: ["NSPrivacyCollectedDataTypes"],
      summary: "Says whether the collected data is linked to the user",
      url: privacyPage + "nsprivacycollecteddatatypes"),
    KnownKey(
      "NSPrivacyCollectedDataTypeTracking", display: "Used for Tracking", types: [.boolean],
      home: .privacyManifest,
      within: ["NSPrivacyCollectedDataTypes"],
      summary: "Says whether the collected data is used for tracking",
      url: privacyPage + "nsprivacycollecteddatatypes"),
    KnownKey(
      "NSPrivacyCollectedDataTypePurposes", display: "Collection Purposes", types: [.array],
      home: .privacyManifest,
      within: ["NSPrivacyCollectedDataTypes"], summary: "What the collected data is used for",
      url: privacyPage + "nsprivacycollecteddatatypes"),
    KnownKey(
      "NSPrivacyAccessedAPIType", display: "Privacy Accessed API Type", types: [.string],
      home: .privacyManifest,
      within: ["NSPrivacyAccessedAPITypes"], summary: "One required-reason API category",
      url: privacyPage + "nsprivacyaccessedapitypes/nsprivacyaccessedapitype"),
    KnownKey(
      "NSPrivacyAccessedAPITypeReasons", display: "Privacy Accessed API Reasons", types: [.array],
      home: .privacyManifest,
      within: ["NSPrivacyAccessedAPITypes"],
      summary: "The reason codes that allow the category's use",
      url: privacyPage + "nsprivacyaccessedapitypes"),
  ]
}
