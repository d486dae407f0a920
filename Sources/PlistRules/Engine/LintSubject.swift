import PlistBundle
import PlistCore

/// One property list handed to the rules, with everything around it that rules may consult.
package struct LintSubject: Sendable {
  /// The file, as `infoscope files` lists it.
  package var path: String
  /// What the file is for.
  package var role: FileRole
  /// Its root node.
  package var root: PlistNode {
    didSet {
      catalogVisits = nil
      repeatsNoKey = false
    }
  }
  /// The bundle it belongs to, when it belongs to one.
  package var bundle: BundleNode?
  /// The bundle holding `bundle`, when there is one (for nested-bundle rules).
  package var parentBundle: BundleNode?
  /// The whole input, for rules that look across files.
  package var input: AppBundle?
  /// The circumstances.
  package var context: LintContext
  /// The text encoding the file was read in (nil for binary files and trees built in memory),
  /// for rules about the bytes rather than the tree (a byte-order mark).
  package var encoding: TextEncoding?
  /// The UTF-8 text the file's node locations point into (XML and ASCII; empty for binary
  /// files and trees built in memory), for rules about how a value is written rather than
  /// what it reads as (a date outside the calendar).
  package var text: [UInt8]
  /// Why the file could not be read, for a file that did not parse (its `root` is then an
  /// empty dictionary, and only `unreadable_property_list` looks at it); nil otherwise.
  package var readError: BundleError?
  /// The bundles of `input` by path and identifier, built once per lint of the input so that
  /// rules looking across bundles cost no more than the bundles they name; nil for a subject
  /// made on its own (a rule then builds what it needs from `input` or `bundle`).
  package var index: BundleIndex?
  /// True when the reader that made `root` found no dictionary holding a key twice
  /// (`PlistCensus.repeatsAKey`), so `duplicate_key` need not walk the tree; false when
  /// unknown, and again whenever `root` is replaced.
  package var repeatsNoKey = false
  /// The keys of `root` the catalog-driven rules visit (`CatalogWalk`), walked once by the
  /// linter for all of them; nil until then, and again when `root` changes.
  var catalogVisits: [CatalogVisit]?

  /// Creates a subject.
  package init(
    path: String, role: FileRole, root: PlistNode, bundle: BundleNode? = nil,
    parentBundle: BundleNode? = nil, input: AppBundle? = nil, context: LintContext = LintContext(),
    encoding: TextEncoding? = nil, text: [UInt8] = [], readError: BundleError? = nil,
    index: BundleIndex? = nil
  ) {
    self.encoding = encoding
    self.text = text
    self.readError = readError
    self.index = index
    self.path = path
    self.role = role
    self.root = root
    self.bundle = bundle
    self.parentBundle = parentBundle
    self.input = input
    self.context = context
  }

  /// The root dictionary, or nil when the root is something else.
  package var dictionary: PlistDictionary? { root.value.dictionaryValue }

  /// The node at `path`, if any.
  package func node(at path: KeyPath) -> PlistNode? { root.node(at: path) }

  /// Where a finding about `path` belongs: the key of a dictionary entry (its `<key>`), an
  /// array item, or, for a path that names nothing, the nearest existing ancestor.
  package func location(of path: KeyPath) -> SourceLocation {
    var current = path
    while true {
      if current.isRoot { return root.location }
      if let parent = current.parent, case .key(let key)? = current.components.last,
        let dictionary = root.node(at: parent)?.value.dictionaryValue,
        let index = dictionary.index(forKey: key)
      {
        let entry = dictionary.entries[index]
        return entry.keyLocation.hasTextPosition ? entry.keyLocation : entry.node.location
      }
      if let node = root.node(at: current) { return node.location }
      guard let parent = current.parent else { return root.location }
      current = parent
    }
  }

  /// A finding of `rule` about `path`, located in this file.
  ///
  /// - Parameters:
  ///   - rule: the rule's description (identifier, default severity, source, ITMS code).
  ///   - path: what the finding is about; for a missing key, its would-be path.
  ///   - message: one sentence, no trailing period.
  ///   - severity: overrides the rule's default (context-dependent severities).
  ///   - itms: overrides the rule's ITMS code.
  ///   - fix: edits that fix it, when safe.
  /// - Returns: the finding, at the line and column of `path` (or its nearest ancestor). A
  ///   finding with an ITMS code given here, or from a rule that is an upload check
  ///   (`isUploadCheck`), is lowered to a note, saying why, when the distribution is known and
  ///   is not the App Store.
  package func finding(
    _ rule: RuleDescription, at path: KeyPath, _ message: String, severity: Severity? = nil,
    itms: String? = nil, fix: Fix? = nil
  ) -> Finding {
    let location = location(of: path)
    var severity = severity ?? rule.severity
    var message = message
    let code = itms ?? rule.itms
    // A code given for this finding alone names an upload check too (nested-bundle versions).
    if rule.isUploadCheck || itms != nil, let code, let channel = context.nonStoreDistribution,
      severity > .note
    {
      // An App Store Connect check has nothing to say about a build that never goes there.
      severity = .note
      message +=
        " (\(code) is an App Store Connect upload check; this is \(channel.withArticle) build, "
        + "so it does not apply)"
    }
    var finding = Finding(
      ruleID: rule.identifier, severity: severity, file: self.path,
      keyPath: path, line: Int(location.line), column: Int(location.column), message: message,
      url: rule.appleSource.url, itms: code, fix: fix)
    finding.noFixReason = FixAvailability.reason(for: rule.identifier)
    return finding
  }
}
