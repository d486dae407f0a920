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
