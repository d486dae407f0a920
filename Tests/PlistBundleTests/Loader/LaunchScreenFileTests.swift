import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// The launch screen a bundle's `UILaunchStoryboardName` names, as the walker records it: a
/// compiled storyboard (`X.storyboardc`) or a XIB compiled to `X.nib` (a file or a folder), at
/// the top level or in an `.lproj` folder (issue 11, item 5).
@Suite struct LaunchScreenFileTests {
  /// The launch screen file the walker records for an app whose Info.plist names `name` and
  /// whose other files are `files`.
  static func launchFile(
    _ name: String, key: String = "UILaunchStoryboardName", files: [String: [UInt8]]
  ) -> BundleFile? {
    var all = files
    all["Info.plist"] = infoPlist([("CFBundleIdentifier", "org.example.app"), (key, name)])
    let app = BundleWalker(tree: MemoryTree(name: "App.app", files: all))
      .walk("", kind: .application)
    return app.files.first { $0.role == .launchStoryboard }
  }

  /// Bytes standing for a compiled nib (the walker reads only the name).
  static let nib: [UInt8] = Array("NIBArchive".utf8)

  @Test func findsANibFileAtTheTopLevel() throws {
    let file = try #require(Self.launchFile("LaunchScreen", files: ["LaunchScreen.nib": Self.nib]))
    #expect(file.path == "LaunchScreen.nib")
    #expect(file.problem == nil)
  }

  @Test func findsANibFolderInAnLprojFolder() throws {
    let file = try #require(
      Self.launchFile(
        "LaunchScreen",
        files: [
          "Base.lproj/LaunchScreen.nib/runtime.nib": Self.nib,
          "Base.lproj/LaunchScreen.nib/objects-13.0+.nib": Self.nib,
        ]))
    #expect(file.path == "Base.lproj/LaunchScreen.nib")
    #expect(file.problem == nil)
  }

  @Test func findsACompiledStoryboardInAnLprojFolder() throws {
    let file = try #require(
      Self.launchFile("Launch", files: ["en.lproj/Launch.storyboardc/Info.plist": Self.nib]))
    #expect(file.path == "en.lproj/Launch.storyboardc")
    #expect(file.problem == nil)
  }

  @Test func findsTheIPadLaunchScreenAsANib() throws {
    let file = try #require(
      Self.launchFile(
        "LaunchPad", key: "UILaunchStoryboardName~ipad", files: ["LaunchPad.nib": Self.nib]))
    #expect(file.path == "LaunchPad.nib")
    #expect(file.problem == nil)
  }

  @Test func recordsAMissingLaunchScreenNamingBothForms() throws {
    let file = try #require(
      Self.launchFile(
        "LaunchScreen",
        files: ["LaunchScreen.nib.bak": Self.nib, "Other.nib": Self.nib, "LaunchScreenX.nib": []]))
    #expect(file.path == "LaunchScreen.storyboardc")
    #expect(file.problem?.kind == .notFound)
    #expect(
      file.problem?.message
        == "UILaunchStoryboardName names \"LaunchScreen\", but neither LaunchScreen.storyboardc "
        + "nor LaunchScreen.nib is in the bundle")
  }

  /// A real compiled nib (MyGlass.app's, read in place) serving as the launch screen, and a real
  /// app whose launch storyboard is `Base.lproj/Main.storyboardc` (SaverApp.app).
  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func findsTheLaunchScreensOfCorpusBundles() throws {
    let realNib = try Corpus.bytes("bundles/MyGlass.app/GTMOAuth2ViewTouch.nib")
    let file = try #require(
      Self.launchFile("GTMOAuth2ViewTouch", files: ["GTMOAuth2ViewTouch.nib": realNib]))
    #expect(file.path == "GTMOAuth2ViewTouch.nib")
    #expect(file.problem == nil)
    let saver = Corpus.directory.appendingPathComponent("bundles/SaverApp.app").path
    let input = try BundleLoader.load(path: saver)
    let app = try #require(input.bundles.first)
    let launch = try #require(app.files.first { $0.role == .launchStoryboard })
    #expect(launch.path == "Base.lproj/Main.storyboardc")
    #expect(launch.problem == nil)
  }
}
