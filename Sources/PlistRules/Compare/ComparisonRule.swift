import PlistBundle
import PlistCore

/// A release check only a comparison of two builds can make: a rule that reads a bundle of OLD
/// and its counterpart in NEW and finds what NEW must not do after OLD (a build number that did
/// not move, a changed identifier).
///
/// Like `Rule`, a value without state with a description and examples that run as tests
/// (`ComparisonRuleExampleTests`); `ComparisonRuleCatalog.all` lists every one. Its findings
/// are NEW's, located in NEW's files, and `infoscope diff` reports them with the new findings.
package protocol ComparisonRule: Sendable {
  /// What the rule is, and its examples.
  static var description: ComparisonRuleDescription { get }
  /// Creates the rule.
  init()
  /// The findings for one pair of bundles.
  func check(_ subject: ComparisonSubject) -> [Finding]
}

extension ComparisonRule {
  /// The rule's description.
  package var description: ComparisonRuleDescription { Self.description }
}

/// What a comparison rule is: the same identity, severity, source and rationale as a lint
/// rule's (`rule`, whose own example lists stay empty), with examples made of two bundles.
package struct ComparisonRuleDescription: Sendable {
  /// Identifier, name, default severity, category (`.comparison`), the roles its findings land
  /// in, summary, rationale, Apple source and ITMS code.
  package var rule: RuleDescription
  /// Builds the examples that must give no finding.
  private let makeNonTriggering: @Sendable () -> [ComparisonExample]
  /// Builds the examples that must give findings at their expected key paths.
  private let makeTriggering: @Sendable () -> [ComparisonExample]

  /// Examples that must give no finding, built afresh on each access (as a lint rule's are:
  /// only the tests need them, see `RuleDescription.nonTriggering`).
  package var nonTriggering: [ComparisonExample] { makeNonTriggering() }
  /// Examples that must give findings exactly at their expected key paths, built afresh on each
  /// access.
  package var triggering: [ComparisonExample] { makeTriggering() }

  /// Creates a description; the example lists are built only when read.
  package init(
    _ rule: RuleDescription,
    nonTriggering: @autoclosure @escaping @Sendable () -> [ComparisonExample],
    triggering: @autoclosure @escaping @Sendable () -> [ComparisonExample]
  ) {
    self.rule = rule
    makeNonTriggering = nonTriggering
    makeTriggering = triggering
  }

  /// The rule's identifier.
  package var identifier: String { rule.identifier }
}

/// A bundle of OLD, its counterpart in NEW, and what the rules may consult about NEW.
package struct ComparisonSubject: Sendable {
  /// The bundle in OLD.
  package var old: BundleNode
  /// The same bundle in NEW.
  package var new: BundleNode
  /// True for the pair of top-level applications: the bundle App Store Connect files the
  /// upload under, whose version and build number it compares with what it received before.
  package var isMain: Bool
  /// NEW's circumstances (platforms, built or source, distribution, SDK).
  package var context: LintContext
  /// True when OLD is an Xcode project: its numbers are what a build of it would carry, not
  /// what App Store Connect received, so the checks that take OLD as an upload do not apply
  /// (a project against the `.ipa` built from it has the same numbers by design).
  package var oldIsProject: Bool

  /// Creates a subject.
  package init(
    old: BundleNode, new: BundleNode, isMain: Bool, context: LintContext,
    oldIsProject: Bool = false
  ) {
    self.old = old
    self.new = new
    self.isMain = isMain
    self.context = context
    self.oldIsProject = oldIsProject
  }

  /// NEW's file of `role`, as a lint subject, so a finding can be placed on its keys.
  package func newFile(_ role: FileRole) -> LintSubject? {
    guard let file = new.files.first(where: { $0.role == role }), let document = file.document
    else { return nil }
    return LintSubject(
      path: file.path, role: role, root: document.root, bundle: new, context: context,
      encoding: document.encoding)
  }

  /// A finding of `rule` at `path` in NEW's file `file`.
  ///
  /// - Parameters:
  ///   - rule: the rule's description.
  ///   - file: NEW's file the finding lands in.
  ///   - path: the key path it is about.
  ///   - message: one sentence, no trailing period.
  ///   - severity: overrides the rule's default.
  ///   - itms: the App Store Connect code for this finding (none when nil, whatever the
  ///     rule's: some rejections are quoted without one).
  ///   - uploadCheck: true when only App Store Connect refuses it: the finding is then a note,
  ///     saying why, for a build whose distribution is known and is not the App Store.
  /// - Returns: the finding, at the line and column of `path` (or its nearest ancestor).
  package func finding(
    _ rule: ComparisonRuleDescription, in file: LintSubject, at path: KeyPath, _ message: String,
    severity: Severity? = nil, itms: String?, uploadCheck: Bool
  ) -> Finding {
    let location = file.location(of: path)
    var severity = severity ?? rule.rule.severity
    var message = message
    if uploadCheck, let channel = context.nonStoreDistribution, severity > .note {
      severity = .note
      message +=
        " (App Store Connect checks this on upload; this is \(channel.withArticle) build, so "
        + "it does not apply)"
    }
    var finding = Finding(
      ruleID: rule.identifier, severity: severity, file: file.path, keyPath: path,
      line: Int(location.line), column: Int(location.column), message: message,
      url: rule.rule.appleSource.url, itms: itms)
    finding.noFixReason =
      "a release check compares two builds: the fix is in NEW's project, and only you know "
      + "which way it goes"
    return finding
  }
}

/// Two bundles a comparison rule must (or must not) find something in, and where the findings
/// land in NEW.
package struct ComparisonExample: Sendable, CustomStringConvertible {
  /// The bundle in OLD.
  package var old: BundleNode
  /// The bundle in NEW.
  package var new: BundleNode
  /// True for the main pair (the apps App Store Connect files uploads under).
  package var isMain: Bool
  /// NEW's circumstances.
  package var context: LintContext
  /// True when OLD stands for an Xcode project (see `ComparisonSubject.oldIsProject`).
  package var oldIsProject = false
  /// The role of NEW's file the findings land in.
  package var role: FileRole
  /// The key paths findings must land on (empty for non-triggering examples).
  package var expected: [KeyPath]
  /// Why an expected key path as written did not parse; the catalog test fails on any.
  package var expectationErrors: [String] = []
  /// The severity every finding must have, when the example pins it.
  package var severity: Severity?
  /// Where the example is written, so a failing test points at the rule file.
  package var file: String
  package var line: Int

  /// An example from two bundles.
  ///
  /// - Parameters:
  ///   - old: OLD's bundle (`ComparisonExample.app(...)` makes one).
  ///   - new: NEW's bundle.
  ///   - isMain: whether they are the main apps (true by default).
  ///   - context: NEW's circumstances.
  ///   - role: the role of NEW's file the findings land in (Info.plist by default).
  ///   - expect: key paths in our syntax.
  ///   - severity: the severity every finding must have, when pinned.
  ///   - file: where the example is written.
  ///   - line: where the example is written.
  package init(
    old: BundleNode, new: BundleNode, isMain: Bool = true, context: LintContext = LintContext(),
    role: FileRole = .infoPlist, expect: [String] = [], severity: Severity? = nil,
    file: String = #filePath, line: Int = #line
  ) {
    self.old = old
    self.new = new
    self.isMain = isMain
    self.context = context
    self.role = role
    (expected, expectationErrors) = KeyPath.expectations(expect)
    self.severity = severity
    self.file = file
    self.line = line
  }

  package var description: String {
    "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
  }

  /// The example as a subject.
  package var subject: ComparisonSubject {
    ComparisonSubject(
      old: old, new: new, isMain: isMain, context: context, oldIsProject: oldIsProject)
  }

  /// The same example, with OLD standing for an Xcode project.
  package func oldAsProject() -> ComparisonExample {
    var copy = self
    copy.oldIsProject = true
    return copy
  }
}

extension BundleNode {
  /// A bundle for comparison examples and tests: `App.app` (or `path`) of `kind`, with an Info.plist, and
  /// optionally signed entitlements and an embedded profile granting `grants`.
  ///
  /// - Parameters:
  ///   - info: the Info.plist's entries.
  ///   - entitlements: the signed entitlements' entries, when the bundle has them.
  ///   - grants: the `Entitlements` of an embedded provisioning profile, when it has one.
  ///   - path: the bundle's path.
  ///   - kind: the bundle's kind.
  /// - Returns: the bundle.
  package static func app(
    _ info: KeyValuePairs<String, PlistNode>, entitlements: KeyValuePairs<String, PlistNode>? = nil,
    grants: KeyValuePairs<String, PlistNode>? = nil, path: String = "App.app",
    kind: BundleKind = .application
  ) -> BundleNode {
    func dictionary(_ entries: KeyValuePairs<String, PlistNode>) -> PlistNode {
      PlistNode(
        .dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.key, node: $0.value) })))
    }
    var files = [
      BundleFile(
        path: path + "/Info.plist", role: .infoPlist,
        document: PlistDocument(root: dictionary(info), format: .xml))
    ]
    if let entitlements {
      files.append(
        BundleFile(
          path: path + "/App#entitlements", role: .signedEntitlements,
          document: PlistDocument(root: dictionary(entitlements), format: .xml)))
    }
    if let grants {
      let profile = PlistNode(
        .dictionary(
          PlistDictionary([
            PlistEntry(key: "Name", node: "Example"),
            PlistEntry(key: "Entitlements", node: dictionary(grants)),
          ])))
      files.append(
        BundleFile(
          path: path + "/embedded.mobileprovision", role: .provisioningProfile,
          document: PlistDocument(root: profile, format: .xml)))
    }
    return BundleNode(path: path, kind: kind, layout: .shallow, files: files)
  }
}
