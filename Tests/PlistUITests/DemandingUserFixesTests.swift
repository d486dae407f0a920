import Foundation
import PlistBundle
import PlistCore
import PlistRules
import TestSupport
import Testing

@testable import PlistUI

/// What a demanding user tripped on, each held by a test.
@Suite struct DemandingUserFixesTests {
  static let size = Size(width: 120, height: 40)

  func state(_ keys: String = "") -> AppState {
    var state = AppState(session: UIFixtures.session, size: Self.size)
    for event in VirtualTerminal.keys(keys) { _ = Inspector.handle(event, on: &state) }
    return state
  }

  func press(_ state: inout AppState, _ keys: String) {
    for event in VirtualTerminal.keys(keys) { _ = Inspector.handle(event, on: &state) }
  }

  /// A provisioning profile cannot be edited or saved: its property list sits inside Apple's
  /// signature, which a save dropped.
  @Test func aProvisioningProfileIsReadOnly() throws {
    let path = "App.app/embedded.mobileprovision"
    let profile = try ProvisioningProfile.parse(
      try TestSigner.sign(ProfileFixture.development.xml), path: path)
    var file = BundleFile(path: path, role: .provisioningProfile, document: profile.document)
    file.profile = profile
    let app = BundleNode(
      path: "App.app", kind: .application, layout: .shallow, files: [file], platforms: [.iOS])
    let session = Session(
      title: "App.app",
      bundle: AppBundle(inputPath: "App.app", inputKind: .bundle, isBuilt: true, bundles: [app]))
    let index = try #require(session.files.firstIndex { $0.path == path })
    #expect(session.editBlocker(index)?.contains("signed by Apple") == true)
    guard case .unavailable = session.saveTarget(index) else {
      Issue.record("the profile has a save target")
      return
    }
    var state = AppState(session: session, size: Self.size)
    state.select(.node(file: index, path: [0]), reveal: .center)
    _ = state.apply(.edit)
    #expect(state.modal == nil)
    #expect(state.message?.text.contains("signed by Apple") == true)
    #expect(state.apply(.copyPlutilCommand).isEmpty)
    #expect(state.message?.text.hasPrefix("no plutil command: ") == true)
  }

  @Test func anEditThatChangesNothingRecordsNoStep() {
    let s = state("j j e Enter")
    #expect(!s.session.hasUnsavedChanges)
    #expect(s.message?.text == "CFBundleDisplayName unchanged")
  }

  @Test func aBundleRowFollowsAnEditOfItsVersion() throws {
    var s = state("j j")
    #expect(s.session.branches[0].version == "1.2 (7)")
    let root = try #require(s.session.files[0].root?.value.dictionaryValue)
    let at = try #require(root.keys.firstIndex(of: "CFBundleShortVersionString"))
    try s.session.perform(file: 0, "set", [.replace(at: [at], with: PlistNode(.string("9.9.9")))])
    #expect(s.session.branches[0].version == "9.9.9 (7)")
  }

  @Test func yBRefusesAKeyPlistBuddyCannotAddress() {
    var s = state()
    // The fixture has no key with ':'; the key path of a made-up one is refused.
    #expect(KeyPath([.key("x:y")]).plistBuddyPath == nil)
    press(&s, "j j y b")
    #expect(s.message?.text.hasPrefix("copied :CFBundleDisplayName") == true)
  }

  @Test func aBuildSettingReferenceIsSearchedAsText() {
    let matcher = SearchMatcher("$(PRODUCT_NAME)")
    #expect(matcher.matches("Scan $(PRODUCT_NAME) codes"))
    #expect(matcher.note == nil)
    #expect(SearchMatcher("${PRODUCT_NAME}").matches("${PRODUCT_NAME}"))
  }

  @Test func downPastTheHistoryGivesBackTheDraft() {
    var s = state("/ O r i e n t Enter / d r a f t")
    press(&s, "Up")
    #expect(s.search.line?.text == "Orient")
    press(&s, "Down")
    #expect(s.search.line?.text == "draft")
  }

  @Test func zoomFromTheFindingsListShowsThatFindingAndGivesFocusBack() {
    var s = state("Tab Tab j j")
    let finding = s.selectedFinding
    press(&s, "Z")
    #expect(s.detailZoomed)
    if let finding { #expect(s.selection == s.session.findingItems[finding]) }
    press(&s, "Z")
    #expect(s.focus == .findings)
  }

  @Test func aCountPastTheEndSaysItReachedTheLastRow() {
    var s = state()
    press(&s, "9 9 9 G")
    #expect(s.selection == s.outline.last)
    #expect(s.message?.text.hasSuffix(", the last") == true)
  }
}

/// `R` shows Xcode's names for values too, and for privacy-manifest keys.
@Suite struct DisplayNameValuesTests {
  @Test func rNamesDeviceFamiliesOrientationsAndManifestKeys() throws {
    var state = AppState(session: UIFixtures.session, size: Size(width: 120, height: 40))
    let root = try #require(state.session.files[0].root?.value.dictionaryValue)
    let family = try #require(root.keys.firstIndex(of: "UIDeviceFamily"))
    let orientations = try #require(root.keys.firstIndex(of: "UISupportedInterfaceOrientations"))
    func value(_ path: [Int]) -> String {
      TreePane.row(.node(file: 0, path: path), in: state).value
    }
    #expect(value([family, 0]) == "1")
    _ = state.apply(.toggleDisplayNames)
    #expect(value([family, 0]) == "1  (iPhone)")
    #expect(value([family, 1]) == "2  (iPad)")
    #expect(
      value([orientations, 0])
        == "\"UIInterfaceOrientationPortrait\"  (Portrait (bottom home button))")
    #expect(
      KnownKeys.entry(resolving: "NSPrivacyCollectedDataTypes")?.displayName
        == "Privacy Nutrition Label Types")
    #expect(
      KnownKeys.valueDisplayName(
        "UIInterfaceOrientationLandscapeLeft", key: "UISupportedInterfaceOrientations~ipad")
        == "Landscape (left home button)")
  }
}

/// From the newcomer's run: an open row's marker is its own findings' worst (its children
/// show theirs), and `R` keeps a device variant apart from its base key.
@Suite struct NewcomerMarkerTests {
  @Test func everyOpenRowShowsItsOwnWorstFindingOnly() throws {
    var state = AppState(session: UIFixtures.session, size: Size(width: 120, height: 60))
    _ = state.apply(.expandAll)
    let screen = ScreenRenderer.render(state)
    let rows = state.visibleRows
    #expect(!rows.isEmpty)
    for (n, item) in rows.enumerated() where state.outline.isOpen(item) {
      let own = state.session.ownFindings[item]?.map { state.session.findings[$0].severity }.max()
      let first = String(screen.line(2 + n).prefix(1))
      #expect(first == (own.map(Marker.glyph) ?? " "), "\(item)")
    }
  }

  @Test func rKeepsADeviceVariantApart() {
    var state = AppState(session: ColumnsTests.session, size: Size(width: 120, height: 40))
    _ = state.apply(.toggleDisplayNames)
    let labels = (0..<3).map { TreePane.row(.node(file: 0, path: [$0]), in: state).label }
    #expect(labels[1] != labels[2])
    #expect(labels[2].hasSuffix(" (iPad)"))
  }
}
