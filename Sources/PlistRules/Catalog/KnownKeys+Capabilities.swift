import PlistBundle
import PlistCore

extension KnownKeys {
  /// Device capabilities and background modes
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list/uirequireddevicecapabilities,
  /// https://developer.apple.com/documentation/bundleresources/information-property-list/uibackgroundmodes).
  static let capabilitiesAndModes: [KnownKey] = [
    KnownKey(
      "UIBackgroundModes", display: "Required background modes", types: [.array],
      platforms: [.iOS: "4.0", .iPadOS: "4.0", .tvOS: "", .visionOS: "1.0", .watchOS: "4.0"],
      allowedValues: [
        "audio", "location", "voip", "external-accessory", "bluetooth-central",
        "bluetooth-peripheral", "fetch", "remote-notification", "processing", "workout-processing",
        "nearby-interaction", "push-to-talk", "network-authentication", "newsstand-content",
      ],
      valuePlatforms: [
        "audio": [.iOS, .iPadOS, .tvOS, .visionOS, .watchOS],
        "location": [.iOS, .iPadOS, .watchOS], "voip": [.iOS, .iPadOS, .visionOS, .watchOS],
        "external-accessory": [.iOS, .iPadOS], "bluetooth-central": [.iOS, .iPadOS, .visionOS],
        "bluetooth-peripheral": [.iOS, .iPadOS], "fetch": [.iOS, .iPadOS, .tvOS, .visionOS],
        "remote-notification": [.iOS, .iPadOS, .tvOS, .visionOS, .watchOS],
        "processing": [.iOS, .iPadOS, .tvOS, .visionOS], "workout-processing": [.watchOS],
        "nearby-interaction": [.iOS, .iPadOS], "push-to-talk": [.iOS, .iPadOS],
      ], closedValues: true,
      note: "The key page omits tvOS; Xcode's background-modes page lists tvOS values",
      summary: "The background services the app provides and may keep running for",
      url: infoPage + "uibackgroundmodes"),
    KnownKey(
      "BGTaskSchedulerPermittedIdentifiers",
      display: "Permitted background task scheduler identifiers", types: [.array],
      platforms: [.iOS: "13.0", .iPadOS: "13.0", .tvOS: "13.0", .visionOS: "1.0"],
      summary: "The background task identifiers the app registers, in reverse-DNS form",
      url: infoPage + "bgtaskschedulerpermittedidentifiers"),
    KnownKey(
      "UIRequiredDeviceCapabilities", display: "Required device capabilities",
      types: [.array, .dictionary],
      platforms: [.iOS: "3.0", .iPadOS: "3.0", .tvOS: "9.0", .visionOS: "1.0", .watchOS: "2.0"],
      allowedValues: [
        "accelerometer", "arkit", "armv7", "arm64", "auto-focus-camera", "bluetooth-le",
        "camera-flash", "driverkit", "front-facing-camera", "gamekit", "gps", "gyroscope",
        "healthkit", "iphone-performance-gaming-tier", "iphone-ipad-minimum-performance-a12",
        "location-services", "magnetometer", "metal", "microphone", "nfc", "opengles-1",
        "opengles-2", "opengles-3", "peer-peer", "sms", "still-camera", "telephony", "video-camera",
        "wifi", "armv6", "arm64e", "ipad-minimum-performance-m1",
      ], closedValues: true,
      note: "The key page and the support page list different values; both lists are accepted",
      summary: "The device features the app needs (or, in the dictionary form, must not have)",
      url: infoPage + "uirequireddevicecapabilities"),
  ]
}
