import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// The report formats of `lint`.
///
/// Every string taken from an input (paths, keys, values quoted in messages) passes through
/// the one rule, `VisibleEscaping`: escaped on the line in text and GitHub annotations,
/// `\u`-escaped in JSON and SARIF.
enum LintReport {
  /// The version of the JSON report's layout (`formatVersion`), raised when a member changes
  /// meaning or goes away; new members may appear without a change.
  static let jsonFormatVersion = 1

  /// `path:line:column: severity: message [rule_id] (ITMS-…)`, one finding a line, then the
  /// role each file given on its own was linted as and why (`LintedFile.sentence`), then a
  /// count, or, when no rule inspected any file, that nothing was checked; with `color`, the
  /// location bold and the severity in its colour (SGR codes).
  static func text(
    _ findings: [LintCommand.Reported], color: Bool = false, linted: [LintedFile] = []
  ) -> String {
    var out = ""
    for item in findings {
      out += (item.textLine ?? line(item, color: color)) + "\n"
    }
    for file in linted { out += VisibleEscaping.line(file.sentence) + "\n" }
    if findings.isEmpty, !linted.isEmpty, linted.allSatisfy({ $0.rules == 0 }) {
      return out + "nothing checked: no rule applies to what was given\n"
    }
    let counts = Dictionary(grouping: findings, by: \.finding.severity).mapValues(\.count)
    let parts: [(Severity, String)] = [(.error, "error"), (.warning, "warning"), (.note, "note")]
    out +=
      parts.map { severity, noun in
        let text = PlistError.counted(counts[severity] ?? 0, noun)
        return color && (counts[severity] ?? 0) > 0 ? sgr(severity) + text + reset : text
      }.joined(separator: ", ") + "\n"
    return out
  }

  /// The text report's line for `item` (without its line feed), escaped, and coloured when
  /// `color` is true.
  static func line(_ item: LintCommand.Reported, color: Bool) -> String {
    var finding = item.finding
    finding.file = item.path
    let line = VisibleEscaping.line(finding.description)
    return color ? colored(line, finding) : line
  }

  private static let reset = "\u{1B}[0m"

  /// The SGR colour of a severity: bold red, yellow or cyan, as compilers colour them.
  private static func sgr(_ severity: Severity) -> String {
    switch severity {
    case .error: "\u{1B}[1;31m"
    case .warning: "\u{1B}[1;33m"
    case .note: "\u{1B}[1;36m"
    }
  }

  /// One escaped text line with its location in bold and its severity coloured.
  private static func colored(_ line: String, _ finding: Finding) -> String {
    let marker = ": \(finding.severity.rawValue): "
    guard let range = line.range(of: marker) else { return line }
    let location = String(line[..<range.lowerBound])
    let rest = String(line[range.upperBound...])
    return "\u{1B}[1m" + location + reset + ": " + sgr(finding.severity)
      + finding.severity.rawValue + ":" + reset + " " + rest
  }

  /// The JSON report: `{formatVersion, tool: {name, version}, findings: [...], counts}`; each
  /// finding `{rule, severity, file, keyPath, line?, column?, message, url, itms?, fix?}`
  /// (`line` and `column`, 1-based, UTF-8 bytes, are left out for a finding with no text
  /// position), written with Foundation's `JSONEncoder`.
  static func json(_ findings: [LintCommand.Reported], linted: [LintedFile] = []) -> String {
    struct Tool: Encodable {
      var name = "infoscope"
      var version = CLI.version
    }
    struct Counts: Encodable {
      var error: Int
      var warning: Int
      var note: Int
    }
    struct File: Encodable {
      var path: String
      var role: String
      var roleReason: String
      var rules: Int
    }
    struct Document: Encodable {
      var formatVersion: Int
      var tool: Tool
      var findings: [FindingJSON]
      var counts: Counts
      var files: [File]?
    }
    let items = findings.map { FindingJSON($0.finding, path: $0.path) }
    let count = { (severity: Severity) in findings.filter { $0.finding.severity == severity }.count
    }
    return encode(
      Document(
        formatVersion: jsonFormatVersion, tool: Tool(), findings: items,
        counts: Counts(error: count(.error), warning: count(.warning), note: count(.note)),
        files: linted.isEmpty
          ? nil
          : linted.map {
            File(
              path: $0.path, role: LintOptions.roleName($0.role), roleReason: $0.reason,
              rules: $0.rules)
          }))
  }

  /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule::message`, the
  /// file one that exists in the checkout (`LintCommand.Reported.existingPath`), the column
  /// in characters (Unicode code points).
  static func github(_ findings: [LintCommand.Reported], linted: [LintedFile] = []) -> String {
    var out = ""
    for file in linted {
      let title = file.rules == 0 ? "infoscope: nothing checked" : "infoscope: role"
      out +=
        "::notice file=\(escapeProperty(VisibleEscaping.line(file.path))),"
        + "title=\(escapeProperty(title))::\(escape(VisibleEscaping.line(file.sentence)))\n"
    }
    for item in findings {
      let finding = item.finding
      let command = finding.severity == .note ? "notice" : finding.severity.rawValue
      var properties = "file=\(escapeProperty(VisibleEscaping.line(item.existingPath)))"
      if finding.line > 0, item.archive == nil {
        properties += ",line=\(finding.line)"
        if let column = item.characterColumn { properties += ",col=\(column)" }
      }
      properties += ",title=\(escapeProperty(finding.ruleID))"
      var message = finding.message
      if let itms = finding.itms { message += " (\(itms))" }
      if let within = item.within { message += " (in \(within))" }
      out += "::\(command) \(properties)::\(escape(VisibleEscaping.line(message)))\n"
    }
    return out
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }

  /// GitHub's escaping of a command's message.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// GitHub's escaping of a command's property value.
  static func escapeProperty(_ text: String) -> String {
    escape(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
      of: ",", with: "%2C")
  }

  /// Pretty, sorted JSON with the one rule's `\u` escapes, ending in a newline.
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard let data = try? encoder.encode(value) else { return "{}\n" }
    return VisibleEscaping.json(String(decoding: data, as: UTF8.self)) + "\n"
  }
}

/// A finding as the JSON reports write it: `{rule, severity, file, keyPath, line?, column?,
/// message, url, itms?, fix?}`, `line` and `column` (1-based, UTF-8 bytes) left out without a
/// text position.
struct FindingJSON: Encodable {
  var rule: String
  var severity: String
  var file: String
  var keyPath: String
  var line: Int?
  var column: Int?
  var message: String
  var url: String
  var itms: String?
  var fix: String?

  /// The finding, reported under `path`.
  init(_ finding: Finding, path: String) {
    rule = finding.ruleID
    severity = finding.severity.rawValue
    file = path
    keyPath = finding.keyPath.description
    line = finding.line > 0 ? finding.line : nil
    column = finding.line > 0 && finding.column > 0 ? finding.column : nil
    message = finding.message
    url = finding.url
    itms = finding.itms
    fix = finding.fix?.title
  }
}

/// A record of known findings, so a project can adopt the linter and fail only on new ones.
///
/// The file is JSON: `{"findings": [{"rule", "file", "keyPath"}]}`. Findings match by rule, file
/// and key path (not by line, so unrelated edits keep them matched).
enum Baseline {
  enum Outcome {
    case recorded(Int)
    /// The findings not in the baseline, and those it holds (SARIF reports them suppressed).
    case filtered(kept: [LintCommand.Reported], suppressed: [LintCommand.Reported])
    case failed(String)
  }

  struct Entry: Codable, Hashable {
    var rule: String
    var file: String
    var keyPath: String
  }

  struct File: Codable {
    var findings: [Entry]
  }

  /// Records `findings` in `path` when it does not exist; otherwise sets apart the findings it
  /// holds.
  static func apply(_ path: String, to findings: [LintCommand.Reported]) -> Outcome {
    // Files are kept as the input names them (relative to it), so `App.app`, `./App.app`
    // and an absolute path share one baseline.
    let entries = findings.map {
      Entry(rule: $0.finding.ruleID, file: $0.finding.file, keyPath: $0.finding.keyPath.description)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(File(findings: entries)) else {
        return .failed("cannot encode the baseline")
      }
      do {
        try FileIO.writeAtomically(Array(data) + [0x0A], to: path)
      } catch {
        return .failed("cannot write the baseline: \(error.reason)")
      }
      return .recorded(entries.count)
    }
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? JSONDecoder().decode(File.self, from: data)
    else {
      return .failed("not an infoscope baseline (expected {\"findings\": [...]})")
    }
    let known = Set(file.findings)
    let pairs = zip(findings, entries)
    return .filtered(
      kept: pairs.filter { !known.contains($0.1) }.map(\.0),
      suppressed: pairs.filter { known.contains($0.1) }.map(\.0))
  }
}
