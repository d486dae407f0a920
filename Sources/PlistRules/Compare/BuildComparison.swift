import Foundation
import PlistBundle
import PlistCore

/// A file of OLD and its counterpart in NEW, or a file only one of them has, with what changed.
package struct FilePair: Sendable {
  /// How the file compares.
  package enum Status: String, Sendable, Hashable {
    /// Both have it, with the same values (whatever their formats and key order).
    case unchanged
    /// Both have it, and `changes` says how it differs.
    case changed
    /// NEW alone has it.
    case added
    /// OLD alone has it.
    case removed
    /// Both have it, but one of them (or both) could not be read (`note` says which and why).
    case unreadable
    /// One side alone has it because the other is of another kind: a project's source files
    /// (the project file, xcconfig files, icon sets) against a build, or a build's products
    /// (the executable, profile, compiled assets) against a project.
    case notCompared
  }

  /// The file in OLD; nil when NEW adds it.
  package var old: BundleFile?
  /// The file in NEW; nil when NEW removes it.
  package var new: BundleFile?
  /// The bundle of OLD's file (its path; nil for a file outside bundles).
  package var oldBundle: String?
  /// The bundle of NEW's file, likewise.
  package var newBundle: String?
  /// How it compares.
  package var status: Status
  /// What changed, in NEW's source order (for `changed`).
  package var changes: [ValueChange] = []
  /// Why a file is unreadable or not compared, or what was compared of a file without a
  /// property list (its size).
  package var note: String?
  /// True for a file added or removed with its whole bundle (reported once, as the bundle).
  package var withItsBundle = false

  /// The file's role (NEW's, or OLD's for a removed file).
  package var role: FileRole { new?.role ?? old?.role ?? .propertyList }

  /// True when neither side could be read, for the same reason.
  package var isUnreadableOnBothSides: Bool {
    guard status == .unreadable, let a = old?.problem, let b = new?.problem else { return false }
    return a.message == b.message
  }
}

/// What changed between two builds: bundles, files, values, and findings.
///
/// Built from two loaded inputs of any kinds (an `.app`, `.ipa`, `.xcarchive`, project or
/// single file on each side). Bundles and files are matched as `InputMatching` says; each
/// matched file's tree (`ComparedTree`) is compared by key path (`ValueDiff`). The findings of
/// both inputs are matched by rule, file pair and key path, never by line; the release checks
/// (`ComparisonRuleCatalog`) run on every matched pair of bundles.
package struct BuildComparison: Sendable {
  /// OLD, as loaded.
  package var old: AppBundle
  /// NEW, as loaded.
  package var new: AppBundle
  /// Every bundle of either side, in NEW's order (OLD's alone after the pair before them).
  package var bundles: [BundlePair]
  /// Every file of either side that is compared, in NEW's order: the files outside bundles,
  /// then each bundle pair's.
  package var files: [FilePair]
  /// The findings of both inputs, compared; nil when the comparison ran without a linter.
  package var findings: FindingsComparison?
  /// The release checks' findings, on NEW's files.
  package var releaseFindings: [Finding] = []
  /// What the comparison left out, in sentences (a single file compared with a bundle).
  package var notes: [String] = []

  /// Compares `old` with `new`.
  ///
  /// - Parameters:
  ///   - old: the earlier build (what shipped).
  ///   - new: the build to release.
  ///   - linter: lints both to compare their findings (with its configuration, which also
  ///     sets the release checks' context); nil to compare the files alone.
  ///   - rules: the release checks to run (every one by default; none without a linter).
  package init(
    old: AppBundle, new: AppBundle, linter: Linter? = Linter(),
    rules: [any ComparisonRule] = ComparisonRuleCatalog.all.map { $0.init() }
  ) {
    self.old = old
    self.new = new
    bundles = Self.standingIn(InputMatching(old: old, new: new).bundles, old: old, new: new)
    files = []
    pairFiles()
    guard let linter else { return }
    let (found, explained) = release(rules, configuration: linter.configuration)
    releaseFindings = found
    findings = FindingsComparison(self, linter: linter, explained: explained)
  }

  /// The role names that only a project has, and those only a build has: a file of one of
  /// them on one side alone is `notCompared` when the other side is of the other kind.
  static let sourceOnly: Set<FileRole> = [
    .projectFile, .buildConfiguration, .appIconSet, .iconComposer, .infoPlistStringCatalog,
  ]
  static let builtOnly: Set<FileRole> = [
    .executable, .signedEntitlements, .provisioningProfile, .assetCatalog, .iconImage,
    .launchStoryboard, .archiveInfo,
  ]

  private mutating func pairFiles() {
    let single = (old: old.inputKind == .file, new: new.inputKind == .file)
    if single.old != single.new {
      pairSingleFile(oldIsSingle: single.old)
      return
    }
    var loose = InputMatching.files(old: old.files, oldBase: "", new: new.files, newBase: "")
    if single.old {
      // Two single files are each other's counterpart, whatever their names and roles.
      let leftOld = loose.filter { $0.new == nil }
      let leftNew = loose.filter { $0.old == nil }
      if leftOld.count == 1, leftNew.count == 1, let i = leftOld[0].old, let j = leftNew[0].new {
        loose = loose.filter { $0.old != nil && $0.new != nil } + [(i, j)]
      }
    }
    for (i, j) in loose {
      add(i.map { old.files[$0] }, j.map { new.files[$0] }, oldBundle: nil, newBundle: nil)
    }
    for pair in bundles {
      switch (pair.old, pair.new) {
      case (let a?, let b?):
        let oldFiles = Self.comparedFiles(a)
        let newFiles = Self.comparedFiles(b)
        for (i, j) in InputMatching.files(
          old: oldFiles, oldBase: a.path, new: newFiles, newBase: b.path)
        {
          add(i.map { oldFiles[$0] }, j.map { newFiles[$0] }, oldBundle: a.path, newBundle: b.path)
        }
      case (let a?, nil):
        for file in Self.comparedFiles(a) {
          add(file, nil, oldBundle: a.path, newBundle: nil, withItsBundle: true)
        }
      case (nil, let b?):
        for file in Self.comparedFiles(b) {
          add(nil, file, oldBundle: nil, newBundle: b.path, withItsBundle: true)
        }
      case (nil, nil):
        break
      }
    }
  }

  /// The pairs when one side is a single file.
  ///
  /// A single Info.plist stands for the app whose Info.plist it is: it becomes the counterpart
  /// of the other side's first top-level bundle, the main pair, so that bundle is not reported
  /// added or removed and the release checks run on the two. The other side's other bundles
  /// are left out, as its other files are (a single file says nothing of them): none is
  /// reported added or removed.
  static func standingIn(_ pairs: [BundlePair], old: AppBundle, new: AppBundle) -> [BundlePair] {
    let oldIsSingle = old.inputKind == .file && new.inputKind != .file
    let newIsSingle = new.inputKind == .file && old.inputKind != .file
    guard oldIsSingle || newIsSingle else { return pairs }
    let single = oldIsSingle ? old : new
    let paired = pairs.filter { $0.old != nil && $0.new != nil }
    guard single.bundles.isEmpty, let info = single.files.first(where: { $0.role == .infoPlist }),
      let main = (oldIsSingle ? new : old).bundles.first,
      let index = pairs.firstIndex(where: {
        oldIsSingle
          ? $0.old == nil && $0.new?.path == main.path
          : $0.new == nil && $0.old?.path == main.path
      })
    else { return paired }
    let standIn = Self.standIn(for: info, kind: main.kind)
    var result = pairs
    if oldIsSingle { result[index].old = standIn } else { result[index].new = standIn }
    result[index].match = .path
    result[index].isMain = true
    return result.filter { $0.old != nil && $0.new != nil }
  }

  /// The bundle a lone Info.plist stands for: no folder, the file alone, the platforms its
  /// keys name.
  static func standIn(for info: BundleFile, kind: BundleKind) -> BundleNode {
    var node = BundleNode(path: "", kind: kind, layout: .shallow, files: [info])
    node.platforms = PlatformDetector.platforms(
      info: info.document?.root.value.dictionaryValue, layout: .shallow)
    return node
  }

  /// A single file against a bundle, archive or project: the file is compared with the main
  /// bundle's file of its role (or the other side's file outside bundles), nothing else.
  private mutating func pairSingleFile(oldIsSingle: Bool) {
    let single = oldIsSingle ? old : new
    let other = oldIsSingle ? new : old
    let main =
      bundles.first(where: \.isMain).flatMap { oldIsSingle ? $0.new : $0.old }
      ?? other.bundles.first
    let candidates = (main.map(Self.comparedFiles) ?? []) + other.files
    var used: Set<Int> = []
    for file in single.files {
      let index = candidates.indices.first {
        !used.contains($0) && candidates[$0].role == file.role
      }
      if let index { used.insert(index) }
      let counterpart = index.map { candidates[$0] }
      let bundle = counterpart.flatMap { c in
        main?.files.contains { $0.path == c.path } == true ? main?.path : nil
      }
      if oldIsSingle {
        add(file, counterpart, oldBundle: nil, newBundle: bundle)
      } else {
        add(counterpart, file, oldBundle: bundle, newBundle: nil)
      }
    }
    notes.append(
      "\(oldIsSingle ? "OLD" : "NEW") is a single file: it is compared with "
        + "\(oldIsSingle ? "NEW" : "OLD")'s file of its role, and "
        + "\(oldIsSingle ? "NEW" : "OLD")'s other files are left out")
  }

  /// A bundle's files that are compared: all but the file a project target's effective
  /// Info.plist is made from (the effective one stands for it, with its locations).
  static func comparedFiles(_ bundle: BundleNode) -> [BundleFile] {
    guard let source = bundle.effectiveInfoPlist?.sourceFile?.path else { return bundle.files }
    return bundle.files.filter { !($0.path == source && $0.role == .propertyList) }
  }

  private mutating func add(
    _ a: BundleFile?, _ b: BundleFile?, oldBundle: String?, newBundle: String?,
    withItsBundle: Bool = false
  ) {
    var pair = FilePair(
      old: a, new: b, oldBundle: oldBundle, newBundle: newBundle, status: .unchanged)
    pair.withItsBundle = withItsBundle
    switch (a, b) {
    case (let a?, let b?):
      let trees = (ComparedTree.tree(a), ComparedTree.tree(b))
      if let oldTree = trees.0, let newTree = trees.1 {
        pair.changes = ValueDiff.changes(old: oldTree, new: newTree)
        pair.status = pair.changes.isEmpty ? .unchanged : .changed
      } else if trees.0 == nil, trees.1 == nil, let problem = a.problem,
        problem.message == b.problem?.message
      {
        // The same problem on both sides (an executable missing from both): not compared, and
        // said so, never counted as unchanged.
        pair.status = .unreadable
        pair.note = "neither could be read: " + problem.message
      } else if let problem = (trees.0 == nil ? a.problem : nil)
        ?? (trees.1 == nil ? b.problem : nil)
      {
        pair.status = .unreadable
        pair.note =
          (trees.0 == nil && a.problem != nil ? "OLD" : "NEW") + "'s could not be read: "
          + problem.message
      } else if a.size != b.size {
        pair.status = .changed
        pair.note =
          "size \(a.size) → \(b.size) bytes (not a property list: its contents are not compared)"
      }
    case (let a?, nil):
      if old.isBuilt != new.isBuilt, Self.onlyIn(old.isBuilt, a.role) {
        pair.status = .notCompared
        pair.note = Self.onlyNote(old)
      } else {
        pair.status = .removed
      }
    case (nil, let b?):
      if old.isBuilt != new.isBuilt, Self.onlyIn(new.isBuilt, b.role) {
        pair.status = .notCompared
        pair.note = Self.onlyNote(new)
      } else {
        pair.status = .added
      }
    case (nil, nil):
      return
    }
    files.append(pair)
  }

  /// Why a file `input` alone has is not compared.
  private static func onlyNote(_ input: AppBundle) -> String {
    input.isBuilt
      ? "only a build has this kind of file, and the other side is a project"
      : "only a project has this kind of file, and the other side is a build"
  }

  /// True when a file of `role` exists only in builds (`built`) or only in projects.
  private static func onlyIn(_ built: Bool, _ role: FileRole) -> Bool {
    built ? builtOnly.contains(role) : sourceOnly.contains(role)
  }

  /// The file pairs whose contents changed, were added or were removed (not with their
  /// bundles).
  package var changedFiles: [FilePair] {
    files.filter {
      !$0.withItsBundle && $0.status != .unchanged && $0.status != .notCompared
        && !$0.isUnreadableOnBothSides
    }
  }

  /// The files both sides have and neither could read, with the same problem (an executable
  /// missing from both): not compared, and not changed either.
  package var unreadableOnBothSides: [FilePair] {
    files.filter { !$0.withItsBundle && $0.isUnreadableOnBothSides }
  }

  /// The number of value changes in all files.
  package var changeCount: Int { files.reduce(0) { $0 + $1.changes.count } }

  /// The context NEW's bundle `bundle` is linted in, under `configuration`.
  func context(of bundle: BundleNode, configuration: LintConfiguration) -> LintContext {
    LintContext(
      platforms: configuration.platforms ?? bundle.platforms, isBuilt: new.isBuilt,
      distribution: configuration.distribution
        ?? new.distribution.flatMap(LintContext.Distribution.init),
      sdk: bundle.sdk, date: configuration.date)
  }

  /// Runs the release checks on every pair of bundles (and on two single Info.plists, taken
  /// as the main apps).
  ///
  /// - Returns: the findings, and the places (`path|keyPath` in NEW's Info.plist) where a
  ///   `missing_purpose_string` finding names what a release finding already says.
  private func release(
    _ rules: [any ComparisonRule], configuration: LintConfiguration
  ) -> (findings: [Finding], explained: Set<String>) {
    var subjects: [(ComparisonSubject, BundleNode)] = []
    for pair in bundles {
      guard let a = pair.old, let b = pair.new else { continue }
      subjects.append(
        (
          ComparisonSubject(
            old: a, new: b, isMain: pair.isMain,
            context: context(of: b, configuration: configuration),
            oldIsProject: old.inputKind == .project), b
        ))
    }
    if bundles.isEmpty {
      // Two bare Info.plists: the apps they stand for.
      for pair in files where pair.role == .infoPlist {
        guard let a = pair.old, let b = pair.new else { continue }
        let oldApp = Self.standIn(for: a, kind: .application)
        let newApp = Self.standIn(for: b, kind: .application)
        subjects.append(
          (
            ComparisonSubject(
              old: oldApp, new: newApp, isMain: true,
              context: context(of: newApp, configuration: configuration)), newApp
          ))
        break
      }
    }
    var found: [Finding] = []
    var explained: Set<String> = []
    for (subject, bundle) in subjects {
      for rule in rules where !configuration.disabled.contains(rule.description.identifier) {
        var findings = rule.check(subject)
        if let capabilities = rule as? CapabilityAddedUnsupportedRule,
          let info = subject.new.infoPlistFile?.path
        {
          let result = capabilities.evaluate(subject)
          findings = result.findings
          for path in result.explained { explained.insert(info + "|" + path.description) }
        }
        for finding in findings where finding.severity >= configuration.minimumSeverity {
          let file = bundle.files.first { $0.path == finding.file }
          found.append(
            file.map { Linter.inSourceFile(finding, bundle.effectiveInfoPlist, $0) } ?? finding)
        }
      }
    }
    return (found, explained)
  }
}
