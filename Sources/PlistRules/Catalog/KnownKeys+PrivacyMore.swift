import PlistBundle
import PlistCore

extension KnownKeys {
  /// The other purpose strings (mostly macOS, visionOS and tvOS ones;
  /// https://developer.apple.com/documentation/bundleresources/protected-resources), those known
  /// only as build settings
  /// (https://developer.apple.com/documentation/xcode/build-settings-reference),
  /// and related keys that are not purpose strings.
  static let privacyKeysMore: [KnownKey] = [
    KnownKey(
      "NSAppleEventsUsageDescription", display: "Privacy - AppleEvents Sending Usage Description",
      types: [.string], platforms: [.macOS: "10.14"], purposeString: true,
      summary: "Tells the user why the Mac app sends Apple events to other apps",
      url: infoPage + "nsappleeventsusagedescription"),
    KnownKey(
      "NSDesktopFolderUsageDescription", display: "Privacy - Desktop Folder Usage Description",
      types: [.string], platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files on the Desktop",
      url: infoPage + "nsdesktopfolderusagedescription"),
    KnownKey(
      "NSDocumentsFolderUsageDescription", display: "Privacy - Documents Folder Usage Description",
      types: [.string], platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files in Documents",
      url: infoPage + "nsdocumentsfolderusagedescription"),
    KnownKey(
      "NSDownloadsFolderUsageDescription", display: "Privacy - Downloads Folder Usage Description",
      types: [.string], platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files in Downloads",
      url: infoPage + "nsdownloadsfolderusagedescription"),
    KnownKey(
      "NSNetworkVolumesUsageDescription", display: "Privacy - Network Volumes Usage Description",
      types: [.string], platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files on network volumes",
      url: infoPage + "nsnetworkvolumesusagedescription"),
    KnownKey(
      "NSRemovableVolumesUsageDescription",
      display: "Privacy - Removable Volumes Usage Description", types: [.string],
      platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files on removable volumes",
      url: infoPage + "nsremovablevolumesusagedescription"),
    KnownKey(
      "NSFileProviderDomainUsageDescription",
      display: "Privacy - File Provider Domain Usage Description", types: [.string],
      platforms: [.macOS: "10.15"], purposeString: true,
      summary: "Tells the user why the Mac app opens files a file provider manages",
      url: infoPage + "nsfileproviderdomainusagedescription"),
    KnownKey(
      "NSAppDataUsageDescription", types: [.string], platforms: [.macOS: "14.0"],
      purposeString: true, summary: "Tells the user why the Mac app reads other apps' containers",
      url: infoPage + "nsappdatausagedescription"),
    KnownKey(
      "NSSystemAdministrationUsageDescription",
      display: "Privacy - System Administration Usage Description", types: [.string],
      platforms: [.macOS: "10.14"], purposeString: true,
      summary: "Tells the user why the Mac app changes system configuration",
      url: infoPage + "nssystemadministrationusagedescription"),
    KnownKey(
      "NSAudioCaptureUsageDescription", types: [.string], platforms: [.macOS: "14.2"],
      purposeString: true,
      summary: "Tells the user why the Mac app records audio that other apps play",
      url: infoPage + "nsaudiocaptureusagedescription"),
    KnownKey(
      "NSIdentityUsageDescription", types: [.string],
      platforms: [.iOS: "16.0", .iPadOS: "16.0", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why the app asks for identity documents from Wallet",
      url: infoPage + "nsidentityusagedescription"),
    KnownKey(
      "NSIdentityUsageDescriptionDictionary", types: [.dictionary],
      platforms: [.iOS: "26.2", .iPadOS: "26.2", .visionOS: "1.0"], purposeString: true,
      summary:
        "Explains, per use case you name, why the app asks for identity documents from Wallet",
      url: infoPage + "nsidentityusagedescriptiondictionary"),
    KnownKey(
      "NSFinancialDataUsageDescription", types: [.string],
      platforms: [.iOS: "17.4", .iPadOS: "17.4"], purposeString: true,
      summary: "Tells the user why the app reads their financial data",
      url: infoPage + "nsfinancialdatausagedescription"),
    KnownKey(
      "NSFocusStatusUsageDescription", display: "Privacy - Focus Status Usage Description",
      types: [.string],
      platforms: [.iOS: "15.0", .iPadOS: "15.0", .macOS: "12.0", .watchOS: "8.0"],
      purposeString: true, summary: "Tells the user why the app reads whether a Focus is on",
      url: infoPage + "nsfocusstatususagedescription"),
    KnownKey(
      "NSGKFriendListUsageDescription",
      display: "Privacy - GameCenter Friend List Usage Description", types: [.string],
      platforms: [.iOS: "14.5", .iPadOS: "14.5"], purposeString: true,
      summary: "Tells the user why the app reads their Game Center friends",
      url: infoPage + "nsgkfriendlistusagedescription"),
    KnownKey(
      "NSSensorKitUsageDescription", display: "Privacy - SensorKit Usage Description",
      types: [.string], platforms: [.iOS: "14.0", .iPadOS: "14.0"], purposeString: true,
      summary: "Describes the research study for which the app reads sensor data",
      url: infoPage + "nssensorkitusagedescription"),
    KnownKey(
      "NSNearbyInteractionUsageDescription",
      display: "Privacy - Nearby Interaction Usage Description", types: [.string],
      platforms: [.iOS: "15.0", .iPadOS: "15.0", .watchOS: "8.0"], purposeString: true,
      summary: "Tells the user why the app measures distance and direction to nearby devices",
      url: infoPage + "nsnearbyinteractionusagedescription"),
    KnownKey(
      "NSNearbyInteractionAllowOnceUsageDescription", types: [.string],
      platforms: [.iOS: "14.0", .iPadOS: "14.0"],
      deprecations: [
        .init("15.0", platform: .iOS, replacement: "NSNearbyInteractionUsageDescription"),
        .init("15.0", platform: .iPadOS, replacement: "NSNearbyInteractionUsageDescription"),
      ], purposeString: true,
      summary: "Told the user, on iOS 14, why the app measured distance to nearby devices",
      url: infoPage + "nsnearbyinteractionallowonceusagedescription"),
    KnownKey(
      "NSWorldSensingUsageDescription", types: [.string], platforms: [.visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why a visionOS app senses their surroundings",
      url: infoPage + "nsworldsensingusagedescription"),
    KnownKey(
      "NSHandsTrackingUsageDescription", types: [.string], platforms: [.visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why a visionOS app tracks their hands",
      url: infoPage + "nshandstrackingusagedescription"),
    KnownKey(
      "NSAccessoryTrackingUsageDescription", types: [.string], platforms: [.visionOS: "26.0"],
      purposeString: true, summary: "Tells the user why a visionOS app tracks accessories",
      url: infoPage + "nsaccessorytrackingusagedescription"),
    KnownKey(
      "NSMainCameraUsageDescription", types: [.string], platforms: [.visionOS: "26.0"],
      purposeString: true, summary: "Tells the user why a visionOS app uses the main camera",
      url: infoPage + "nsmaincamerausagedescription"),
    KnownKey(
      "NSEnterpriseMCAMUsageDescription", types: [.string], platforms: [.visionOS: "2.0"],
      deprecations: [
        .init("2.3", platform: .visionOS, replacement: "NSMainCameraUsageDescription")
      ], purposeString: true, note: "Used only by visionOS 2.0 to 2.3",
      summary: "Told the user why an enterprise visionOS 2 app used the main camera",
      url: infoPage + "nsenterprisemcamusagedescription"),
    KnownKey(
      "NSVideoSubscriberAccountUsageDescription",
      display: "Privacy - Video Subscriber Account Usage Description", types: [.string],
      platforms: [.tvOS: "9.0"], purposeString: true,
      summary: "Tells the user why the app reads their TV provider account",
      url: infoPage + "nsvideosubscriberaccountusagedescription"),
    KnownKey(
      "NSCriticalMessagingUsageDescription", types: [.string],
      platforms: [.iOS: "18.2", .iPadOS: "18.2", .watchOS: "11.2"], purposeString: true,
      summary: "Tells the user why the app sends critical messages",
      url: infoPage + "nscriticalmessagingusagedescription"),
    KnownKey(
      "NSBluetoothWhileInUseUsageDescription",
      display: "Privacy - Bluetooth While In Use Usage Description", types: [.string],
      purposeString: true,
      note: "Known only from an INFOPLIST_KEY_ build setting: no page, platforms or requirement",
      summary: "Tells the user why the app uses Bluetooth while in use",
      url: "https://developer.apple.com/documentation/xcode/"
        + "build-settings-reference"),
    KnownKey(
      "NSFileProviderPresenceUsageDescription",
      display: "Privacy - File Provider Presence Usage Description", types: [.string],
      purposeString: true,
      note: "Known only from an INFOPLIST_KEY_ build setting: no page, platforms or requirement",
      summary: "Tells the user why the app sees when other apps use its file provider files",
      url: "https://developer.apple.com/documentation/xcode/"
        + "build-settings-reference"),
    KnownKey(
      "NSSystemExtensionUsageDescription", display: "Privacy - System Extension Usage Description",
      types: [.string], purposeString: true,
      note: "Known only from an INFOPLIST_KEY_ build setting: no page, platforms or requirement",
      summary: "Tells the user why the app installs a system extension",
      url: "https://developer.apple.com/documentation/xcode/"
        + "build-settings-reference"),
    KnownKey(
      "NSVoIPUsageDescription", display: "Privacy - VoIP Usage Description", types: [.string],
      purposeString: true,
      note: "Known only from an INFOPLIST_KEY_ build setting: no page, platforms or requirement",
      summary: "Tells the user why the app makes voice calls over the internet",
      url: "https://developer.apple.com/documentation/xcode/"
        + "build-settings-reference"),
    KnownKey(
      "OSBundleUsageDescription", display: "Privacy - Driver Extension Usage Description",
      types: [.string], purposeString: true,
      note: "Known only from an INFOPLIST_KEY_ build setting: no page, platforms or requirement",
      summary: "Tells the user why the app installs a driver extension",
      url: "https://developer.apple.com/documentation/xcode/"
        + "build-settings-reference"),
    KnownKey(
      "NSLocationDefaultAccuracyReduced", types: [.boolean],
      summary: "Asks for approximate location by default",
      url: infoPage + "nslocationdefaultaccuracyreduced"),
    KnownKey(
      "NSWidgetWantsLocation", types: [.boolean], summary: "Says a widget uses the user's location",
      url: infoPage + "nswidgetwantslocation"),
    KnownKey(
      "NSHealthRequiredReadAuthorizationTypeIdentifiers", types: [.array],
      platforms: [.iOS: "12.0", .iPadOS: "12.0", .visionOS: "1.0"],
      summary: "The clinical record types the app must be allowed to read, three or more",
      url: infoPage + "nshealthrequiredreadauthorizationtypeidentifiers"),
    KnownKey(
      "NSSensorKitUsageDetail", types: [.dictionary], platforms: [.iOS: "14.0"],
      summary: "Explains, per sensor, how a research app uses its data",
      url: infoPage + "nssensorkitusagedetail"),
    KnownKey(
      "NSSensorKitPrivacyPolicyURL", types: [.string], platforms: [.iOS: "14.0"],
      summary: "The privacy policy of the research study that reads sensor data",
      url: infoPage + "nssensorkitprivacypolicyurl"),
  ]
}
