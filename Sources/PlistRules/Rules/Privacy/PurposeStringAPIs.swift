import PlistBundle

/// APIs that need a purpose string, as the imported symbols that show them: data, each entry
/// with the Apple page it rests on.
///
/// An entry names Objective-C classes and C functions. A class counts when a slice imports its
/// class object (`OBJC_CLASS_$_EKEventStore`, which Objective-C and Swift code both reference
/// to use it) or a Swift symbol whose context is the class as Swift imports it
/// (`$sSo12EKEventStoreC…`: the `So` module, the name with its length, `C` for a class; the
/// members a Swift overlay adds). A function counts by its name, or its name with a `$`
/// variant suffix. Methods (`requestRecordPermission`, `requestAlwaysAuthorization`) are
/// messages sent through `objc_msgSend` and leave no symbol of their own, so an API reached only
/// through a class used for other things too (`AVAudioSession`) is not listed.
///
/// `required` entries rest on a page that says the key is required (or must be provided) for
/// the API; `recommended` ones on a page that says the app "should include" it or to add it
/// before use. Apple publishes no list of the symbols App Store Connect matches; these are the
/// classes and functions whose documented use is the protected access.
enum PurposeStringAPIs {
  /// What Apple's page says of the key for this API.
  enum Requirement: Sendable {
    /// The page says the key is required (ITMS-90683 names the key when the code references
    /// the API).
    case required
    /// The page says the app should include the key, or to add it before using the API.
    case recommended
  }

  /// One API and the purpose keys it needs.
  struct Entry: Sendable {
    /// Objective-C classes (without `OBJC_CLASS_$_`).
    var classes: [String] = []
    /// C functions (without the leading underscore).
    var functions: [String] = []
    /// The purpose keys, any one of which satisfies the entry; the first is the one to add.
    var keys: [String]
    /// How firmly Apple asks for the key.
    var requirement: Requirement = .required
    /// What the API does, after "so the app" ("reads or writes calendar data").
    var reason: String
    /// The Apple page that ties the API to the key.
    var url: String
    /// The platforms the key applies to; empty for every platform.
    var platforms: Set<Platform> = []
  }

  private static let keyPage = PurposeStringEvidence.page

  /// The table.
  static let entries: [Entry] = [
    Entry(
      classes: ["AVCaptureDevice", "AVCaptureDeviceDiscoverySession", "AVCaptureSession"],
      keys: ["NSCameraUsageDescription", "NSMicrophoneUsageDescription"],
      reason: "captures from the camera or the microphone",
      url: "https://developer.apple.com/documentation/avfoundation/"
        + "requesting-authorization-to-capture-and-save-media"),
    Entry(
      classes: ["AVAudioRecorder", "AVAudioApplication"], functions: ["AudioQueueNewInput"],
      keys: ["NSMicrophoneUsageDescription"], reason: "records from the microphone",
      url: keyPage("NSMicrophoneUsageDescription")),
    Entry(
      classes: ["PHPhotoLibrary", "ALAssetsLibrary"],
      keys: ["NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription"],
      reason: "reads or adds to the photo library",
      url: keyPage("NSPhotoLibraryUsageDescription")),
    Entry(
      functions: ["UIImageWriteToSavedPhotosAlbum", "UISaveVideoAtPathToSavedPhotosAlbum"],
      keys: ["NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription"],
      reason: "adds to the photo library", url: keyPage("NSPhotoLibraryAddUsageDescription")),
    Entry(
      classes: ["CNContactStore", "ABAddressBook"],
      functions: [
        "ABAddressBookCreateWithOptions", "ABAddressBookCreate",
        "ABAddressBookRequestAccessWithCompletion",
      ],
      keys: ["NSContactsUsageDescription"], reason: "reads or writes the user's contacts",
      url: keyPage("NSContactsUsageDescription")),
    Entry(
      classes: ["EKEventStore"],
      keys: PurposeStringEvidence.calendarKeys + PurposeStringEvidence.reminderKeys,
      reason: "reads or writes calendar or reminder data",
      url: "https://developer.apple.com/documentation/eventkit/accessing-the-event-store"),
    Entry(
      classes: ["CLLocationManager"], keys: PurposeStringEvidence.locationKeys,
      reason: "asks for the user's location",
      url: "https://developer.apple.com/documentation/corelocation/"
        + "requesting-authorization-to-use-location-services"),
    Entry(
      classes: [
        "CMMotionActivityManager", "CMPedometer", "CMSensorRecorder", "CMMovementDisorderManager",
      ],
      keys: ["NSMotionUsageDescription"], reason: "reads motion and fitness data",
      url: keyPage("NSMotionUsageDescription")),
    Entry(
      classes: ["CMFallDetectionManager"], keys: ["NSFallDetectionUsageDescription"],
      reason: "receives fall detection events", url: keyPage("NSFallDetectionUsageDescription")),
    Entry(
      classes: ["CBCentralManager", "CBPeripheralManager"],
      keys: PurposeStringEvidence.bluetoothKeys, reason: "uses Bluetooth",
      url: keyPage("NSBluetoothAlwaysUsageDescription")),
    Entry(
      classes: ["SFSpeechRecognizer"], keys: ["NSSpeechRecognitionUsageDescription"],
      reason: "sends speech to speech recognition",
      url: keyPage("NSSpeechRecognitionUsageDescription")),
    Entry(
      classes: ["MPMediaLibrary", "MPMediaQuery"], keys: ["NSAppleMusicUsageDescription"],
      reason: "reads the media library", url: keyPage("NSAppleMusicUsageDescription")),
    Entry(
      classes: ["HKHealthStore"], keys: PurposeStringEvidence.healthKeys,
      reason: "reads or writes health data", url: keyPage("NSHealthShareUsageDescription")),
    Entry(
      classes: ["HMHomeManager"], keys: ["NSHomeKitUsageDescription"],
      reason: "reads HomeKit data", url: keyPage("NSHomeKitUsageDescription")),
    Entry(
      classes: ["INPreferences"], keys: ["NSSiriUsageDescription"],
      reason: "asks for permission to use Siri",
      url: "https://developer.apple.com/documentation/sirikit/requesting-authorization-to-use-siri"),
    Entry(
      classes: ["LAContext"], keys: ["NSFaceIDUsageDescription"],
      reason: "may authenticate with Face ID", url: keyPage("NSFaceIDUsageDescription"),
      platforms: [.iOS, .iPadOS]),
    Entry(
      classes: [
        "NFCNDEFReaderSession", "NFCTagReaderSession", "NFCVASReaderSession", "NFCReaderSession",
      ],
      keys: ["NFCReaderUsageDescription"], reason: "reads NFC tags",
      url: keyPage("NFCReaderUsageDescription"), platforms: [.iOS, .iPadOS]),
    // A warning, not an error: SDKs reference the class to read the tracking status too, and
    // a tracking purpose string in an app that does not track misstates what it does; no
    // ITMS-90683 report naming this key was found.
    Entry(
      classes: ["ATTrackingManager"], keys: ["NSUserTrackingUsageDescription"],
      requirement: .recommended,
      reason: "calls App Tracking Transparency (SDKs may only read the tracking status), and "
        + "Apple says an app that calls it must provide the key",
      url: keyPage("NSUserTrackingUsageDescription"),
      platforms: [.iOS, .iPadOS, .tvOS, .visionOS]),
    Entry(
      classes: ["PKIdentityAuthorizationController"], keys: ["NSIdentityUsageDescription"],
      reason: "requests identity information from Wallet",
      url: keyPage("NSIdentityUsageDescription")),
    Entry(
      classes: ["VSAccountManager"], keys: ["NSVideoSubscriberAccountUsageDescription"],
      reason: "reads the TV provider account",
      url: keyPage("NSVideoSubscriberAccountUsageDescription"), platforms: [.tvOS]),
    Entry(
      classes: ["SBApplication"], functions: ["AESendMessage", "AESend"],
      keys: ["NSAppleEventsUsageDescription"], reason: "sends Apple events",
      url: keyPage("NSAppleEventsUsageDescription"), platforms: [.macOS]),
    Entry(
      functions: ["ODRecordSetValue"], keys: ["NSSystemAdministrationUsageDescription"],
      reason: "changes the system configuration",
      url: keyPage("NSSystemAdministrationUsageDescription"), platforms: [.macOS]),
    Entry(
      classes: ["NSNetServiceBrowser"], functions: ["DNSServiceBrowse", "nw_browser_create"],
      keys: ["NSLocalNetworkUsageDescription"], requirement: .recommended,
      reason: "browses for Bonjour services on the local network, and Apple says apps that use "
        + "the local network should include this description",
      url: keyPage("NSLocalNetworkUsageDescription")),
    Entry(
      classes: ["INFocusStatusCenter"], keys: ["NSFocusStatusUsageDescription"],
      requirement: .recommended,
      reason: "reads the Focus status, and Apple says to add this key before using it",
      url: keyPage("NSFocusStatusUsageDescription")),
    Entry(
      classes: ["NISession"], keys: ["NSNearbyInteractionUsageDescription"],
      requirement: .recommended, reason: "starts Nearby Interaction sessions",
      url: keyPage("NSNearbyInteractionUsageDescription")),
    Entry(
      classes: ["SRSensorReader"], keys: ["NSSensorKitUsageDescription"],
      requirement: .recommended, reason: "reads SensorKit data",
      url: keyPage("NSSensorKitUsageDescription")),
  ]

  /// One imported symbol that shows an entry's API.
  struct Match: Sendable {
    /// The table row.
    var entry: Int
    /// The class or function it shows (`EKEventStore`).
    var api: String
  }

  /// Entries by class name and by function name.
  private static let byClass: [String: Int] = index(\.classes)
  private static let byFunction: [String: Int] = index(\.functions)

  private static func index(_ names: KeyPath<Entry, [String]>) -> [String: Int] {
    var table: [String: Int] = [:]
    for (row, entry) in entries.enumerated() {
      for name in entry[keyPath: names] { table[name] = row }
    }
    return table
  }

  /// The entry an imported symbol (without its leading underscore) shows, if any.
  ///
  /// - `OBJC_CLASS_$_Name` for a listed class;
  /// - a Swift symbol (`$s`, Swift 4.2's `$S`, Swift 4's `_T0`) whose context is the class:
  ///   `So`, the name's length in decimal, the name, then `C`;
  /// - a listed function, alone or with a `$` variant suffix (`AESend$UNIX2003`).
  static func match(_ symbol: String) -> Match? {
    let objcPrefix = "OBJC_CLASS_$_"
    if symbol.hasPrefix(objcPrefix) {
      let name = String(symbol.dropFirst(objcPrefix.count))
      return byClass[name].map { Match(entry: $0, api: name) }
    }
    if let name = swiftClassContext(symbol) {
      return byClass[name].map { Match(entry: $0, api: name) }
    }
    let base = symbol.firstIndex(of: "$").map { String(symbol[..<$0]) } ?? symbol
    return byFunction[base].map { Match(entry: $0, api: base) }
  }

  /// The Objective-C class a Swift symbol's context names (`$sSo12EKEventStoreC8EventKitE…` →
  /// `EKEventStore`), or nil when the symbol is not Swift or its context is not an imported
  /// class.
  static func swiftClassContext(_ symbol: String) -> String? {
    var rest = Substring(symbol)
    guard let prefix = ["$s", "$S", "_T0"].first(where: { rest.hasPrefix($0) }) else {
      return nil
    }
    rest = rest.dropFirst(prefix.count)
    guard rest.hasPrefix("So") else { return nil }
    rest = rest.dropFirst(2)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    // A length has no leading zero and is short; anything else is not this mangling.
    guard !digits.isEmpty, digits.count <= 3, digits.first != "0", let length = Int(digits)
    else { return nil }
    rest = rest.dropFirst(digits.count)
    let name = rest.utf8.prefix(length)
    guard name.count == length else { return nil }
    let after = rest.utf8.dropFirst(length)
    guard after.first == UInt8(ascii: "C") else { return nil }
    return String(decoding: name, as: UTF8.self)
  }
}
