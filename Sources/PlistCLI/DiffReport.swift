import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// The report formats of `diff`: text grouped by file, like a compiler's notes, and JSON.
///
/// Every string taken from an input (paths, keys, values, messages that quote them) passes
/// through the one rule, `VisibleEscaping`: escaped on the line in text, `\u`-escaped in JSON.
enum DiffReport {
  /// The version of the JSON report's layout (`formatVersion`), raised when a member changes
  /// meaning or goes away; new members may appear without a change.
  static let jsonFormatVersion = 1

  // MARK: - Text

  /// The text report: a heading naming both inputs; the bundles added, removed or moved;
  /// each changed file under a `--- OLD` / `+++ NEW` pair of lines with one line per change
  /// (`path:line:column: changed KEYPATH: Integer 318 → 319 (OLD line:column)`); the release
  /// checks; the findings new and resolved, and how many are unchanged; a summary line.
  static func text(
    _ comparison: BuildComparison, old: DiffCommand.Side, new: DiffCommand.Side
  ) -> String {
    var out = line(
      "OLD \(old.name) (\(describe(old.bundle))) → NEW \(new.name) (\(describe(new.bundle)))")
    for note in comparison.notes { out += line("note: " + note) }
    let bundleLines = comparison.bundles.compactMap { bundleLine($0, old: old, new: new) }
    if !bundleLines.isEmpty {
      out += "\nbundles:\n"
      for text in bundleLines { out += line("  " + text) }
    }
    for pair in comparison.changedFiles {
      out += "\n" + fileText(pair, comparison: comparison, old: old, new: new)
    }
    let unread = comparison.unreadableOnBothSides
    if !unread.isEmpty {
      out += "\n"
      for pair in unread { out += fileText(pair, comparison: comparison, old: old, new: new) }
    }
    if !comparison.releaseFindings.isEmpty {
      out += "\nrelease checks:\n"
      for finding in comparison.releaseFindings { out += line(reported(finding, new)) }
    }
    if let findings = comparison.findings {
      out += "\nfindings: \(findings.new.count) new, \(findings.resolved.count) resolved, "
      out += "\(findings.unchanged.count) unchanged\(notCompared(findings))\n"
      for finding in findings.new { out += line("new: " + reported(finding, new)) }
      for finding in findings.resolved { out += line("resolved: " + reported(finding, old)) }
    }
    out += "\n" + summary(comparison) + "\n"
    return out
  }

  /// One escaped line.
  private static func line(_ text: String) -> String { VisibleEscaping.line(text) + "\n" }

  /// `bundle, built, iOS`, for the heading.
  private static func describe(_ input: AppBundle) -> String {
    var parts = [input.inputKind.rawValue, input.isBuilt ? "built" : "source"]
    parts += input.platforms.map(\.rawValue)
    return parts.joined(separator: ", ")
  }

  /// `app extension com.example.share`, for bundle lines.
  private static func describe(_ bundle: BundleNode) -> String {
    [bundle.kind.rawValue, bundle.identifier].compactMap { $0 }.joined(separator: " ")
  }

  /// The folder of a bundle as reported (`Trail.ipa/Payload/Trail.app/PlugIns/Share.appex`).
  private static func folder(_ bundle: BundleNode, _ side: DiffCommand.Side) -> String {
    bundle.path.isEmpty ? side.name : side.path(bundle.path)
  }

  private static func bundleLine(
    _ pair: BundlePair, old: DiffCommand.Side, new: DiffCommand.Side
  ) -> String? {
    switch (pair.old, pair.new) {
    case (nil, let b?): return "added: \(folder(b, new)) (\(describe(b)))"
    case (let a?, nil): return "removed: \(folder(a, old)) (\(describe(a)))"
    case (let a?, let b?) where pair.moved && old.bundle.inputKind == new.bundle.inputKind:
      return "moved: \(folder(a, old)) → \(folder(b, new)) (\(describe(b)), matched by "
        + "\(pair.match?.rawValue ?? "place"))"
    default: return nil
    }
  }

  /// The lines of one changed, added, removed or unreadable file.
  private static func fileText(
    _ pair: FilePair, comparison: BuildComparison, old: DiffCommand.Side, new: DiffCommand.Side
  ) -> String {
    let role = pair.role.rawValue
    switch pair.status {
    case .added:
      return line("added file: \(new.path(pair.new?.path ?? "")) (\(role))")
    case .removed:
      return line("removed file: \(old.path(pair.old?.path ?? "")) (\(role))")
    case .unreadable:
      return line(
        "\(new.path(pair.new?.path ?? "")) (\(role)): not compared: \(pair.note ?? "unreadable")")
    default:
      break
    }
    guard let a = pair.old, let b = pair.new else { return "" }
    let oldPlace = Placer(old, bundlePath: pair.oldBundle, file: a)
    let newPlace = Placer(new, bundlePath: pair.newBundle, file: b)
    var out = line("--- \(oldPlace.name)") + line("+++ \(newPlace.name) (\(role))")
    if let note = pair.note, pair.changes.isEmpty {
      return out + line("\(newPlace.name): changed: \(note)")
    }
    for change in pair.changes {
      let keyPath = change.path.isRoot ? "(root)" : change.path.description
      switch change.kind {
      case .removed:
        out += line(
          "\(oldPlace.at(change.oldPath, change.oldLocation)): removed \(keyPath): "
            + change.summary)
      case .added, .reordered:
        out += line(
          "\(newPlace.at(change.newPath, change.newLocation)): \(change.kind.rawValue) "
            + "\(keyPath): \(change.summary)")
      case .changed:
        var text =
          "\(newPlace.at(change.newPath, change.newLocation)): changed \(keyPath): "
          + change.summary
        let was = oldPlace.position(change.oldLocation)
        if change.moved, let oldPath = change.oldPath {
          text += " (OLD \(oldPath)\(was.map { " at " + $0 } ?? ""))"
        } else if let was {
          text += " (OLD \(was))"
        }
        out += line(text)
      }
    }
    return out
  }

  /// Where a change is reported: the file (for a project target's effective Info.plist, the
  /// file or build setting its top key came from) with the line and column when there is one.
  struct Placer {
    let side: DiffCommand.Side
    let file: BundleFile
    let effective: EffectiveInfoPlist?

    init(_ side: DiffCommand.Side, bundlePath: String?, file: BundleFile) {
      self.side = side
      self.file = file
      effective =
        file.isGenerated
        ? side.bundle.allBundles.first { $0.path == bundlePath }?.effectiveInfoPlist : nil
    }

    /// What the file is called in a heading: its path, or for the Info.plist a project's
    /// build generates (which is on no disk), the source Info.plist it is generated from, or
    /// the bundle's own path when build settings alone make it.
    var name: String {
      guard file.isGenerated else { return side.path(file.path) }
      if let source = effective?.sourceFile?.path {
        return side.path(source) + " as the build generates it"
      }
      return side.path(file.path) + " (generated by the build from its settings)"
    }

    /// `line:column`, or nil without a text position.
    func position(_ location: SourceLocation) -> String? {
      location.hasTextPosition ? "\(location.line):\(location.column)" : nil
    }

    /// `path[:line:column]` for a change at `path` located at `location`.
    func at(_ path: KeyPath?, _ location: SourceLocation) -> String {
      var name = side.path(file.path)
      if let effective {
        if case .key(let key)? = path?.components.first, let source = effective[key]?.source {
          switch source {
          case .file(let written, _):
            name = side.path(written)
          case .buildSetting(_, let origin) where !origin.path.isEmpty && origin.line > 0:
            return side.path(origin.path) + ":\(origin.line)"
          default:
            break
          }
        } else if let source = effective.sourceFile {
          name = side.path(source.path)
        }
      }
      return name + (position(location).map { ":" + $0 } ?? "")
    }
  }

  /// A finding as lint prints it, under the path the side reports the file under.
  private static func reported(_ finding: Finding, _ side: DiffCommand.Side) -> String {
    var copy = finding
    copy.file = side.path(finding.file)
    return copy.description
  }

  /// `2 files changed (5 changes), 1 bundle added, 0 removed; release checks: 1 error;
  /// findings: 2 new, 1 resolved, 30 unchanged`, with `, 1 not compared (unreadable on both
  /// sides)` after the changes when a file could be read on neither side.
  static func summary(_ comparison: BuildComparison) -> String {
    let files = comparison.changedFiles.count
    var parts = [
      "\(PlistError.counted(files, "file")) changed (\(PlistError.counted(comparison.changeCount, "change")))"
    ]
    let unread = comparison.unreadableOnBothSides.count
    if unread > 0 {
      parts[0] += ", \(unread) not compared (unreadable on both sides)"
    }
    let added = comparison.bundles.filter { $0.old == nil }.count
    let removed = comparison.bundles.filter { $0.new == nil }.count
    if added + removed > 0 {
      parts.append("\(PlistError.counted(added, "bundle")) added, \(removed) removed")
    }
    var out = parts.joined(separator: ", ")
    let release = comparison.releaseFindings
    out += "; release checks: "
    out +=
      release.isEmpty
      ? "none failed"
      : [Severity.error, .warning, .note].compactMap { severity in
        let n = release.filter { $0.severity == severity }.count
        return n == 0 ? nil : PlistError.counted(n, severity.rawValue)
      }.joined(separator: ", ")
    if let findings = comparison.findings {
      out +=
        "; findings: \(findings.new.count) new, \(findings.resolved.count) resolved, "
        + "\(findings.unchanged.count) unchanged\(notCompared(findings))"
    }
    return out
  }

  /// `, 2 not compared (single file against a bundle)` when some findings depend on the kind
  /// of input, which differs; empty otherwise.
  static func notCompared(_ findings: FindingsComparison) -> String {
    guard !findings.notCompared.isEmpty else { return "" }
    return ", \(findings.notCompared.count) not compared (single file against a bundle)"
  }

  // MARK: - JSON

  /// One side of a value change.
  struct Value: Encodable {
    /// `string`, `integer`, … `dictionary`.
    var type: String
    /// The value as text (`ValueText.raw`), for scalars.
    var value: String?
    /// The number of items or entries, for containers; bytes, for data.
    var count: Int?
    /// Where it is written.
    var file: String
    var line: Int?
    var column: Int?
  }

  struct Change: Encodable {
    var change: String
    var keyPath: String
    var oldKeyPath: String?
    var old: Value?
    var new: Value?
  }

  struct File: Encodable {
    var status: String
    var role: String
    var old: String?
    var new: String?
    var note: String?
    var changes: [Change]
  }

  struct Bundle: Encodable {
    var status: String
    var match: String?
    var kind: String
    var old: String?
    var new: String?
    var oldIdentifier: String?
    var newIdentifier: String?
  }

  struct Input: Encodable {
    var input: String
    var kind: String
    var built: Bool
  }

  struct Findings: Encodable {
    var new: [FindingJSON]
    var resolved: [FindingJSON]
    var unchanged: Int
    /// Findings from rules that depend on the kind of input, when a single file is compared
    /// with a bundle.
    var notCompared: Int
  }

  struct Document: Encodable {
    var formatVersion: Int
    var tool: [String: String]
    var old: Input
    var new: Input
    var notes: [String]
    var bundles: [Bundle]
    var files: [File]
    var releaseChecks: [FindingJSON]
    var findings: Findings?
    var summary: String
  }

  /// The JSON report (see README.md, "`diff --format json`"): both inputs, every bundle and
  /// compared file with its changes, the release checks, the findings, and the summary line.
  static func json(
    _ comparison: BuildComparison, old: DiffCommand.Side, new: DiffCommand.Side
  ) -> String {
    func item(_ finding: Finding, _ side: DiffCommand.Side) -> FindingJSON {
      FindingJSON(finding, path: side.path(finding.file))
    }
    func value(
      _ node: PlistNode?, _ location: SourceLocation, _ placer: Placer?, _ path: KeyPath?
    )
      -> Value?
    {
      guard let node, let placer else { return nil }
      let place = placer.at(path, .none)
      var count: Int?
      switch node.value {
      case .data(let d): count = d.count
      default: count = node.value.childCount
      }
      return Value(
        type: node.value.kind.rawValue, value: ValueText.raw(node.value), count: count,
        file: place, line: location.hasTextPosition ? Int(location.line) : nil,
        column: location.hasTextPosition ? Int(location.column) : nil)
    }
    let bundles = comparison.bundles.map { pair in
      let status: String
      switch (pair.old, pair.new) {
      case (nil, _): status = "added"
      case (_, nil): status = "removed"
      default: status = pair.moved ? "moved" : "matched"
      }
      let node = pair.new ?? pair.old
      return Bundle(
        status: status, match: pair.match?.rawValue,
        kind: node.map { String(describing: $0.kind) } ?? "bundle",
        old: pair.old.map { folder($0, old) }, new: pair.new.map { folder($0, new) },
        oldIdentifier: pair.old?.identifier, newIdentifier: pair.new?.identifier)
    }
    let files = comparison.files.filter { !$0.withItsBundle }.map { pair in
      let oldPlace = pair.old.map { Placer(old, bundlePath: pair.oldBundle, file: $0) }
      let newPlace = pair.new.map { Placer(new, bundlePath: pair.newBundle, file: $0) }
      return File(
        status: pair.status.rawValue, role: LintOptions.roleName(pair.role),
        old: pair.old.map { old.path($0.path) }, new: pair.new.map { new.path($0.path) },
        note: pair.note,
        changes: pair.changes.map { change in
          Change(
            change: change.kind.rawValue, keyPath: change.path.description,
            oldKeyPath: change.moved ? change.oldPath?.description : nil,
            old: value(change.old, change.oldLocation, oldPlace, change.oldPath),
            new: value(change.new, change.newLocation, newPlace, change.newPath))
        })
    }
    let findings = comparison.findings.map { f in
      Findings(
        new: f.new.map { item($0, new) }, resolved: f.resolved.map { item($0, old) },
        unchanged: f.unchanged.count, notCompared: f.notCompared.count)
    }
    return LintReport.encode(
      Document(
        formatVersion: jsonFormatVersion, tool: ["name": "infoscope", "version": CLI.version],
        old: Input(
          input: old.name, kind: String(describing: old.bundle.inputKind), built: old.bundle.isBuilt
        ),
        new: Input(
          input: new.name, kind: String(describing: new.bundle.inputKind), built: new.bundle.isBuilt
        ),
        notes: comparison.notes, bundles: bundles, files: files,
        releaseChecks: comparison.releaseFindings.map { item($0, new) }, findings: findings,
        summary: summary(comparison)))
  }
}
