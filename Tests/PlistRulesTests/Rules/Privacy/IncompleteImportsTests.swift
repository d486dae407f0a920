import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// An import table that did not read is said, as a note, instead of a silent pass (a hostile
/// tester's chained fixups with compressed names hid a camera API).
@Suite struct IncompleteImportsTests {
  static func findings(problem: Bool) -> [Finding] {
    var bundle = ExampleBundles.app(importing: ["objc_msgSend"])
    if problem {
      bundle.executable?.slices[0].imports.problems.append(
        BundleError(
          .malformed, "the chained fixups' names are compressed (symbols_format 1)", offset: 64))
    }
    let subject = LintSubject(
      path: "App.app/Info.plist", role: .infoPlist, root: ["CFBundleExecutable": "App"],
      bundle: bundle, context: LintContext(platforms: [.iOS], isBuilt: true))
    return Linter(rules: [MissingPurposeStringRule()]).lint(subject)
  }

  @Test func aBrokenImportTableIsANote() throws {
    let findings = Self.findings(problem: true)
    let note = try #require(findings.first)
    #expect(findings.count == 1)
    #expect(note.severity == .note)
    #expect(note.keyPath == .root)
    #expect(
      note.message
        == "the imports of App.app/App (arm64) could not all be read (the chained fixups' names are "
        + "compressed (symbols_format 1)), so the APIs it uses, and the purpose strings they "
        + "need, are not all known")
  }

  @Test func readableImportsSayNothing() {
    #expect(Self.findings(problem: false).isEmpty)
  }
}
