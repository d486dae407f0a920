import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The findings of every rule over the corpus, reviewed by hand against Apple's pages.
///
/// Info.plists, InfoPlist.strings, entitlements, privacy manifests and projects are linted and
/// the findings kept in `Golden/corpus-findings.txt`. `RECORD_SNAPSHOTS=1 swift test --filter CorpusFindingsTests` writes
/// the file anew; review its diff before committing it.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct CorpusFindingsTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/corpus-findings.txt")

  /// Every corpus file a rule looks at, linted as a single file (the way a user runs
  /// `infoscope lint FILE`), and every project, linted with just its project file.
  static func report() throws -> String {
    var out = ""
    var total = 0
    var fixed = 0
    let linter = Linter()
    for entry in Corpus.entries {
      let folder = entry.path.split(separator: "/").first.map(String.init) ?? ""
      guard ["info-plist", "entitlements", "privacy-manifests", "pbxproj"].contains(folder) else {
        continue
      }
      let findings: [Finding]
      if folder == "pbxproj" {
        let tree = MemoryTree(
          name: entry.path, files: ["App.xcodeproj/project.pbxproj": [UInt8](try entry.data())])
        let input = ProjectInput.load(
          tree: tree, projects: ["App.xcodeproj"], inputPath: entry.path)
        findings = linter.lint(input)
      } else {
        let input = try BundleLoader.load(path: entry.url.path)
        findings = linter.lint(input)
      }
      out += "== \(entry.path) (\(findings.count))\n"
      total += findings.count
      fixed += findings.filter { $0.fix != nil }.count
      for finding in findings {
        out +=
          "  \(finding.line):\(finding.column) \(finding.severity.rawValue) "
          + "[\(finding.ruleID)] \(finding.keyPath): \(finding.message)\n"
      }
    }
    // The share of findings the inspector can fix with `x` (issue 12 item 5 counts it).
    out += "== findings with a fix: \(fixed) of \(total)\n"
    return out
  }

  @Test func corpusFindingsMatchTheReviewedGoldenFile() throws {
    let report = try Self.report()
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try Data(report.utf8).write(to: Self.golden)
      return
    }
    let expected = try String(contentsOf: Self.golden, encoding: .utf8)
    if report != expected {
      let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let b = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      var first = 0
      while first < min(a.count, b.count), a[first] == b[first] { first += 1 }
      let was = first < a.count ? a[first] : "<end>"
      let now = first < b.count ? b[first] : "<end>"
      let message =
        "corpus findings differ from Golden/corpus-findings.txt at line \(first + 1):\n"
        + "expected: \(was)\nfound:    \(now)"
      Issue.record(Comment(rawValue: message))
    }
  }
}
