import PlistBundle
import PlistCore

/// The findings of OLD and NEW, matched: new in NEW, resolved since OLD, and unchanged.
///
/// A finding's identity is its rule, the file pair it is in (so a file that moved or changed
/// format keeps its findings) and its key path; never its line, so edits elsewhere in a file do
/// not make old findings new. Findings with the same identity are matched one for one. Only
/// files the comparison pairs count: a single file compared with a bundle brings that file's
/// findings alone, and files only one kind of input has (`notCompared`) bring none.
package struct FindingsComparison: Sendable {
  /// NEW's findings that OLD does not have, as reports show them.
  package var new: [Finding]
  /// OLD's findings that NEW no longer has.
  package var resolved: [Finding]
  /// NEW's findings that OLD has too.
  package var unchanged: [Finding]

  /// Lints both sides of `comparison` and matches their findings.
  ///
  /// - Parameters:
  ///   - comparison: the files and bundles, paired.
  ///   - linter: the linter both sides are linted with.
  ///   - explained: `path|keyPath` places in NEW where a `missing_purpose_string` finding says
  ///     what a release check already reports (`capability_added_unsupported`); left out.
  init(_ comparison: BuildComparison, linter: Linter, explained: Set<String> = []) {
    struct Identity: Hashable {
      var rule: String
      var pair: Int
      var keyPath: KeyPath
    }
    var oldPairs: [String: Int] = [:]
    var newPairs: [String: Int] = [:]
    for (index, pair) in comparison.files.enumerated() where pair.status != .notCompared {
      if let file = pair.old { oldPairs[file.path] = index }
      if let file = pair.new { newPairs[file.path] = index }
    }
    let placeOld = Self.placer(comparison.old)
    let placeNew = Self.placer(comparison.new)
    var known: [Identity: [Finding]] = [:]
    for finding in linter.lint(comparison.old, inSourceFiles: false) {
      guard let pair = oldPairs[finding.file] else { continue }
      known[Identity(rule: finding.ruleID, pair: pair, keyPath: finding.keyPath), default: []]
        .append(placeOld(finding))
    }
    var new: [Finding] = []
    var unchanged: [Finding] = []
    for finding in linter.lint(comparison.new, inSourceFiles: false) {
      guard let pair = newPairs[finding.file] else { continue }
      if finding.ruleID == "missing_purpose_string",
        explained.contains(finding.file + "|" + finding.keyPath.description)
      {
        continue
      }
      let identity = Identity(rule: finding.ruleID, pair: pair, keyPath: finding.keyPath)
      if var matches = known[identity], !matches.isEmpty {
        matches.removeFirst()
        known[identity] = matches
        unchanged.append(placeNew(finding))
      } else {
        new.append(placeNew(finding))
      }
    }
    // Dictionary order is arbitrary: sort by place, as lint reports do.
    var resolved: [Finding] = []
    for (_, findings) in known { resolved += findings }
    self.new = new
    self.unchanged = unchanged
    self.resolved = resolved.sorted {
      ($0.file, $0.line, $0.column, $0.ruleID) < ($1.file, $1.line, $1.column, $1.ruleID)
    }
  }

  /// Moves a finding of `input` from a project target's effective Info.plist to where its key
  /// was written, as reports show it (`Linter.inSourceFile`).
  private static func placer(_ input: AppBundle) -> (Finding) -> Finding {
    var generated: [String: (BundleFile, EffectiveInfoPlist?)] = [:]
    for bundle in input.allBundles {
      for file in bundle.files where file.isGenerated {
        generated[file.path] = (file, bundle.effectiveInfoPlist)
      }
    }
    return { finding in
      guard let (file, effective) = generated[finding.file] else { return finding }
      return Linter.inSourceFile(finding, effective, file)
    }
  }
}
