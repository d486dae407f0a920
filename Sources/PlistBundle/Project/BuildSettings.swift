import Foundation

/// The build settings of one target (or the project) in one configuration, with every
/// assignment that contributes and where it was written.
///
/// Resolution follows Xcode: levels in the order of `SettingLevel` (built-ins < project
/// `.xcconfig` < project settings < target `.xcconfig` < target settings); within a level a
/// later assignment whose conditions match beats an earlier one. `$(inherited)`, and a reference of a setting to itself
/// (`DEVELOPMENT_TEAM = $(DEVELOPMENT_TEAM)`), mean the value the next lower assignment gives.
/// Expansion is described by `expand(_:in:)`.
package struct BuildSettings: Sendable {
  /// The configuration these settings are for (`Debug`).
  package var configuration: String
  /// Every assignment, lowest precedence first; built-ins included.
  package var assignments: [BuildSettingAssignment]
  /// Problems found gathering the settings (a missing or unreadable `.xcconfig`), each naming
  /// its file; the settings that could be read are still here.
  package var issues: [BundleError]

  /// Creates settings from assignments in any order: they are sorted, stably, by level; within
  /// a level the given order is kept (file order; `.pbxproj` dictionaries are sorted by key, so
  /// `NAME[sdk=…]` follows `NAME` there).
  package init(
    configuration: String, assignments: [BuildSettingAssignment], issues: [BundleError] = []
  ) {
    self.configuration = configuration
    self.assignments = assignments.enumerated().sorted { a, b in
      (a.element.origin.level.rawValue, a.offset) < (b.element.origin.level.rawValue, b.offset)
    }.map(\.element)
    self.issues = issues
  }

  /// The names of all settings assigned anywhere, sorted.
  package var names: [String] { Set(assignments.map(\.name)).sorted() }

  /// The assignment that gives `name` its value for `sdk`/`arch`, or nil when none applies.
  package func definition(
    of name: String, sdk: String? = nil, arch: String? = nil
  )
    -> BuildSettingAssignment?
  {
    let context = BuildContext(configuration: configuration, sdk: sdk, arch: arch)
    return index(of: name, in: context, below: assignments.count).map { assignments[$0] }
  }

  /// Every assignment of `name` that has conditions, lowest precedence first.
  package func conditionalAssignments(of name: String) -> [BuildSettingAssignment] {
    assignments.filter { $0.name == name && !$0.conditions.isEmpty }
  }

  /// The expanded value of `name` for `sdk`/`arch`, or nil when no assignment applies.
  package func value(of name: String, sdk: String? = nil, arch: String? = nil) -> ExpandedValue? {
    let context = BuildContext(configuration: configuration, sdk: sdk, arch: arch)
    guard let i = index(of: name, in: context, below: assignments.count) else { return nil }
    var evaluator = MacroEvaluator(settings: self, context: context)
    return evaluator.evaluate(index: i)
  }

  /// The expanded text of `name`, or nil when it is not set.
  package func string(_ name: String, sdk: String? = nil) -> String? {
    value(of: name, sdk: sdk)?.text
  }

  /// True when `name` expands to `YES` (or `true`, `1`), as Xcode reads boolean settings.
  package func bool(_ name: String, sdk: String? = nil) -> Bool {
    string(name, sdk: sdk).map(Self.isTrue) ?? false
  }

  /// Expands the placeholders of `text` (a value from an Info.plist, for example) against these
  /// settings.
  package func expand(_ text: String, sdk: String? = nil, arch: String? = nil) -> ExpandedValue {
    var evaluator = MacroEvaluator(
      settings: self, context: BuildContext(configuration: configuration, sdk: sdk, arch: arch))
    return evaluator.expand(text, selfName: nil, selfIndex: nil)
  }

  /// True for Xcode's spellings of a true boolean: `YES`, `true`, `1` (any case).
  package static func isTrue(_ text: String) -> Bool {
    ["yes", "true", "1"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// The index of the assignment of `name` that wins among those below `limit`.
  func index(of name: String, in context: BuildContext, below limit: Int) -> Int? {
    var i = min(limit, assignments.count) - 1
    while i >= 0 {
      let a = assignments[i]
      if a.name == name, context.matches(a.conditions) { return i }
      i -= 1
    }
    return nil
  }
}
