import PlistBundle
import PlistCore

extension KnownKeys {
  /// User interface keys: orientation, launch, scenes, status bar, and other iOS keys
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list).
  static let interface: [KnownKey] = [
    KnownKey(
      "UISupportedInterfaceOrientations", display: "Supported interface orientations",
      types: [.array], platforms: [.iOS: "3.2", .iPadOS: "3.2"],
      allowedValues: [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
      ], closedValues: true,
      summary:
        "The interface orientations the app supports, also written per device with ~ipad or ~iphone",
      url: infoPage + "uisupportedinterfaceorientations"),
    KnownKey(
      "UIInterfaceOrientation", display: "Initial interface orientation", types: [.string],
      platforms: [.iOS: ""],
      allowedValues: [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
      ], closedValues: true,
      summary: "The orientation the app starts in; ignored when supported orientations are listed",
      url: infoPage + "uiinterfaceorientation"),
    KnownKey(
      "UIRequiresFullScreen", display: "Requires full screen", types: [.boolean],
      platforms: [.iOS: "9.0", .iPadOS: "9.0"],
      deprecations: [
        .init(
          "26.0", platform: .iOS,
          replacement:
            "adapting to resizing with UISceneSizeRestrictions and prefersInterfaceOrientationLocked, then removing the key"
        ),
        .init(
          "26.0", platform: .iPadOS,
          replacement:
            "adapting to resizing with UISceneSizeRestrictions and prefersInterfaceOrientationLocked, then removing the key"
        ),
      ],
      summary:
        "Asked iPadOS to keep the app out of multitasking; deprecated and resized anyway from the iOS 27 SDK",
      url: infoPage + "uirequiresfullscreen"),
    KnownKey(
      "UIRequiresFullScreenIgnoredStartingWithVersion", types: [.string],
      platforms: [.iOS: "26.2", .iPadOS: "26.2"],
      summary:
        "The OS version from which the system ignores UIRequiresFullScreen; read only when that key is true",
      url: infoPage + "uirequiresfullscreenignoredstartingwithversion"),
    KnownKey(
      "UIMainStoryboardFile", display: "Main storyboard file base name", types: [.string],
      platforms: [.iOS: "5.0"], allowsEmpty: true,
      summary: "The storyboard the app loads at launch, named without its extension",
      url: infoPage + "uimainstoryboardfile"),
    KnownKey(
      "NSMainNibFile", display: "Main nib file base name", types: [.string], allowsEmpty: true,
      summary: "The nib file the app loads at launch, named without its extension",
      url: infoPage + "nsmainnibfile"),
    KnownKey(
      "UILaunchStoryboardName", display: "Launch screen interface file base name", types: [.string],
      platforms: [.iOS: "9.0", .iPadOS: "9.0", .tvOS: "9.0", .watchOS: "2.0"],
      summary: "The launch storyboard, named without the .storyboard extension",
      url: infoPage + "uilaunchstoryboardname"),
    KnownKey(
      "UILaunchStoryboards", types: [.dictionary], platforms: [.iOS: "9.0", .iPadOS: "9.0"],
      summary: "Launch storyboards chosen by the URL scheme that opens the app",
      url: infoPage + "uilaunchstoryboards"),
    KnownKey(
      "UILaunchScreen", display: "Launch Screen", types: [.dictionary],
      platforms: [.iOS: "14.0", .iPadOS: "14.0"],
      summary: "A launch screen described without a storyboard; an empty dictionary is valid",
      url: infoPage + "uilaunchscreen"),
    KnownKey(
      "UILaunchScreens", types: [.dictionary], platforms: [.iOS: "14.0", .iPadOS: "14.0"],
      summary: "Launch screens without storyboards, chosen by the URL scheme that opens the app",
      url: infoPage + "uilaunchscreens"),
    KnownKey(
      "UIColorName", types: [.string], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "The asset-catalog colour for the launch screen background",
      url: infoPage + "uilaunchscreen/uicolorname"),
    KnownKey(
      "UIImageName", types: [.string], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "The asset-catalog image shown on the launch screen",
      url: infoPage + "uilaunchscreen/uiimagename"),
    KnownKey(
      "UIImageRespectsSafeAreaInsets", types: [.boolean], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "Keeps the launch image inside the safe area",
      url: infoPage + "uilaunchscreen/uiimagerespectssafeareainsets"),
    KnownKey(
      "UINavigationBar", types: [.dictionary], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "Shows a navigation bar on the launch screen",
      url: infoPage + "uilaunchscreen/uinavigationbar"),
    KnownKey(
      "UITabBar", types: [.dictionary], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "Shows a tab bar on the launch screen", url: infoPage + "uilaunchscreen/uitabbar"),
    KnownKey(
      "UIToolbar", types: [.dictionary], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreen", "UILaunchScreenDefinitions"],
      summary: "Shows a toolbar on the launch screen", url: infoPage + "uilaunchscreen/uitoolbar"),
    KnownKey(
      "UILaunchScreenDefinitions", types: [.array], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreens"],
      summary: "The launch screens to choose from, each with an identifier",
      url: infoPage + "uilaunchscreens"),
    KnownKey(
      "UIURLToLaunchScreenAssociations", types: [.dictionary], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreens"], summary: "Maps URL schemes to launch screen identifiers",
      url: infoPage + "uilaunchscreens"),
    KnownKey(
      "UIDefaultLaunchScreen", types: [.string], platforms: [.iOS: "14.0"],
      within: ["UILaunchScreens"],
      summary: "The launch screen identifier used when no URL scheme matches",
      url: infoPage + "uilaunchscreens"),
    KnownKey(
      "UILaunchImages", types: [.array], platforms: [.iOS: "7.0", .iPadOS: "7.0", .tvOS: "9.0"],
      deprecations: [
        .init(
          "13.0", platform: .iOS,
          replacement: "a launch storyboard (UILaunchStoryboardName) or UILaunchScreen"),
        .init(
          "13.0", platform: .iPadOS,
          replacement: "a launch storyboard (UILaunchStoryboardName) or UILaunchScreen"),
        .init("13.0", platform: .tvOS, replacement: "a launch storyboard (UILaunchStoryboardName)"),
      ], summary: "Static launch images, replaced by launch storyboards and launch screens",
      url: infoPage + "uilaunchimages"),
    KnownKey(
      "UILaunchImageName", types: [.string], platforms: [.iOS: "7.0"], within: ["UILaunchImages"],
      summary: "The launch image file, named without extension or device modifiers",
      url: infoPage + "uilaunchimages/uilaunchimagename"),
    KnownKey(
      "UILaunchImageMinimumOSVersion", types: [.string], platforms: [.iOS: "7.0"],
      within: ["UILaunchImages"], summary: "The earliest iOS version a launch image is meant for",
      url: infoPage + "uilaunchimages/uilaunchimageminimumosversion"),
    KnownKey(
      "UILaunchImageSize", types: [.string], platforms: [.iOS: "7.0"], within: ["UILaunchImages"],
      summary: "The portrait screen size a launch image is for, as {width, height} in points",
      url: infoPage + "uilaunchimages/uilaunchimagesize"),
    KnownKey(
      "UILaunchImageOrientation", types: [.string], platforms: [.iOS: "7.0"],
      allowedValues: [
        "Portrait", "PortraitUpsideDown", "Landscape", "LandscapeLeft", "LandscapeRight",
      ], closedValues: true, within: ["UILaunchImages"],
      summary: "The orientation a launch image is for",
      url: infoPage + "uilaunchimages/uilaunchimageorientation"),
    KnownKey(
      "UILaunchImageFile", display: "Launch image", types: [.string], platforms: [.iOS: "3.2"],
      note: "Archive only: not on the current pages",
      summary:
        "The base name of the older launch image files; iOS 7 and later use UILaunchImages instead when both exist",
      url: archiveIOSKeys),
    KnownKey(
      "UIApplicationExitsOnSuspend", display: "Application does not run in background",
      types: [.boolean],
      platforms: [.iOS: "4.0", .iPadOS: "4.0", .tvOS: "4.0", .visionOS: "1.0", .watchOS: "2.0"],
      deprecations: [
        .init("13.0", platform: .iOS), .init("13.0", platform: .iPadOS),
        .init("13.0", platform: .tvOS), .init("6.0", platform: .watchOS),
      ], summary: "Made the app quit instead of moving to the background",
      url: infoPage + "uiapplicationexitsonsuspend"),
    KnownKey(
      "UIApplicationSceneManifest", display: "Application Scene Manifest", types: [.dictionary],
      platforms: [.iOS: "13.0", .iPadOS: "13.0", .macCatalyst: "13.0", .visionOS: "1.0"],
      summary: "Declares that the app uses scenes, and how they are configured",
      url: infoPage + "uiapplicationscenemanifest"),
    KnownKey(
      "UIApplicationSupportsMultipleScenes", display: "Enable Multiple Windows", types: [.boolean],
      platforms: [.iOS: "13.0"], within: ["UIApplicationSceneManifest"],
      note: "Page path derived from the parent page, not opened",
      summary: "Lets the app show more than one scene at a time",
      url: infoPage + "uiapplicationscenemanifest/uiapplicationsupportsmultiplescenes"),
    KnownKey(
      "UIApplicationSupportsTabbedSceneCollection", types: [.boolean],
      within: ["UIApplicationSceneManifest"], note: "Named on the parent page only",
      summary: "Lets the app's scenes be gathered into tabs",
      url: infoPage + "uiapplicationscenemanifest"),
    KnownKey(
      "UISceneConfigurations", display: "Scene Configuration", types: [.dictionary],
      platforms: [.iOS: "13.0"], within: ["UIApplicationSceneManifest"],
      note: "Page path derived from the parent page, not opened",
      summary: "The scene configurations the app offers, by session role",
      url: infoPage + "uiapplicationscenemanifest/uisceneconfigurations"),
    KnownKey(
      "UIAppFonts", display: "Fonts provided by application", types: [.array],
      platforms: [.iOS: "3.2"], note: "From the archived key reference (seed 000)",
      summary: "Font files in the bundle that the app makes available", url: archiveIOSKeys),
    KnownKey(
      "MKDirectionsApplicationSupportedModes", types: [.array], platforms: [.iOS: "6.0"],
      allowedValues: [
        "MKDirectionsModeCar", "MKDirectionsModeBus", "MKDirectionsModeTrain",
        "MKDirectionsModeSubway", "MKDirectionsModeStreetCar", "MKDirectionsModePlane",
        "MKDirectionsModeBike", "MKDirectionsModeFerry", "MKDirectionsModeTaxi",
        "MKDirectionsModePedestrian", "MKDirectionsModeOther",
      ], closedValues: true, note: "From the archived key reference (seed 000)",
      summary: "The kinds of transport the app gives directions for", url: archiveIOSKeys),
    KnownKey(
      "UIFileSharingEnabled", display: "Application supports iTunes file sharing",
      types: [.boolean],
      platforms: [.iOS: "3.2", .iPadOS: "3.2", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "Shares the app's Documents folder with the user",
      url: infoPage + "uifilesharingenabled"),
    KnownKey(
      "UINewsstandApp", types: [.boolean], platforms: [.iOS: "5.0"],
      note: "Archive only: not on the current pages",
      summary: "Showed the app's content in Newsstand", url: archiveIOSKeys),
    KnownKey(
      "UINewsstandIcon", types: [.dictionary], platforms: [.iOS: "5.0"],
      note: "Archive only: not on the current pages",
      summary: "The Newsstand icons of a Newsstand app", url: archiveIOSKeys),
    KnownKey(
      "UIPrerenderedIcon", display: "Icon already includes gloss effects", types: [.boolean],
      platforms: [.iOS: "2.0", .tvOS: "9.0", .watchOS: "2.0"], within: ["", "CFBundlePrimaryIcon"],
      summary: "Said the icon already has the iOS 6-era shine; no modern effect is documented",
      url: infoPage + "uiprerenderedicon"),
    KnownKey(
      "UIRequiresPersistentWiFi", display: "Application uses Wi-Fi", types: [.boolean],
      platforms: [.iOS: "2.0", .visionOS: "1.0"],
      summary: "Keeps Wi-Fi connected while the app runs instead of closing it after 30 minutes",
      url: infoPage + "uirequirespersistentwifi"),
    KnownKey(
      "UIStatusBarHidden", display: "Status bar is initially hidden", types: [.boolean],
      platforms: [.iOS: ""], summary: "Hides the status bar when the app launches",
      url: infoPage + "uistatusbarhidden"),
    KnownKey(
      "UIStatusBarStyle", display: "Status bar style", types: [.string], platforms: [.iOS: ""],
      allowedValues: [
        "UIStatusBarStyleDefault", "UIStatusBarStyleBlackTranslucent",
        "UIStatusBarStyleBlackOpaque", "UIStatusBarStyleLightContent",
        "UIStatusBarStyleDarkContent",
      ], closedValues: true, summary: "The status bar style while the app launches",
      url: infoPage + "uistatusbarstyle"),
    KnownKey(
      "UIStatusBarTintParameters", types: [.dictionary], platforms: [.iOS: ""],
      note: "Page path derived from the key name",
      summary: "Describes the navigation bar at launch so the status bar can match it",
      url: infoPage + "uistatusbartintparameters"),
    KnownKey(
      "UIViewControllerBasedStatusBarAppearance",
      display: "View controller-based status bar appearance", types: [.boolean],
      platforms: [.iOS: "7.0"],
      summary: "Lets each view controller choose the status bar style (the default)",
      url: infoPage + "uiviewcontrollerbasedstatusbarappearance"),
    KnownKey(
      "UISupportedExternalAccessoryProtocols", display: "Supported external accessory protocols",
      types: [.array], platforms: [.iOS: "3.0"], note: "From the archived key reference (seed 000)",
      summary: "The accessory communication protocols the app speaks", url: archiveIOSKeys),
    KnownKey(
      "UIViewEdgeAntialiasing", display: "Renders with edge antialiasing", types: [.boolean],
      platforms: [.iOS: "3.0"], note: "From the archived key reference (seed 000)",
      summary: "Antialiases Core Animation layers that do not align to pixels", url: archiveIOSKeys),
    KnownKey(
      "UIViewGroupOpacity", display: "Renders with group opacity", types: [.boolean],
      platforms: [.iOS: "3.0"], note: "From the archived key reference (seed 000)",
      summary: "Makes Core Animation sublayers inherit their superlayer's opacity",
      url: archiveIOSKeys),
    KnownKey(
      "UIDesignRequiresCompatibility", types: [.boolean],
      platforms: [.iOS: "26.0", .iPadOS: "26.0", .macOS: "26.0", .tvOS: "26.0"],
      summary: "Keeps the pre-Liquid Glass look for now; ignored when building with the 27 SDKs",
      url: infoPage + "uidesignrequirescompatibility"),
    KnownKey(
      "CLKComplicationSupportedFamilies", types: [.array], platforms: [.watchOS: "2.0"],
      deprecations: [.init("7.0", platform: .watchOS, replacement: "WidgetKit complications")],
      summary: "The ClockKit complication families a watch app supports",
      url: infoPage + "clkcomplicationsupportedfamilies"),
    KnownKey(
      "UISupportsDocumentBrowser", display: "Supports Document Browser", types: [.boolean],
      platforms: [.iOS: "11.0", .iPadOS: "11.0", .visionOS: "1.0"],
      summary: "Marks a document-browser app whose Documents folder other apps may open",
      url: infoPage + "uisupportsdocumentbrowser"),
    KnownKey(
      "LSSupportsOpeningDocumentsInPlace", display: "Supports opening documents in place",
      types: [.boolean], platforms: [.iOS: "2.0", .iPadOS: "2.0", .visionOS: "1.0"],
      summary: "Opens documents where a file provider keeps them instead of copying them",
      url: infoPage + "lssupportsopeningdocumentsinplace"),
  ]
}
