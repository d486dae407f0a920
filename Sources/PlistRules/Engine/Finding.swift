import PlistCore

/// One problem a rule found, located on the key it concerns.
///
/// A finding about a missing key points at the dictionary that should hold it.
package struct Finding: Sendable, Hashable {
  /// The rule's identifier (`missing_bundle_identifier`).
  package var ruleID: String
  /// How serious it is, after configuration.
  package var severity: Severity
  /// The file, as `infoscope files` lists it.
  package var file: String
  /// The key path the finding is about (the parent dictionary for a missing key).
  package var keyPath: KeyPath
  /// 1-based line and column in the file, or 0 when the node has no text position.
  package var line: Int
  package var column: Int
  /// One sentence in our words, without a trailing period.
  package var message: String
  /// The Apple page that says so.
  package var url: String
  /// The App Store Connect error code, when one applies (`ITMS-90683`).
  package var itms: String?
  /// Edits that fix it, when a fix is safe.
  package var fix: Fix?
  /// Why the finding offers no fix, when it has none (the right edit depends on what only the
  /// developer knows, or the file cannot be edited here); shown in the inspector's detail pane.
  ///
  /// `LintSubject.finding` fills it from `FixAvailability` for the rule; a rule may set a
  /// reason of its own for one finding.
  package var noFixReason: String?

  /// Creates a finding.
  package init(
    ruleID: String, severity: Severity, file: String, keyPath: KeyPath, line: Int = 0,
    column: Int = 0, message: String, url: String, itms: String? = nil, fix: Fix? = nil
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.file = file
    self.keyPath = keyPath
    self.line = line
    self.column = column
    self.message = message
    self.url = url
    self.itms = itms
    self.fix = fix
  }

  /// `file:line:column: severity: message [rule_id] (ITMS-…)`, as compilers print.
  package var description: String {
    var text = file
    if line > 0 { text += ":\(line):\(column)" }
    text += ": \(severity.rawValue): \(message) [\(ruleID)]"
    if let itms { text += " (\(itms))" }
    return text
  }
}

/// A list of edits that fixes a finding, applied as one undoable step by the editor.
package struct Fix: Sendable, Hashable {
  /// What the fix does, in a few words ("add the missing orientations").
  package var title: String
  /// The edits, in order, each resolved against the tree the ones before it leave.
  package var edits: [KeyPathEdit]

  /// Creates a fix.
  package init(_ title: String, _ edits: [KeyPathEdit]) {
    self.title = title
    self.edits = edits
  }
}
