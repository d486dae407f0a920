import PlistBundle
import PlistCore

extension KnownKeys {
  /// Cross-platform and com.apple.developer entitlements, including the deprecated ones
  /// (https://developer.apple.com/documentation/bundleresources/entitlements).
  static let entitlements: [KnownKey] = [
    KnownKey(
      "aps-environment", display: "APS Environment", types: [.string], home: .entitlements,
      platforms: [.iOS: "10.0", .iPadOS: "10.0", .tvOS: "10.0", .visionOS: "1.0", .watchOS: "3.0"],
      allowedValues: ["development", "production"], closedValues: true,
      note: "The availability omits Mac Catalyst, where Xcode writes it too",
      summary: "The push notification environment: development or production",
      url: entitlementPage + "aps-environment"),
    KnownKey(
      "com.apple.developer.aps-environment", types: [.string], home: .entitlements,
      platforms: [.macOS: "10.14"], allowedValues: ["development", "production"],
      closedValues: true, summary: "The macOS spelling of the push notification environment",
      url: entitlementPage + "com.apple.developer.aps-environment"),
    KnownKey(
      "com.apple.developer.associated-domains", display: "Associated Domains", types: [.array],
      home: .entitlements,
      platforms: [
        .iOS: "9.0", .iPadOS: "9.0", .macOS: "10.15", .tvOS: "9.0", .visionOS: "1.0",
        .watchOS: "6.0",
      ], summary: "The domains the app is associated with, as service:domain entries",
      url: entitlementPage + "com.apple.developer.associated-domains"),
    KnownKey(
      "com.apple.developer.associated-domains.applinks.read-write", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.15"],
      summary: "Lets the app change the user's universal-link settings",
      url: entitlementPage + "com.apple.developer.associated-domains.applinks.read-write"),
    KnownKey(
      "keychain-access-groups", display: "Keychain Access Groups", types: [.array],
      home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The keychain groups the app shares items in",
      url: entitlementPage + "keychain-access-groups"),
    KnownKey(
      "com.apple.developer.icloud-services", display: "iCloud Services", types: [.array],
      home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      allowedValues: ["CloudDocuments", "CloudKit", "CloudKit-Anonymous"],
      summary: "The iCloud services the app uses",
      url: entitlementPage + "com.apple.developer.icloud-services"),
    KnownKey(
      "com.apple.developer.icloud-container-identifiers", display: "iCloud Containers",
      types: [.array], home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The iCloud containers the app uses",
      url: entitlementPage + "com.apple.developer.icloud-container-identifiers"),
    KnownKey(
      "com.apple.developer.icloud-container-development-container-identifiers", types: [.array],
      home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The development iCloud containers the app uses",
      url: entitlementPage
        + "com.apple.developer.icloud-container-development-container-identifiers"),
    KnownKey(
      "com.apple.developer.icloud-container-environment", types: [.string], home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      allowedValues: ["Development", "Production"], closedValues: true,
      summary: "The iCloud container environment: Development or Production",
      url: entitlementPage + "com.apple.developer.icloud-container-environment"),
    KnownKey(
      "com.apple.developer.ubiquity-kvstore-identifier", display: "iCloud Key-Value Store",
      types: [.string], home: .entitlements,
      platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .watchOS: "2.0"],
      summary: "The iCloud key-value store the app uses",
      url: entitlementPage + "com.apple.developer.ubiquity-kvstore-identifier"),
    KnownKey(
      "com.apple.developer.healthkit", display: "HealthKit", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "8.0", .iPadOS: "8.0", .visionOS: "1.0"],
      summary: "Turns on HealthKit; Apple requires the Health purpose strings with it",
      url: entitlementPage + "com.apple.developer.healthkit"),
    KnownKey(
      "com.apple.developer.healthkit.access", display: "HealthKit Capabilities", types: [.array],
      home: .entitlements, platforms: [.iOS: "8.0"], allowedValues: ["health-records"],
      summary: "Extra HealthKit data the app may read, such as clinical records",
      url: entitlementPage + "com.apple.developer.healthkit.access"),
    KnownKey(
      "com.apple.developer.healthkit.background-delivery", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "15.0", .watchOS: "8.0"],
      summary: "Lets HealthKit wake the app when new data arrives",
      url: entitlementPage + "com.apple.developer.healthkit.background-delivery"),
    KnownKey(
      "com.apple.developer.homekit", display: "HomeKit", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "8.0", .tvOS: "10.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "Turns on HomeKit", url: entitlementPage + "com.apple.developer.homekit"),
    KnownKey(
      "com.apple.developer.siri", display: "Siri", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "10.0", .visionOS: "1.0", .watchOS: "3.2"],
      summary: "Lets the app handle Siri requests",
      url: entitlementPage + "com.apple.developer.siri"),
    KnownKey(
      "com.apple.developer.in-app-payments", display: "Merchant IDs", types: [.array],
      home: .entitlements, platforms: [.iOS: "6.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The Apple Pay merchant identifiers the app uses",
      url: entitlementPage + "com.apple.developer.in-app-payments"),
    KnownKey(
      "com.apple.developer.pass-type-identifiers", display: "Pass Type IDs", types: [.array],
      home: .entitlements, platforms: [.iOS: "6.0", .visionOS: "1.0", .watchOS: "2.0"],
      summary: "The Wallet pass types the app may read and write",
      url: entitlementPage + "com.apple.developer.pass-type-identifiers"),
    KnownKey(
      "com.apple.developer.applesignin", display: "Sign in with Apple", types: [.array],
      home: .entitlements,
      platforms: [.iOS: "13.0", .macOS: "10.15", .tvOS: "13.0", .visionOS: "1.0", .watchOS: "6.0"],
      allowedValues: ["Default"], summary: "Turns on Sign in with Apple",
      url: entitlementPage + "com.apple.developer.applesignin"),
    KnownKey(
      "com.apple.developer.game-center", display: "Game Center", types: [.boolean],
      home: .entitlements,
      platforms: [.iOS: "15.0", .macCatalyst: "13.0", .macOS: "10.8", .visionOS: "1.0"],
      summary: "Turns on Game Center", url: entitlementPage + "com.apple.developer.game-center"),
    KnownKey(
      "com.apple.developer.nfc.readersession.formats",
      display: "Near Field Communication Tag Reader Session Formats", types: [.array],
      home: .entitlements, platforms: [.iOS: "11.0"], allowedValues: ["TAG"],
      summary: "The NFC tag formats the app reads",
      url: entitlementPage + "com.apple.developer.nfc.readersession.formats"),
    KnownKey(
      "com.apple.developer.networking.wifi-info", display: "Access Wi-Fi Information",
      types: [.boolean], home: .entitlements, platforms: [.iOS: "12.0", .visionOS: "1.0"],
      summary: "Lets the app read the current Wi-Fi network",
      url: entitlementPage + "com.apple.developer.networking.wifi-info"),
    KnownKey(
      "com.apple.developer.networking.multicast", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "14.0", .visionOS: "1.0"],
      summary: "Lets the app send multicast and broadcast traffic; Apple must grant it",
      url: entitlementPage + "com.apple.developer.networking.multicast"),
    KnownKey(
      "com.apple.developer.networking.networkextension", display: "Network Extensions",
      types: [.array], home: .entitlements,
      platforms: [.iOS: "9.0", .macOS: "10.11", .tvOS: "17.0", .visionOS: "1.0"],
      allowedValues: [
        "dns-proxy", "app-proxy-provider", "content-filter-provider", "packet-tunnel-provider",
        "dns-proxy-systemextension", "app-proxy-provider-systemextension",
        "content-filter-provider-systemextension", "packet-tunnel-provider-systemextension",
      ], summary: "The kinds of network extension the app provides",
      url: entitlementPage + "com.apple.developer.networking.networkextension"),
    KnownKey(
      "com.apple.developer.networking.vpn.api", display: "Personal VPN", types: [.array],
      home: .entitlements, platforms: [.iOS: "8.0", .macOS: "10.10", .visionOS: "1.0"],
      allowedValues: ["allow-vpn"], summary: "Lets the app configure a personal VPN",
      url: entitlementPage + "com.apple.developer.networking.vpn.api"),
    KnownKey(
      "com.apple.developer.networking.HotspotConfiguration", display: "Hotspot Configuration",
      types: [.boolean], home: .entitlements, platforms: [.iOS: "11.0"],
      summary: "Lets the app configure Wi-Fi hotspots",
      url: entitlementPage + "com.apple.developer.networking.hotspotconfiguration"),
    KnownKey(
      "com.apple.developer.default-data-protection", display: "Data Protection", types: [.string],
      home: .entitlements,
      platforms: [.iOS: "3.0", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      allowedValues: [
        "NSFileProtectionComplete", "NSFileProtectionCompleteUnlessOpen",
        "NSFileProtectionCompleteUntilFirstUserAuthentication", "NSFileProtectionNone",
      ], closedValues: true, summary: "The default file protection of the app's files",
      url: entitlementPage + "com.apple.developer.default-data-protection"),
    KnownKey(
      "com.apple.developer.devicecheck.appattest-environment", display: "App Attest Environment",
      types: [.string], home: .entitlements,
      platforms: [.iOS: "14.0", .tvOS: "15.0", .visionOS: "1.0"],
      allowedValues: ["development", "production"], closedValues: true,
      summary: "The App Attest environment; TestFlight and App Store builds use production",
      url: entitlementPage + "com.apple.developer.devicecheck.appattest-environment"),
    KnownKey(
      "com.apple.developer.sensorkit.reader.allow", display: "SensorKit", types: [.array],
      home: .entitlements, platforms: [.iOS: "14.0", .visionOS: "1.0"],
      summary: "The sensors an approved research app may read",
      url: entitlementPage + "com.apple.developer.sensorkit.reader.allow"),
    KnownKey(
      "com.apple.developer.location.push", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "15.0"],
      summary: "Lets a location-sharing app answer location queries by push; Apple must grant it",
      url: entitlementPage + "com.apple.developer.location.push"),
    KnownKey(
      "com.apple.developer.push-to-talk", display: "Push to Talk", types: [.boolean],
      home: .entitlements, platforms: [.iOS: "16.0"],
      summary: "Turns on the Push to Talk framework",
      url: entitlementPage + "com.apple.developer.push-to-talk"),
    KnownKey(
      "com.apple.developer.family-controls", display: "Family Controls", types: [.boolean],
      home: .entitlements, platforms: [.iOS: "15.0", .macCatalyst: "15.0", .visionOS: "1.0"],
      summary: "Lets a parental-control app use the Family Controls framework",
      url: entitlementPage + "com.apple.developer.family-controls"),
    KnownKey(
      "com.apple.developer.weatherkit", display: "WeatherKit", types: [.boolean],
      home: .entitlements,
      platforms: [.iOS: "16.0", .macOS: "13.0", .tvOS: "16.0", .watchOS: "9.0"],
      summary: "Lets the app use WeatherKit",
      url: entitlementPage + "com.apple.developer.weatherkit"),
    KnownKey(
      "com.apple.developer.kernel.increased-memory-limit", display: "Increased Memory Limit",
      types: [.boolean], home: .entitlements, platforms: [.iOS: "15.0"],
      summary: "Asks for a higher memory limit on supported devices",
      url: entitlementPage + "com.apple.developer.kernel.increased-memory-limit"),
    KnownKey(
      "com.apple.developer.kernel.extended-virtual-addressing",
      display: "Extended Virtual Addressing", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "14.0"], summary: "Asks for a larger virtual address space",
      url: entitlementPage + "com.apple.developer.kernel.extended-virtual-addressing"),
    KnownKey(
      "com.apple.developer.usernotifications.filtering", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "13.3", .macOS: "11.0"],
      summary: "Lets a notification service extension drop notifications; Apple must grant it",
      url: entitlementPage + "com.apple.developer.usernotifications.filtering"),
    KnownKey(
      "com.apple.developer.messages.critical-messaging", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "18.2", .watchOS: "11.2"], summary: "Lets the app send critical messages",
      url: entitlementPage + "com.apple.developer.messages.critical-messaging"),
    KnownKey(
      "com.apple.developer.arkit.main-camera-access.allow", types: [.boolean], home: .entitlements,
      platforms: [.visionOS: "2.0"], summary: "Lets an enterprise visionOS app use the main camera",
      url: entitlementPage + "com.apple.developer.arkit.main-camera-access.allow"),
    KnownKey(
      "com.apple.developer.contacts.notes", types: [.boolean], home: .entitlements,
      platforms: [.iOS: "13.0", .macOS: "13.0", .visionOS: "1.0"],
      summary: "Lets the app read the notes field of contacts; Apple must grant it",
      url: entitlementPage + "com.apple.developer.contacts.notes"),
    KnownKey(
      "com.apple.developer.ClassKit-environment", display: "ClassKit Environment", types: [.string],
      home: .entitlements, platforms: [.iOS: "11.4", .macOS: "11.0", .visionOS: "1.0"],
      summary: "The ClassKit environment the app uses",
      url: entitlementPage + "com.apple.developer.classkit-environment"),
    KnownKey(
      "com.apple.developer.system-extension.install", display: "System Extension",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.15"],
      summary: "Lets the app install system extensions",
      url: entitlementPage + "com.apple.developer.system-extension.install"),
    KnownKey(
      "com.apple.developer.endpoint-security.client", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.15"],
      summary: "Lets a system extension receive Endpoint Security events",
      url: entitlementPage + "com.apple.developer.endpoint-security.client"),
    KnownKey(
      "com.apple.developer.maps", types: [], home: .entitlements, platforms: [.macOS: "10.9"],
      deprecations: [.init("10.11", platform: .macOS)], summary: "Gave a Mac app access to MapKit",
      url: entitlementPage + "com.apple.developer.maps"),
    KnownKey(
      "inter-app-audio", types: [], home: .entitlements, platforms: [.iOS: "2.2"],
      deprecations: [.init("13.0", platform: .iOS)],
      summary: "Let the app share audio with other apps through Inter-App Audio",
      url: entitlementPage + "inter-app-audio"),
    KnownKey(
      "com.apple.developer.playable-content", types: [], home: .entitlements,
      platforms: [.iOS: "12.0"], deprecations: [.init("14.0", platform: .iOS)],
      summary: "Let the app offer content to CarPlay through MediaPlayer",
      url: entitlementPage + "com.apple.developer.playable-content"),
    KnownKey(
      "com.apple.developer.carplay-messaging", types: [], home: .entitlements,
      platforms: [.iOS: "12.0"], deprecations: [.init("14.0", platform: .iOS)],
      summary: "Let a messaging app appear in CarPlay",
      url: entitlementPage + "com.apple.developer.carplay-messaging"),
    KnownKey(
      "com.apple.developer.avfoundation.multitasking-camera-access", types: [], home: .entitlements,
      platforms: [.iOS: "13.5"], deprecations: [.init("18.0", platform: .iOS)],
      summary: "Let the app use the camera while sharing the screen with other apps",
      url: entitlementPage + "com.apple.developer.avfoundation.multitasking-camera-access"),
  ]
}
