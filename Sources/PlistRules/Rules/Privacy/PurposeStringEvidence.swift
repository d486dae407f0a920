import PlistBundle
import PlistCore

/// What in a bundle implies that its Info.plist needs a purpose string, as data: entitlements,
/// linked frameworks, background modes and other Info.plist keys, each row with the keys that
/// satisfy it, how firmly Apple says so, and the page it rests on.
///
/// Apple publishes no table from entitlements or frameworks to purpose keys
/// (https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources). It
/// says the purpose key is "required" when the app uses the
/// resource's APIs, and that ITMS-90683 fires when the app "has one or more entitlements that
/// permit such access". Rows marked `.apple` are pairings an Apple page states; the rest are
/// inferred from the purpose key's own page.
enum PurposeStringEvidence {
  /// How firmly Apple ties the evidence to the key; it decides the finding's severity.
  enum Basis: Int, Comparable, Sendable {
    /// A weak inference (a linked framework with APIs that need no permission too): a note.
    case weakInference
    /// Apple says "should include", or the inference is close: a warning.
    case inferred
    /// An Apple page states the pairing: an error, ITMS-90683.
    case apple
    /// An executable imports a symbol of an API whose page says the key is required: an error,
    /// ITMS-90683 (a warning outside the App Store). The strongest: it names the symbol.
    case apiReference

    static func < (a: Basis, b: Basis) -> Bool { a.rawValue < b.rawValue }

    /// The severity of a finding on this basis.
    var severity: Severity {
      switch self {
      case .weakInference: .note
      case .inferred: .warning
      case .apple, .apiReference: .error
      }
    }
  }

  /// One piece of evidence and what it implies.
  struct Row: Sendable, Equatable {
    /// The purpose keys, any one of which satisfies the row; the first is the one to add.
    var keys: [String]
    /// How firmly Apple says so.
    var basis: Basis
    /// What the evidence suggests the app does ("grants camera access").
    var reason: String
    /// The Apple page for the pairing (or the purpose key's page, for inferred rows).
    var url: String
  }

  /// The page of Info.plist key `key`.
  static func page(_ key: String) -> String {
    "https://developer.apple.com/documentation/bundleresources/information-property-list/"
      + key.lowercased()
  }

  /// Every location purpose key: any one counts, since the platform decides which is right
  /// (`NSLocationUsageDescription` on macOS, the `NSLocationWhenInUse…` keys elsewhere).
  static let locationKeys = [
    "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
    "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription",
  ]
  static let macLocationKeys = [
    "NSLocationUsageDescription", "NSLocationWhenInUseUsageDescription",
    "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
  ]
  static let bluetoothKeys = [
    "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
  ]
  static let calendarKeys = [
    "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
    "NSCalendarsUsageDescription",
  ]
  static let reminderKeys = [
    "NSRemindersFullAccessUsageDescription", "NSRemindersUsageDescription",
  ]
  static let healthKeys = ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"]

  /// Entitlement → purpose keys
  /// (https://developer.apple.com/documentation/bundleresources/protected-resources).
  ///
  /// A Boolean entitlement counts when true
  /// ("false means absent"); an array when it holds `value` (or anything, when `value` is nil).
  static let entitlements: [(entitlement: String, value: String?, row: Row)] = [
    (
      "com.apple.security.device.camera", nil,
      Row(
        keys: ["NSCameraUsageDescription"], basis: .apple, reason: "grants camera access",
        url: "https://developer.apple.com/documentation/bundleresources/"
          + "requesting-authorization-for-media-capture-on-macos")
    ),
    (
      "com.apple.security.device.audio-input", nil,
      Row(
        keys: ["NSMicrophoneUsageDescription"], basis: .apple,
        reason: "grants microphone access",
        url: "https://developer.apple.com/documentation/bundleresources/"
          + "requesting-authorization-for-media-capture-on-macos")
    ),
    (
      "com.apple.security.device.microphone", nil,
      Row(
        keys: ["NSMicrophoneUsageDescription"], basis: .apple,
        reason: "grants microphone access",
        url: "https://developer.apple.com/documentation/bundleresources/"
          + "requesting-authorization-for-media-capture-on-macos")
    ),
    (
      "com.apple.developer.healthkit", nil,
      Row(
        keys: healthKeys, basis: .apple, reason: "enables HealthKit",
        url: "https://developer.apple.com/documentation/xcode/configuring-healthkit-access")
    ),
    (
      "com.apple.developer.homekit", nil,
      Row(
        keys: ["NSHomeKitUsageDescription"], basis: .apple, reason: "enables HomeKit",
        url: "https://developer.apple.com/documentation/xcode/configuring-homekit-access")
    ),
    (
      "com.apple.security.personal-information.location", nil,
      Row(
        keys: macLocationKeys, basis: .inferred, reason: "grants location access",
        url: page("NSLocationUsageDescription"))
    ),
    (
      "com.apple.security.personal-information.addressbook", nil,
      Row(
        keys: ["NSContactsUsageDescription"], basis: .inferred, reason: "grants contacts access",
        url: page("NSContactsUsageDescription"))
    ),
    (
      "com.apple.security.personal-information.calendars", nil,
      Row(
        keys: calendarKeys, basis: .inferred, reason: "grants calendar access",
        url: page("NSCalendarsFullAccessUsageDescription"))
    ),
    (
      "com.apple.security.personal-information.photos-library", nil,
      Row(
        keys: ["NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription"],
        basis: .inferred, reason: "grants photo library access",
        url: page("NSPhotoLibraryUsageDescription"))
    ),
    (
      "com.apple.security.automation.apple-events", nil,
      Row(
        keys: ["NSAppleEventsUsageDescription"], basis: .inferred,
        reason: "lets the app send Apple events", url: page("NSAppleEventsUsageDescription"))
    ),
    (
      "com.apple.developer.healthkit.access", "health-records",
      Row(
        keys: ["NSHealthClinicalHealthRecordsShareUsageDescription"], basis: .inferred,
        reason: "grants access to clinical health records",
        url: page("NSHealthClinicalHealthRecordsShareUsageDescription"))
    ),
    (
      "com.apple.developer.siri", nil,
      Row(
        keys: ["NSSiriUsageDescription"], basis: .inferred, reason: "enables Siri",
        url: page("NSSiriUsageDescription"))
    ),
    (
      "com.apple.developer.nfc.readersession.formats", nil,
      Row(
        keys: ["NFCReaderUsageDescription"], basis: .inferred, reason: "enables NFC tag reading",
        url: page("NFCReaderUsageDescription"))
    ),
    (
      "com.apple.developer.sensorkit.reader.allow", nil,
      Row(
        keys: ["NSSensorKitUsageDescription"], basis: .inferred, reason: "enables SensorKit",
        url: page("NSSensorKitUsageDescription"))
    ),
    (
      "com.apple.developer.arkit.main-camera-access.allow", nil,
      Row(
        keys: ["NSMainCameraUsageDescription", "NSEnterpriseMCAMUsageDescription"],
        basis: .inferred, reason: "grants main-camera access",
        url: page("NSMainCameraUsageDescription"))
    ),
    (
      "com.apple.developer.messages.critical-messaging", nil,
      Row(
        keys: ["NSCriticalMessagingUsageDescription"], basis: .inferred,
        reason: "enables critical messages", url: page("NSCriticalMessagingUsageDescription"))
    ),
    (
      "com.apple.developer.location.push", nil,
      Row(
        keys: locationKeys, basis: .inferred, reason: "enables location push",
        url: page("NSLocationWhenInUseUsageDescription"))
    ),
    (
      "com.apple.developer.networking.multicast", nil,
      Row(
        keys: ["NSLocalNetworkUsageDescription"], basis: .weakInference,
        reason: "enables multicast on the local network, and Apple says apps that use the "
          + "local network should include this description",
        url: page("NSLocalNetworkUsageDescription"))
    ),
  ]

  /// Linked framework → purpose keys.
  ///
  /// Linking is not calling: a framework whose APIs mostly
  /// need the permission is a warning, one with APIs that need none (a contact picker, a
  /// photo picker, motion sensors) a note. AVFoundation is left out: linking it says nothing
  /// about the camera or the microphone (playback needs neither).
  static let frameworks: [(framework: String, row: Row)] = [
    (
      "EventKit",
      Row(
        // A note: an app that only presents EventKitUI's event editor links EventKit for
        // `EKEvent` and needs no calendar access (NSCalendarsFullAccessUsageDescription's page).
        keys: calendarKeys + reminderKeys, basis: .weakInference,
        reason: "may read or write calendar or reminder data",
        url: "https://developer.apple.com/documentation/eventkit/accessing-the-event-store")
    ),
    (
      "AppTrackingTransparency",
      Row(
        keys: ["NSUserTrackingUsageDescription"], basis: .weakInference,
        reason: "may ask for permission to track (SDKs also link it only to read the status)",
        url: page("NSUserTrackingUsageDescription"))
    ),
    (
      "HealthKit",
      Row(
        keys: healthKeys, basis: .inferred, reason: "reads or writes health data",
        url: page("NSHealthShareUsageDescription"))
    ),
    (
      "HomeKit",
      Row(
        keys: ["NSHomeKitUsageDescription"], basis: .inferred, reason: "uses HomeKit",
        url: page("NSHomeKitUsageDescription"))
    ),
    (
      "CoreNFC",
      Row(
        keys: ["NFCReaderUsageDescription"], basis: .inferred, reason: "reads NFC tags",
        url: page("NFCReaderUsageDescription"))
    ),
    (
      "Speech",
      Row(
        keys: ["NSSpeechRecognitionUsageDescription"], basis: .inferred,
        reason: "uses speech recognition", url: page("NSSpeechRecognitionUsageDescription"))
    ),
    (
      "SensorKit",
      Row(
        keys: ["NSSensorKitUsageDescription"], basis: .inferred, reason: "reads SensorKit data",
        url: page("NSSensorKitUsageDescription"))
    ),
    (
      "CoreLocation",
      Row(
        keys: locationKeys, basis: .weakInference, reason: "may ask for the user's location",
        url: page("NSLocationWhenInUseUsageDescription"))
    ),
    (
      "Contacts",
      Row(
        keys: ["NSContactsUsageDescription"], basis: .weakInference,
        reason: "may read the user's contacts", url: page("NSContactsUsageDescription"))
    ),
    (
      "CoreBluetooth",
      Row(
        keys: bluetoothKeys, basis: .weakInference, reason: "may use Bluetooth",
        url: page("NSBluetoothAlwaysUsageDescription"))
    ),
  ]

  /// Background mode → purpose keys (iOS and the platforms that share its keys).
  static let backgroundModes: [(mode: String, row: Row)] = [
    (
      "location",
      Row(
        keys: locationKeys, basis: .inferred,
        reason: "receives location updates in the background",
        url: page("NSLocationAlwaysAndWhenInUseUsageDescription"))
    ),
    (
      "bluetooth-central",
      Row(
        keys: bluetoothKeys, basis: .inferred, reason: "uses Bluetooth LE accessories",
        url: page("NSBluetoothAlwaysUsageDescription"))
    ),
    (
      "bluetooth-peripheral",
      Row(
        keys: bluetoothKeys, basis: .inferred, reason: "acts as a Bluetooth LE accessory",
        url: page("NSBluetoothAlwaysUsageDescription"))
    ),
  ]

  /// Other Info.plist keys → purpose keys.
  static let infoKeys: [(key: String, row: Row)] = [
    (
      "NSBonjourServices",
      Row(
        keys: ["NSLocalNetworkUsageDescription"], basis: .inferred,
        reason: "uses Bonjour, and Apple says apps that use Bonjour should include this "
          + "description", url: page("NSLocalNetworkUsageDescription"))
    )
  ]
}
