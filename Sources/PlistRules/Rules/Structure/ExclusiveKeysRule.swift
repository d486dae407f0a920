import PlistBundle
import PlistCore

/// `UIMainStoryboardFile` together with `NSMainNibFile`, which Apple's archived reference calls
/// mutually exclusive.
struct ExclusiveKeysRule: Rule {
  static let pairs: [(String, String)] = [("UIMainStoryboardFile", "NSMainNibFile")]

  static let description = RuleDescription(
    identifier: "exclusive_keys",
    name: "Mutually Exclusive Keys",
    severity: .warning,
    category: .structure,
    appliesTo: [.infoPlist],
    summary: "UIMainStoryboardFile and NSMainNibFile appear together, though one should be used",
    rationale: """
      Apple's archived Information Property List Key Reference says `UIMainStoryboardFile` is
      mutually exclusive with `NSMainNibFile`: include one, not both. The current pages no
      longer say so, and neither says which one wins.
      """,
    appleSource: AppleSource(
      title: "Information Property List Key Reference (archive): iOS Keys",
      url: KnownKeys.archiveIOSKeys),
    nonTriggering: [
      RuleExample(["UIMainStoryboardFile": "Main"]),
      RuleExample(["NSMainNibFile": "MainMenu"]),
      RuleExample(["UIMainStoryboardFile~ipad": "Main-iPad", "NSMainNibFile~iphone": "Main"]),
    ],
    triggering: [
      RuleExample(
        ["UIMainStoryboardFile": "Main", "NSMainNibFile": "MainWindow"], expect: ["NSMainNibFile"]),
      RuleExample(
        ["NSMainNibFile~ipad": "MainWindow", "UIMainStoryboardFile~ipad": "Main"],
        expect: ["UIMainStoryboardFile~ipad"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary else { return [] }
    var findings: [Finding] = []
    for (first, second) in Self.pairs {
      for suffix in [""] + KnownKeys.deviceSuffixes {
        guard
          let a = root.entries.firstIndex(where: {
            $0.key.lowercased() == (first + suffix).lowercased()
          }),
          let b = root.entries.firstIndex(where: {
            $0.key.lowercased() == (second + suffix).lowercased()
          })
        else { continue }
        let later = root.entries[max(a, b)].key
        let earlier = root.entries[min(a, b)].key
        findings.append(
          subject.finding(
            Self.description, at: KeyPath.root.appending(key: later),
            "\(later) and \(earlier) are both set; Apple's archived key reference calls them "
              + "mutually exclusive (the current pages no longer say so), so keep only one"))
      }
    }
    return findings
  }
}
