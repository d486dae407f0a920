import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The icon rules over the corpus icon sets, each placed in a project folder as Xcode keeps it.
///
/// The corpus holds only each set's `Contents.json` (and each Icon Composer icon's
/// `icon.json`), not the images. So every set is linted twice: as it is, where the images are
/// missing (one `missing_icon_image` finding per set, never one per slot), and with an RGB PNG
/// of the right pixel size written for every slot, which leaves only what the JSON itself
/// shows.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct IconsCorpusTests {
  /// The corpus files of one project, by repository prefix (`UTM`), placed at
  /// `<Name>.appiconset/Contents.json` and `<Name>.icon/icon.json`.
  static func tree(_ project: String, withImages: Bool) throws -> MemoryTree {
    var files: [String: [UInt8]] = [:]
    for entry in Corpus.entries(in: "appiconset") {
      let name = entry.path.split(separator: "/").last.map(String.init) ?? ""
      guard name.hasPrefix(project + "__"), !name.contains("brandassets") else { continue }
      let parts = name.dropFirst(project.count + 2).components(separatedBy: "__")
      let bytes = [UInt8](try entry.data())
      if name.hasSuffix("icon.json") {
        files["App/\(parts[0])/icon.json"] = bytes
        continue
      }
      // `AppIcon.appiconset__Contents.json`, `WhisperAX__AppIcon.appiconset__Contents.json`,
      // or `Mac__AppIcon.Contents.json` (a set of the `Mac` folder).
      let setName =
        parts.first { $0.hasSuffix(".appiconset") }
        ?? parts.joined(separator: "-").replacingOccurrences(of: ".Contents.json", with: "")
        + ".appiconset"
      let folder = "App/Assets.xcassets/\(setName)"
      files[folder + "/Contents.json"] = bytes
      guard withImages else { continue }
      let set = try AppIconSet.read(
        contentsPath: folder + "/Contents.json",
        in: MemoryTree(name: "", files: [folder + "/Contents.json": bytes]))
      for slot in set.images {
        guard let file = slot.filename, let pixels = slot.expectedPixels else { continue }
        files[folder + "/" + file] = IconExamples.png(pixels.width, pixels.height)
      }
    }
    return MemoryTree(name: project, files: files)
  }

  static let projects = [
    "IceCubesApp", "NetNewsWire", "UTM", "WhisperKit", "home-assistant-iOS", "iina",
  ]

  static func findings(_ project: String, withImages: Bool) throws -> [Finding] {
    let input = ProjectInput.load(
      tree: try tree(project, withImages: withImages), projects: [], inputPath: project)
    let rules = RuleCatalog.icons.map { $0.init() }
    return Linter(rules: rules).lint(input)
  }

  /// The rule identifiers found per project, without and with the images, checked by hand.
  ///
  /// Without images each set gets exactly one `missing_icon_image` finding (true of a folder
  /// holding only `Contents.json`); with them only UTM's and home-assistant's sets remain, each
  /// with an Icon Composer icon of the same name beside it (Apple: the `.icon` replaces the
  /// set). UTM's empty iOS slots (38, 64 and 68 pt) are optional and give nothing; every iOS
  /// and watchOS set has its 1024 App Store slot; the macOS sets fill all ten slots.
  static let expected: [String: (without: [String], with: [String])] = [
    "IceCubesApp": (["missing_icon_image", "missing_icon_image"], []),
    "NetNewsWire": (["missing_icon_image", "missing_icon_image", "missing_icon_image"], []),
    "UTM": (
      ["icon_composer_replaces_icon_set", "missing_icon_image"],
      ["icon_composer_replaces_icon_set"]
    ),
    "WhisperKit": (["missing_icon_image"], []),
    "home-assistant-iOS": (
      ["icon_composer_replaces_icon_set", "missing_icon_image"],
      ["icon_composer_replaces_icon_set"]
    ),
    "iina": (["missing_icon_image"], []),
  ]

  @Test(arguments: projects)
  func findingsAreTheReviewedOnes(project: String) throws {
    let without = try Self.findings(project, withImages: false)
    let with = try Self.findings(project, withImages: true)
    #expect(without.map(\.ruleID).sorted() == Self.expected[project]?.without, "\(without)")
    #expect(with.map(\.ruleID).sorted() == Self.expected[project]?.with, "\(with)")
    #expect(without.allSatisfy { $0.ruleID != "missing_icon_image" || $0.keyPath == .root })
  }
}
