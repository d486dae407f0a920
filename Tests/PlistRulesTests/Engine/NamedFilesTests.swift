import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// Files a project's build settings name (`INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`) that are
/// missing are errors on the setting's line in `project.pbxproj`, a place that exists, and on
/// the setting's row; present files give no such finding.
@Suite struct NamedFilesTests {
  static let settings = """
    INFOPLIST_FILE = Demo/Info.plist;
    CODE_SIGN_ENTITLEMENTS = Demo/Demo.entitlements;
    """

  static func unreadable(_ input: AppBundle) -> [Finding] {
    Linter().lint(input).filter { $0.ruleID == "unreadable_property_list" }
  }

  @Test func missingNamedFilesAreErrorsOnTheSettingsLine() throws {
    let found = Self.unreadable(IconsProjectTests.project(Self.settings))
    #expect(
      found.map(\.message) == [
        "CODE_SIGN_ENTITLEMENTS names Demo/Demo.entitlements, which is missing; Xcode cannot "
          + "build the target without it",
        "INFOPLIST_FILE names Demo/Info.plist, which is missing; Xcode cannot build the target "
          + "without it",
      ])
    #expect(found.allSatisfy { $0.severity == .error })
    #expect(
      found.allSatisfy { $0.noFixReason?.hasPrefix("infoscope cannot make the file") == true })
    #expect(found.map(\.file) == Array(repeating: "Demo.xcodeproj/project.pbxproj", count: 2))
    // The settings are on lines 13 and 14 of the fixture's project file, after its three
    // fixed settings of the target's configuration (lines 10 to 12).
    #expect(found.map(\.line) == [14, 13])
    #expect(
      found.map(\.keyPath) == [
        KeyPath([
          .key("objects"), .key("TD"), .key("buildSettings"), .key("CODE_SIGN_ENTITLEMENTS"),
        ]),
        KeyPath([.key("objects"), .key("TD"), .key("buildSettings"), .key("INFOPLIST_FILE")]),
      ])
  }

  @Test func presentNamedFilesGiveNoReadFinding() {
    let input = IconsProjectTests.project(
      Self.settings,
      files: [
        "Demo/Info.plist": Array("<plist><dict/></plist>".utf8),
        "Demo/Demo.entitlements": Array("<plist><dict/></plist>".utf8),
      ])
    #expect(Self.unreadable(input).isEmpty)
  }

  /// A named file that is there but does not parse keeps the reader's reason.
  @Test func anUnparsableInfoPlistFileSaysWhy() {
    let input = IconsProjectTests.project(
      "INFOPLIST_FILE = Demo/Info.plist;",
      files: ["Demo/Info.plist": Array("<plist><dict><key>a</key></dict></plist>".utf8)])
    let found = Self.unreadable(input)
    #expect(found.count == 1)
    #expect(found.first?.file == "Demo.xcodeproj/project.pbxproj")
    #expect(
      found.first?.message.hasPrefix(
        "INFOPLIST_FILE names Demo/Info.plist, which could not be read:")
        == true, "\(found.map(\.message))")
  }
}
