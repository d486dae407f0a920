import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// The privacy-manifest rules over every corpus manifest, findings checked by hand.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct PrivacyManifestCorpusTests {
  static let names = [
    "Charts__PrivacyInfo.xcprivacy", "NetNewsWire__iOS__PrivacyInfo.xcprivacy",
    "UTM__iOS__PrivacyInfo.xcprivacy", "XCGLogger__PrivacyInfo.xcprivacy",
    "clevertap-ios-sdk__PrivacyInfo.xcprivacy", "stream-video-swift__PrivacyInfo.xcprivacy",
  ]

  /// Charts ships `NSPrivacyAccessedAPITypes` as an empty array, which TN3181 calls invalid;
  /// the others are valid (XCGLogger's empty tracking-domain and collected-data arrays are
  /// allowed: only an empty accessed-API array is named invalid).
  static let expected: [String: [String]] = [
    "Charts__PrivacyInfo.xcprivacy": ["invalid_privacy_manifest@NSPrivacyAccessedAPITypes"]
  ]

  @Test(arguments: names)
  func findsOnlyTheInvalidEmptyArray(name: String) throws {
    let url = Corpus.directory.appendingPathComponent("privacy-manifests/" + name)
    let document = try PlistReader.read(bytes: [UInt8](try Data(contentsOf: url)))
    let subject = LintSubject(path: name, role: .privacyManifest, root: document.root)
    let linter = Linter(rules: RuleCatalog.privacyManifest.map { $0.init() })
    let found = linter.lint(subject).map { "\($0.ruleID)@\($0.keyPath)" }
    #expect(found == Self.expected[name] ?? [])
  }
}
