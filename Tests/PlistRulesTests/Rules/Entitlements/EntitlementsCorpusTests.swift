import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The entitlement rules over every corpus entitlements file, findings checked by hand.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct EntitlementsCorpusTests {
  static let names = [
    "IceCubesApp__IceCubesApp-release.entitlements", "IceCubesApp__IceCubesApp.entitlements",
    "IceCubesApp__IceCubesShareExtension.entitlements", "Ice__Ice.entitlements",
    "NetNewsWire__Mac__NetNewsWire.entitlements", "NetNewsWire__Mac__SafariExtension.entitlements",
    "NetNewsWire__Widget.entitlements", "NetNewsWire__iOS__NetNewsWire.entitlements",
    "Swiftfin__Swiftfin.entitlements", "TrollStore__TrollStore__entitlements.plist",
    "UTM__QEMUHelper.entitlements", "UTM__iOS.entitlements", "UTM__macOS-unsigned.entitlements",
    "UTM__macOS.entitlements", "UTM__utmctl.entitlements", "WhisperKit__WhisperAX.entitlements",
    "firefox-ios__FirefoxApplication.entitlements", "home-assistant-iOS__App-ios.entitlements",
    "home-assistant-iOS__Launcher.entitlements", "home-assistant-iOS__WatchApp.entitlements",
    "iina__IINA.entitlements", "stats__Stats.entitlements",
  ]

  /// The findings of the entitlement rules as `rule_id@key path`, for one file and context.
  static func findings(_ name: String, _ context: LintContext = LintContext()) throws -> [String] {
    let url = Corpus.directory.appendingPathComponent("entitlements/" + name)
    let document = try PlistReader.read(bytes: [UInt8](try Data(contentsOf: url)))
    let subject = LintSubject(
      path: name, role: .entitlements, root: document.root, context: context)
    let linter = Linter(rules: RuleCatalog.entitlements.map { $0.init() })
    return linter.lint(subject).map { "\($0.ruleID)@\($0.keyPath)" }
  }

  /// Without a context (a bare file): only what the file itself shows.
  static let expectedWithoutContext: [String: [String]] = [
    // A release file still on the development push environment.
    "IceCubesApp__IceCubesApp-release.entitlements": [
      "development_push_environment@aps-environment"
    ],
    // app-sandbox false, beside a sandbox-only key it makes meaningless.
    "Ice__Ice.entitlements": [
      "false_entitlement@\"com.apple.security.app-sandbox\"",
      "sandbox_entitlement_without_sandbox@\"com.apple.security.files.user-selected.read-only\"",
    ],
  ]

  @Test(arguments: names)
  func findsOnlyWhatTheFileShows(name: String) throws {
    #expect(try Self.findings(name) == Self.expectedWithoutContext[name] ?? [])
  }

  @Test func asksForJustificationsOfNetNewsWiresTemporaryExceptions() throws {
    let context = LintContext(platforms: [.macOS], distribution: .appStore)
    #expect(
      try Self.findings("NetNewsWire__Mac__NetNewsWire.entitlements", context) == [
        "temporary_exception_entitlement@\"com.apple.security.temporary-exception.apple-events\"",
        "temporary_exception_entitlement@"
          + "\"com.apple.security.temporary-exception.mach-lookup.global-name\"",
      ])
  }

  @Test func requiresTheSandboxOfIceOnTheMacAppStore() throws {
    let context = LintContext(platforms: [.macOS], distribution: .appStore)
    #expect(
      try Self.findings("Ice__Ice.entitlements", context) == [
        "false_entitlement@\"com.apple.security.app-sandbox\"",
        "missing_app_sandbox@\"com.apple.security.app-sandbox\"",
        "sandbox_entitlement_without_sandbox@\"com.apple.security.files.user-selected.read-only\"",
      ])
  }
}
