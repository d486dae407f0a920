import PlistBundle
import PlistCore
import PlistEditing
import PlistRules
import Testing

@testable import PlistUI

/// Editing through keys: the inline editor, booleans, adding with completion, deleting,
/// renaming, fixes, undo and redo, and quitting with unsaved changes.
@Suite struct EditingTests {
  static let size = Size(width: 120, height: 40)

  func run(_ keys: String) -> AppState {
    var state = AppState(session: UIFixtures.session, size: Self.size)
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
    return state
  }

  func value(_ state: AppState, _ path: String) -> PlistValue? {
    guard let root = state.session.files[0].root, let keyPath = try? KeyPath(parsing: path)
    else { return nil }
    return root.node(at: keyPath)?.value
  }

  func rules(_ state: AppState) -> [String] { state.session.findings.map(\.ruleID) }

  @Test func editsAStringInPlaceAndUndoes() {
    let state = run("j j e Ctrl-U L u m e n Enter")
    #expect(value(state, "CFBundleDisplayName") == .string("Lumen"))
    #expect(state.modal == nil)
    #expect(state.message?.text == "set CFBundleDisplayName (u undoes)")
    #expect(state.session.hasUnsavedChanges)
    let undone = run("j j e Ctrl-U L u m e n Enter u")
    #expect(value(undone, "CFBundleDisplayName") == .string("Lantern"))
    #expect(!undone.session.hasUnsavedChanges)
    let redone = run("j j e Ctrl-U L u m e n Enter u Ctrl-R")
    #expect(value(redone, "CFBundleDisplayName") == .string("Lumen"))
  }

  @Test func escapeCancelsAndKeepsTheValue() {
    let state = run("j j e Ctrl-U X Esc")
    #expect(value(state, "CFBundleDisplayName") == .string("Lantern"))
    #expect(state.modal == nil)
  }

  @Test func theInlineEditorIsDrawnOnTheRow() {
    var state = run("j j e Ctrl-U L u")
    let canvas = ScreenRenderer.render(state)
    let row = canvas.line(4)
    #expect(row.contains("CFBundleDisplayName"))
    #expect(row.contains("String     Lu   "))
    #expect(canvas.line(39).hasPrefix(" CFBundleDisplayName (String): Lu"))
    _ = state.handle(.key(.escape))
    #expect(ScreenRenderer.render(state).line(4).contains("\"Lantern\""))
  }

  @Test func enterFlipsABoolean() {
    // LSRequiresIPhoneOS is the 11th key.
    let state = run("j j J J J J J J J J J Enter")
    #expect(value(state, "LSRequiresIPhoneOS") == .boolean(false))
    // The status line says what the key did and how to take it back.
    #expect(state.message?.text == "set LSRequiresIPhoneOS to false (u undoes)")
  }

  @Test func aFixedPurposeStringLosesItsFinding() {
    #expect(rules(run("")).contains("blank_purpose_string"))
    // The blank purpose string is a warning (no evidence the app asks): found by search.
    let state = run("/ P r i v a c y Enter Enter T a k e s Space p h o t o s . Enter")
    #expect(value(state, "NSCameraUsageDescription") == .string("Takes photos."))
    #expect(!rules(state).contains("blank_purpose_string"))
    // The missing CFBundleName and icon name remain.
    #expect(state.session.counts[.error] == 2 + 1)
  }

  @Test func addsAKeyCompletedFromItsDisplayName() {
    // "Privacy - Mic" completes to NSMicrophoneUsageDescription; its type is a string.
    let state = run(
      "j a P r i v a c y Space - Space M i c Enter R e c o r d s Space n o t e s . Enter")
    #expect(value(state, "NSMicrophoneUsageDescription") == .string("Records notes."))
    let added = state.selection.map { state.session.keyPath($0).description }
    #expect(added == "NSMicrophoneUsageDescription")
  }

  @Test func completionsComeFromTheCatalogAndSkipPresentKeys() {
    let state = run("j a N S C a m")
    guard case .input(let prompt)? = state.modal else {
      Issue.record("no input prompt")
      return
    }
    #expect(!prompt.suggestions.contains { $0.key == "NSCameraUsageDescription" })
    let more = run("j a U I S u p p o r t e d")
    guard case .input(let second)? = more.modal else { return }
    #expect(second.suggestions.first?.key == "UISupportedExternalAccessoryProtocols")
  }

  @Test func addingToAnArrayOffersTheCatalogValuesLeft() {
    // UISupportedInterfaceOrientations holds Portrait: the other three are offered.
    let state = run("G k k k k l a")
    guard case .choice(let prompt)? = state.modal else {
      Issue.record("no pick list: \(String(describing: state.message))")
      return
    }
    #expect(prompt.options.count == 3)
    #expect(!prompt.options.contains("UIInterfaceOrientationPortrait"))
    let added = run("G k k k k l a Down Enter")
    let items = value(added, "UISupportedInterfaceOrientations")?.arrayValue ?? []
    #expect(items.count == 2)
  }

  @Test func deletingAScalarIsImmediateAndAContainerAsks() {
    let scalar = run("j j d")
    #expect(value(scalar, "CFBundleDisplayName") == nil)
    #expect(scalar.message?.text == "deleted CFBundleDisplayName (u undoes)")
    let asks = run("G k k k k d")
    guard case .confirm(let prompt)? = asks.modal else {
      Issue.record("no question")
      return
    }
    #expect(prompt.question == "delete UISupportedInterfaceOrientations and its 1 item?")
    #expect(value(run("G k k k k d y"), "UISupportedInterfaceOrientations") == nil)
    #expect(value(run("G k k k k d n"), "UISupportedInterfaceOrientations") != nil)
  }

  @Test func renamesAKeyAndRefusesADuplicate() {
    let state = run("j j r Ctrl-U C F B u n d l e N a m e Enter")
    #expect(value(state, "CFBundleName") == .string("Lantern"))
    let refused = run("j j r Ctrl-U C F B u n d l e E x e c u t a b l e Enter")
    guard case .input(let prompt)? = refused.modal else {
      Issue.record("the prompt closed")
      return
    }
    #expect(prompt.error == "the dictionary already has the key CFBundleExecutable")
    #expect(prompt.editor.text == "CFBundleExecutable")
  }

  @Test func theFixOfAMisspeltKeyRenamesIt() throws {
    var state = run("")
    let index = try #require(
      state.session.findings.firstIndex { $0.ruleID == "near_miss_key" && $0.fix != nil })
    state.select(state.session.findingItems[index], reveal: .center)
    _ = state.handle(.key(.character("x")))
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question")
      return
    }
    #expect(prompt.question.hasPrefix(state.session.findings[index].fix?.title ?? "?"))
    _ = state.handle(.key(.character("y")))
    #expect(value(state, "UIRequiresFullScreen") == .boolean(true))
    #expect(value(state, "UIRequiresFullscreen") == nil)
    #expect(!rules(state).contains("near_miss_key"))
  }

  /// `x` after Enter opened a finding from the list fixes that finding, not the first finding
  /// with a fix on its row; a finding without a fix says so, with its reason.
  @Test func xFixesTheFindingEnterOpened() throws {
    // A built app whose Info.plist lacks keys: its root row holds the missing export
    // compliance key (no fix) and the missing launch screen (a fix), among others.
    let info = """
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>com.example.t</string>
      <key>CFBundleExecutable</key><string>T</string>
      <key>CFBundlePackageType</key><string>APPL</string>
      <key>CFBundleShortVersionString</key><string>1.0</string>
      <key>CFBundleVersion</key><string>1</string>
      <key>MinimumOSVersion</key><string>15.0</string>
      </dict></plist>
      """
    let app = BundleNode(
      path: "T.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "T.app/Info.plist", role: .infoPlist,
          document: UIFixtures.document(info, "T.app/Info.plist"))
      ], platforms: [.iOS])
    let session = Session(
      title: "T.app",
      bundle: AppBundle(inputPath: "T.app", inputKind: .bundle, isBuilt: true, bundles: [app]))
    func run(_ keys: String) -> AppState {
      var state = AppState(session: session, size: Size(width: 120, height: 40))
      for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
      return state
    }
    // A row holding a finding without a fix beside one with a fix.
    let row = try #require(
      session.ownFindings.first { _, own in
        own.contains { session.findings[$0].fix == nil }
          && own.contains { session.findings[$0].fix != nil }
      })
    let unfixable = try #require(row.value.first { session.findings[$0].fix == nil })
    let fixable = try #require(row.value.first { session.findings[$0].fix != nil })
    func openThenFix(_ finding: Int) -> AppState {
      var state = run("")
      let position = state.findings.sorted.firstIndex(of: finding) ?? 0
      let keys = "! g" + String(repeating: " j", count: position) + " Enter x"
      for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
      return state
    }
    let refused = openThenFix(unfixable)
    #expect(refused.selection == row.key)
    #expect(refused.modal == nil)
    #expect(refused.message?.isError == true)
    #expect(refused.message?.text.hasPrefix("this finding has no automatic fix") == true)
    let offered = openThenFix(fixable)
    guard case .confirm(let prompt)? = offered.modal else {
      Issue.record("no question for the finding with a fix")
      return
    }
    #expect(prompt.question.hasPrefix(session.findings[fixable].fix?.title ?? "?"))
    // Without a finding opened, `x` on the row offers its first fix, as before.
    var plain = run("")
    plain.select(row.key, reveal: .center)
    _ = plain.handle(.key(.character("x")))
    guard case .confirm(let first)? = plain.modal else {
      Issue.record("no question on the row")
      return
    }
    #expect(first.question.hasPrefix(session.findings[fixable].fix?.title ?? "?"))
  }

  @Test func quittingWithUnsavedChangesAsks() {
    var state = run("j j d")
    #expect(state.apply(.quit).isEmpty)
    guard case .confirm(let prompt)? = state.modal else {
      Issue.record("no question")
      return
    }
    #expect(prompt.question == "1 file has unsaved changes")
    #expect(state.handle(.key(.character("c"))).isEmpty)
    _ = state.apply(.quit)
    #expect(state.handle(.key(.character("d"))) == [.quit])
  }

  @Test func generatedAndSignedFilesAreReadOnly() {
    var state = run("")
    state.session.isInMemory = true
    _ = state.handle(.key(.character("j")))
    _ = state.handle(.key(.character("j")))
    _ = state.handle(.key(.character("w")))
    #expect(state.message == StatusMessage("no unsaved changes", isError: true))
  }
}

@Suite struct TypeChangeTests {
  @Test func changesAStringToAnIntegerAndRefusesWhatWouldLoseTheValue() {
    var state = AppState(session: UIFixtures.session, size: Size(width: 120, height: 40))
    // CFBundleVersion "7" (the 7th key) becomes the Integer 7.
    for event in VirtualTerminal.keys("j j J J J J J J t Down Enter") { _ = state.handle(event) }
    let root = state.session.files[0].root?.value.dictionaryValue
    #expect(root?["CFBundleVersion"]?.value == .integer(PlistInteger(7)))
    #expect(state.message?.text == "CFBundleVersion is now an Integer (u undoes)")
    // "Lantern" cannot become a Date.
    for event in VirtualTerminal.keys("g j j t Down Down Down Down Enter") {
      _ = state.handle(event)
    }
    #expect(state.message?.isError == true)
    #expect(
      state.session.files[0].root?.value.dictionaryValue?["CFBundleDisplayName"]?.value
        == .string("Lantern"))
  }
}

/// Fixes from the editing newcomer run, each held by a test.
@Suite struct EditingNewcomerFixesTests {
  func run(_ keys: String) -> AppState {
    var state = AppState(session: UIFixtures.session, size: Size(width: 120, height: 40))
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
    return state
  }

  @Test func renamingToADisplayNameUsesItsRawKey() {
    let state = run(
      "j j r Ctrl-U P r i v a c y Space - Space M i c r o p h o n e Space U s a g e Space D e s c r i p t i o n Enter"
    )
    let root = state.session.files[0].root?.value.dictionaryValue
    #expect(root?["NSMicrophoneUsageDescription"]?.value == .string("Lantern"))
  }

  @Test func aTypedRawKeyStaysAsTypedUnlessTabPicksACompletion() {
    let typed = run("j a C F B u n d l e Enter Enter")
    guard case .choice(let prompt)? = typed.modal, case .newType(_, _, let key) = prompt.purpose
    else {
      Issue.record("no type choice: \(String(describing: typed.modal))")
      return
    }
    #expect(key == "CFBundle")
    let picked = run("j a C F B u n d l e D e v Tab Enter")
    guard case .input(let input)? = picked.modal, case .newValue(_, _, let key, _) = input.purpose
    else {
      Issue.record("no value prompt: \(String(describing: picked.modal))")
      return
    }
    #expect(key == "CFBundleDevelopmentRegion")
  }

  @Test func changingToTheSameTypeRecordsNothing() {
    let state = run("j j t Enter")
    #expect(state.message?.text == "CFBundleDisplayName is already a String")
    #expect(!state.session.hasUnsavedChanges)
  }

  @Test func fractionalDatesAreFoundForTheXMLWarning() {
    let whole = PlistNode(.date(PlistDate(secondsSinceReferenceDate: 10)))
    let fraction = PlistNode(.array([PlistNode(.date(PlistDate(secondsSinceReferenceDate: 10.5)))]))
    #expect(!AppState.hasFractionalDates(whole))
    #expect(AppState.hasFractionalDates(fraction))
  }
}
