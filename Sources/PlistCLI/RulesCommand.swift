import PlistBundle
import PlistCore
import PlistRules

/// `infoscope rules [--markdown]` and `infoscope explain RULE_ID|KEY`.
enum RulesCommand {
  /// The rules, one a line (`identifier  severity  category  summary`), or a Markdown table
  /// for the README.
  static func list(markdown: Bool) -> String {
    let descriptions = RuleCatalog.all.map { $0.description }
    if markdown {
      var out = "| rule | severity | area | what it checks | Apple source |\n"
      out += "| --- | --- | --- | --- | --- |\n"
      for d in descriptions {
        out +=
          "| `\(d.identifier)` | \(d.severity.rawValue) | \(d.category.rawValue) | "
          + "\(d.summary)\(d.itms.map { " (\($0))" } ?? "") | [\(d.appleSource.title)]"
          + "(\(d.appleSource.url)) |\n"
      }
      return out
    }
    let width = descriptions.map(\.identifier.count).max() ?? 0
    var out = ""
    for d in descriptions {
      let pad = String(repeating: " ", count: max(0, width - d.identifier.count))
      let severity = d.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      out += "\(d.identifier)\(pad)  \(severity) \(d.summary)\n"
    }
    out +=
      "\(PlistError.counted(descriptions.count, "rule")), "
      + "\(PlistError.counted(KnownKeys.all.count, "catalog key"))\n"
    return out
  }

  /// What a rule is, or what the catalog knows of a key (raw name or Xcode display name); nil
  /// when `name` is neither.
  static func explain(_ name: String) -> String? {
    if let rule = RuleCatalog.rule(name) {
      let d = rule.description
      var out = "\(d.name) [\(d.identifier)]\n"
      out += "  severity: \(d.severity.rawValue)    area: \(d.category.rawValue)\n"
      out += "  checks: \(d.appliesTo.map(\.rawValue).sorted().joined(separator: ", "))\n"
      if let itms = d.itms { out += "  App Store Connect: \(itms)\n" }
      out += "\n\(d.summary).\n"
      if let rationale = d.rationale { out += "\n\(rationale)\n" }
      out += "\nSource: \(d.appleSource.title)\n  \(d.appleSource.url)\n"
      return out
    }
    guard let entry = KnownKeys.entry(name) ?? KnownKeys.byDisplayName[name] else { return nil }
    var out = entry.key
    if let display = entry.displayName { out += " (\(display))" }
    out += "\n  type: \(entry.types.map(\.rawValue).joined(separator: " or "))"
    out += "    in: \(entry.home.rawValue)\n"
    if !entry.platforms.isEmpty {
      let platforms = entry.platforms.sorted { $0.key < $1.key }.map {
        $0.value.isEmpty ? $0.key.rawValue : "\($0.key.rawValue) \($0.value)+"
      }
      out += "  platforms: \(platforms.joined(separator: ", "))\n"
    }
    if let deprecation = entry.deprecation {
      out +=
        "  deprecated in \(deprecation.platform.map { "\($0.rawValue) " } ?? "")"
        + "\(deprecation.version)"
        + (deprecation.replacement.map { "; use \($0)" } ?? "") + "\n"
    }
    if !entry.allowedValues.isEmpty {
      out += "  values: \(entry.allowedValues.joined(separator: ", "))\n"
    }
    out += "\n\(entry.summary).\n\nSource: \(entry.url)\n"
    return out
  }
}
