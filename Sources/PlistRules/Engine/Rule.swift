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

extension RuleDescription {
  /// The same description with `requirements` set.
  package func requiring(_ requirements: [RuleRequirement]) -> RuleDescription {
    var copy = self
    copy.requirements = requirements
    return copy
  }
}

/// An example a rule must (or must not) find something in, with where the findings land.
package struct RuleExample: Sendable, CustomStringConvertible {
  /// The property list, as a tree.
  package var root: PlistNode
  /// The XML text it came from, for text-exact examples (duplicate keys, odd layout).
  package var xml: String?
  /// The role of the file it stands for.
  package var role: FileRole
  /// The circumstances.
  package var context: LintContext
  /// The file's path as the subject gives it (`Example.plist` unless the rule reads the name).
  package var path = "Example.plist"
  /// The bundle around the file, for rules that read other files of it (entitlements, the
  /// executable, the Info.plist a localised file belongs to); nil by default.
  package var bundle: BundleNode?
  /// Why the XML of an example did not parse (the example then stands for a file that cannot
  /// be read, which only `unreadable_property_list` looks at); nil for a readable example.
  package var readError: BundleError?
  /// The whole input around the bundle, for rules that look across its bundles (the same
  /// identifier twice); nil by default.
  package var input: AppBundle?
  /// The key paths findings must land on, in order (empty for non-triggering examples).
  package var expected: [KeyPath]
  /// Why an expected key path as written did not parse; the catalog test fails on any.
  package var expectationErrors: [String] = []
  /// The severity every finding must have, when the example pins it (a context that raises or
  /// lowers the rule's default); nil to accept any.
  package var severity: Severity?
  /// The text encoding of an XML example as read (a byte-order mark shows here), else nil.
  package var encoding: TextEncoding?
  /// The UTF-8 text of an XML example as read, which its node locations point into.
  package var text: [UInt8] = []
  /// Where the example is written, so a failing test points at the rule file.
  package var file: String
  package var line: Int

  /// An example from a dictionary literal of values.
  ///
  /// - Parameters:
  ///   - entries: the root dictionary's entries, in order.
  ///   - role: the file's role (Info.plist by default).
  ///   - context: the circumstances.
  ///   - expect: key paths in our syntax where findings must land.
  ///   - severity: the severity every finding must have, when the example pins it.
  ///   - file: where the example is written.
  ///   - line: where the example is written.
  package init(
    _ entries: KeyValuePairs<String, PlistNode>, role: FileRole = .infoPlist,
    context: LintContext = LintContext(), expect: [String] = [], severity: Severity? = nil,
    file: String = #filePath, line: Int = #line
  ) {
    root = PlistNode(
      .dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.key, node: $0.value) })))
    xml = nil
    self.role = role
    self.context = context
    (expected, expectationErrors) = KeyPath.expectations(expect)
    self.severity = severity
    self.file = file
    self.line = line
  }

  /// An example from XML text (read with the project's reader; XML that does not parse stands
  /// for an unreadable file, `readError`).
  ///
  /// - Parameters:
  ///   - xml: the document.
  ///   - role: the file's role (Info.plist by default).
  ///   - context: the circumstances.
  ///   - expect: key paths in our syntax where findings must land.
  ///   - severity: the severity every finding must have, when the example pins it.
  ///   - file: where the example is written.
  ///   - line: where the example is written.
  package init(
    xml: String, role: FileRole = .infoPlist, context: LintContext = LintContext(),
    expect: [String] = [], severity: Severity? = nil, file: String = #filePath,
    line: Int = #line
  ) {
    self.xml = xml
    do {
      let document = try PlistReader.read(bytes: Array(xml.utf8))
      root = document.root
      encoding = document.encoding
      text = document.text
    } catch {
      // Kept, not hidden: a rule other than `unreadable_property_list` finds nothing in it,
      // so its example fails loudly.
      root = PlistNode(.dictionary(PlistDictionary([])))
      readError = BundleError(error, path: "Example.plist")
    }
    self.role = role
    self.context = context
    (expected, expectationErrors) = KeyPath.expectations(expect)
    self.severity = severity
    self.file = file
    self.line = line
  }

  package var description: String {
    "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
  }

  /// The same example, with its file inside `bundle` (for rules that read the bundle).
  package func inBundle(_ bundle: BundleNode) -> RuleExample {
    var copy = self
    copy.bundle = bundle
    return copy
  }
}

extension RuleExample {
  /// The same example, read as the file at `path` inside `bundle`.
  ///
  /// - Parameters:
  ///   - path: the file's path, for rules that read its name.
  ///   - bundle: the bundle around the file, for rules that read its other files.
  /// - Returns: the example with the path and bundle set.
  package func within(path: String? = nil, bundle: BundleNode? = nil) -> RuleExample {
    var copy = self
    if let path { copy.path = path }
    if let bundle { copy.bundle = bundle }
    return copy
  }

  /// The same example, read as the Info.plist of the bundle at `bundlePath` inside `input`.
  ///
  /// - Parameters:
  ///   - bundlePath: the path of one of `input`'s bundles, nested ones included.
  ///   - input: the whole input.
  /// - Returns: the example with its bundle, path and input set (unchanged apart from the
  ///   input when no bundle has that path).
  package func within(bundleAt bundlePath: String, of input: AppBundle) -> RuleExample {
    var copy = self
    copy.input = input
    if let bundle = input.allBundles.first(where: { $0.path == bundlePath }) {
      copy.bundle = bundle
      copy.path = bundle.infoPlistFile?.path ?? copy.path
    }
    return copy
  }
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
