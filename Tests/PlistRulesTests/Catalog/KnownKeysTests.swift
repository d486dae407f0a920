import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The key catalog: its size, its sources, and its lookups.
@Suite struct KnownKeysTests {
  static func count(_ home: KnownKey.Home) -> Int {
    KnownKeys.all.filter { $0.home == home }.count
  }

  @Test func countsPerHome() {
    let counts = KnownKey.Home.allCases.map { "\($0.rawValue): \(Self.count($0))" }
    let purpose = KnownKeys.all.filter(\.isPurposeString).count
    print(
      "catalog: \(KnownKeys.all.count) keys (\(counts.joined(separator: ", "))); "
        + "\(purpose) purpose strings; \(KnownKeys.recognizedNames.count) names recognised only")
    #expect(Self.count(.infoPlist) == 196)
    #expect(Self.count(.entitlements) == 103)
    #expect(Self.count(.privacyManifest) == 10)
    // apple-rules.md §1.1 (55 keys with a page) and §1.2 (5 build-setting-only keys).
    #expect(purpose == 60)
    #expect(KnownKeys.all.count == 309)
  }

  @Test func everyEntryHasAnApplePageASummaryAndKnownShape() {
    for entry in KnownKeys.all {
      #expect(entry.url.hasPrefix("https://developer.apple.com/"), "\(entry.key)")
      #expect(!entry.summary.isEmpty && !entry.summary.hasSuffix("."), "\(entry.key)")
      #expect(!entry.within.isEmpty, "\(entry.key)")
      #expect(entry.closedValues ? !entry.allowedValues.isEmpty : true, "\(entry.key)")
      for value in entry.valuePlatforms.keys {
        #expect(entry.allowedValues.contains(value), "\(entry.key): \(value)")
      }
      if entry.isPurposeString { #expect(entry.home == .infoPlist, "\(entry.key)") }
    }
  }

  @Test func keysAndDisplayNamesAreUnique() {
    #expect(KnownKeys.byKey.count == KnownKeys.all.count)
    let names = KnownKeys.all.compactMap(\.displayName)
    #expect(Set(names).count == names.count, "\(names.sorted())")
    #expect(KnownKeys.recognizedNames.isDisjoint(with: KnownKeys.byKey.keys))
  }

  @Test func everyParentIsItselfAKnownKey() {
    for parent in KnownKeys.containers {
      #expect(KnownKeys.entry(parent) != nil, "\(parent)")
    }
  }

  @Test func looksUpByKeyDisplayNameAndDeviceSuffix() throws {
    #expect(KnownKeys.entry("NSCameraUsageDescription")?.isPurposeString == true)
    #expect(
      KnownKeys.entry(displayName: "Privacy - Camera Usage Description")?.key
        == "NSCameraUsageDescription")
    #expect(
      KnownKeys.entry(resolving: "UISupportedInterfaceOrientations~iPad")?.key
        == "UISupportedInterfaceOrientations")
    #expect(KnownKeys.entry("UISupportedInterfaceOrientations~ipad") == nil)
    let split = KnownKeys.splitDeviceSuffix("UILaunchStoryboardName~iphone")
    #expect(split.base == "UILaunchStoryboardName" && split.suffix == "~iphone")
    #expect(KnownKeys.splitDeviceSuffix("~ipad").base == "~ipad")
    let sandbox = try #require(KnownKeys.entry("com.apple.security.app-sandbox"))
    #expect(sandbox.home == .entitlements && sandbox.types == [.boolean])
    #expect(KnownKeys.entry("UIRequiredDeviceCapabilities")?.types == [.array, .dictionary])
    #expect(KnownKeys.entry("NSPrivacyAccessedAPITypes")?.home == .privacyManifest)
  }

  /// CFBundleSpokenName has an Apple page: the catalog describes it, a misspelling of it is a
  /// near miss, and the key itself gives no finding.
  @Test func describesTheSpokenName() throws {
    let entry = try #require(KnownKeys.entry("CFBundleSpokenName"))
    #expect(entry.types == [.string] && entry.home == .infoPlist && entry.isTopLevel)
    #expect(
      entry.url
        == "https://developer.apple.com/documentation/bundleresources/information-property-list/"
        + "cfbundlespokenname")
    #expect(KnownKeys.entry(displayName: "Accessibility Bundle Name")?.key == entry.key)
    #expect(KnownKeys.nearMiss(for: "CFBundleSpokenNam")?.key == "CFBundleSpokenName")
    let example = RuleExample([
      "CFBundleIdentifier": "com.example.app", "CFBundleDisplayName": "MyApp123",
      "CFBundleSpokenName": "My App One Two Three",
    ])
    let subject = LintSubject(
      path: "Info.plist", role: .infoPlist, root: example.root, context: LintContext())
    let found = Linter().lint(subject).filter {
      $0.keyPath == KeyPath([.key("CFBundleSpokenName")])
    }
    #expect(found.isEmpty, "\(found.map(\.description))")
  }

  @Test func recordsDeprecationsPerPlatform() throws {
    let calendars = try #require(KnownKeys.entry("NSCalendarsUsageDescription"))
    #expect(calendars.deprecations(on: .macOS).map(\.version) == ["14.0"])
    #expect(calendars.deprecations(on: .iOS).map(\.version) == ["17.0"])
    #expect(calendars.isDeprecatedEverywhere)
    let location = try #require(KnownKeys.entry("NSLocationUsageDescription"))
    #expect(location.deprecation?.replacement?.contains("NSLocationWhenInUse") == true)
    #expect(!location.isDeprecatedEverywhere)
    #expect(KnownKeys.entry("UIRequiresFullScreen")?.deprecation?.version == "26.0")
    let ct = try #require(KnownKeys.entry("NSRequiresCertificateTransparency"))
    #expect(ct.deprecation?.version == "" && ct.isDeprecatedEverywhere)
  }

  @Test(arguments: [
    ("Privacy - Cam", "NSCameraUsageDescription"),
    ("privacy - camera", "NSCameraUsageDescription"),
    ("nscamera", "NSCameraUsageDescription"),
    ("UIRequiresFull", "UIRequiresFullScreen"),
    ("com.apple.security.app-s", "com.apple.security.app-sandbox"),
  ])
  func autocompletesByKeyOrDisplayNameIgnoringCase(prefix: String, expected: String) {
    #expect(KnownKeys.matching(prefix: prefix).map(\.key).contains(expected), "\(prefix)")
  }

  @Test func autocompleteListsKeyMatchesFirstAndNothingForAnEmptyPrefix() {
    #expect(KnownKeys.matching(prefix: "").isEmpty)
    let matches = KnownKeys.matching(prefix: "NSLocation").map(\.key)
    #expect(matches.first == "NSLocationWhenInUseUsageDescription")
    #expect(matches.allSatisfy { $0.hasPrefix("NSLocation") })
    #expect(KnownKeys.matching(prefix: "NSAllows", within: "").isEmpty)
    #expect(KnownKeys.matching(prefix: "NSAllows", within: "NSAppTransportSecurity").count == 4)
  }

  @Test(arguments: [
    ("UIRequiresFullscreen", "UIRequiresFullScreen"),
    ("CFBundleIdentifer", "CFBundleIdentifier"),
    ("cfbundleidentifier", "CFBundleIdentifier"),
    ("NSCameraUsageDescripton", "NSCameraUsageDescription"),
    ("UISupportedInterfaceOrientation~ipad", "UISupportedInterfaceOrientations"),
    ("UIRequiresFullscreen~iPad", "UIRequiresFullScreen"),
    ("com.apple.security.app-sandbx", "com.apple.security.app-sandbox"),
  ])
  func findsNearMisses(key: String, expected: String) {
    #expect(KnownKeys.nearMiss(for: key)?.key == expected, "\(key)")
  }

  @Test func findsNearMissesInsideItemsAndDoubledKeys() {
    #expect(
      KnownKeys.nearMiss(for: "LSTypeIsPackageLSTypeIsPackage", within: "CFBundleDocumentTypes")?
        .key == "LSTypeIsPackage")
    #expect(
      KnownKeys.nearMiss(for: "NSIncludeSubdomains", within: "NSExceptionDomains")?.key
        == "NSIncludesSubdomains")
    #expect(KnownKeys.nearMiss(for: "NSIncludeSubdomains") == nil)
  }

  @Test func aRealKeyNeverNearMisses() {
    for entry in KnownKeys.all {
      for parent in entry.within {
        #expect(KnownKeys.nearMiss(for: entry.key, within: parent) == nil, "\(entry.key)")
      }
      #expect(KnownKeys.nearMiss(for: entry.key + "~ipad") == nil, "\(entry.key)")
    }
    for name in KnownKeys.recognizedNames {
      #expect(KnownKeys.nearMiss(for: name) == nil, "\(name)")
    }
  }

  @Test(arguments: [
    "NSMainStoryboardFile", "LSUIElement", "Version", "Name", "MyAppAPIKey", "SentryDSN",
    "CFBundleIdentifierSuffix", "$(PRODUCT_NAME)Key", "AppGroupIdentifier", "UIFoo",
  ])
  func leavesCustomAndShortKeysAlone(key: String) {
    #expect(KnownKeys.nearMiss(for: key) == nil, "\(key)")
  }

  @Test func measuresRestrictedDamerauLevenshteinDistance() {
    func distance(_ a: String, _ b: String) -> Int {
      KnownKeys.damerauLevenshtein(Array(a), Array(b), limit: 5)
    }
    #expect(distance("abcdef", "abcdef") == 0)
    #expect(distance("abcdef", "abdcef") == 1)
    #expect(distance("abcdef", "abcde") == 1)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("", "abc") == 3)
    #expect(KnownKeys.damerauLevenshtein(Array("abcdefgh"), Array("hgfedcba"), limit: 2) == 3)
  }
}
