import PlistCore

/// What a privacy manifest (`PrivacyInfo.xcprivacy`) may hold: its top-level keys, the
/// required-reason API categories with their reason codes, and the collected data types and
/// purposes.
///
/// Summaries are in our own words; names and codes are Apple's, from the App Privacy
/// Configuration pages (June 2025 copy; Apple adds codes from time to time).
package enum PrivacyManifestCatalog {
  /// One approved reason for using a category of required-reason API.
  package struct Reason: Sendable, Hashable {
    /// The code, as written in `NSPrivacyAccessedAPITypeReasons` (`CA92.1`).
    package var code: String
    /// What the reason allows, in one line.
    package var summary: String
    /// True when only a third-party SDK may declare it (a wrapper the app calls).
    package var sdkOnly: Bool

    /// Creates a reason.
    package init(_ code: String, _ summary: String, sdkOnly: Bool = false) {
      self.code = code
      self.summary = summary
      self.sdkOnly = sdkOnly
    }
  }

  /// One category of required-reason API (`NSPrivacyAccessedAPIType`) and its reasons.
  package struct Category: Sendable, Hashable {
    /// The full constant (`NSPrivacyAccessedAPICategoryUserDefaults`).
    package var name: String
    /// Which APIs it covers, in one line.
    package var summary: String
    /// The reasons that may be declared for it.
    package var reasons: [Reason]

    /// Creates a category.
    package init(_ name: String, _ summary: String, _ reasons: [Reason]) {
      self.name = name
      self.summary = summary
      self.reasons = reasons
    }
  }

  /// The page listing the categories and their reason codes.
  package static let categoryPage =
    "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"
    + "nsprivacyaccessedapitypes/nsprivacyaccessedapitype"

  /// The page for the collected data type keys and values.
  package static let collectedDataPage =
    "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"
    + "nsprivacycollecteddatatypes"

  /// TN3181, Apple's list of what makes a manifest invalid (ITMS-91056).
  package static let invalidManifestPage =
    "https://developer.apple.com/documentation/technotes/"
    + "tn3181-debugging-an-invalid-privacy-manifest"

  /// "Privacy manifest files": names, places and keys.
  package static let manifestPage =
    "https://developer.apple.com/documentation/bundleresources/privacy-manifest-files"

  /// The top-level keys and the kind of value each must have.
  package static let topLevelKeys: [(key: String, kind: PlistKind)] = [
    ("NSPrivacyTracking", .boolean),
    ("NSPrivacyTrackingDomains", .array),
    ("NSPrivacyCollectedDataTypes", .array),
    ("NSPrivacyAccessedAPITypes", .array),
  ]

  /// The keys of one `NSPrivacyCollectedDataTypes` item and the kind of value each must have.
  package static let collectedDataKeys: [(key: String, kind: PlistKind)] = [
    ("NSPrivacyCollectedDataType", .string),
    ("NSPrivacyCollectedDataTypeLinked", .boolean),
    ("NSPrivacyCollectedDataTypeTracking", .boolean),
    ("NSPrivacyCollectedDataTypePurposes", .array),
  ]

  /// The keys of one `NSPrivacyAccessedAPITypes` item and the kind of value each must have.
  package static let accessedAPIKeys: [(key: String, kind: PlistKind)] = [
    ("NSPrivacyAccessedAPIType", .string),
    ("NSPrivacyAccessedAPITypeReasons", .array),
  ]

  /// The required-reason API categories, with their reasons.
  package static let categories: [Category] = [
    Category(
      "NSPrivacyAccessedAPICategoryFileTimestamp",
      "file creation and modification dates (stat, getattrlist, creationDate…)",
      [
        Reason("DDA9.1", "show file timestamps to the person using the device, kept on it"),
        Reason("C617.1", "timestamps, size or metadata of files in the app's own containers"),
        Reason("3B52.1", "timestamps of files or folders the user granted access to"),
        Reason("0A2A.1", "a third-party SDK's wrapper the app calls", sdkOnly: true),
      ]),
    Category(
      "NSPrivacyAccessedAPICategorySystemBootTime",
      "time since the system booted (systemUptime, mach_absolute_time)",
      [
        Reason("35F9.1", "measure elapsed time between events in the app, or run timers"),
        Reason("8FFB.1", "absolute timestamps of events in the app, boot time kept on device"),
        Reason("3D61.1", "an optional bug report the user chooses to send"),
      ]),
    Category(
      "NSPrivacyAccessedAPICategoryDiskSpace",
      "free and total disk space (volumeAvailableCapacityKey, statfs…)",
      [
        Reason("85F4.1", "show disk space to the person using the device"),
        Reason("E174.1", "check there is room to write files, or free space when it runs low"),
        Reason("7D9E.1", "an optional bug report the user chooses to send"),
        Reason("B728.1", "a health-research app warning participants of low space"),
      ]),
    Category(
      "NSPrivacyAccessedAPICategoryActiveKeyboards",
      "the list of active keyboards (activeInputModes)",
      [
        Reason("3EC4.1", "a custom keyboard app"),
        Reason("54BD.1", "adapt the app's interface to the active keyboards"),
      ]),
    Category(
      "NSPrivacyAccessedAPICategoryUserDefaults",
      "the user defaults database (UserDefaults)",
      [
        Reason("CA92.1", "data only the app itself reads and writes"),
        Reason("1C8F.1", "data shared among the apps of one App Group"),
        Reason("C56D.1", "a third-party SDK's wrapper the app calls", sdkOnly: true),
        Reason("AC6B.1", "managed app configuration and feedback keys (MDM)"),
      ]),
  ]

  /// The categories by name.
  package static let categoriesByName: [String: Category] = Dictionary(
    categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The category a reason code belongs to, or nil for an unknown code.
  package static func category(ofReason code: String) -> Category? {
    categories.first { category in category.reasons.contains { $0.code == code } }
  }

  /// The `NSPrivacyCollectedDataType` values.
  package static let collectedDataTypes: Set<String> = Set(
    [
      "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo",
      "Health", "Fitness", "PaymentInfo", "CreditInfo", "OtherFinancialInfo",
      "PreciseLocation", "CoarseLocation", "SensitiveInfo", "Contacts",
      "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent",
      "CustomerSupport", "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID",
      "DeviceID", "PurchaseHistory", "ProductInteraction", "AdvertisingData",
      "OtherUsageData", "CrashData", "PerformanceData", "OtherDiagnosticData",
      "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
    ].map { "NSPrivacyCollectedDataType" + $0 })

  /// The `NSPrivacyCollectedDataTypePurposes` values.
  package static let collectedDataPurposes: Set<String> = Set(
    [
      "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization",
      "AppFunctionality", "Other",
    ].map { "NSPrivacyCollectedDataTypePurpose" + $0 })
}
