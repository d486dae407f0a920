import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The icon rules on the three built apps of the shared corpus, read in place; each finding
/// was judged by hand against the catalog's content (see the rules' rationales).
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct CompiledIconCorpusTests {
  static let iconRules: Set<String> = [
    "missing_icon_name", "icon_name_not_in_catalog", "missing_compiled_app_store_icon",
    "compiled_app_store_icon_alpha", "missing_required_icon_size", "unreadable_asset_catalog",
    "missing_icon_file",
  ]

  func iconFindings(_ app: String) throws -> [String] {
    let path = Corpus.directory.appendingPathComponent("bundles/\(app).app").path
    let bundle = try BundleLoader.load(path: path)
    return Linter().lint(bundle).filter { Self.iconRules.contains($0.ruleID) }.map {
      "\($0.file) \($0.keyPath) \($0.severity) \($0.ruleID)"
    }
  }

  @Test func saverAppLacksOnlyItsAppStoreIcon() throws {
    // Its AppIcon has phone and pad renditions up to 180×180 and no marketing one; the
    // catalog is not thinned and the build is a development one, so a note.
    #expect(
      try iconFindings("SaverApp") == [
        "Assets.car assets.AppIcon note missing_compiled_app_store_icon"
      ])
  }

  @Test func thinnedAndOlderBuildsGiveNoIconFinding() throws {
    // wdiodemoapp: a catalog thinned for one iPhone, CFBundleIconName inside
    // CFBundlePrimaryIcon. MyGlass: the iOS 10 SDK, loose PNGs up to 120×120.
    #expect(try iconFindings("wdiodemoapp") == [])
    #expect(try iconFindings("MyGlass") == [])
  }
}
