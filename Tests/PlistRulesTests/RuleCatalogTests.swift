import Foundation
import Testing

@testable import PlistRules

/// The rule catalog itself: identities, sources, examples and registration.
@Suite struct RuleCatalogTests {
  static let descriptions = RuleCatalog.all.map { $0.description }

  @Test func identifiersAreUniqueSnakeCaseIncludingAliases() {
    let all = Self.descriptions.flatMap { [$0.identifier] + $0.deprecatedAliases }
    #expect(Set(all).count == all.count)
    for identifier in all {
      #expect(
        identifier.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression) != nil,
        "\(identifier)")
    }
  }

  @Test func everyRuleHasExamplesOfBothKindsAndAnHTTPSSource() {
    for description in Self.descriptions {
      #expect(!description.triggering.isEmpty, "\(description.identifier)")
      #expect(!description.nonTriggering.isEmpty, "\(description.identifier)")
      #expect(description.appleSource.url.hasPrefix("https://"), "\(description.identifier)")
      #expect(!description.summary.hasSuffix("."), "\(description.identifier)")
      #expect(!description.appliesTo.isEmpty, "\(description.identifier)")
      #expect(
        description.triggering.allSatisfy { !$0.expected.isEmpty }, "\(description.identifier)")
    }
  }

  @Test func everyRuleFileIsRegistered() throws {
    // Tests/PlistRulesTests/RuleCatalogTests.swift → Sources/PlistRules/Rules
    let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/PlistRules/Rules")
    let enumerator = try #require(FileManager.default.enumerator(atPath: rules.path))
    let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix("Rule.swift") }
    #expect(files.count == RuleCatalog.all.count, "\(files.sorted())")
    let typeNames = Set(RuleCatalog.all.map { String(describing: $0) })
    for file in files {
      let name = String(file.split(separator: "/").last?.dropLast(6) ?? "")
      #expect(typeNames.contains(name), "\(file) is not in RuleCatalog.all")
    }
  }

  @Test func catalogKeysHaveSourcesAndUniqueNames() {
    #expect(KnownKeys.byKey.count == KnownKeys.all.count)
    for entry in KnownKeys.all {
      #expect(entry.url.hasPrefix("https://developer.apple.com/"), "\(entry.key)")
      #expect(!entry.summary.isEmpty && !entry.summary.hasSuffix("."), "\(entry.key)")
    }
  }
}

/// Rules whose requirement began at an SDK or a date carry it (issue 12 item 4).
@Suite struct RuleRequirementTests {
  @Test func rulesThatNameASDKRequirementCarryIt() {
    for rule in RuleCatalog.all.map({ $0.description }) {
      let text = rule.summary + " " + (rule.rationale ?? "")
      if text.contains("from the iOS 27 SDK") || text.contains("iOS 27 SDK or later") {
        #expect(
          rule.requirements.contains { $0.since == "iOS 27 SDK" }, "\(rule.identifier)")
      }
    }
    let sdk = RuleCatalog.rule("sdk_below_minimum")?.description.requirements ?? []
    #expect(sdk.first?.since == "2023-04-25")
    #expect(sdk.last?.since == "2026-04-28")
    #expect(sdk.last?.what.contains("iOS 26.0 SDK") == true)
    let schemes = RuleCatalog.rule("queried_schemes_over_limit")?.description.requirements
    #expect(schemes?.map(\.since) == ["iOS 15 SDK", "iOS 27 SDK"])
    #expect(
      RuleCatalog.rule("missing_launch_screen")?.description.requirements.first?.description
        == "from iOS 27 SDK: App Store Connect requires a launch screen (TN3208)")
  }
}
