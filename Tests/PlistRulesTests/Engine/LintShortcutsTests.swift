import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// The shortcuts that keep re-lint fast answer as the long ways do: the catalog walk made once
/// for all rules, the byte-level tests of strings, and the ASCII normalisation of purpose
/// strings.
@Suite struct LintShortcutsTests {
  static let info: PlistNode = [
    "CFBundleIdentifier": "com.example.app",
    "CFBundleDocumentTypes": [["LSTypeIsPackageLSTypeIsPackage": true, "CFBundleTypeName": ""]],
    "NSAppTransportSecurity": [
      "NSExceptionDomains": ["example.com": ["NSIncludeSubdomain": true]]
    ],
    "UIRequiresFullscreen": true,
  ]

  /// (key path, parent, known, at the root) of each visit, in order.
  static func trace(_ subject: LintSubject, nested: Bool) -> [String] {
    var seen: [String] = []
    CatalogWalk.visit(subject, nested: nested) { visit in
      seen.append(
        "\(visit.path) in '\(visit.parent)' \(visit.entry?.key ?? "unknown") \(visit.atRoot)")
    }
    return seen
  }

  @Test(arguments: [true, false])
  func theWalkMadeOnceVisitsWhatAWalkNowVisits(nested: Bool) {
    let plain = LintSubject(path: "Info.plist", role: .infoPlist, root: Self.info)
    var walked = plain
    walked.catalogVisits = CatalogWalk.visits(plain)
    let expected = Self.trace(plain, nested: nested)
    #expect(expected.count >= (nested ? 8 : 4))
    #expect(Self.trace(walked, nested: nested) == expected)
  }

  @Test func aNewRootDropsTheWalkMadeOnce() {
    var subject = LintSubject(path: "Info.plist", role: .infoPlist, root: Self.info)
    subject.catalogVisits = CatalogWalk.visits(subject)
    subject.root = ["CFBundleName": "A"]
    #expect(subject.catalogVisits == nil)
    #expect(Self.trace(subject, nested: true) == ["CFBundleName in '' CFBundleName true"])
  }

  @Test func linterFindsWhatEachRuleFindsAlone() {
    let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: Self.info)
    let together = Linter().lint(subject)
    // Each rule on the subject as made, so the catalog rules walk it themselves.
    var alone: [Finding] = []
    for rule in RuleCatalog.all.map({ $0.init() })
    where rule.description.appliesTo.contains(.infoPlist)
      && rule.description.identifier != Linter.unreadableRule
    {
      alone += rule.check(subject)
    }
    let order = { (a: Finding, b: Finding) in
      (a.line, a.column, a.ruleID, a.message) < (b.line, b.column, b.ruleID, b.message)
    }
    #expect(together.contains { $0.ruleID == "near_miss_key" })
    #expect(together.sorted(by: order) == alone.sorted(by: order))
  }

  @Test(arguments: [
    ("$(PRODUCT_NAME)", true), ("${X}", true), ("a$(b", true), ("$", false), ("$ (x)", false),
    ("(x)$", false), ("", false), ("plain", false), ("€$(x)", true),
  ])
  func findsBuildSettingPlaceholders(text: String, expected: Bool) {
    #expect(text.hasBuildSettingPlaceholder == expected)
    #expect(text.hasBuildSettingPlaceholder == (text.contains("$(") || text.contains("${")))
  }

  @Test(arguments: ["", " ", "\t\n", "\u{00A0}", "\u{2003} ", "a", " a", "\u{00A0}x", "é", "-"])
  func blankMeansWhitespaceOnly(text: String) {
    #expect(text.isBlank == text.allSatisfy(\.isWhitespace))
    #expect(
      PurposeStrings.isBlank(text) == text.unicodeScalars.allSatisfy(\.properties.isWhitespace))
  }

  @Test(arguments: [
    "", "Camera", "  The app uses the CAMERA to scan codes.  ", "$(PRODUCT_NAME) uses it",
    "${APP} wants/needs access", "x$(unclosed", "a--b__c  d", "NSCameraUsageDescription",
    "Privacy - Camera Usage Description", "TODO: 2 things", "$()", "$", "(a)$(b)c",
  ])
  func normalisesASCIIAsUnicodeDoes(text: String) {
    #expect(PlaceholderPurposeStringRule.normalizedASCII(text) != nil)
    #expect(
      PlaceholderPurposeStringRule.normalizedASCII(text)
        == PlaceholderPurposeStringRule.normalizedScalars(text))
  }

  @Test func leavesOtherTextToUnicode() {
    #expect(PlaceholderPurposeStringRule.normalizedASCII("Caméra") == nil)
    #expect(PlaceholderPurposeStringRule.normalized("Caméra d’abord") == "caméra d abord")
  }
}
