import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// Fixes where the edit is certain, and a reason wherever there is none (issue 12 item 5).
@Suite struct FixAvailabilityTests {
  /// The findings of the rule `identifier` over a one-file Info.plist.
  func findings(
    _ identifier: String, _ entries: KeyValuePairs<String, PlistNode>,
    role: FileRole = .infoPlist, context: LintContext = LintContext()
  ) throws -> [Finding] {
    let rule = try #require(RuleCatalog.rule(identifier))
    let example = RuleExample(entries, role: role, context: context)
    let subject = LintSubject(
      path: "Info.plist", role: role, root: example.root, context: context)
    return Linter(rules: [rule.init()]).lint(subject)
  }

  @Test(arguments: RuleExampleTests.rules)
  func everyTriggeringFindingHasAFixOrSaysWhyNot(rule: RuleCase) {
    for example in rule.type.description.triggering {
      for finding in RuleExampleTests.findings(rule.type.init(), example) {
        let reason = finding.noFixReason ?? ""
        #expect(
          finding.fix != nil || !reason.isEmpty,
          "\(example): \(finding.ruleID) at \(finding.keyPath) has neither a fix nor a reason")
        #expect(!reason.hasSuffix("."), "\(finding.ruleID): \(reason)")
      }
    }
  }

  @Test func everyRecordedReasonNamesARuleThatExists() {
    for identifier in FixAvailability.reasons.keys {
      #expect(RuleCatalog.rule(identifier) != nil, "\(identifier)")
    }
  }

  @Test func aThirtyTwoBitCapabilityIsReplacedByArm64() throws {
    let list = try findings(
      "thirty_two_bit_capability", ["UIRequiredDeviceCapabilities": ["armv7"]])
    let path = try KeyPath(parsing: "UIRequiredDeviceCapabilities[0]")
    #expect(list.first?.fix?.edits == [.set(path, .string("arm64"))])
    let dictionary = try findings(
      "thirty_two_bit_capability", ["UIRequiredDeviceCapabilities": ["armv7": true]])
    let key = try KeyPath(parsing: "UIRequiredDeviceCapabilities.armv7")
    #expect(dictionary.first?.fix?.edits == [.rename(key, to: "arm64")])
  }

  @Test func aBooleanWrittenAsTextOrNumberIsWrittenAsABoolean() throws {
    let list = try findings("known_key_wrong_type", ["LSRequiresIPhoneOS": "YES"])
    let path = KeyPath.root.appending(key: "LSRequiresIPhoneOS")
    #expect(list.first?.fix?.edits == [.set(path, .boolean(true))])
    #expect(list.first?.fix?.title == "write <true/>")
    let zero = try findings("known_key_wrong_type", ["LSRequiresIPhoneOS": 0])
    #expect(zero.first?.fix?.edits == [.set(path, .boolean(false))])
    // A value that names no Boolean has no certain edit.
    let other = try findings("known_key_wrong_type", ["LSRequiresIPhoneOS": "sometimes"])
    #expect(other.first?.fix == nil)
    #expect(other.first?.noFixReason?.isEmpty == false)
  }

  @Test func anIgnoredKeyIsRemoved() throws {
    let list = try findings(
      "ignored_key",
      [
        "UIInterfaceOrientation": "UIInterfaceOrientationPortrait",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
      ])
    #expect(
      list.first?.fix?.edits == [.remove(KeyPath.root.appending(key: "UIInterfaceOrientation"))])
  }

  @Test func aValueInTheWrongCaseIsWrittenAsAppleListsIt() throws {
    let list = try findings("invalid_value", ["aps-environment": "Production"], role: .entitlements)
    #expect(
      list.first?.fix?.edits == [
        .set(KeyPath.root.appending(key: "aps-environment"), .string("production"))
      ])
    let unknown = try findings("invalid_value", ["aps-environment": "staging"], role: .entitlements)
    #expect(unknown.first?.fix == nil)
  }

  @Test func anEmptyKeyXcodeDropsAnywayIsRemoved() throws {
    let list = try findings("empty_value", ["CFBundleIconFile": ""])
    #expect(list.first?.fix?.edits == [.remove(KeyPath.root.appending(key: "CFBundleIconFile"))])
    let other = try findings("empty_value", ["CFBundleName": ""])
    #expect(other.first?.fix == nil)
  }

  @Test func anOldExceptionKeyIsRenamedUnlessTheDocumentedOneIsThere() throws {
    let domain = try KeyPath(parsing: "NSAppTransportSecurity.NSExceptionDomains.\"example.com\"")
    let list = try findings(
      "undocumented_exception_key",
      [
        "NSAppTransportSecurity": [
          "NSExceptionDomains": [
            "example.com": ["NSTemporaryExceptionAllowsInsecureHTTPLoads": true]
          ]
        ]
      ])
    let old = domain.appending(key: "NSTemporaryExceptionAllowsInsecureHTTPLoads")
    #expect(list.first?.fix?.edits == [.rename(old, to: "NSExceptionAllowsInsecureHTTPLoads")])
    let both = try findings(
      "undocumented_exception_key",
      [
        "NSAppTransportSecurity": [
          "NSExceptionDomains": [
            "example.com": [
              "NSTemporaryExceptionAllowsInsecureHTTPLoads": true,
              "NSExceptionAllowsInsecureHTTPLoads": false,
            ]
          ]
        ]
      ])
    #expect(both.first?.fix == nil)
    #expect(both.first?.noFixReason?.isEmpty == false)
  }

  @Test func anInheritingHelperLosesEveryOtherEntitlementInOneFix() throws {
    let list = try findings(
      "inheriting_helper_entitlements",
      [
        "com.apple.security.app-sandbox": true, "com.apple.security.inherit": true,
        "com.apple.security.network.client": true, "com.apple.security.get-task-allow": true,
      ], role: .entitlements)
    #expect(list.count == 2)
    #expect(
      list.first?.fix?.edits == [
        .remove(KeyPath.root.appending(key: "com.apple.security.network.client")),
        .remove(KeyPath.root.appending(key: "com.apple.security.get-task-allow")),
      ])
  }

  @Test func theRejectedExtensionKeysAreRemovedAndAreUploadErrors() throws {
    let list = try findings(
      "app_extension_configuration",
      [
        "CFBundlePackageType": "XPC!",
        "NSExtension": [
          "NSExtensionPointIdentifier": "com.apple.widgetkit-extension",
          "NSExtensionPointVersion": "1.0",
        ],
      ])
    #expect(list.map(\.itms) == ["ITMS-90363"])
    #expect(list.map(\.severity) == [.error])
    let path = try KeyPath(parsing: "NSExtension.NSExtensionPointVersion")
    #expect(list.first?.fix?.edits == [.remove(path)])
    let enterprise = try findings(
      "app_extension_configuration",
      [
        "CFBundlePackageType": "XPC!",
        "NSExtension": [
          "NSExtensionPointIdentifier": "com.apple.widgetkit-extension",
          "NSExtensionPointName": "x",
        ],
      ], context: LintContext(distribution: .enterprise))
    #expect(enterprise.map(\.severity) == [.note])
  }

  @Test func aHandWrittenMinimumOSVersionIsRemoved() throws {
    let list = try findings(
      "hand_written_minimum_os_version", ["MinimumOSVersion": "15.0", "CFBundleExecutable": "A"])
    #expect(list.first?.fix?.edits == [.remove(KeyPath.root.appending(key: "MinimumOSVersion"))])
  }

  @Test func aMissingLaunchScreenGetsTheEmptyOneXcodeGenerates() throws {
    let app: KeyValuePairs<String, PlistNode> = [
      "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
      "MinimumOSVersion": "16.0",
    ]
    let list = try findings("missing_launch_screen", app, context: LintContext(isBuilt: true))
    #expect(
      list.first?.fix?.edits == [
        .set(KeyPath.root.appending(key: "UILaunchScreen"), .dictionary(.init()))
      ])
    let old = try findings(
      "missing_launch_screen",
      [
        "CFBundlePackageType": "APPL", "CFBundleExecutable": "App", "LSRequiresIPhoneOS": true,
        "MinimumOSVersion": "13.0",
      ], context: LintContext(isBuilt: true))
    #expect(old.count == 1)
    #expect(old.first?.fix == nil)
  }
}
