import PlistBundle
import PlistCore

/// Every release check of `infoscope diff`, explicitly (as `RuleCatalog` lists the lint rules;
/// `ComparisonRuleCatalogTests` checks that this list holds one entry per `*Rule.swift` file
/// under `Compare/Rules/`).
package enum ComparisonRuleCatalog {
  /// The comparison rule types, in the order reports list them.
  package static let all: [any ComparisonRule.Type] = [
    BuildNumberNotIncreasedRule.self, ShortVersionDecreasedRule.self,
    BundleIdentifierChangedRule.self, CapabilityAddedUnsupportedRule.self,
    DeviceCapabilityAddedRule.self,
  ]

  /// The comparison rule with `identifier`, or nil.
  package static func rule(_ identifier: String) -> (any ComparisonRule.Type)? {
    all.first {
      $0.description.identifier == identifier
        || $0.description.rule.deprecatedAliases.contains(identifier)
    }
  }
}

/// A version string as App Store Connect compares them: period-separated non-negative
/// integers, a missing component counting as 0 (`1.2` is `1.2.0`).
struct ComparableVersion: Comparable, CustomStringConvertible {
  /// The integers, trailing zeros dropped.
  var parts: [Int]
  /// The text as written.
  var text: String

  /// The version `text` spells, or nil when it is not integers and periods (a placeholder,
  /// a suffix: the format rules report those) or a number overflows.
  init?(_ text: String?) {
    guard let text, case .integers = VersionFormat(text) else { return nil }
    var parts: [Int] = []
    for part in text.split(separator: ".") {
      guard let value = Int(part) else { return nil }
      parts.append(value)
    }
    while parts.last == 0 { parts.removeLast() }
    self.parts = parts
    self.text = text
  }

  static func == (a: ComparableVersion, b: ComparableVersion) -> Bool { a.parts == b.parts }

  static func < (a: ComparableVersion, b: ComparableVersion) -> Bool {
    for (x, y) in zip(a.parts, b.parts) where x != y { return x < y }
    return a.parts.count < b.parts.count
  }

  var description: String { text }
}
