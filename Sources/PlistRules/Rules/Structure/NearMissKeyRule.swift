import PlistBundle
import PlistCore

/// An unknown key that is a near miss of a known one: the system looks for the exact key, so
/// the misspelled one counts as absent.
struct NearMissKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "near_miss_key",
    name: "Near-Miss Key",
    severity: .warning,
    category: .structure,
    appliesTo: CatalogWalk.roles,
    summary: "A key is a misspelling of a key Apple documents, so the system never reads it",
    rationale: """
      Property-list keys are case-sensitive: `UIRequiresFullscreen` is not
      `UIRequiresFullScreen`, and the misspelled key counts as absent. A key is a near miss when
      it differs from a catalog key only in case, repeats a catalog key twice, (for keys of 8
      characters or more) is within two edits of one, or repeats a catalog key of three words or
      more with one word replaced and a case error in the rest (`CFBundledisplayTitle` for
      `CFBundleDisplayName`: Apple's keys never differ from one another by case alone, so the
      case error shows the key was typed by hand). A key with another vendor's prefix is a
      different key, not a misspelling: `FBPlatformVersion` (Facebook's SDK) is not
      `DTPlatformVersion`, nor `com.example.network.client` an entitlement of Apple's. Apple
      keys infoscope knows by name (legacy ones such as `CFBundleSignature` and
      `CFBundleGetInfoString` included) and `$(VAR)` keys are never near misses. Apple names no
      App Store Connect error for a misspelt key: the key is simply not read, so a warning.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"),
    nonTriggering: [
      RuleExample(["UIRequiresFullScreen": true, "CFBundleIdentifier": "com.example.app"]),
      RuleExample(["UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait"]]),
      RuleExample(["NSMainStoryboardFile": "Main", "LSUIElement": true]),
      RuleExample(["MyCompanyAPIKey": "abc", "SentryDSN": "x", "AppGroupIdentifier": "g"]),
      RuleExample(["CFBundleIdentifierSuffix": "beta"]),
      RuleExample(["$(PRODUCT_NAME)Setting": "x"]),
      RuleExample(["NSExceptionDomains": ["NSIncludeSubdomain": true]]),
      RuleExample(
        ["NSAppTransportSecurity": ["NSExceptionDomains": ["NSAllowsArbitraryLoad.com": [:]]]]),
      // Another vendor's prefix: Facebook's SDK key, not a misspelling of DTPlatformVersion.
      RuleExample(["FBPlatformVersion": "14.0", "FBSDKVersion": "17.0.0"]),
      RuleExample(["com.example.security.app-sandbox": true], role: .entitlements),
      // Legacy Apple keys the catalog knows.
      RuleExample(["CFBundleSignature": "????", "CFBundleGetInfoString": "App 1.0"]),
      // Properly cased keys with one word changed may be keys of other SDKs or newer ones.
      RuleExample(["CFBundleDisplayTitle": "x", "NSFooUsageDescription": "y"]),
    ],
    triggering: [
      RuleExample(["UIRequiresFullscreen": true], expect: ["UIRequiresFullscreen"]),
      RuleExample(["CFBundleIdentifer": "com.example.app"], expect: ["CFBundleIdentifer"]),
      RuleExample(["CFBundledisplayTitle": "Maps"], expect: ["CFBundledisplayTitle"]),
      RuleExample(["DTPlatfromVersion": "18.2"], expect: ["DTPlatfromVersion"]),
      RuleExample(
        ["CFBundleIdentifer": "com.example.app"],
        context: LintContext(isBuilt: true, distribution: .appStore),
        expect: ["CFBundleIdentifer"], severity: .warning),
      RuleExample(
        ["UISupportedInterfaceOrientation~ipad": ["UIInterfaceOrientationPortrait"]],
        expect: ["UISupportedInterfaceOrientation~ipad"]),
      RuleExample(
        ["CFBundleDocumentTypes": [["LSTypeIsPackageLSTypeIsPackage": true]]],
        expect: ["CFBundleDocumentTypes[0].LSTypeIsPackageLSTypeIsPackage"]),
      RuleExample(
        [
          "NSAppTransportSecurity": [
            "NSExceptionDomains": ["example.com": ["NSIncludeSubdomains": true]]
          ]
        ],
        expect: ["NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSIncludeSubdomains"]),
      RuleExample(
        ["com.apple.security.app-sandbox": true, "com.apple.security.network.clients": true],
        role: .entitlements, expect: ["\"com.apple.security.network.clients\""]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let home = KnownKey.Home(subject.role) else { return [] }
    var findings: [Finding] = []
    CatalogWalk.visit(subject) { visit in
      guard visit.entry == nil,
        let entry = KnownKeys.nearMiss(for: visit.key, within: visit.parent),
        entry.home == home || visit.parent != ""
      else { return }
      let suffix = KnownKeys.splitDeviceSuffix(visit.key).suffix
      let intended = entry.key + suffix
      let present = visit.dictionary.index(forKey: intended) != nil
      let fix: Fix? =
        present ? nil : Fix("rename to \(intended)", [.rename(visit.path, to: intended)])
      let message =
        present
        ? "\(visit.key) looks like a misspelling of \(intended), which is also present; the "
          + "system reads only \(intended), so remove \(visit.key)"
        : "\(visit.key) looks like a misspelling of \(intended); the system reads only the "
          + "exact key, so this one counts as absent: rename it"
      var finding = subject.finding(Self.description, at: visit.path, message, fix: fix)
      finding.url = entry.url
      findings.append(finding)
    }
    return findings
  }
}
