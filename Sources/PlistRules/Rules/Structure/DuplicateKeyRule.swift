import PlistBundle
import PlistCore

/// A key written twice in one dictionary: only one of the values counts.
struct DuplicateKeyRule: Rule {
  static let description = RuleDescription(
    identifier: "duplicate_key",
    name: "Duplicate Key",
    severity: .warning,
    category: .structure,
    appliesTo: FileRole.files,
    summary: "A key appears more than once in the same dictionary",
    rationale: """
      A property list dictionary holds each key once. Apple's XML parser keeps the last value
      it reads and drops the others; other readers have kept the first, so the two copies make
      the file mean different things to different tools. Apple does not document which value
      wins. The finding names the line of each copy and what the ignored copies hold that the
      kept one lacks (URL schemes by name: a scheme in an ignored `CFBundleURLTypes` no longer
      opens the app), or says that the copies agree.
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
          <plist><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
          <array><string>trails</string></array></dict></array>
          <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
          <array><string>fb123</string></array></dict></array></dict></plist>
          """,
        expect: ["CFBundleURLTypes"]),
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

  /// The most findings one file gets one by one; past them, one more finding, at the root,
  /// counts the rest.
  ///
  /// A finding carries its whole key path: a hostile file of 100,000 nested dictionaries, each
  /// writing a key twice, made 100,000 findings of paths 50,000 steps long on average (memory
  /// with the square of the depth: `lint` ran out of it). Nobody reads past the first hundred.
  static let maxFindings = 100

  func check(_ subject: LintSubject) -> [Finding] {
    // The reader already looked at every dictionary's keys.
    if subject.repeatsNoKey { return [] }
    var findings: [Finding] = []
    var unreported = 0
    // The path of the node being visited, made into a `KeyPath` only for a finding.
    var steps: [KeyPath.Component] = []
    func visit(_ node: PlistNode) {
      switch node.value {
      case .dictionary(let dictionary):
        for duplicate in dictionary.duplicateKeys {
          guard findings.count < Self.maxFindings else {
            unreported += 1
            continue
          }
          let lines = duplicate.indices.dropLast().map { dictionary.entries[$0].keyLocation.line }
          let ignored =
            lines.allSatisfy { $0 > 0 }
            ? (lines.count == 1
              ? "the one on line \(lines[0])"
              : "those on lines "
                + lines.map(String.init).joined(separator: ", "))
            : (lines.count == 1 ? "the earlier one" : "the \(lines.count) earlier ones")
          let keyPath = KeyPath(steps).appending(key: duplicate.key)
          let kept = duplicate.indices.last.map { dictionary.entries[$0] }
          var message =
            "\"\(duplicate.key)\" is written \(duplicate.indices.count) times; Apple's XML "
            + "parser keeps the last"
          if let line = kept?.keyLocation.line, line > 0 { message += " (line \(line))" }
          message += " and ignores \(ignored)"
          if let kept {
            let dropped = duplicate.indices.dropLast().map { dictionary.entries[$0].node }
            message += Self.loss(dropped, kept: kept.node)
          }
          var finding = subject.finding(Self.description, at: keyPath, message)
          finding.noFixReason =
            "a fix names a key by its path, which is the copy Apple keeps; delete the ignored "
            + "copy by hand in the tree"
          // Point at the first copy, the one that is ignored.
          let first = dictionary.entries[duplicate.indices[0]].keyLocation
          if first.hasTextPosition {
            finding.line = Int(first.line)
            finding.column = Int(first.column)
          }
          findings.append(finding)
        }
        for entry in dictionary.entries {
          steps.append(.key(entry.key))
          visit(entry.node)
          steps.removeLast()
        }
      case .array(let items):
        for (i, item) in items.enumerated() {
          steps.append(.index(i))
          visit(item)
          steps.removeLast()
        }
      default:
        break
      }
    }
    visit(subject.root)
    if unreported > 0 {
      var summary = subject.finding(
        Self.description, at: .root,
        unreported == 1
          ? "1 more key is written more than once in this file, besides the "
            + "\(Self.maxFindings) reported one by one"
          : "\(unreported) more keys are written more than once in this file, besides the "
            + "\(Self.maxFindings) reported one by one")
      summary.noFixReason =
        "the keys past the first \(Self.maxFindings) are not named one by one; remove the "
        + "copies the other findings name, then lint again"
      findings.append(summary)
    }
    return findings
  }

  /// What the ignored copies hold that the kept one does not, in words (empty when nothing is
  /// lost is not certain): URL schemes by name, other strings by value, or the ignored value.
  static func loss(_ dropped: [PlistNode], kept: PlistNode) -> String {
    if dropped.allSatisfy({ $0.value == kept.value }) {
      return "; the copies hold the same value, so nothing is lost: remove the extra one"
    }
    let keptSchemes = Set(strings(in: kept, under: "CFBundleURLSchemes"))
    let lostSchemes = dropped.flatMap { strings(in: $0, under: "CFBundleURLSchemes") }
      .filter { !keptSchemes.contains($0) }
    if !lostSchemes.isEmpty {
      return "; the URL scheme\(lostSchemes.count == 1 ? "" : "s") "
        + quoted(lostSchemes) + " of the ignored copy "
        + (lostSchemes.count == 1 ? "is" : "are") + " lost, so the app does not open those URLs"
    }
    let keptStrings = Set(strings(in: kept, under: nil))
    let lostStrings = dropped.flatMap { strings(in: $0, under: nil) }
      .filter { !keptStrings.contains($0) }
    if !lostStrings.isEmpty {
      return "; lost with the ignored copy: " + quoted(lostStrings)
    }
    return "; the ignored copy's \(dropped.first?.value.kind.rawValue ?? "value") is lost"
  }

  /// Up to three strings, quoted, with a count of the rest.
  private static func quoted(_ items: [String]) -> String {
    var seen: [String] = []
    for item in items where !seen.contains(item) { seen.append(item) }
    let shown = seen.prefix(3).map { "\"\($0.count > 40 ? String($0.prefix(40)) + "…" : $0)\"" }
    let rest = seen.count > 3 ? " and \(seen.count - 3) more" : ""
    return shown.joined(separator: ", ") + rest
  }

  /// The strings in `node`: all of them, or those in arrays or values under the key `key`.
  private static func strings(in node: PlistNode, under key: String?) -> [String] {
    var found: [String] = []
    func walk(_ node: PlistNode, inside: Bool) {
      switch node.value {
      case .string(let text): if inside { found.append(text) }
      case .array(let items): for item in items { walk(item, inside: inside) }
      case .dictionary(let dictionary):
        for entry in dictionary.entries { walk(entry.node, inside: inside || entry.key == key) }
      default: break
      }
    }
    walk(node, inside: key == nil)
    return found
  }
}
