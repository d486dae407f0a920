import PlistBundle
import PlistCore

extension KnownKeys {
  /// Core bundle keys
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list):
  /// identity, versions, names, icons, locales, encryption.
  static let bundle: [KnownKey] = [
    KnownKey(
      "CFBundleIdentifier", display: "Bundle identifier", types: [.string],
      platforms: [.iOS: "2.0", .macOS: "10.0", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The reverse-DNS identifier that names the bundle to the system and the store",
      url: infoPage + "cfbundleidentifier"),
    KnownKey(
      "CFBundleShortVersionString", display: "Bundle version string (short)", types: [.string],
      summary: "The release version shown to users: up to three period-separated integers",
      url: infoPage + "cfbundleshortversionstring"),
    KnownKey(
      "CFBundleVersion", display: "Bundle version", types: [.string],
      summary: "The build number: up to three period-separated integers that grow with each upload",
      url: infoPage + "cfbundleversion"),
    KnownKey(
      "CFBundleExecutable", display: "Executable file", types: [.string],
      summary: "The name of the bundle's main executable file", url: infoPage + "cfbundleexecutable"
    ),
    KnownKey(
      "CFBundleName", display: "Bundle name", types: [.string],
      summary:
        "A short user-visible name of up to 15 characters, used when there is no display name",
      url: infoPage + "cfbundlename"),
    KnownKey(
      "CFBundleDisplayName", display: "Bundle display name", types: [.string],
      summary: "The name shown under the icon and by Siri, when it differs from the bundle name",
      url: infoPage + "cfbundledisplayname"),
    KnownKey(
      "CFBundleSpokenName", display: "Accessibility Bundle Name", types: [.string],
      summary: "The app's name as text-to-speech says it, in place of its written name",
      url: infoPage + "cfbundlespokenname"),
    KnownKey(
      "CFBundlePackageType", display: "Bundle OS Type code", types: [.string],
      allowedValues: ["APPL", "FMWK", "BNDL"],
      summary: "A four-letter code for the kind of bundle: APPL, FMWK or BNDL",
      url: infoPage + "cfbundlepackagetype"),
    KnownKey(
      "CFBundleInfoDictionaryVersion", display: "InfoDictionary version", types: [.string],
      allowedValues: ["6.0"],
      summary: "The version of the Info.plist format; Xcode writes 6.0 and it should stay so",
      url: infoPage + "cfbundleinfodictionaryversion"),
    KnownKey(
      "CFBundleIconName", display: "Icon name", types: [.string],
      note: "The page lists macOS 10.13 only, yet iOS uploads without it fail (ITMS-90713)",
      summary:
        "The name of the app icon in the asset catalog; App Store Connect wants it for iOS apps too",
      url: infoPage + "cfbundleiconname"),
    KnownKey(
      "CFBundleIcons", display: "Icon files (iOS 5)", types: [.dictionary],
      platforms: [.iOS: "5.0", .iPadOS: "5.0", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The primary and alternate icons of the app, by file or asset name",
      url: infoPage + "cfbundleicons"),
    KnownKey(
      "CFBundleIconFile", display: "Icon file", types: [.string],
      summary: "The older single icon file key; on macOS it names the .icns file",
      url: infoPage + "cfbundleiconfile"),
    KnownKey(
      "CFBundleIconFiles", display: "Icon files", types: [.array], platforms: [.iOS: "3.2"],
      within: ["", "CFBundlePrimaryIcon", "CFBundleAlternateIcons"],
      summary: "The older list of icon image files", url: infoPage + "cfbundleiconfiles"),
    KnownKey(
      "CFBundleDevelopmentRegion", display: "Localization native development region",
      types: [.string],
      summary: "The language used when no localisation matches the user's languages",
      url: infoPage + "cfbundledevelopmentregion"),
    KnownKey(
      "CFBundleLocalizations", display: "Localizations", types: [.array],
      summary: "The localisations the app handles itself", url: infoPage + "cfbundlelocalizations"),
    KnownKey(
      "MinimumOSVersion", display: "Minimum system version (iOS)", types: [.string],
      platforms: [.iOS: "3.0", .iPadOS: "3.0", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "1.0"],
      summary: "The earliest OS the bundle runs on, written by Xcode from the deployment target",
      url: infoPage + "minimumosversion"),
    KnownKey(
      "LSMinimumSystemVersion", display: "Minimum system version", types: [.string],
      platforms: [.macOS: "10.0", .macCatalyst: "13.0"],
      summary: "The earliest macOS version the app runs on",
      url: infoPage + "lsminimumsystemversion"),
    KnownKey(
      "LSRequiresIPhoneOS", display: "Application requires iPhone environment", types: [.boolean],
      platforms: [.iOS: "2.0", .iPadOS: "2.0"],
      summary: "Marks the app as one that must run in iOS; it does not choose iPhone or iPad",
      url: infoPage + "lsrequiresiphoneos"),
    KnownKey(
      "UIDeviceFamily", display: "Targeted device family", types: [.integer, .array],
      platforms: [.iOS: "3.2"], allowedValues: ["1", "2"],
      note: "Archive only; values other than 1 and 2 come from third-party lists",
      summary: "The device families the app targets, written by Xcode from TARGETED_DEVICE_FAMILY",
      url: archiveIOSKeys),
    KnownKey(
      "ITSAppUsesNonExemptEncryption", display: "App Uses Non-Exempt Encryption", types: [.boolean],
      note:
        "The metadata lists macOS 10.0 only; the Security article applies it to every App Store upload",
      summary:
        "Tells App Store Connect whether the app uses encryption that export rules do not exempt",
      url: infoPage + "itsappusesnonexemptencryption"),
    KnownKey(
      "ITSEncryptionExportComplianceCode", display: "App Encryption Export Compliance Code",
      types: [.string],
      note: "The metadata lists macOS 10.0 only; App Store Connect applies it to every platform",
      summary:
        "The code Apple issues once it has reviewed the export documents for the app's encryption",
      url: infoPage + "itsencryptionexportcompliancecode"),
    KnownKey(
      "LSApplicationQueriesSchemes", display: "Queried URL Schemes", types: [.array],
      platforms: [.iOS: ""],
      summary:
        "The URL schemes the app may test with canOpenURL: 50 at most, 25 from the iOS 27 SDK",
      url: "https://developer.apple.com/documentation/uikit/uiapplication/"
        + "canopenurl(_:)"),
    KnownKey(
      "CFBundleURLTypes", display: "URL types", types: [.array],
      summary: "The custom URL schemes the app registers", url: infoPage + "cfbundleurltypes"),
    KnownKey(
      "LSApplicationCategoryType", display: "Application Category", types: [.string],
      platforms: [.macOS: "10.0"],
      allowedValues: [
        "public.app-category.business", "public.app-category.developer-tools",
        "public.app-category.education", "public.app-category.entertainment",
        "public.app-category.finance", "public.app-category.games",
        "public.app-category.graphics-design", "public.app-category.healthcare-fitness",
        "public.app-category.lifestyle", "public.app-category.medical", "public.app-category.music",
        "public.app-category.news", "public.app-category.photography",
        "public.app-category.productivity", "public.app-category.reference",
        "public.app-category.social-networking", "public.app-category.sports",
        "public.app-category.travel", "public.app-category.utilities", "public.app-category.video",
        "public.app-category.weather",
      ],
      note:
        "Apple lists 19 game sub-categories that the reference does not name, so the list here is partial",
      summary: "The Mac App Store category of the app, one of the public.app-category values",
      url: infoPage + "lsapplicationcategorytype"),
    KnownKey(
      "CFBundleSupportedPlatforms", types: [.array],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The SDK platforms the built bundle supports, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTPlatformName", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The SDK platform the bundle was built for, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTPlatformVersion", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The version of the SDK platform, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTPlatformBuild", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The build of the SDK platform, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTSDKName", types: [.string], note: "No Apple reference page; Xcode writes it at build time",
      summary: "The SDK the bundle was built with, such as iphoneos18.2",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTSDKBuild", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The build number of the SDK used, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTXcode", types: [.string], note: "No Apple reference page; Xcode writes it at build time",
      summary: "The Xcode version that built the bundle",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTXcodeBuild", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The Xcode build that built the bundle",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "DTCompiler", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The compiler that built the bundle, written by Xcode",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
    KnownKey(
      "BuildMachineOSBuild", types: [.string],
      note: "No Apple reference page; Xcode writes it at build time",
      summary: "The macOS build of the machine that built the bundle",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list"),
  ]
}
