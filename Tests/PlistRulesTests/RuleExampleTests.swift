import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// A rule type, named, for parameterized tests.
struct RuleCase: Sendable, CustomStringConvertible {
  let type: any Rule.Type
  var description: String { type.description.identifier }
}

/// Every rule's examples, run as tests: each rule is its own test case (SwiftLint's idea,
/// without a generator).
@Suite struct RuleExampleTests {
  static let rules = RuleCatalog.all.map(RuleCase.init)

  static func findings(
    _ rule: any Rule, _ example: RuleExample, root: PlistNode? = nil
  )
    -> [Finding]
  {
    let subject = LintSubject(
      path: example.path, role: example.role, root: root ?? example.root,
      bundle: example.bundle, input: example.input, context: example.context,
      encoding: example.encoding, text: example.text,
      readError: example.readError)
    return Linter(rules: [rule]).lint(subject)
  }

  @Test(arguments: rules)
  func nonTriggeringExamplesGiveNoFinding(rule: RuleCase) {
    let instance = rule.type.init()
    for example in rule.type.description.nonTriggering {
      let found = Self.findings(instance, example)
      #expect(
        found.isEmpty, "\(example): \(found.map(\.description))",
        sourceLocation: example.sourceLocation)
    }
  }

  @Test(arguments: rules)
  func triggeringExamplesGiveFindingsExactlyWhereExpected(rule: RuleCase) {
    let description = rule.type.description
    let instance = rule.type.init()
    for example in description.triggering {
      let found = Self.findings(instance, example)
      #expect(
        found.map(\.keyPath).sorted() == example.expected.sorted(),
        "\(example): \(found.map(\.description))", sourceLocation: example.sourceLocation)
      Self.expectWellFormed(
        found, of: description.identifier, severity: example.severity, "\(example)",
        sourceLocation: example.sourceLocation)
    }
  }

  /// What every triggering example's findings must hold, for lint and comparison rules alike:
  /// the rule's identifier, the example's severity when it pins one, a message without a
  /// trailing period, and an https URL.
  static func expectWellFormed(
    _ found: [Finding], of identifier: String, severity: Severity?, _ example: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(found.allSatisfy { $0.ruleID == identifier }, sourceLocation: sourceLocation)
    if let severity {
      #expect(
        found.allSatisfy { $0.severity == severity }, "\(example): \(found.map(\.description))",
        sourceLocation: sourceLocation)
    }
    #expect(
      found.allSatisfy { !$0.message.isEmpty && !$0.message.hasSuffix(".") },
      sourceLocation: sourceLocation)
    #expect(found.allSatisfy { $0.url.hasPrefix("https://") }, sourceLocation: sourceLocation)
  }

  @Test(arguments: rules)
  func examplesGiveTheSameFindingsAfterAnXMLRoundTrip(rule: RuleCase) throws {
    let instance = rule.type.init()
    for example in rule.type.description.triggering + rule.type.description.nonTriggering {
      let xml = try XMLPlistWriter.write(example.root)
      let reread = try PlistReader.read(bytes: xml).root
      let after = Self.findings(instance, example, root: reread).map(\.keyPath).sorted()
      if rule.type.description.identifier == OutOfRangeDateRule.description.identifier {
        // A rule about how a date is written: our writer writes the instant in the canonical
        // form, so the finding goes, as its fix promises.
        #expect(after == [], "\(example)", sourceLocation: example.sourceLocation)
        continue
      }
      #expect(
        after == Self.findings(instance, example).map(\.keyPath).sorted(), "\(example)",
        sourceLocation: example.sourceLocation)
    }
  }

  /// An expected key path that does not parse used to become a plain key silently, so an
  /// example could pass while expecting the wrong place.
  @Test(arguments: rules)
  func everyExpectedKeyPathParses(rule: RuleCase) {
    for example in rule.type.description.triggering {
      #expect(
        example.expectationErrors.isEmpty, "\(example): \(example.expectationErrors)",
        sourceLocation: example.sourceLocation)
    }
  }

  @Test func anExpectedKeyPathThatDoesNotParseIsReported() {
    let (paths, errors) = KeyPath.expectations(["CFBundleIcons.CFBundlePrimaryIcon", "a[x"])
    #expect(paths.count == 2)
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("expected key path a[x: ") == true)
  }

  @Test(arguments: rules)
  func aDisabledRuleFindsNothing(rule: RuleCase) {
    var configuration = LintConfiguration()
    configuration.disabled = [rule.type.description.identifier]
    let linter = Linter(rules: [rule.type.init()], configuration: configuration)
    for example in rule.type.description.triggering {
      let subject = LintSubject(
        path: example.path, role: example.role, root: example.root, bundle: example.bundle,
        input: example.input, context: example.context, encoding: example.encoding,
        text: example.text, readError: example.readError)
      #expect(linter.lint(subject).isEmpty, "\(example)", sourceLocation: example.sourceLocation)
    }
  }
}

/// Where an example is written (`#filePath` and `#line` captured in the rule's declaration), as
/// Swift Testing reports a failure, so a failing example points at its line in the rule file.
///
/// - Parameters:
///   - file: the rule file's full path.
///   - line: the example's line in it.
/// - Returns: the location, in the rule's module.
func exampleLocation(file: String, line: Int) -> Testing.SourceLocation {
  let name = file.split(separator: "/").last.map(String.init) ?? file
  return Testing.SourceLocation(
    fileID: "PlistRules/\(name)", filePath: file, line: line, column: 1)
}

extension RuleExample {
  /// Where the example is written, for a failing test to point at.
  var sourceLocation: Testing.SourceLocation { exampleLocation(file: file, line: line) }
}

extension ComparisonExample {
  /// Where the example is written, for a failing test to point at.
  var sourceLocation: Testing.SourceLocation { exampleLocation(file: file, line: line) }
}
