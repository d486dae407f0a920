import PlistBundle
import PlistCore

/// What a rule is: its identity, default severity, scope, source and examples.
package struct RuleDescription: Sendable {
  /// Stable snake_case identifier (`missing_bundle_identifier`); renames go to
  /// `deprecatedAliases`.
  package var identifier: String
  /// Title Case name.
  package var name: String
  /// Default severity (configuration may override it; rules may lower or raise it by context).
  package var severity: Severity
  /// The area the rule belongs to.
  package var category: RuleCategory
  /// The kinds of file the rule inspects.
  package var appliesTo: Set<FileRole>
  /// One sentence, no trailing period.
  package var summary: String
  /// Longer Markdown, optional.
  package var rationale: String?
  /// The Apple page the rule rests on.
  package var appleSource: AppleSource
  /// The App Store Connect error the rule anticipates, when there is one.
  package var itms: String?
  /// True when the rule's findings matter only because App Store Connect checks them on upload.
  ///
  /// When the distribution is known and is not the App Store, `LintSubject.finding` lowers
  /// them to notes and says why. True by default for a rule with an ITMS code; false for rules
  /// whose findings also hold outside the store (a purpose string the system needs).
  package var isUploadCheck: Bool
  /// Requirements that started at a point in time (an SDK or an App Store Connect date), for
  /// rules whose check depends on it; the rule reads the lint context (SDK, deployment target,
  /// lint day) to decide whether each applies, and `rules` and `explain` show them.
  package var requirements: [RuleRequirement] = []
  /// Earlier identifiers of the rule.
  package var deprecatedAliases: [String]
  /// Builds the examples that must give no finding.
  private let makeNonTriggering: @Sendable () -> [RuleExample]
  /// Builds the examples that must give findings at their expected key paths.
  private let makeTriggering: @Sendable () -> [RuleExample]

  /// Examples that must give no finding, built afresh on each access.
  ///
  /// Examples are built only when asked for (by the tests, through `RuleExampleTests` and
  /// `RuleCatalogTests`): some read XML, JSON and icon sets, and building them for every rule
  /// cost a lint several milliseconds of start-up. Read the property once and keep the array.
  package var nonTriggering: [RuleExample] { makeNonTriggering() }
  /// Examples that must give findings exactly at their expected key paths, built afresh on each
  /// access (see `nonTriggering`).
  package var triggering: [RuleExample] { makeTriggering() }

  /// Creates a description.
  ///
  /// The example lists are taken unevaluated (`@autoclosure`): a rule writes them as array
  /// literals, and they are built only when `nonTriggering` or `triggering` is read.
  package init(
    identifier: String, name: String, severity: Severity, category: RuleCategory,
    appliesTo: Set<FileRole>, summary: String, rationale: String? = nil,
    appleSource: AppleSource, itms: String? = nil, isUploadCheck: Bool? = nil,
    deprecatedAliases: [String] = [],
    nonTriggering: @autoclosure @escaping @Sendable () -> [RuleExample],
    triggering: @autoclosure @escaping @Sendable () -> [RuleExample]
  ) {
    self.identifier = identifier
    self.name = name
    self.severity = severity
    self.category = category
    self.appliesTo = appliesTo
    self.summary = summary
    self.rationale = rationale
    self.appleSource = appleSource
    self.itms = itms
    self.isUploadCheck = isUploadCheck ?? (itms != nil)
    self.deprecatedAliases = deprecatedAliases
    makeNonTriggering = nonTriggering
    makeTriggering = triggering
  }
}

extension RuleDescription {
  /// The same description with `requirements` set.
  package func requiring(_ requirements: [RuleRequirement]) -> RuleDescription {
    var copy = self
    copy.requirements = requirements
    return copy
  }
}
