import PlistBundle
import PlistCore

extension KnownKeys {
  /// Core bundle keys (apple-rules.md §3).
  static let bundle: [KnownKey] = [
    KnownKey(
      "CFBundleIdentifier", display: "Bundle identifier", types: [.string],
      summary: "The reverse-DNS identifier that names the bundle to the system and the store",
      url:
        infoPage + "cfbundleidentifier"
    ),
    KnownKey(
      "CFBundleShortVersionString", display: "Bundle version string (short)", types: [.string],
      summary: "The release version shown to users: up to three period-separated integers",
      url:
        infoPage + "cfbundleshortversionstring"
    ),
    KnownKey(
      "CFBundleVersion", display: "Bundle version", types: [.string],
      summary: "The build number: up to three period-separated integers that grow with each upload",
      url:
        infoPage + "cfbundleversion"
    ),
  ]

  /// Keys the first structure and identity rules rely on (apple-rules.md §3–§4); the full
  /// tables extend these.
  static let starter: [KnownKey] = [
    KnownKey(
      "CFBundleExecutable", display: "Executable file", types: [.string],
      summary: "The name of the bundle's main executable file",
      url: infoPage + "cfbundleexecutable"),
    KnownKey(
      "LSRequiresIPhoneOS", display: "Application requires iPhone environment", types: [.boolean],
      platforms: [.iOS: "2.0"],
      summary: "Marks the app as one that runs only on iOS and iPadOS",
      url: infoPage + "lsrequiresiphoneos"),
    KnownKey(
      "UIRequiresFullScreen", display: "Requires full screen", types: [.boolean],
      platforms: [.iOS: "9.0"],
      deprecation: .init("26.0", platform: .iOS, replacement: "UISceneSizeRestrictions"),
      summary: "Asked iPadOS to keep the app full screen; ignored from the iOS 27 SDK",
      url: infoPage + "uirequiresfullscreen"),
    KnownKey(
      "UISupportedInterfaceOrientations", display: "Supported interface orientations",
      types: [.array], platforms: [.iOS: "3.2", .visionOS: "1.0"],
      allowedValues: [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
      ],
      summary: "The interface orientations the app supports",
      url: infoPage + "uisupportedinterfaceorientations"),
    KnownKey(
      "UIInterfaceOrientation", display: "Initial interface orientation", types: [.string],
      platforms: [.iOS: "2.0"],
      allowedValues: [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
      ],
      summary: "The orientation the app starts in; ignored when supported orientations are listed",
      url: infoPage + "uiinterfaceorientation"),
    KnownKey(
      "UIMainStoryboardFile", display: "Main storyboard file base name", types: [.string],
      platforms: [.iOS: "5.0"],
      summary: "The storyboard the app loads at launch, named without its extension",
      url: infoPage + "uimainstoryboardfile"),
    KnownKey(
      "NSMainNibFile", display: "Main nib file base name", types: [.string],
      summary: "The nib file the app loads at launch, named without its extension",
      url: infoPage + "nsmainnibfile"),
    KnownKey(
      "UILaunchImages", display: "Launch images", types: [.array], platforms: [.iOS: "7.0"],
      deprecation: .init("13.0", replacement: "UILaunchStoryboardName or UILaunchScreen"),
      summary: "Static launch images, replaced by launch storyboards and launch screens",
      url: infoPage + "uilaunchimages"),
    KnownKey(
      "NSPrivacyAccessedAPITypes", types: [.array], home: .privacyManifest,
      summary: "The required-reason APIs the app or SDK uses, each with its reasons",
      url: "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"
        + "nsprivacyaccessedapitypes"),
  ]

  /// Purpose strings (apple-rules.md §1).
  static let purposeStrings: [KnownKey] = [
    KnownKey(
      "NSLocationUsageDescription", display: "Privacy - Location Usage Description",
      types: [.string], platforms: [.macOS: "10.14"], purposeString: true,
      summary: "Tells the user why a Mac app asks for their location",
      url: infoPage + "nslocationusagedescription"),
    KnownKey(
      "NSFaceIDUsageDescription", display: "Privacy - Face ID Usage Description",
      types: [.string], platforms: [.iOS: "11.0"], purposeString: true,
      summary: "Tells the user why the app asks to use Face ID",
      url: infoPage + "nsfaceidusagedescription"),
    KnownKey(
      "NSBluetoothPeripheralUsageDescription",
      display: "Privacy - Bluetooth Peripheral Usage Description", types: [.string],
      platforms: [.iOS: "6.0"],
      deprecation: .init("13.0", platform: .iOS, replacement: "NSBluetoothAlwaysUsageDescription"),
      purposeString: true,
      summary: "Told the user why the app used Bluetooth before iOS 13",
      url: infoPage + "nsbluetoothperipheralusagedescription"),
    KnownKey(
      "NSCameraUsageDescription", display: "Privacy - Camera Usage Description", types: [.string],
      platforms: [.iOS: "7.0", .macOS: "10.14", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why the app asks for the camera",
      url:
        infoPage + "nscamerausagedescription"
    ),
  ]
}
