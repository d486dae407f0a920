import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// The signed entitlements against the embedded provisioning profile, side by side in the
/// detail pane.
@Suite struct EntitlementsProfileViewTests {
  static let signed: PlistNode = [
    "application-identifier": "ABCDE12345.com.example.app",
    "keychain-access-groups": ["ABCDE12345.shared", "OTHERTEAM.shared"],
    "com.apple.developer.siri": true,
    "get-task-allow": false,
    "com.apple.security.app-sandbox": true,
  ]

  static let profile: PlistNode = [
    "Name": "Example",
    "Entitlements": [
      "application-identifier": "ABCDE12345.*",
      "keychain-access-groups": ["ABCDE12345.*"],
      "get-task-allow": false,
      "aps-environment": "production",
    ],
  ]

  static var bundle: AppBundle {
    let app = BundleNode(
      path: "App.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "App.app/App#entitlements", role: .signedEntitlements,
          document: PlistDocument(root: signed, format: .binary)),
        BundleFile(
          path: "App.app/embedded.mobileprovision", role: .provisioningProfile,
          document: PlistDocument(root: profile, format: .xml)),
      ], platforms: [.iOS])
    return AppBundle(inputPath: "App.app", inputKind: .bundle, isBuilt: true, bundles: [app])
  }

  @Test func comparesEveryKeyOfBothSides() throws {
    let comparison = try #require(
      EntitlementsComparison(signedEntitlementsAt: "App.app/App#entitlements", in: Self.bundle))
    #expect(comparison.profilePath == "App.app/embedded.mobileprovision")
    let verdicts = comparison.rows.map { "\($0.key)=\($0.verdict.rawValue)" }
    #expect(
      verdicts == [
        "application-identifier=granted",
        "keychain-access-groups=value not granted",
        "com.apple.developer.siri=not in the profile",
        "get-task-allow=false, same as absent",
        "com.apple.security.app-sandbox=needs no grant",
        "aps-environment=granted, not claimed",
      ])
    #expect(comparison.row("aps-environment")?.signed == nil)
    #expect(comparison.row("aps-environment")?.profile?.value == .string("production"))
  }

  @Test func needsAProfile() {
    var bundle = Self.bundle
    bundle.bundles[0].files.removeLast()
    #expect(
      EntitlementsComparison(signedEntitlementsAt: "App.app/App#entitlements", in: bundle) == nil)
    #expect(EntitlementsComparison(signedEntitlementsAt: "App.app/Other", in: Self.bundle) == nil)
  }

  static func detail(path: [Int], width: Int) throws -> [String] {
    let session = Session(title: "App.app", bundle: Self.bundle)
    let file = try #require(session.files.firstIndex { $0.role == .signedEntitlements })
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    state.select(.node(file: file, path: path), reveal: .center)
    return DetailPane.lines(state, width: width).map { $0.map(\.text).joined() }
  }

  @Test func showsATableOnTheFileRow() throws {
    let lines = try Self.detail(path: [], width: 116)
    let start = try #require(lines.firstIndex(of: "Against the provisioning profile"))
    #expect(lines[start + 1] == "  App.app/embedded.mobileprovision")
    #expect(lines[start + 2] == "  2 claims not granted")
    #expect(lines[start + 3].hasPrefix("    key"))
    #expect(lines[start + 3].contains("signed"))
    #expect(lines[start + 3].contains("profile"))
    #expect(lines[start + 3].contains("verdict"))
    let siri = try #require(lines.first { $0.contains("com.apple.developer.siri") })
    #expect(siri.hasPrefix("  ✖ com.apple.developer.siri"))
    #expect(siri.contains("true"))
    #expect(siri.contains("—"))
    #expect(siri.hasSuffix("not in the profile"))
    let identifier = try #require(lines.first { $0.contains("application-identifier") })
    #expect(identifier.contains("\"ABCDE12345.com.example.app\""))
    #expect(identifier.contains("\"ABCDE12345.*\""))
    #expect(identifier.hasSuffix("granted"))
    for line in lines[(start + 3)...] { #expect(line.count <= 116, "\(line)") }
  }

  @Test func showsBlocksWhenNarrow() throws {
    let lines = try Self.detail(path: [], width: 50)
    let siri = try #require(lines.firstIndex { $0.contains("com.apple.developer.siri") })
    #expect(lines.contains("  z shows this as a table on the whole screen"))
    #expect(lines[siri] == "  ✖ com.apple.developer.siri  not in the profile")
    #expect(lines[siri + 1] == "      signed  true")
    #expect(lines[siri + 2] == "      profile —")
  }

  @Test func showsTheGrantOnAKeyRow() throws {
    let lines = try Self.detail(path: [1], width: 80)
    #expect(lines.contains { $0.hasPrefix("Profile") && $0.contains("\"ABCDE12345.*\"") })
    #expect(lines.contains { $0.hasPrefix("Verdict") && $0.hasSuffix("value not granted") })
  }

  /// `Z` shows the detail pane on the whole screen, where the table has room; `Z` again, or
  /// Esc, goes back.
  @Test func zoomShowsTheTableOnTheWholeScreen() throws {
    let session = Session(title: "App.app", bundle: Self.bundle)
    let file = try #require(session.files.firstIndex { $0.role == .signedEntitlements })
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    state.select(.node(file: file, path: []), reveal: .center)
    #expect(state.layout.detail?.width ?? 0 < 60)
    _ = state.apply(.zoomDetail)
    #expect(state.detailZoomed)
    #expect(state.focus == .detail)
    #expect(state.layout.detail?.width == 120)
    let screen = ScreenRenderer.render(state).text
    #expect(screen.contains("Z: back"))
    let row = try #require(
      screen.split(separator: "\n").first { $0.contains("com.apple.developer.siri") })
    #expect(row.contains("true"))
    #expect(row.hasSuffix("not in the profile"))
    _ = state.apply(.cancel)
    #expect(!state.detailZoomed)
    #expect(state.focus == .tree)
    #expect(state.layout.detail?.width ?? 0 < 60)
  }
}
