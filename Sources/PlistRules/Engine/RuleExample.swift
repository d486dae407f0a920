import PlistBundle
import PlistCore

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
