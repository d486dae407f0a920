extension KnownKeys {
  /// Apple keys infoscope recognises by name only.
  ///
  /// These are real keys that the Apple pages the catalog was built from do not describe, so the
  /// catalog holds no facts about them. They are never reported as near misses
  /// of a catalog key (`NSMainStoryboardFile` is not a typo of `UIMainStoryboardFile`).
  static let recognizedNames: Set<String> = [
    // Info.plist: macOS and Launch Services.
    "NSMainStoryboardFile", "NSPrincipalClass", "NSHumanReadableCopyright",
    "NSHumanReadableDescription", "NSAppleScriptEnabled", "NSServices", "NSUserActivityTypes",
    "NSHighResolutionCapable", "NSSupportsAutomaticGraphicsSwitching",
    "NSRequiresAquaSystemAppearance", "NSSupportsSuddenTermination",
    "NSSupportsAutomaticTermination", "NSDockTilePlugIn", "NSUserNotificationAlertStyle",
    "NSPrefersDisplaySafeAreaCompatibilityMode",
    "NSAutoFillRequiresTextContentTypeForOneTimeCodeOnMac",
    "NSCrossWebsiteTrackingUsageDescription", "NSUbiquitousContainers", "NSAccentColorName",
    "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates", "NSBonjourServices",
    "NSStickerSharingLevel", "OSAScriptingDefinition",
    "LSUIElement", "LSBackgroundOnly", "LSEnvironment", "LSMultipleInstancesProhibited",
    "LSArchitecturePriority", "LSMinimumSystemVersionByArchitecture", "LSFileQuarantineEnabled",
    "LSRequiresNativeExecution", "LSUIPresentationMode",
    "SMPrivilegedExecutables", "SMAuthorizedClients", "ATSApplicationFontsPath",
    "CFBundleAllowMixedLocalizations",
    "CFBundleHelpBookFolder", "CFBundleHelpBookName", "CFAppleHelpAnchor",
    "CFBundleInfoPlistURL",
    // Info.plist: UIKit and other frameworks.
    "UIApplicationShortcutItems", "UIApplicationShortcutWidget",
    "UIApplicationSupportsIndirectInputEvents", "UIUserInterfaceStyle",
    "UIWhitePointAdaptivityStyle", "UISupportsTrueScreenSizeOnMac",
    "UIApplicationSupportsShakeToEdit",
    "CADisableMinimumFrameDurationOnPhone", "SKAdNetworkItems", "INIntentsSupported",
    "INIntentsRestrictedWhileLocked", "INIntentsRestrictedWhileProtectedDataUnavailable",
    "GKGameCenterBadgingDisabled", "GCSupportsControllerUserInteraction",
    "GCSupportedGameControllers", "WKApplication", "WKWatchOnly", "WKWatchKitApp",
    "ITSWatchOnlyContainer",
    "WKCompanionAppBundleIdentifier", "WKRunsIndependentlyOfCompanionApp", "WKAppBundleIdentifier",
    "WKBackgroundModes", "WKSupportsLiveActivityLaunchAttributeTypes", "NSExtensionActivationRule",
    "NSExtensionServiceRoleType", "NSExtensionJavaScriptPreprocessingFile",
    "com.apple.developer.nfc.readersession.iso7816.select-identifiers",
    // Info.plist: keys of document-type and type-declaration items.
    "CFBundleTypeExtensions", "CFBundleTypeMIMETypes", "CFBundleTypeOSTypes",
    "CFBundleTypeIconFiles", "CFBundleTypeIconSystemGenerated", "LSIsAppleDefaultForType",
    "NSUbiquitousDocumentUserActivityType", "UTTypeReferenceURL", "UTTypeIconName",
    "UTTypeIconBadgeName", "UTTypeIconBackgroundName", "UTTypeIconText",
    // Entitlements.
    "com.apple.developer.team-identifier", "com.apple.developer.networking.multipath",
    "com.apple.developer.user-fonts", "com.apple.developer.usernotifications.communication",
    "com.apple.developer.usernotifications.time-sensitive", "com.apple.developer.web-browser",
    "com.apple.developer.authentication-services.autofill-credential-provider",
    "com.apple.developer.nfc.readersession.felica.systemcodes",
    "com.apple.developer.ubiquity-container-identifiers",
    "com.apple.developer.fileprovider.testing-mode",
    "com.apple.developer.healthkit.recalibrate-estimates", "com.apple.developer.carplay-audio",
    "com.apple.developer.carplay-communication", "com.apple.developer.carplay-maps",
    "com.apple.developer.group-session", "com.apple.developer.shared-with-you",
    "com.apple.developer.device-information.user-assigned-device-name",
    "com.apple.developer.coremedia.hls.low-latency",
    "com.apple.developer.matter.allow-setup-payload",
  ]
}
