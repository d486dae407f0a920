import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// A comparison rule type, named, for parameterized tests.
struct ComparisonRuleCase: Sendable, CustomStringConvertible {
  let type: any ComparisonRule.Type
  var description: String { type.description.identifier }
}

/// Every release check's examples, run as tests, as `RuleExampleTests` runs the lint rules'.
@Suite struct ComparisonRuleExampleTests {
  static let rules = ComparisonRuleCatalog.all.map(ComparisonRuleCase.init)

  @Test(arguments: rules)
  func nonTriggeringExamplesGiveNoFinding(rule: ComparisonRuleCase) {
    let instance = rule.type.init()
    for example in rule.type.description.nonTriggering {
      let found = instance.check(example.subject)
      #expect(
        found.isEmpty, "\(example): \(found.map(\.description))",
        sourceLocation: example.sourceLocation)
    }
  }

  @Test(arguments: rules)
  func triggeringExamplesGiveFindingsExactlyWhereExpected(rule: ComparisonRuleCase) {
    let description = rule.type.description
    let instance = rule.type.init()
    for example in description.triggering {
      let found = instance.check(example.subject)
      #expect(
        found.map(\.keyPath).sorted() == example.expected.sorted(),
        "\(example): \(found.map(\.description))", sourceLocation: example.sourceLocation)
      let files = example.new.files.filter { $0.role == example.role }.map(\.path)
      #expect(
        found.allSatisfy { files.contains($0.file) }, "\(example): \(found.map(\.file))",
        sourceLocation: example.sourceLocation)
      RuleExampleTests.expectWellFormed(
        found, of: description.identifier, severity: example.severity, "\(example)",
        sourceLocation: example.sourceLocation)
      #expect(
        example.expectationErrors.isEmpty, "\(example): \(example.expectationErrors)",
        sourceLocation: example.sourceLocation)
    }
  }

  @Test(arguments: rules)
  func aDisabledRuleFindsNothingInAComparison(rule: ComparisonRuleCase) throws {
    var configuration = LintConfiguration()
    configuration.disabled = [rule.type.description.identifier]
    for example in rule.type.description.triggering where example.isMain {
      let old = AppBundle(
        inputPath: "old", inputKind: .bundle, isBuilt: true, bundles: [example.old])
      let new = AppBundle(
        inputPath: "new", inputKind: .bundle, isBuilt: true, bundles: [example.new])
      let enabled = BuildComparison(old: old, new: new, linter: Linter(rules: []))
      let disabled = BuildComparison(
        old: old, new: new, linter: Linter(rules: [], configuration: configuration))
      #expect(
        enabled.releaseFindings.contains { $0.ruleID == rule.type.description.identifier },
        "\(example)", sourceLocation: example.sourceLocation)
      #expect(
        !disabled.releaseFindings.contains { $0.ruleID == rule.type.description.identifier },
        "\(example)", sourceLocation: example.sourceLocation)
    }
  }
}

/// The comparison rule catalog: identities, sources, examples and registration.
@Suite struct ComparisonRuleCatalogTests {
  static let descriptions = ComparisonRuleCatalog.all.map { $0.description }

  @Test func identifiersAreUniqueSnakeCaseAndApartFromTheLintRules() {
    let all = Self.descriptions.map(\.identifier)
    #expect(Set(all).count == all.count)
    let lint = Set(RuleCatalog.all.map { $0.description.identifier })
    for identifier in all {
      #expect(
        identifier.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression) != nil,
        "\(identifier)")
      #expect(!lint.contains(identifier), "\(identifier)")
    }
  }

  @Test func everyRuleHasExamplesOfBothKindsAndAnHTTPSSource() {
    for description in Self.descriptions {
      let rule = description.rule
      #expect(!description.triggering.isEmpty, "\(rule.identifier)")
      #expect(!description.nonTriggering.isEmpty, "\(rule.identifier)")
      #expect(description.triggering.allSatisfy { !$0.expected.isEmpty }, "\(rule.identifier)")
      #expect(rule.appleSource.url.hasPrefix("https://"), "\(rule.identifier)")
      #expect(!rule.summary.hasSuffix("."), "\(rule.identifier)")
      #expect(rule.category == .comparison, "\(rule.identifier)")
      #expect(rule.rationale != nil, "\(rule.identifier)")
    }
  }

  @Test func everyComparisonRuleFileIsRegistered() throws {
    // Tests/PlistRulesTests/Compare/ComparisonRuleTests.swift → Sources/PlistRules/Compare/Rules
    let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/PlistRules/Compare/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: rules.path)
      .filter { $0.hasSuffix("Rule.swift") }
    #expect(files.count == ComparisonRuleCatalog.all.count, "\(files.sorted())")
    let names = Set(ComparisonRuleCatalog.all.map { String(describing: $0) })
    for file in files {
      #expect(
        names.contains(String(file.dropLast(6))), "\(file) is not in ComparisonRuleCatalog.all")
    }
  }

  @Test func theITMSCodesAreTheOnesTheUploadMessagesQuote() {
    func itms(_ id: String) -> String? { ComparisonRuleCatalog.rule(id)?.description.rule.itms }
    #expect(itms("build_number_not_increased") == "ITMS-90189")
    #expect(itms("short_version_decreased") == "ITMS-90062")
    #expect(itms("bundle_identifier_changed") == "ITMS-90054")
    #expect(itms("device_capability_added") == "ITMS-90109")
  }
}
