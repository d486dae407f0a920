import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// The cost of linting an app with many nested bundles, in process.
///
/// The app and N app extensions, each with its own Info.plist, are walked from memory and
/// linted with every rule, and with `duplicate_bundle_identifier` alone (the rule that once
/// copied every bundle for each file, issue 13). Linear cost shows as a flat time per bundle
/// down the rows.
enum BundleLintBench {
  /// The extension counts measured.
  static let counts = [1_000, 2_000, 4_000]

  /// One row: the count and the seconds for the walk, the full lint and the one rule.
  struct Row: Sendable {
    var extensions: Int
    var walk: Double
    var lint: Double
    var duplicateRule: Double
  }

  /// An app `A.app` with `count` extensions, each Info.plist a few keys.
  static func tree(extensions count: Int) -> MemoryTree {
    func info(_ identifier: String) -> [UInt8] {
      Array(
        ("<plist><dict><key>CFBundleIdentifier</key><string>\(identifier)</string>"
          + "<key>CFBundleExecutable</key><string>X</string>"
          + "<key>CFBundleShortVersionString</key><string>1.0</string>"
          + "<key>CFBundleVersion</key><string>1</string>"
          + "<key>DTPlatformName</key><string>iphoneos</string></dict></plist>").utf8)
    }
    var files: [String: [UInt8]] = ["Info.plist": info("com.example.a"), "X": []]
    for i in 0..<count {
      files["PlugIns/E\(i).appex/Info.plist"] = info("com.example.a.e\(i)")
      files["PlugIns/E\(i).appex/X"] = []
    }
    return MemoryTree(name: "A.app", files: files)
  }

  /// Measures every count once.
  static func run() -> [Row] {
    counts.map { count in
      let tree = tree(extensions: count)
      var app: BundleNode?
      let walk = seconds { app = BundleWalker(tree: tree).walk("", kind: .application) }
      let input = AppBundle(
        inputPath: "A.app", inputKind: .bundle, isBuilt: true, bundles: app.map { [$0] } ?? [])
      let lint = seconds { _ = Linter().lint(input) }
      let rule = RuleCatalog.rule("duplicate_bundle_identifier").map { [$0.init()] } ?? []
      let duplicate = seconds { _ = Linter(rules: rule).lint(input) }
      return Row(extensions: count, walk: walk, lint: lint, duplicateRule: duplicate)
    }
  }

  /// The rows as a Markdown table, with the time per bundle.
  static func markdown(_ rows: [Row]) -> String {
    var out = "\n## Lint of an app with many extensions (in process)\n\n"
    out += "| extensions | walk (s) | lint, all rules (s) | per bundle (ms) |"
    out += " duplicate_bundle_identifier alone (s) |\n"
    out += "| ---: | ---: | ---: | ---: | ---: |\n"
    for row in rows {
      let perBundle = row.lint * 1_000 / Double(row.extensions + 1)
      out +=
        "| \(row.extensions) | \(format2(row.walk)) | \(format2(row.lint)) | "
        + "\(format2(perBundle)) | \(format2(row.duplicateRule)) |\n"
    }
    return out
  }

  private static func seconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
