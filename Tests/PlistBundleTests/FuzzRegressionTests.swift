import Foundation
import PlistCore
import Testing

@testable import PlistBundle

/// Inputs that once hung, crashed or exhausted memory in a `PlistBundle` reader, each found by
/// fuzzing or hostile-input review, kept with the right outcome.
@Suite struct BundleFuzzRegressionTests {
  /// The settings of an `.xcconfig` whose lines are `text`.
  static func settings(_ text: String) -> BuildSettings {
    let parsed = XCConfigParser.parse(text, path: "App.xcconfig", level: .targetXCConfig)
    return BuildSettings(configuration: "Debug", assignments: parsed.assignments)
  }

  /// `A0 = seed` and `An = $(An-1)$(An-1)` up to `levels`: each level doubles the text.
  static func doubling(_ levels: Int, seed: String) -> String {
    var lines = ["A0 = \(seed)"]
    for n in 1...levels { lines.append("A\(n) = $(A\(n - 1))$(A\(n - 1))") }
    return lines.joined(separator: "\n")
  }

  @Test func settingsThatDoubleAtEachLevelStopAtTheStepLimit() throws {
    // 40 levels once took 2^40 expansions (hours) and would have built a terabyte of text.
    let value = try #require(Self.settings(Self.doubling(40, seed: "x")).value(of: "A40"))
    #expect(!value.isResolved)
    #expect(value.text.utf8.count <= MacroEvaluator.maxLength)
  }

  @Test func expandedTextStopsAtTheLengthLimit() throws {
    // A10 is 1,024 × 1,024 bytes, exactly the limit; A11 would be twice that.
    let settings = Self.settings(Self.doubling(11, seed: String(repeating: "x", count: 1_024)))
    let full = try #require(settings.value(of: "A10"))
    #expect(full.isResolved)
    #expect(full.text.utf8.count == MacroEvaluator.maxLength)
    let over = try #require(settings.value(of: "A11"))
    #expect(over.unresolved == ["A10"])
    #expect(over.text == String(repeating: "x", count: 1 << 20) + "$(A10)")
  }
}
