import Foundation
import PlistBundle
import TestSupport
import Testing

@testable import PlistRules

/// The purpose-string evidence of the real built apps in the shared corpus, read in place: the
/// app answers for its frameworks' executables (wdiodemoapp.app holds two, each a universal
/// simulator build), and none of the three imports an API of the table, so
/// `missing_purpose_string` finds nothing new there (checked by hand: XCTest and
/// IDEBundleInjection import no protected-resource class or function).
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct PurposeStringUsesCorpusTests {
  static func root(_ name: String) throws -> BundleNode {
    let input = try BundleLoader.load(
      path: Corpus.directory.appendingPathComponent("bundles/" + name).path)
    return try #require(input.bundles.first)
  }

  @Test func theAppAnswersForItsFrameworksExecutables() throws {
    let app = try Self.root("wdiodemoapp.app")
    let executables = PurposeStringUses.executables(of: app)
    #expect(
      executables.map(\.path) == [
        "PlugIns/wdioDemoAppTests.xctest/wdioDemoAppTests",
        "Frameworks/IDEBundleInjection.framework/IDEBundleInjection",
        "Frameworks/XCTest.framework/XCTest",
      ])
    #expect(
      executables.map { $0.file.slices.map(\.architecture) } == [
        ["i386", "x86_64"], ["x86_64", "i386"], ["x86_64", "i386"],
      ])
    #expect(executables.allSatisfy { $0.file.slices.allSatisfy(\.imports.problems.isEmpty) })
    #expect(PurposeStringUses.uses(in: app, platforms: app.platforms).isEmpty)
  }

  @Test(arguments: ["MyGlass.app", "SaverApp.app", "wdiodemoapp.app"])
  func givesNoEvidenceInTheCorpusApps(name: String) throws {
    let input = try BundleLoader.load(
      path: Corpus.directory.appendingPathComponent("bundles/" + name).path)
    for bundle in input.bundles.flatMap(\.allBundles) {
      #expect(PurposeStringUses.uses(in: bundle, platforms: bundle.platforms).isEmpty)
    }
    let found = Linter().lint(input).filter { $0.ruleID == "missing_purpose_string" }
    #expect(found.isEmpty)
  }
}
