import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// The detail pane of a provisioning profile's row: kind, team, App ID, dates with the days
/// left or since expiry, devices, and each certificate's subject and validity (read with
/// OpenSSL from a profile signed in the test).
@Suite struct ProfileDetailTests {
  func state(expiring: String, now: PlistDate) throws -> AppState {
    var fixture = ProfileFixture.development
    fixture.expirationDate = expiring
    let jane = try TestSigner.Identity(
      commonName: "Apple Development: Jane Appleseed (ABCDE12345)",
      notBefore: "20240421091523Z", notAfter: "20250421091522Z")
    fixture.certificates = [Data(try jane.certificateDER()).base64EncodedString()]
    let path = "App.app/embedded.mobileprovision"
    let profile = try ProvisioningProfile.parse(try TestSigner.sign(fixture.xml), path: path)
    var file = BundleFile(
      path: path, role: .provisioningProfile, document: profile.document)
    file.profile = profile
    let app = BundleNode(
      path: "App.app", kind: .application, layout: .shallow, files: [file], platforms: [.iOS])
    let bundle = AppBundle(inputPath: "App.app", inputKind: .bundle, isBuilt: true, bundles: [app])
    var state = AppState(
      session: Session(title: "App.app", bundle: bundle), size: Size(width: 120, height: 60))
    state.fixedClock = now
    let index = try #require(state.session.files.firstIndex { $0.path == path })
    state.select(.node(file: index, path: []), reveal: .center)
    return state
  }

  func text(_ state: AppState) -> [String] {
    DetailPane.lines(state, width: 100).map { $0.map(\.text).joined() }
  }

  @Test func showsWhatTheProfileSaysOfItself() throws {
    let lines = text(
      try state(
        expiring: "2025-05-01T10:20:30Z",
        now: PlistDate(year: 2025, month: 4, day: 21, hour: 0, minute: 0, second: 0)))
    #expect(lines.contains("Provisioning profile"))
    #expect(lines.contains("Name       ProfileExplainer Development"))
    #expect(lines.contains("Kind       development"))
    #expect(lines.contains { $0.hasPrefix("Team       ") && $0.contains("(SKMME9E2Y8)") })
    #expect(lines.contains { $0.hasPrefix("App ID     SKMME9E2Y8.") })
    #expect(lines.contains("Created    2024-05-01"))
    #expect(lines.contains("Expires    2025-05-01, in 10 days"))
    #expect(lines.contains("Devices    2 devices"))
    #expect(lines.contains("Signing    Apple Development: Jane Appleseed (ABCDE12345)"))
    #expect(lines.contains("           from 2024-04-21 until 2025-04-21"))
  }

  @Test func saysWhenTheProfileAndItsCertificateExpired() throws {
    let lines = text(
      try state(
        expiring: "2025-05-01T10:20:30Z",
        now: PlistDate(year: 2025, month: 5, day: 31, hour: 12, minute: 0, second: 0)))
    #expect(lines.contains("Expires    2025-05-01, expired 30 days ago"))
    #expect(lines.contains("           from 2024-04-21 until 2025-04-21, expired"))
  }
}

/// Enter on a UID of a keyed archive follows it to `$objects[n]`.
@Suite struct KeyedArchiveTests {
  @Test func aUIDFollowsToItsObject() throws {
    let root: PlistNode = [
      "$archiver": "NSKeyedArchiver",
      "$objects": ["$null", "first", "second"],
      "$top": ["root": PlistNode(.uid(2)), "far": PlistNode(.uid(9))],
    ]
    let app = BundleNode(
      path: "Keyed.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "Keyed.app/state.plist", role: .propertyList,
          document: PlistDocument(root: root, format: .binary))
      ], platforms: [.iOS])
    let bundle = AppBundle(
      inputPath: "Keyed.app", inputKind: .bundle, isBuilt: true, bundles: [app])
    var state = AppState(
      session: Session(title: "Keyed.app", bundle: bundle), size: Size(width: 120, height: 40))
    let file = try #require(state.session.files.firstIndex { $0.path.hasSuffix("state.plist") })
    let keys = state.session.files[file].root?.value.dictionaryValue?.keys ?? []
    let top = try #require(keys.firstIndex(of: "$top"))
    let objects = try #require(keys.firstIndex(of: "$objects"))
    state.select(.node(file: file, path: [top, 0]), reveal: .center)
    _ = state.apply(.edit)
    #expect(state.selection == .node(file: file, path: [objects, 2]))
    #expect(state.message?.text == "followed UID 2 to $objects[2]")
    state.select(.node(file: file, path: [top, 1]), reveal: .center)
    _ = state.apply(.edit)
    #expect(state.message?.text == "UID 9 points past $objects, which holds 3 objects")
  }
}
