import PlistBundle
import PlistCore
import PlistRules

/// `infoscope rules [--markdown]` and `infoscope explain RULE_ID|KEY`.
enum RulesCommand {
  /// A rule's summary with its ITMS code, unless the summary already names it.
  static func summary(_ d: RuleDescription) -> String {
    guard let code = d.itms, !d.summary.contains(code) else { return d.summary }
    return "\(d.summary) (\(code))"
  }

  /// The rules, one a line (`identifier  severity  category  summary`), or a Markdown table
  /// for the README followed by a sentence on how the lint context moves the default
  /// severities.
  static func list(markdown: Bool) -> String {
    let descriptions = RuleCatalog.all.map { $0.description } + comparisonDescriptions
    if markdown {
      var out = "| rule | default severity | area | what it checks | Apple source |\n"
      out += "| --- | --- | --- | --- | --- |\n"
      for d in descriptions {
        out +=
          "| `\(d.identifier)` | \(d.severity.rawValue) | \(d.category.rawValue) | "
          + "\(summary(d)) | [\(d.appleSource.title)]"
          + "(\(d.appleSource.url)) |\n"
      }
      out += "\n" + contextNote("Each severity")
      out += " `infoscope explain RULE_ID` says how each rule's severity moves."
      out += " The Comparison rules are release checks that only `infoscope diff` runs.\n"
      return out
    }
    let width = descriptions.map(\.identifier.count).max() ?? 0
    var out = ""
    for d in descriptions {
      let pad = String(repeating: " ", count: max(0, width - d.identifier.count))
      let severity = d.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      out += "\(d.identifier)\(pad)  \(severity) \(summary(d))"
      if !d.requirements.isEmpty {
        out += " [from " + d.requirements.map(\.since).joined(separator: ", ") + "]"
      }
      out += "\n"
    }
    out += "severities are defaults; the lint context (platform, SDK, distribution) moves them\n"
    out += "the comparison rules (category Comparison) run only in 'infoscope diff'\n"
    out +=
      "\(PlistError.counted(descriptions.count, "rule")), "
      + "\(PlistError.counted(KnownKeys.all.count, "catalog key"))\n"
    return out
  }

  /// What a rule is, or what the catalog knows of a key (raw name, Xcode display name, or a
  /// key with Apple's `~ipad` / `~iphone` device suffix), as plain text for a terminal; nil
  /// when `name` is neither.
  static func explain(_ name: String) -> String? {
    if let code = RuleCatalog.itmsCode(name) {
      let rules =
        RuleCatalog.rules(itms: code).map { $0.description }
        + comparisonDescriptions.filter {
          $0.itms == code || $0.rationale?.contains(code) == true
        }
      guard let first = rules.first else { return nil }
      if rules.count == 1, let text = explain(first.identifier) {
        return "\(code) is anticipated by \(first.identifier)\n\n" + text
      }
      var out = "\(code) is anticipated by \(PlistError.counted(rules.count, "rule")):\n"
      let width = rules.map { $0.identifier.count }.max() ?? 0
      for d in rules {
        let pad = String(repeating: " ", count: max(0, width - d.identifier.count))
        out += "  \(d.identifier)\(pad)  \(d.severity.rawValue)  \(d.summary)\n"
      }
      return out + "'infoscope explain RULE_ID' shows one.\n"
    }
    if let d = RuleCatalog.rule(name)?.description
      ?? ComparisonRuleCatalog.rule(name)?
      .description.rule
    {
      var out = "\(d.name) [\(d.identifier)]\n"
      out += "  default severity: \(d.severity.rawValue)    area: \(d.category.rawValue)\n"
      out += "  checks: \(d.appliesTo.map(\.rawValue).sorted().joined(separator: ", "))\n"
      if d.category == .comparison {
        out += "  runs in: infoscope diff OLD NEW (a release check on NEW against OLD)\n"
      }
      if let itms = d.itms { out += "  App Store Connect: \(itms)\n" }
      for requirement in d.requirements { out += "  \(requirement.description)\n" }
      out += "\n" + PlainText.render(d.summary + ".")
      if let rationale = d.rationale { out += "\n" + PlainText.render(rationale) }
      out += "\n" + PlainText.render(contextNote("The severity above"))
      out += "\nSource: \(d.appleSource.title)\n  \(d.appleSource.url)\n"
      return out
    }
    let (base, suffix) = KnownKeys.splitDeviceSuffix(name)
    guard
      let entry = KnownKeys.entry(name) ?? KnownKeys.byDisplayName[name]
        ?? (suffix.isEmpty ? nil : KnownKeys.entry(base))
    else { return nil }
    var out = entry.key
    if let display = entry.displayName { out += " (\(display))" }
    out += "\n"
    if entry.key != name, !suffix.isEmpty {
      let device = suffix.lowercased() == "~ipad" ? "iPad" : "iPhone"
      out += PlainText.render(
        "\(name) is the \(device) variant of \(entry.key) (Apple's device-specific key "
          + "suffix): on \(device) it is read instead of \(entry.key).")
    }
    out += "  type: \(entry.types.map(\.rawValue).joined(separator: " or "))"
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
    out += "\n" + PlainText.render(entry.summary + ".") + "\nSource: \(entry.url)\n"
    return out
  }

  /// The release checks of `diff`, described as the lint rules are.
  static var comparisonDescriptions: [RuleDescription] {
    ComparisonRuleCatalog.all.map { $0.description.rule }
  }

  /// What `explain` and the rules listing say about severities.
  ///
  /// The default is a starting point; the lint context moves it. `subject` opens the sentence
  /// ("Each severity").
  static func contextNote(_ subject: String) -> String {
    "\(subject) is the default. The lint context can raise or lower it: the platforms, a "
      + "built bundle or source, the SDK (DTSDKName) and the distribution (--distribution or "
      + "the provisioning profile; outside the App Store, App Store Connect upload checks "
      + "become notes)."
  }
}
