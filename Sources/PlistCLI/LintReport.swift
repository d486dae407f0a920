import Foundation
import PlistCore
import PlistRules

/// The report formats of `lint`.
enum LintReport {
  /// `path:line:column: severity: message [rule_id] (ITMS-…)`, one finding a line, then a count.
  static func text(_ findings: [LintCommand.Reported]) -> String {
    var out = ""
    for item in findings {
      var finding = item.finding
      finding.file = item.path
      out += finding.description + "\n"
    }
    let counts = Dictionary(grouping: findings, by: \.finding.severity).mapValues(\.count)
    let errors = counts[.error] ?? 0
    out +=
      "\(PlistError.counted(errors, "error")), "
      + "\(PlistError.counted(counts[.warning] ?? 0, "warning")), "
      + "\(PlistError.counted(counts[.note] ?? 0, "note"))\n"
    return out
  }

  /// One JSON array of findings: `{rule, severity, file, keyPath, line, column, message, url,
  /// itms, fix}` (absent members left out), written with Foundation's `JSONEncoder`.
  static func json(_ findings: [LintCommand.Reported]) -> String {
    struct Item: Encodable {
      var rule: String
      var severity: String
      var file: String
      var keyPath: String
      var line: Int
      var column: Int
      var message: String
      var url: String
      var itms: String?
      var fix: String?
    }
    let items = findings.map {
      Item(
        rule: $0.finding.ruleID, severity: $0.finding.severity.rawValue, file: $0.path,
        keyPath: $0.finding.keyPath.description, line: $0.finding.line,
        column: $0.finding.column, message: $0.finding.message, url: $0.finding.url,
        itms: $0.finding.itms, fix: $0.finding.fix?.title)
    }
    return encode(items)
  }

  /// SARIF 2.1.0 (OASIS): one run, the rules that found something as
  /// `tool.driver.rules`, each finding a result with its physical location (1-based line and
  /// column; a finding without a text position gives the file alone).
  static func sarif(_ findings: [LintCommand.Reported]) -> String {
    struct Log: Encodable {
      var schema = "https://json.schemastore.org/sarif-2.1.0.json"
      var version = "2.1.0"
      var runs: [Run]
      enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
      }
    }
    struct Run: Encodable {
      var tool: Tool
      var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
      var name = "infoscope"
      var version = CLI.version
      var informationUri = "https://developer.apple.com/documentation/bundleresources"
      var rules: [RuleEntry]
    }
    struct Text: Encodable { var text: String }
    struct Level: Encodable { var level: String }
    struct RuleEntry: Encodable {
      var id: String
      var name: String
      var shortDescription: Text
      var helpUri: String
      var defaultConfiguration: Level
    }
    struct Result: Encodable {
      var ruleId: String
      var ruleIndex: Int
      var level: String
      var message: Text
      var locations: [Location]
    }
    struct Location: Encodable { var physicalLocation: Physical }
    struct Physical: Encodable {
      var artifactLocation: Artifact
      var region: Region?
    }
    struct Artifact: Encodable { var uri: String }
    struct Region: Encodable {
      var startLine: Int
      var startColumn: Int
    }
    var ruleIDs: [String] = []
    for item in findings where !ruleIDs.contains(item.finding.ruleID) {
      ruleIDs.append(item.finding.ruleID)
    }
    let rules = ruleIDs.map { id -> RuleEntry in
      let description = RuleCatalog.rule(id)?.description
      return RuleEntry(
        id: id, name: description?.name ?? id,
        shortDescription: Text(text: description?.summary ?? id),
        helpUri: description?.appleSource.url ?? "",
        defaultConfiguration: Level(level: level(description?.severity ?? .warning)))
    }
    let results = findings.map { item -> Result in
      let finding = item.finding
      var message = finding.message
      if let itms = finding.itms { message += " (\(itms))" }
      return Result(
        ruleId: finding.ruleID, ruleIndex: ruleIDs.firstIndex(of: finding.ruleID) ?? 0,
        level: level(finding.severity), message: Text(text: message),
        locations: [
          Location(
            physicalLocation: Physical(
              artifactLocation: Artifact(uri: item.path),
              region: finding.line > 0
                ? Region(startLine: finding.line, startColumn: max(1, finding.column)) : nil))
        ])
    }
    return encode(Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)]))
  }

  /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule::message`.
  static func github(_ findings: [LintCommand.Reported]) -> String {
    var out = ""
    for item in findings {
      let finding = item.finding
      let command = finding.severity == .note ? "notice" : finding.severity.rawValue
      var properties = "file=\(escapeProperty(item.path))"
      if finding.line > 0 { properties += ",line=\(finding.line),col=\(finding.column)" }
      properties += ",title=\(escapeProperty(finding.ruleID))"
      var message = finding.message
      if let itms = finding.itms { message += " (\(itms))" }
      out += "::\(command) \(properties)::\(escape(message))\n"
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

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard let data = try? encoder.encode(value) else { return "[]\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// A record of known findings, so a project can adopt the linter and fail only on new ones.
///
/// The file is JSON: `{"findings": [{"rule", "file", "keyPath"}]}`. Findings match by rule, file
/// and key path (not by line, so unrelated edits keep them matched).
enum Baseline {
  enum Outcome {
    case recorded(Int)
    case filtered([LintCommand.Reported])
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

  /// Records `findings` in `path` when it does not exist; otherwise drops the findings it holds.
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
    return .filtered(zip(findings, entries).filter { !known.contains($0.1) }.map(\.0))
  }
}
