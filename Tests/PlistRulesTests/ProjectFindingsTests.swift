import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct ProjectFindingsTests {
  @Test func aFindingOnAKeyOfTheInfoPlistFileIsReportedInThatFile() throws {
    let tree = MemoryTree(
      name: "WhisperAX",
      files: [
        "WhisperAX.xcodeproj/project.pbxproj": try Corpus.bytes(
          "pbxproj/WhisperKit__WhisperAX.xcodeproj__project.pbxproj"),
        "WhisperAX/Info.plist": try Corpus.bytes("info-plist/WhisperKit__WhisperAX__Info.plist"),
      ])
    let input = ProjectInput.load(tree: tree, projects: ["WhisperAX.xcodeproj"], inputPath: "W")
    let findings = Linter().lint(input).filter { $0.ruleID == "key_in_wrong_file" }
    #expect(findings.map(\.file) == ["WhisperAX/Info.plist"])
    #expect(findings.map(\.line) == [6])
    #expect(findings.map(\.keyPath.description) == ["NSPrivacyAccessedAPITypes"])
  }
}
