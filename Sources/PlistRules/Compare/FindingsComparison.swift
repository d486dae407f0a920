import PlistBundle
import PlistCore

/// The findings of OLD and NEW, matched: new in NEW, resolved since OLD, and unchanged.
///
/// A finding's identity is its rule, the file pair it is in (so a file that moved or changed
/// format keeps its findings) and its key path; never its line, so edits elsewhere in a file do
/// not make old findings new. Findings with the same identity are matched one for one. Only
/// files the comparison pairs count: a single file compared with a bundle brings that file's
/// findings alone, and files only one kind of input has (`notCompared`) bring none. Between a
/// single file and its counterpart in a bundle, the rules whose findings depend on the kind of
/// input (an executable missing, the SDK a built app needs) are not compared.
package struct FindingsComparison: Sendable {
  /// NEW's findings that OLD does not have, as reports show them.
  package var new: [Finding]
  /// OLD's findings that NEW no longer has.
  package var resolved: [Finding]
  /// NEW's findings that OLD has too.
  package var unchanged: [Finding]
  /// NEW's findings in a compared file from a rule that depends on the kind of input, when one
  /// side is a single file and the other a bundle: neither new nor unchanged.
  package var notCompared: [Finding]

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
    let oldFindings = linter.lint(comparison.old, inSourceFiles: false)
    let newFindings = linter.lint(comparison.new, inSourceFiles: false)
    let contextual = Self.contextualRules(
      comparison, linter: linter, pairs: (oldPairs, newPairs),
      findings: (oldFindings, newFindings))
    var known: [Identity: [Finding]] = [:]
    for finding in oldFindings {
      guard let pair = oldPairs[finding.file] else { continue }
      // What only one kind of input can have is not resolved by the other.
      if contextual[pair]?.contains(finding.ruleID) == true { continue }
      known[Identity(rule: finding.ruleID, pair: pair, keyPath: finding.keyPath), default: []]
        .append(placeOld(finding))
    }
    var new: [Finding] = []
    var unchanged: [Finding] = []
    var notCompared: [Finding] = []
    for finding in newFindings {
      guard let pair = newPairs[finding.file] else { continue }
      if finding.ruleID == "missing_purpose_string",
        explained.contains(finding.file + "|" + finding.keyPath.description)
      {
        continue
      }
      if contextual[pair]?.contains(finding.ruleID) == true {
        notCompared.append(placeNew(finding))
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
    // OLD's findings left unmatched, taken in OLD's order (a dictionary's order changes from
    // one process to the next), then sorted by place as lint reports are; findings without a
    // line (binary files) are told apart by key path.
    var resolved: [Finding] = []
    for finding in oldFindings {
      guard let pair = oldPairs[finding.file], contextual[pair]?.contains(finding.ruleID) != true
      else { continue }
      let identity = Identity(rule: finding.ruleID, pair: pair, keyPath: finding.keyPath)
      guard var left = known[identity], !left.isEmpty else { continue }
      resolved.append(left.removeFirst())
      known[identity] = left
    }
    self.new = new
    self.unchanged = unchanged
    self.notCompared = notCompared
    self.resolved = resolved.sorted {
      ($0.file, $0.line, $0.column, $0.ruleID, $0.keyPath.description)
        < ($1.file, $1.line, $1.column, $1.ruleID, $1.keyPath.description)
    }
  }

  /// When one side is a single file and the other a bundle: for the pair of that file and
  /// its counterpart, the rules whose findings depend on the kind of input rather than on the
  /// file (a missing executable, the SDK a built app needs, a key Xcode writes in a built app
  /// but not in source).
  ///
  /// They are the rules whose findings differ when each side's file is linted both ways: the
  /// bundle's file alone, and the single file in the bundle's place.
  ///
  /// - Returns: rule identifiers by file-pair index; empty when both sides are of one kind.
  private static func contextualRules(
    _ comparison: BuildComparison, linter: Linter,
    pairs: (old: [String: Int], new: [String: Int]),
    findings: (old: [Finding], new: [Finding])
  ) -> [Int: Set<String>] {
    let single = (old: comparison.old.inputKind == .file, new: comparison.new.inputKind == .file)
    guard single.old != single.new else { return [:] }
    let (lone, bundle) =
      single.old ? (comparison.old, comparison.new) : (comparison.new, comparison.old)
    let (lonePairs, bundlePairs) = single.old ? (pairs.old, pairs.new) : (pairs.new, pairs.old)
    let (loneFindings, bundleFindings) =
      single.old ? (findings.old, findings.new) : (findings.new, findings.old)
    var result: [Int: Set<String>] = [:]
    for file in lone.files {
      guard let pair = lonePairs[file.path], let root = file.document?.root,
        let counterpart = bundle.allFiles.first(where: { bundlePairs[$0.path] == pair })
      else { continue }
      func rules(_ list: [Finding], in path: String) -> Set<String> {
        Set(list.filter { $0.file == path }.map(\.ruleID))
      }
      // The bundle's file alone, against the bundle's lint.
      let alone = AppBundle(
        inputPath: counterpart.path, inputKind: .file, isBuilt: false, files: [counterpart])
      let bundleAlone = rules(linter.lint(alone, inSourceFiles: false), in: counterpart.path)
      let bundleInPlace = rules(bundleFindings, in: counterpart.path)
      // The single file in the bundle's place, against its own lint.
      var swapped = bundle
      swapped.replaceRoot(ofFile: counterpart.path, with: root)
      let loneInPlace = rules(linter.lint(swapped, inSourceFiles: false), in: counterpart.path)
      let loneAlone = rules(loneFindings, in: file.path)
      result[pair] =
        bundleAlone.symmetricDifference(bundleInPlace)
        .union(loneAlone.symmetricDifference(loneInPlace))
    }
    return result
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
