import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The API table, the symbol matching (Objective-C classes, C functions, Swift symbols, and
/// names that only look like them) and `PurposeStringUses`, the evidence a bundle's executables
/// give.
@Suite struct PurposeStringAPIsTests {
  static func api(_ symbol: String) -> String? {
    PurposeStringAPIs.match(symbol).map {
      "\($0.api) → \(PurposeStringAPIs.entries[$0.entry].keys[0])"
    }
  }

  @Test(arguments: [
    ("OBJC_CLASS_$_EKEventStore", "EKEventStore → NSCalendarsFullAccessUsageDescription"),
    ("OBJC_CLASS_$_CNContactStore", "CNContactStore → NSContactsUsageDescription"),
    (
      "ABAddressBookCreateWithOptions",
      "ABAddressBookCreateWithOptions → NSContactsUsageDescription"
    ),
    ("AESend$UNIX2003", "AESend → NSAppleEventsUsageDescription"),
    (
      "$sSo12EKEventStoreC8EventKitE5fetchyyF",
      "EKEventStore → NSCalendarsFullAccessUsageDescription"
    ),
    (
      "$SSo17CLLocationManagerC12CoreLocationE1xyyF",
      "CLLocationManager → NSLocationWhenInUseUsageDescription"
    ),
    ("_T0So13HKHealthStoreC8HealthKitE1xyyF", "HKHealthStore → NSHealthShareUsageDescription"),
    ("$sSo9LAContextCMa", "LAContext → NSFaceIDUsageDescription"),
  ])
  func matchesEachKindOfSymbol(symbol: String, expected: String) {
    #expect(Self.api(symbol) == expected)
  }

  @Test(arguments: [
    "EKEventStore", "OBJC_CLASS_$_EKEventStoreFake", "OBJC_METACLASS_$_EKEventStore",
    "OBJC_IVAR_$_EKEventStore.x", "$s5MyApp18XSo12EKEventStoreCV", "$sSo12EKEventStoreV",
    "$sSo13EKEventStoreC", "$sSo012EKEventStoreC", "$sSo99999EKEventStoreC", "$sSo12EKEvent",
    "$sSo", "$s12EKEventStoreC", "ABAddressBookCreateWithOptionsX", "xABAddressBookCreate",
    "", "$", "OBJC_CLASS_$_",
  ])
  func leavesOutLookalikes(symbol: String) {
    #expect(Self.api(symbol) == nil)
  }

  @Test func everyEntryIsWellFormed() {
    var seen: Set<String> = []
    for entry in PurposeStringAPIs.entries {
      #expect(!entry.classes.isEmpty || !entry.functions.isEmpty)
      #expect(!entry.keys.isEmpty)
      for key in entry.keys {
        #expect(KnownKeys.entry(key)?.isPurposeString == true, "\(key) is not a known purpose key")
      }
      #expect(entry.url.hasPrefix("https://developer.apple.com/documentation/"), "\(entry.url)")
      for name in entry.classes + entry.functions {
        #expect(seen.insert(name).inserted, "\(name) is in two entries")
      }
    }
  }

  /// An app whose executable imports a class, whose framework links EventKit and imports a C
  /// function through chained fixups, and whose extension imports a class of its own.
  static func bundle() -> BundleNode {
    var app = ExampleBundles.app(
      importing: ["OBJC_CLASS_$_CLLocationManager", "objc_msgSend"],
      framework: ["ABAddressBookCreateWithOptions"])
    var kit = app.children[0]
    kit.executable?.slices[0].imports = MachOImports(
      ["ABAddressBookCreateWithOptions"], from: .chainedFixups)
    kit.executable?.slices[0].linkedLibraries = [
      LinkedLibrary(path: "/System/Library/Frameworks/EventKit.framework/EventKit", kind: .load)
    ]
    kit.executable?.slices[0].architecture = "arm64e"
    var share = BundleNode(
      path: "App.app/PlugIns/Share.appex", kind: .appExtension, layout: .shallow,
      files: [BundleFile(path: "App.app/PlugIns/Share.appex/Share", role: .executable)])
    share.executable = MachOFile.example(importing: ["OBJC_CLASS_$_PHPhotoLibrary"])
    app.children = [kit, share]
    return app
  }

  @Test func listsTheEvidenceOfTheAppAndTheBundlesItAnswersFor() {
    let uses = PurposeStringUses.uses(in: Self.bundle(), platforms: [.iOS])
    #expect(
      uses.map {
        "\($0.key) \($0.executable) \($0.architecture) \($0.evidence) \($0.strength.rawValue) \($0.sources)"
      }
        == [
          "NSLocationWhenInUseUsageDescription App.app/App arm64 OBJC_CLASS_$_CLLocationManager "
            + "API reference [\"LC_SYMTAB\"]",
          "NSContactsUsageDescription App.app/Frameworks/Kit.framework/Kit arm64e "
            + "ABAddressBookCreateWithOptions API reference [\"chained fixups\"]",
          "NSCalendarsFullAccessUsageDescription App.app/Frameworks/Kit.framework/Kit arm64e "
            + "/System/Library/Frameworks/EventKit.framework/EventKit linked framework []",
        ])
    // The extension answers for itself.
    let share = Self.bundle().children[1]
    #expect(
      PurposeStringUses.uses(in: share, platforms: [.iOS]).map(\.api) == ["PHPhotoLibrary"])
  }

  @Test func theFindingNamesExecutableArchitectureAndSymbol() throws {
    let subject = LintSubject(
      path: "App.app/Info.plist", role: .infoPlist, root: ["CFBundleName": "App"],
      bundle: Self.bundle(), context: LintContext(platforms: [.iOS], isBuilt: true))
    let found = MissingPurposeStringRule().check(subject)
    #expect(
      found.map(\.keyPath.description) == [
        "NSLocationWhenInUseUsageDescription", "NSContactsUsageDescription",
        "NSCalendarsFullAccessUsageDescription",
      ])
    #expect(found.map(\.severity) == [.error, .error, .note])
    #expect(found.map(\.itms) == ["ITMS-90683", "ITMS-90683", nil])
    #expect(
      found[1].message
        == "NSContactsUsageDescription is missing, but App.app/Frameworks/Kit.framework/Kit "
        + "(arm64e) imports ABAddressBookCreateWithOptions (ABAddressBookCreateWithOptions, read "
        + "from chained fixups), so the app reads or writes the user's contacts; App Store "
        + "Connect reports ITMS-90683 for code that references such an API, App Review rejects "
        + "it, and the app may crash when the code asks for the access")
    #expect(
      found[1].url == "https://developer.apple.com/documentation/bundleresources/"
        + "information-property-list/nscontactsusagedescription")
    #expect(found[2].message.contains("links EventKit.framework, so the app may read or write"))
    #expect(found[2].message.hasSuffix("(inferred from the linked framework only)"))
  }

  /// One finding per key: a background mode, two symbols of one class and the linked framework
  /// give one, on the API reference; the framework of the same executable adds nothing, the
  /// background mode is also seen.
  @Test func givesOneFindingPerKey() throws {
    let bundle = ExampleBundles.app(
      importing: [
        "OBJC_CLASS_$_CLLocationManager", "$sSo17CLLocationManagerC12CoreLocationE1xyyF",
      ],
      linking: ["/System/Library/Frameworks/CoreLocation.framework/CoreLocation"])
    let subject = LintSubject(
      path: "App.app/Info.plist", role: .infoPlist,
      root: ["UIBackgroundModes": ["location"]], bundle: bundle,
      context: LintContext(platforms: [.iOS], isBuilt: true))
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSLocationWhenInUseUsageDescription"])
    #expect(found.first?.severity == .error)
    #expect(found.first?.message.contains("imports OBJC_CLASS_$_CLLocationManager") == true)
    #expect(found.first?.message.hasSuffix("; also seen: the background mode location") == true)
  }

  @Test func listsTheImportTablesThatDidNotRead() {
    var bundle = Self.bundle()
    var imports = MachOImports(["OBJC_CLASS_$_CBCentralManager"])
    imports.problems = [
      BundleError(.malformed, "the bind opcodes hold unknown opcode 0xe0", offset: 80)
    ]
    bundle.children[0].executable?.slices[0].imports = imports
    let problems = PurposeStringUses.importProblems(in: bundle)
    #expect(problems.map(\.executable) == ["App.app/Frameworks/Kit.framework/Kit"])
    #expect(problems.map(\.architecture) == ["arm64e"])
    #expect(problems.map(\.problem.offset) == [80])
    // What did read still counts.
    #expect(
      PurposeStringUses.uses(in: bundle, platforms: [.iOS]).map(\.api).contains("CBCentralManager"))
  }

  /// A framework's or a loadable bundle's own Info.plist gives nothing: the app answers.
  @Test(arguments: [BundleKind.framework, .bundle])
  func embeddedBundlesAnswerThroughTheApp(kind: BundleKind) {
    var bundle = ExampleBundles.app(importing: ["OBJC_CLASS_$_CBCentralManager"])
    bundle.kind = kind
    let subject = LintSubject(
      path: "App.app/Info.plist", role: .infoPlist, root: ["CFBundleName": "App"],
      bundle: bundle, context: LintContext(platforms: [.iOS], isBuilt: true))
    #expect(MissingPurposeStringRule().check(subject).isEmpty)
    bundle.kind = .appExtension
    #expect(
      MissingPurposeStringRule().check(
        LintSubject(
          path: "App.app/Info.plist", role: .infoPlist, root: ["CFBundleName": "App"],
          bundle: bundle, context: LintContext(platforms: [.iOS], isBuilt: true))
      ).count == 1)
  }

  /// The required-reason rule reads the same imports: a name found only in the chained fixups
  /// counts.
  @Test func requiredReasonRuleSeesChainedFixupImports() {
    var bundle = ExampleBundles.app(importing: [])
    bundle.executable?.slices[0].imports = MachOImports(
      ["mach_absolute_time"], from: .chainedFixups)
    let subject = LintSubject(
      path: "App.app/Info.plist", role: .infoPlist, root: ["CFBundleName": "App"],
      bundle: bundle, context: LintContext(platforms: [.iOS], isBuilt: true))
    let found = RequiredReasonAPIWithoutDeclarationRule().check(subject)
    #expect(found.count == 1)
    #expect(
      found.first?.message.contains(
        "NSPrivacyAccessedAPICategorySystemBootTime (mach_absolute_time)") == true)
  }
}
