import PlistBundle
import PlistCore

/// A check of property lists: a small type with a description (identifier, severity, source,
/// examples) and a `check` that returns findings.
///
/// Rules are values without state; `RuleCatalog.all` lists every one. Each rule's examples run
/// as tests (`RuleExampleTests`).
package protocol Rule: Sendable {
  /// What the rule is, and its examples.
  static var description: RuleDescription { get }
  /// Creates the rule.
  init()
  /// The findings in `subject` (whose role is one of `description.appliesTo`).
  func check(_ subject: LintSubject) -> [Finding]
}

extension Rule {
  /// The rule's description.
  package var description: RuleDescription { Self.description }
}

/// A requirement that began at a point in time: from an SDK on, or from a day on.
package struct RuleRequirement: Sendable, Hashable {
  /// From when: an SDK (`iOS 27 SDK`) or a day (`2026-04-28`), as Apple's page gives it.
  package var since: String
  /// What it requires, in a few words, no trailing period.
  package var what: String

  /// Creates a requirement.
  package init(since: String, _ what: String) {
    self.since = since
    self.what = what
  }

  /// `from SINCE: WHAT`.
  package var description: String { "from \(since): \(what)" }
}

extension KeyPath {
  /// Expected key paths as examples write them, each parsed; one that does not parse is kept
  /// as a plain key (so the example still runs) and its error returned, for the catalog test
  /// to fail on.
  package static func expectations(_ texts: [String]) -> (paths: [KeyPath], errors: [String]) {
    var paths: [KeyPath] = []
    var errors: [String] = []
    for text in texts {
      do {
        paths.append(try KeyPath(parsing: text))
      } catch {
        paths.append(KeyPath([.key(text)]))
        errors.append("expected key path \(text): \(error.message)")
      }
    }
    return (paths, errors)
  }
}
