import PlistBundle
import PlistCore

/// A key written twice in one dictionary: only one of the values counts.
struct DuplicateKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "duplicate_key",
    name: "Duplicate Key",
    severity: .warning,
    category: .structure,
    appliesTo: Set(FileRole.allCases),
    summary: "A key appears more than once in the same dictionary",
    rationale: """
      A property list dictionary holds each key once. Apple's XML parser keeps the last value
      it reads and drops the others; other readers have kept the first, so the two copies make
      the file mean different things to different tools. Apple does not document which value
      wins.
      """,
    appleSource: AppleSource(
      title: "About Information Property List Files",
      url:
        "https://developer.apple.com/library/archive/documentation/General/Reference/InfoPlistKeyReference/Articles/AboutInformationPropertyListFiles.html"
    ),
    nonTriggering: [
      RuleExample(["CFBundleName": "App", "CFBundleDisplayName": "App"])
    ],
    triggering: [
      RuleExample(
        xml: """
          <plist><dict><key>CFBundleName</key><string>One</string>
          <key>CFBundleName</key><string>Two</string></dict></plist>
          """,
        expect: ["CFBundleName"]),
      RuleExample(
        xml: """
          <plist><dict><key>a</key><dict><key>k</key><true/><key>k</key><false/></dict></dict></plist>
          """,
        role: .entitlements, expect: ["a.k"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    var findings: [Finding] = []
    func visit(_ node: PlistNode, _ path: KeyPath) {
      switch node.value {
      case .dictionary(let dictionary):
        for duplicate in dictionary.duplicateKeys {
          let lines = duplicate.indices.dropLast().map { dictionary.entries[$0].keyLocation.line }
          let ignored =
            lines.allSatisfy { $0 > 0 }
            ? (lines.count == 1
              ? "the one on line \(lines[0])"
              : "those on lines "
                + lines.map(String.init).joined(separator: ", "))
            : (lines.count == 1 ? "the earlier one" : "the \(lines.count) earlier ones")
          let keyPath = path.appending(key: duplicate.key)
          var finding = subject.finding(
            Self.description, at: keyPath,
            "\"\(duplicate.key)\" is written \(duplicate.indices.count) times; Apple's XML "
              + "parser keeps the last and ignores \(ignored)")
          // Point at the first copy, the one that is ignored.
          let first = dictionary.entries[duplicate.indices[0]].keyLocation
          if first.hasTextPosition {
            finding.line = Int(first.line)
            finding.column = Int(first.column)
          }
          findings.append(finding)
        }
        for entry in dictionary.entries { visit(entry.node, path.appending(key: entry.key)) }
      case .array(let items):
        for (i, item) in items.enumerated() { visit(item, path.appending(index: i)) }
      default:
        break
      }
    }
    visit(subject.root, .root)
    return findings
  }
}
