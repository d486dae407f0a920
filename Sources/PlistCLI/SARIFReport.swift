import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// `lint --format sarif`: SARIF 2.1.0 (OASIS), as GitHub code scanning and other SARIF
/// consumers read it.
///
/// One run. `tool.driver.rules` holds the rules that found something, each with its Apple page
/// as `helpUri` (left out when a rule has none). Each finding is a result with:
/// - one physical location: the file as a URI reference, percent-encoded (RFC 3986: every
///   byte but unreserved characters and `/`), relative to `%SRCROOT%` (the working folder,
///   given in `originalUriBaseIds`) or a `file://` URI for an absolute path; always a file
///   that exists on disk (an executable's signed entitlements at the executable, a file
///   inside an `.ipa` at the archive with the inner path and line in the location's
///   description and no region, a project's effective Info.plist at the file or build setting
///   that wrote the key);
/// - a region with a 1-based `startLine` and a `startColumn` counted in Unicode code points
///   (`columnKind` `unicodeCodePoints`: the linter's columns are UTF-8 bytes, converted with
///   the file's text; SARIF offers only code points or UTF-16 units, and code points are what
///   a reader counts); no region for a finding with no text position;
/// - the key path as a logical location (kind `property`);
/// - `partialFingerprints["infoscopeFinding/v1"]`: a hash of the rule, file and key path
///   (not the line, so edits elsewhere keep it) with the occurrence number, so a code-scanning
///   tool tracks the finding across runs;
/// - for a finding the baseline holds, a suppression of kind `external`.
///
/// No `informationUri`: the project has no web page of its own, and the schema wants none
/// rather than another site's.
enum SARIFReport {
  /// The schema the log names: OASIS's, SARIF 2.1.0 with errata 01.
  static let schemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// The name of the base the relative URIs are resolved against.
  static let baseID = "%SRCROOT%"

  /// The key of the partial fingerprint.
  static let fingerprintKey = "infoscopeFinding/v1"

  /// The log of `findings` (reported) and `suppressed` (in the baseline).
  ///
  /// - Parameters:
  ///   - findings: the findings reported.
  ///   - suppressed: findings the baseline holds, written as suppressed results.
  ///   - linted: the files given on their own and the role each was linted as, written in the
  ///     run's property bag (`lintedFiles`).
  ///   - workingFolder: the absolute folder relative paths start from (the process's own by
  ///     default), written as the `%SRCROOT%` base.
  /// - Returns: the JSON text, ending in a newline.
  static func log(
    _ findings: [LintCommand.Reported], suppressed: [LintCommand.Reported] = [],
    linted: [LintedFile] = [],
    workingFolder: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let all = findings.map { ($0, false) } + suppressed.map { ($0, true) }
    var ruleIDs: [String] = []
    for (item, _) in all where !ruleIDs.contains(item.finding.ruleID) {
      ruleIDs.append(item.finding.ruleID)
    }
    let rules = ruleIDs.map { id -> RuleEntry in
      let description = RuleCatalog.rule(id)?.description
      let help = description?.appleSource.url ?? ""
      return RuleEntry(
        id: id, name: description.map { pascalCase($0.identifier) } ?? pascalCase(id),
        shortDescription: Text(text: description?.summary ?? id),
        fullDescription: description?.rationale.map {
          Text(
            text: PlainText.render($0, width: 10_000, indent: 0).trimmingCharacters(
              in: .whitespacesAndNewlines))
        },
        helpUri: help.isEmpty ? nil : help,
        defaultConfiguration: Level(level: LintReport.level(description?.severity ?? .warning)))
    }
    var occurrences: [String: Int] = [:]
    let results = all.map { item, isSuppressed -> Result in
      let finding = item.finding
      var message = finding.message
      if let itms = finding.itms { message += " (\(itms))" }
      var region: Region?
      if finding.line > 0, item.archive == nil {
        region = Region(startLine: finding.line, startColumn: item.characterColumn)
      }
      var artifact = artifactLocation(item.existingPath)
      if let within = item.within { artifact.description = Text(text: within) }
      // The file as its URI spells it (`./App.app` and `App.app` alike), and the path inside
      // an archive.
      let identity = [finding.ruleID, artifact.uri, finding.file, finding.keyPath.description]
        .joined(separator: "\u{0}")
      occurrences[identity, default: 0] += 1
      let fingerprint = fnv1a(identity) + ":\(occurrences[identity] ?? 1)"
      let logical =
        finding.keyPath.isRoot
        ? nil
        : [LogicalLocation(fullyQualifiedName: finding.keyPath.description, kind: "property")]
      return Result(
        ruleId: finding.ruleID, ruleIndex: ruleIDs.firstIndex(of: finding.ruleID) ?? 0,
        level: LintReport.level(finding.severity), message: Text(text: message),
        locations: [
          Location(
            physicalLocation: Physical(artifactLocation: artifact, region: region),
            logicalLocations: logical)
        ],
        partialFingerprints: [fingerprintKey: fingerprint],
        suppressions: isSuppressed
          ? [Suppression(kind: "external", justification: "listed in the lint baseline")] : nil)
    }
    var folder = workingFolder
    if !folder.hasSuffix("/") { folder += "/" }
    let run = Run(
      tool: Tool(driver: Driver(rules: rules)),
      originalUriBaseIds: [baseID: Artifact(uri: "file://" + percentEncoded(folder))],
      columnKind: "unicodeCodePoints", results: results,
      properties: linted.isEmpty
        ? nil
        : RunProperties(
          lintedFiles: linted.map {
            LintedFileEntry(
              path: $0.path, role: LintOptions.roleName($0.role), roleReason: $0.reason,
              rules: $0.rules)
          }))
    return LintReport.encode(Log(runs: [run]))
  }

  /// The artifact location of a path: relative to `%SRCROOT%`, or a `file://` URI when
  /// absolute.
  static func artifactLocation(_ path: String) -> Artifact {
    if path.hasPrefix("/") { return Artifact(uri: "file://" + percentEncoded(path)) }
    var relative = path
    while relative.hasPrefix("./") { relative.removeFirst(2) }
    return Artifact(uri: percentEncoded(relative), uriBaseId: baseID)
  }

  /// `path` percent-encoded as a URI path: every UTF-8 byte but the unreserved characters
  /// (`A-Z a-z 0-9 - . _ ~`) and `/` as `%XX` (so a space, `%`, `#`, `?` and `:` cannot be
  /// read as URI syntax).
  static func percentEncoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return out
  }

  /// `missing_bundle_identifier` → `MissingBundleIdentifier`, the form SARIF's `name` takes.
  static func pascalCase(_ identifier: String) -> String {
    identifier.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// FNV-1a, 64 bits, in hex: a stable hash with no dependency (not for security).
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  struct Log: Encodable {
    var schema = SARIFReport.schemaURI
    var version = "2.1.0"
    var runs: [Run]
    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }
  struct Run: Encodable {
    var tool: Tool
    var originalUriBaseIds: [String: Artifact]
    var columnKind: String
    var results: [Result]
    /// The run's property bag: the role each file given on its own was linted as, and why.
    var properties: RunProperties?
  }
  struct RunProperties: Encodable { var lintedFiles: [LintedFileEntry] }
  struct LintedFileEntry: Encodable {
    var path: String
    var role: String
    var roleReason: String
    var rules: Int
  }
  struct Tool: Encodable { var driver: Driver }
  struct Driver: Encodable {
    var name = "infoscope"
    var version = CLI.version
    var semanticVersion = CLI.version
    var rules: [RuleEntry]
  }
  struct Text: Encodable { var text: String }
  struct Level: Encodable { var level: String }
  struct RuleEntry: Encodable {
    var id: String
    var name: String
    var shortDescription: Text
    var fullDescription: Text?
    var helpUri: String?
    var defaultConfiguration: Level
  }
  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Text
    var locations: [Location]
    var partialFingerprints: [String: String]
    var suppressions: [Suppression]?
  }
  struct Suppression: Encodable {
    var kind: String
    var justification: String
  }
  struct Location: Encodable {
    var physicalLocation: Physical
    var logicalLocations: [LogicalLocation]?
  }
  struct LogicalLocation: Encodable {
    var fullyQualifiedName: String
    var kind: String
  }
  struct Physical: Encodable {
    var artifactLocation: Artifact
    var region: Region?
  }
  struct Artifact: Encodable {
    var uri: String
    var uriBaseId: String?
    var description: Text?
  }
  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int?
  }
}
