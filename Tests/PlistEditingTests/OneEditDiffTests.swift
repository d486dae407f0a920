import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistEditing

/// One edit to a real file changes only its own lines, in the file's indentation: what a user
/// under version control sees in `git diff` after fixing one key.
///
/// The corpus has no Info.plist indented with spaces (all 35 use tabs), so the space cases use
/// the 4-space privacy manifest of Charts and the one 4-space line of TrollStore's entitlements
/// (a file that mixes tabs and spaces).
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct OneEditDiffTests {
  static let tabs = "info-plist/NetNewsWire__iOS__Info.plist"
  static let spaces = "privacy-manifests/Charts__PrivacyInfo.xcprivacy"
  static let mixed = "entitlements/TrollStore__TrollStore__entitlements.plist"

  /// The lines of the one changed region between two texts: those `before` had and those
  /// `after` has instead (the common first and last lines taken off).
  static func change(_ before: [UInt8], _ after: [UInt8]) -> (removed: [String], added: [String]) {
    let a = String(decoding: before, as: UTF8.self).components(separatedBy: "\n")
    let b = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
    var prefix = 0
    while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    return (Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
  }

  /// The file's bytes after one key-path edit, and the change from the original.
  static func edited(
    _ path: String, _ edit: KeyPathEdit
  ) throws -> (
    removed: [String], added: [String]
  ) {
    let bytes = try Corpus.bytes(path)
    var document = Document(try PlistReader.read(bytes: bytes, file: path))
    try document.perform("edit", keyPathEdits: [edit])
    let after = try document.bytes(as: .xml)
    #expect(try PlistReader.read(bytes: after).root == document.root)
    #expect(String(decoding: after, as: UTF8.self).split(separator: "\n").count > 5)
    return change(bytes, after)
  }

  static func key(_ text: String) throws -> KeyPath { try KeyPath(parsing: text) }

  // MARK: tabs

  @Test func settingAStringChangesOnlyItsLineWithTabs() throws {
    let diff = try Self.edited(
      Self.tabs, .set(Self.key("CFBundleShortVersionString"), .string("6.1.2")))
    #expect(diff.removed == ["\t<string>$(MARKETING_VERSION)</string>"])
    #expect(diff.added == ["\t<string>6.1.2</string>"])
  }

  @Test func settingANestedStringChangesOnlyItsLineWithTabs() throws {
    let diff = try Self.edited(
      Self.tabs, .set(Self.key("CFBundleURLTypes[0].CFBundleURLName"), .string("a & b")))
    #expect(diff.removed == ["\t\t\t<string>com.ranchero.NetNewsWire-Evergreen.iOS.feed</string>"])
    #expect(diff.added == ["\t\t\t<string>a &amp; b</string>"])
  }

  @Test func insertingAKeyAddsTwoLinesWithTabs() throws {
    let diff = try Self.edited(
      Self.tabs, .set(Self.key("NSCameraUsageDescription"), .string("Scans feed QR codes")))
    #expect(diff.removed == [])
    #expect(
      diff.added == [
        "\t<key>NSCameraUsageDescription</key>", "\t<string>Scans feed QR codes</string>",
      ])
  }

  @Test func insertingANestedKeyTakesItsSiblingsIndentation() throws {
    let diff = try Self.edited(
      Self.tabs, .set(Self.key("CFBundleURLTypes[0].CFBundleURLIconFile"), .string("Icon")))
    #expect(diff.removed == [])
    #expect(
      diff.added == ["\t\t\t<key>CFBundleURLIconFile</key>", "\t\t\t<string>Icon</string>"])
  }

  @Test func removingAKeyTakesOnlyItsLinesWithTabs() throws {
    let diff = try Self.edited(Self.tabs, .remove(Self.key("ITSAppUsesNonExemptEncryption")))
    #expect(diff.removed == ["\t<key>ITSAppUsesNonExemptEncryption</key>", "\t<false/>"])
    #expect(diff.added == [])
  }

  @Test func renamingAKeyChangesOnlyItsLineWithTabs() throws {
    let diff = try Self.edited(Self.tabs, .rename(Self.key("UserAgent"), to: "UserAgentShort"))
    #expect(diff.removed == ["\t<key>UserAgent</key>"])
    #expect(diff.added == ["\t<key>UserAgentShort</key>"])
  }

  // MARK: spaces

  @Test func settingAStringChangesOnlyItsLineWithSpaces() throws {
    let diff = try Self.edited(
      Self.mixed, .set(Self.key("application-identifier"), .string("com.example.Store")))
    #expect(diff.removed == ["    <string>com.opa334.TrollStore</string>"])
    #expect(diff.added == ["    <string>com.example.Store</string>"])
  }

  @Test func settingABooleanChangesOnlyItsLineWithSpaces() throws {
    let diff = try Self.edited(Self.spaces, .set(Self.key("NSPrivacyTracking"), .boolean(true)))
    #expect(diff.removed == ["    <false/>"])
    #expect(diff.added == ["    <true/>"])
  }

  @Test func insertingAKeyAddsTwoLinesWithSpaces() throws {
    let diff = try Self.edited(
      Self.spaces, .set(Self.key("NSPrivacyTrackingNote"), .string("none")))
    #expect(diff.removed == [])
    #expect(diff.added == ["    <key>NSPrivacyTrackingNote</key>", "    <string>none</string>"])
  }

  @Test func removingAKeyTakesOnlyItsLinesWithSpaces() throws {
    let diff = try Self.edited(Self.spaces, .remove(Self.key("NSPrivacyTracking")))
    #expect(diff.removed == ["    <key>NSPrivacyTracking</key>", "    <false/>"])
    #expect(diff.added == [])
  }
}
