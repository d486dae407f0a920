import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// Commands applied to an `AppState`, checking selection, expansion and focus (jless-style).
@Suite struct AppStateTests {
  static let size = Size(width: 80, height: 24)

  func state(_ keys: String = "") -> AppState {
    var state = AppState(session: UIFixtures.session, size: Self.size)
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
    return state
  }

  func keyPath(_ state: AppState) -> String? {
    state.selection.map { state.session.keyPath($0).description }
  }

  @Test func opensWithBundlesAndTheFirstFileExpanded() {
    let s = state()
    #expect(s.selection == .branch(0))
    #expect(s.expansion.isExpanded(.branch(0)))
    #expect(s.expansion.isExpanded(.branch(1)))
    #expect(s.expansion.isExpanded(.node(file: 0, path: [])))
    #expect(!s.expansion.isExpanded(.node(file: 1, path: [])))
    #expect(s.visibleRows.count == s.treeRows)
  }

  @Test func movesDownUpAndToTheEnds() {
    #expect(keyPath(state("j j")) == "CFBundleDisplayName")
    #expect(keyPath(state("j j j k")) == "CFBundleDisplayName")
    #expect(state("G").selection == .node(file: 1, path: []))
    #expect(state("G g").selection == .branch(0))
    #expect(keyPath(state("j j 3 j")) == "CFBundleInfoDictionaryVersion")
    #expect(state("k").selection == .branch(0))
  }

  @Test func siblingsAndParent() {
    #expect(keyPath(state("j j J J")) == "CFBundleIdentifier")
    #expect(keyPath(state("j j J J K")) == "CFBundleExecutable")
    #expect(state("j j J H").selection == .node(file: 0, path: []))
  }

  @Test func foldsAndUnfolds() {
    // CFBundleSupportedPlatforms is the 8th key: l expands, l again goes to its first item.
    var s = state("j j J J J J J J J l")
    #expect(keyPath(s) == "CFBundleSupportedPlatforms")
    #expect(s.expansion.isExpanded(.node(file: 0, path: [7])))
    s = state("j j J J J J J J J l l")
    #expect(keyPath(s) == "CFBundleSupportedPlatforms[0]")
    s = state("j j J J J J J J J l l h h")
    #expect(keyPath(s) == "CFBundleSupportedPlatforms")
    #expect(!s.expansion.isExpanded(.node(file: 0, path: [7])))
    s = state("j Space")
    #expect(!s.expansion.isExpanded(.node(file: 0, path: [])))
    #expect(s.visibleRows.count == 4)
  }

  @Test func expandAndCollapseAll() {
    var s = state("E")
    #expect(s.expansion.isExpanded(.node(file: 1, path: [5])))
    s = state("j j C")
    #expect(s.selection == .branch(0))
    #expect(s.visibleRows == [.branch(0)])
  }

  @Test func nextFindingJumpsAndExpands() {
    let s = state("f")
    // Tree order: the missing CFBundleName and icon name land on the Info.plist's root
    // dictionary, the first row, so the first f stays there.
    #expect(s.selection == .node(file: 0, path: []))
    #expect(s.message?.text.hasPrefix("1/\(s.findings.treeOrder.count) ") == true)
    let camera =
      s.findings.treeOrder.firstIndex {
        s.session.findings[$0].keyPath.description == "NSCameraUsageDescription"
      } ?? 0
    #expect(camera >= 2)
    let severity = s.session.findings[s.findings.treeOrder[camera]].severity.rawValue
    let t = state(Array(repeating: "f", count: camera + 1).joined(separator: " "))
    #expect(keyPath(t) == "NSCameraUsageDescription")
    #expect(
      t.message?.text.hasPrefix("\(camera + 1)/\(s.findings.treeOrder.count) \(severity): ")
        == true)
    // The findings list's cursor follows to the same finding.
    #expect(t.selectedFinding == t.findings.treeOrder[camera])
    // Wraps from the first to the last.
    let back = state("F")
    #expect(back.selectedFinding == s.findings.treeOrder.last)
    let total = s.findings.treeOrder.count
    #expect(back.message?.text.hasPrefix("\(total)/\(total) (wrapped to the last) ") == true)
  }

  /// f visits every finding once, in tree order, whatever the list's sort, including several
  /// on one row (it used to repeat "2/4" on such a row), then says it wrapped.
  @Test func nextFindingVisitsEveryFindingOnceInTreeOrder() {
    let s = state("")
    let count = s.findings.treeOrder.count
    #expect(count >= 4)
    // Two findings share the root row of the Info.plist in the fixture.
    let rows = s.findings.treeOrder.map { s.session.findingItems[$0] }
    #expect(Set(rows.compactMap { $0 }).count < count)
    for sort in ["", "Tab Tab s Tab "] {
      var seen: [Int] = []
      var t = state(sort)
      for _ in 0..<count {
        _ = t.apply(.nextFinding)
        if let finding = t.selectedFinding { seen.append(finding) }
      }
      #expect(seen == s.findings.treeOrder, "sort: \(sort)")
      // Rows come in document order.
      for (a, b) in zip(seen, seen.dropFirst()) {
        guard let x = t.session.findingItems[a], let y = t.session.findingItems[b] else { continue }
        #expect(x == y || t.session.precedesInDocument(x, y))
      }
      _ = t.apply(.nextFinding)
      #expect(t.selectedFinding == s.findings.treeOrder.first)
      #expect(t.message?.text.hasPrefix("1/\(count) (wrapped to the first) ") == true)
    }
  }

  /// After the cursor moves, f goes to the first finding below it in tree order.
  @Test func nextFindingStartsAfterTheCursor() {
    var t = state("E G")
    let last = t.selection
    _ = t.apply(.nextFinding)
    // Past the last row: wraps to the first finding.
    #expect(t.selectedFinding == t.findings.treeOrder.first)
    #expect(t.message?.text.contains("(wrapped to the first)") == true)
    t = state("E j j j j j j")
    let here = t.selection
    _ = t.apply(.nextFinding)
    if let here, let landed = t.selection {
      #expect(t.session.precedesInDocument(here, landed))
    }
    _ = t.apply(.previousFinding)
    if let here, let landed = t.selection {
      #expect(t.session.precedesInDocument(landed, here) || landed == here)
    }
    #expect(last != nil)
  }

  @Test func findingsPaneJumpsToTheKey() {
    let listed = state("")
    let orientation =
      listed.findings.sorted.firstIndex {
        listed.session.findings[$0].keyPath.description == "UISupportedInterfaceOrientations"
      } ?? 0
    let s = state(
      (["Tab", "Tab"] + Array(repeating: "j", count: orientation) + ["Enter"]).joined(
        separator: " "))
    #expect(s.focus == .tree)
    #expect(keyPath(s) == "UISupportedInterfaceOrientations")
    let sorted = state("Tab Tab s")
    #expect(sorted.findings.order == .file)
    #expect(
      sorted.findings.sorted.map { sorted.session.findings[$0].file }.first
        == "Lantern.app/Info.plist")
  }

  @Test func searchFindsKeysValuesAndDisplayNames() {
    #expect(keyPath(state("/ O r i e n t Enter")) == "UISupportedInterfaceOrientations")
    // Lower case ignores case; the value "iphoneos26.0" matches.
    #expect(keyPath(state("/ i p h o n e o s 2 Enter")) == "DTSDKName")
    // A display name: "Privacy - Camera Usage Description".
    #expect(keyPath(state("/ P r i v a c y Enter")) == "NSCameraUsageDescription")
    // Inside a collapsed container: the match is revealed.
    let inside = state("/ w i d g e t k i t Enter")
    #expect(keyPath(inside) == "NSExtension.NSExtensionPointIdentifier")
    #expect(inside.expansion.isExpanded(.node(file: 1, path: [])))
    let missing = state("/ z z z q Enter")
    #expect(missing.message == StatusMessage("/zzzq: not found", isError: true))
    #expect(missing.selection == .branch(0))
    // n goes on, N goes back.
    #expect(keyPath(state("/ C F B u n d l e E x Enter n")) == "CFBundleExecutable")
  }

  /// The status line counts the matches ([k/n]) and says when the search wraps; a pattern is
  /// a regular expression when it reads as one; Up and Down recall earlier patterns.
  @Test func searchCountsWrapsTakesRegexesAndKeepsAHistory() {
    // "CFBundleExecutable" appears in both Info.plists.
    let first = state("/ C F B u n d l e E x e c Enter")
    #expect(first.message?.text == "/CFBundleExec [1/2]")
    let second = state("/ C F B u n d l e E x e c Enter n")
    #expect(second.message?.text == "/CFBundleExec [2/2]")
    let wrapped = state("/ C F B u n d l e E x e c Enter n n")
    #expect(wrapped.message?.text == "/CFBundleExec [1/2] · wrapped to the top")
    let back = state("/ C F B u n d l e E x e c Enter N")
    #expect(back.message?.text == "/CFBundleExec [2/2] · wrapped to the bottom")
    // A regular expression: keys ending in Version.
    let regex = state("/ ^ C F B u n d l e . * V e r s i o n $ Enter")
    #expect(keyPath(regex) == "CFBundleInfoDictionaryVersion")
    #expect(regex.message?.text.hasPrefix("/^CFBundle.*Version$ [1/") == true)
    // Not a regular expression: searched as text, and said so.
    let text = state("/ ( 7 Enter")
    #expect(text.message?.text == "/(7: not found (not a regular expression, so searched as text)")
    // History: Up recalls the last pattern, Up again the one before, Down comes back.
    var s = state("/ O r i e n t Enter / P r i v a c y Enter /")
    _ = s.handle(.key(.up))
    #expect(s.search.line?.text == "Privacy")
    _ = s.handle(.key(.up))
    #expect(s.search.line?.text == "Orient")
    _ = s.handle(.key(.down))
    #expect(s.search.line?.text == "Privacy")
    _ = s.handle(.key(.enter))
    #expect(keyPath(s) == "NSCameraUsageDescription")
    #expect(s.search.history == ["Orient", "Privacy"])
  }

  @Test func searchPromptEditsAndCancels() {
    let s = state("/ a b Backspace c")
    #expect(s.search.line?.text == "ac")
    #expect(state("/ a b Esc").search.line == nil)
    #expect(state("/ a b Esc").search.pattern == nil)
  }

  /// `y` and `Y` once sent a key holding `ESC [201~` and a newline to the clipboard, which
  /// runs a command when pasted into a shell with bracketed paste: such text is refused.
  @Test(arguments: [
    "\u{1B}[201~\nrm -rf x\n", "a\nb", "tab\there", "\u{9B}31m", "\u{202E}txt.exe",
    "zero\u{200B}width",
  ])
  func refusesToCopyControlAndInvisibleCharacters(text: String) {
    #expect(AppState.copyRefusal(text)?.hasPrefix("not copied: the path holds U+") == true)
    // A value says it is the value (a hostile tester's `yv` was told "the path").
    #expect(
      AppState.copyRefusal(text, what: "the value")?.hasPrefix("not copied: the value holds U+")
        == true)
  }

  @Test func copiesPlainAndNonASCIIText() {
    #expect(AppState.copyRefusal("CFBundleURLTypes[0].CFBundleURLSchemes[1]") == nil)
    #expect(AppState.copyRefusal("\"日本語 key 🚀\".x") == nil)
  }

  @Test func copiesKeyPathsInThreeForms() {
    var s = state("j j J J J J J J J l l")
    let effects = s.apply(.copyKeyPath)
    #expect(effects == [.copy("CFBundleSupportedPlatforms[0]")])
    #expect(
      s.message?.text
        == "copied CFBundleSupportedPlatforms[0] · plutil CFBundleSupportedPlatforms.0 · PlistBuddy :CFBundleSupportedPlatforms:0"
    )
    #expect(s.apply(.copyPlistBuddyPath) == [.copy(":CFBundleSupportedPlatforms:0")])
    var root = state()
    #expect(root.apply(.copyKeyPath).isEmpty)
  }

  @Test func displayNamesToggle() {
    let s = state("R j j j j j j j j j j j j j")
    #expect(s.showsDisplayNames)
    let row = TreePane.row(.node(file: 0, path: [11]), in: s)
    #expect(row.label == "Privacy - Camera Usage Description")
    #expect(row.labelRole == .displayName)
    #expect(
      TreePane.row(.node(file: 0, path: [11]), in: state()).label == "NSCameraUsageDescription")
  }

  @Test func resizeKeepsTheSelectionOnScreen() {
    var s = state("G")
    _ = s.handle(.resize(Size(width: 40, height: 10)))
    #expect(s.visibleRows.contains(s.selection ?? .branch(0)))
    _ = s.handle(.resize(Size(width: 200, height: 60)))
    #expect(s.visibleRows.first == .branch(0))
  }

  @Test func mouseClicksSelectAndWheelScrolls() {
    var s = state()
    // Row 0 is the title, row 1 the tree's header: row 4 is the third tree row.
    _ = s.handle(.mouse(MouseEvent(.click, x: 10, y: 4)))
    #expect(keyPath(s) == "CFBundleDisplayName")
    _ = s.handle(.mouse(MouseEvent(.wheelDown, x: 10, y: 4)))
    #expect(keyPath(s) == "CFBundleInfoDictionaryVersion")
    _ = s.handle(.mouse(MouseEvent(.doubleClick, x: 10, y: 3)))
    #expect(s.expansion.isExpanded(.node(file: 0, path: [])) == false)
  }

  @Test func quitEndsTheLoop() {
    let terminal = VirtualTerminal(size: Self.size, events: VirtualTerminal.keys("j q j"))
    let (ending, final) = Inspector.run(
      AppState(session: UIFixtures.session, size: Self.size), theme: .builtInDefault,
      on: terminal)
    #expect(ending == .quit)
    #expect(terminal.events == [.key(.character("j"))])
    #expect(final.selection == .node(file: 0, path: []))
    #expect(terminal.theme == .builtInDefault)
  }

  @Test func unknownKeySaysSo() {
    #expect(state("Q").message?.text == "Q does nothing here; ? shows the keys")
  }
}

/// A string with escape sequences (OSC 52 clipboard write, clear screen, CSI as C1) and a
/// right-to-left override is drawn as visible escapes on every screen, never as itself.
@Suite struct HostileStringTests {
  @Test(arguments: ["G k k k", "G k k k Tab", "/ d n e Enter", "R G k k k"])
  func hostileStringIsDrawnInert(keys: String) {
    let (state, canvas) = UIFixtures.run(keys, size: Size(width: 120, height: 40))
    #expect(state.selection.map { state.session.keyPath($0).description } == "LanternMotto")
    for cell in canvas.cells {
      #expect(!cell.text.unicodeScalars.contains(where: VisibleText.mustEscape), "\(cell)")
    }
    // The detail pane may wrap the value; each escape is whole on its line.
    #expect(canvas.text.contains(#"\e]52;c;aGk=\u{7}\e[2J"#))
    #expect(canvas.text.contains(#"\u{202E}dne\u{9B}31m"#))
    let escapes = canvas.cells.filter { $0.role == .escape }.map(\.text).joined()
    #expect(escapes.contains(#"\e]52"#) == false)  // only the escape itself is marked
    #expect(escapes.contains(#"\u{202E}"#))
  }
}
