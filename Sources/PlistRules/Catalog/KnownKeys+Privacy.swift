import PlistBundle
import PlistCore

extension KnownKeys {
  /// Purpose strings with their own Apple page
  /// (https://developer.apple.com/documentation/bundleresources/protected-resources).
  static let privacyKeys: [KnownKey] = [
    KnownKey(
      "NSCameraUsageDescription", display: "Privacy - Camera Usage Description", types: [.string],
      platforms: [.iOS: "7.0", .iPadOS: "7.0", .macOS: "10.14", .tvOS: "17.0", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app asks for the camera",
      url: infoPage + "nscamerausagedescription"),
    KnownKey(
      "NSMicrophoneUsageDescription", display: "Privacy - Microphone Usage Description",
      types: [.string],
      platforms: [
        .iOS: "7.0", .iPadOS: "7.0", .macOS: "10.14", .tvOS: "17.0", .visionOS: "1.0",
        .watchOS: "4.0",
      ], purposeString: true, summary: "Tells the user why the app asks for the microphone",
      url: infoPage + "nsmicrophoneusagedescription"),
    KnownKey(
      "NSPhotoLibraryUsageDescription", display: "Privacy - Photo Library Usage Description",
      types: [.string],
      platforms: [.iOS: "6.0", .iPadOS: "6.0", .macOS: "10.14", .visionOS: "1.0"],
      purposeString: true,
      summary: "Tells the user why the app reads or changes their photo library",
      url: infoPage + "nsphotolibraryusagedescription"),
    KnownKey(
      "NSPhotoLibraryAddUsageDescription",
      display: "Privacy - Photo Library Additions Usage Description", types: [.string],
      platforms: [.iOS: "11.0", .iPadOS: "11.0", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why the app only adds to their photo library",
      url: infoPage + "nsphotolibraryaddusagedescription"),
    KnownKey(
      "NSContactsUsageDescription", display: "Privacy - Contacts Usage Description",
      types: [.string], platforms: [.iOS: "6.0", .iPadOS: "6.0", .macOS: "10.8", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app asks for their contacts",
      url: infoPage + "nscontactsusagedescription"),
    KnownKey(
      "NSCalendarsUsageDescription", display: "Privacy - Calendars Usage Description",
      types: [.string],
      platforms: [
        .iOS: "6.0", .iPadOS: "6.0", .macCatalyst: "13.0", .macOS: "10.14", .watchOS: "6.0",
      ],
      deprecations: [
        .init(
          "17.0", platform: .iOS,
          replacement:
            "NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription"),
        .init(
          "17.0", platform: .iPadOS,
          replacement:
            "NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription"),
        .init(
          "17.0", platform: .macCatalyst,
          replacement:
            "NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription"),
        .init(
          "14.0", platform: .macOS,
          replacement:
            "NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription"),
        .init(
          "10.0", platform: .watchOS,
          replacement:
            "NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription"),
      ], purposeString: true,
      summary:
        "Told the user why the app used their calendars, before full and write-only access split",
      url: infoPage + "nscalendarsusagedescription"),
    KnownKey(
      "NSCalendarsFullAccessUsageDescription",
      display: "Privacy - Calendars Full Access Usage Description", types: [.string],
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "17.0", .macOS: "14.0", .visionOS: "1.0",
        .watchOS: "10.0",
      ], purposeString: true,
      summary: "Tells the user why the app reads and writes their calendars",
      url: infoPage + "nscalendarsfullaccessusagedescription"),
    KnownKey(
      "NSCalendarsWriteOnlyAccessUsageDescription", types: [.string],
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "17.0", .macOS: "14.0", .visionOS: "1.0",
        .watchOS: "10.0",
      ], purposeString: true,
      summary: "Tells the user why the app adds events to their calendars without reading them",
      url: infoPage + "nscalendarswriteonlyaccessusagedescription"),
    KnownKey(
      "NSRemindersUsageDescription", display: "Privacy - Reminders Usage Description",
      types: [.string],
      platforms: [
        .iOS: "6.0", .iPadOS: "6.0", .macCatalyst: "13.0", .macOS: "10.14", .watchOS: "6.0",
      ],
      deprecations: [
        .init("17.0", platform: .iOS, replacement: "NSRemindersFullAccessUsageDescription"),
        .init("17.0", platform: .iPadOS, replacement: "NSRemindersFullAccessUsageDescription"),
        .init("17.0", platform: .macCatalyst, replacement: "NSRemindersFullAccessUsageDescription"),
        .init("14.0", platform: .macOS, replacement: "NSRemindersFullAccessUsageDescription"),
        .init("10.0", platform: .watchOS, replacement: "NSRemindersFullAccessUsageDescription"),
      ], purposeString: true,
      summary: "Told the user why the app used their reminders, before full access had its own key",
      url: infoPage + "nsremindersusagedescription"),
    KnownKey(
      "NSRemindersFullAccessUsageDescription",
      display: "Privacy - Reminders Full Access Usage Description", types: [.string],
      platforms: [
        .iOS: "17.0", .iPadOS: "17.0", .macCatalyst: "17.0", .macOS: "14.0", .visionOS: "1.0",
        .watchOS: "10.0",
      ], purposeString: true,
      summary: "Tells the user why the app reads and writes their reminders",
      url: infoPage + "nsremindersfullaccessusagedescription"),
    KnownKey(
      "NSLocationWhenInUseUsageDescription",
      display: "Privacy - Location When In Use Usage Description", types: [.string],
      platforms: [.iOS: "11.0", .iPadOS: "11.0", .visionOS: "1.0"], purposeString: true,
      note: "Apple's metadata says iOS 11.0; the archived key reference said 8.0",
      summary: "Tells the user why an iOS app uses their location while it is in use",
      url: infoPage + "nslocationwheninuseusagedescription"),
    KnownKey(
      "NSLocationAlwaysAndWhenInUseUsageDescription",
      display: "Privacy - Location Always and When In Use Usage Description", types: [.string],
      platforms: [.iOS: "11.0", .iPadOS: "11.0", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why an iOS app uses their location at all times",
      url: infoPage + "nslocationalwaysandwheninuseusagedescription"),
    KnownKey(
      "NSLocationAlwaysUsageDescription", display: "Privacy - Location Always Usage Description",
      types: [.string], platforms: [.iOS: "8.0", .iPadOS: "8.0"],
      deprecations: [
        .init("10.0", platform: .iOS, replacement: "NSLocationAlwaysAndWhenInUseUsageDescription"),
        .init(
          "10.0", platform: .iPadOS, replacement: "NSLocationAlwaysAndWhenInUseUsageDescription"),
      ], purposeString: true,
      summary: "Told the user why the app used location at all times before iOS 11",
      url: infoPage + "nslocationalwaysusagedescription"),
    KnownKey(
      "NSLocationUsageDescription", display: "Privacy - Location Usage Description",
      types: [.string], platforms: [.macOS: "10.14"],
      deprecations: [
        .init(
          "8.0", platform: .iOS,
          replacement:
            "NSLocationWhenInUseUsageDescription or NSLocationAlwaysAndWhenInUseUsageDescription"),
        .init(
          "8.0", platform: .iPadOS,
          replacement:
            "NSLocationWhenInUseUsageDescription or NSLocationAlwaysAndWhenInUseUsageDescription"),
      ], purposeString: true,
      note: "Current on macOS; on iOS it was read from 6.0 until its deprecation in 8.0",
      summary: "Tells the user why a Mac app asks for their location",
      url: infoPage + "nslocationusagedescription"),
    KnownKey(
      "NSLocationTemporaryUsageDescriptionDictionary",
      display: "Privacy - Location Temporary Usage Description Dictionary", types: [.dictionary],
      platforms: [.iOS: "14.0", .iPadOS: "14.0", .macOS: "11.0", .visionOS: "1.0"],
      purposeString: true,
      summary: "Explains, per purpose key you choose, why the app asks for precise location once",
      url: infoPage + "nslocationtemporaryusagedescriptiondictionary"),
    KnownKey(
      "NSMotionUsageDescription", display: "Privacy - Motion Usage Description", types: [.string],
      platforms: [.iOS: "7.0", .iPadOS: "7.0", .macOS: "10.15", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app reads motion and fitness data",
      url: infoPage + "nsmotionusagedescription"),
    KnownKey(
      "NSFallDetectionUsageDescription", display: "Privacy - Fall Detection Usage Description",
      types: [.string],
      platforms: [.iOS: "14.2", .iPadOS: "14.2", .visionOS: "1.0", .watchOS: "7.2"],
      purposeString: true, summary: "Tells the user why the app receives fall detection events",
      url: infoPage + "nsfalldetectionusagedescription"),
    KnownKey(
      "NSHealthShareUsageDescription", display: "Privacy - Health Share Usage Description",
      types: [.string], platforms: [.iOS: "8.0", .iPadOS: "8.0", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app reads their health data",
      url: infoPage + "nshealthshareusagedescription"),
    KnownKey(
      "NSHealthUpdateUsageDescription", display: "Privacy - Health Update Usage Description",
      types: [.string], platforms: [.iOS: "8.0", .iPadOS: "8.0", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app saves health data",
      url: infoPage + "nshealthupdateusagedescription"),
    KnownKey(
      "NSHealthClinicalHealthRecordsShareUsageDescription",
      display: "Privacy - Health Records Usage Description", types: [.string],
      platforms: [.iOS: "12.0", .iPadOS: "12.0", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why the app reads their clinical health records",
      url: infoPage + "nshealthclinicalhealthrecordsshareusagedescription"),
    KnownKey(
      "NSHomeKitUsageDescription", display: "Privacy - HomeKit Usage Description", types: [.string],
      platforms: [.iOS: "8.0", .iPadOS: "8.0", .visionOS: "1.0", .watchOS: "2.0"],
      purposeString: true, summary: "Tells the user why the app reaches their HomeKit accessories",
      url: infoPage + "nshomekitusagedescription"),
    KnownKey(
      "NSBluetoothAlwaysUsageDescription", display: "Privacy - Bluetooth Always Usage Description",
      types: [.string],
      platforms: [
        .iOS: "13.0", .iPadOS: "13.0", .macOS: "11.0", .tvOS: "13.0", .visionOS: "1.0",
        .watchOS: "6.0",
      ], purposeString: true, summary: "Tells the user why the app uses Bluetooth",
      url: infoPage + "nsbluetoothalwaysusagedescription"),
    KnownKey(
      "NSBluetoothPeripheralUsageDescription",
      display: "Privacy - Bluetooth Peripheral Usage Description", types: [.string],
      platforms: [.iOS: "6.0", .iPadOS: "6.0"],
      deprecations: [
        .init("13.0", platform: .iOS, replacement: "NSBluetoothAlwaysUsageDescription"),
        .init("13.0", platform: .iPadOS, replacement: "NSBluetoothAlwaysUsageDescription"),
      ], purposeString: true, summary: "Told the user why the app used Bluetooth before iOS 13",
      url: infoPage + "nsbluetoothperipheralusagedescription"),
    KnownKey(
      "NFCReaderUsageDescription", display: "Privacy - NFC Scan Usage Description",
      types: [.string], platforms: [.iOS: "11.0", .iPadOS: "11.0"], purposeString: true,
      summary: "Tells the user why the app reads NFC tags",
      url: infoPage + "nfcreaderusagedescription"),
    KnownKey(
      "NSFaceIDUsageDescription", display: "Privacy - Face ID Usage Description", types: [.string],
      platforms: [.iOS: "11.0", .iPadOS: "11.0"], purposeString: true,
      summary: "Tells the user why the app asks to use Face ID",
      url: infoPage + "nsfaceidusagedescription"),
    KnownKey(
      "NSSiriUsageDescription", display: "Privacy - Siri Usage Description", types: [.string],
      platforms: [.iOS: "10.0", .iPadOS: "10.0", .visionOS: "1.0"], purposeString: true,
      summary: "Tells the user why the app sends requests to Siri",
      url: infoPage + "nssiriusagedescription"),
    KnownKey(
      "NSSpeechRecognitionUsageDescription",
      display: "Privacy - Speech Recognition Usage Description", types: [.string],
      platforms: [.iOS: "10.0", .iPadOS: "10.0", .macOS: "10.15", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app sends their speech for recognition",
      url: infoPage + "nsspeechrecognitionusagedescription"),
    KnownKey(
      "NSAppleMusicUsageDescription", display: "Privacy - Media Library Usage Description",
      types: [.string], platforms: [.iOS: "2.0", .iPadOS: "2.0", .macOS: "15.0", .visionOS: "1.0"],
      purposeString: true, summary: "Tells the user why the app reaches their media library",
      url: infoPage + "nsapplemusicusagedescription"),
    KnownKey(
      "NSLocalNetworkUsageDescription", display: "Privacy - Local Network Usage Description",
      types: [.string],
      platforms: [.iOS: "14.0", .iPadOS: "14.0", .macOS: "11.0", .tvOS: "14.0", .visionOS: "1.0"],
      purposeString: true,
      summary: "Tells the user why the app talks to devices on the local network",
      url: infoPage + "nslocalnetworkusagedescription"),
    KnownKey(
      "NSUserTrackingUsageDescription", display: "Privacy - Tracking Usage Description",
      types: [.string],
      platforms: [.iOS: "14.0", .iPadOS: "14.0", .tvOS: "14.0", .visionOS: "1.0"],
      purposeString: true,
      summary:
        "Tells the user why the app asks to track them across other companies' apps and sites",
      url: infoPage + "nsusertrackingusagedescription"),
  ]
}
