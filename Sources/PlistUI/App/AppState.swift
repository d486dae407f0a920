import Foundation
import PlistCore
import PlistEditing
import PlistRules

/// Everything the inspector shows, and the one place it changes: ``handle(_:)`` and
/// ``apply(_:count:)``.
///
/// A keystroke costs O(rows on screen × depth): nothing here walks the whole tree except search
/// and "jump to a finding", which walk only as far as the next match.
package struct AppState: Sendable {
  /// The opened bundle and its findings.
  package var session: Session
  /// The key bindings.
  package var keymap: Keymap
  /// The terminal size.
  package internal(set) var size: Size
  /// The focused pane.
  package internal(set) var focus: PaneID = .tree
  /// The tree pane's view: expansion, selection, first row, key order, display names.
  package internal(set) var tree = TreeView()
  /// Which rows are expanded.
  package internal(set) var expansion: ExpansionState {
    get { tree.expansion }
    set { tree.expansion = newValue }
  }
  /// The selected row of the tree.
  package internal(set) var selection: OutlineItem? {
    get { tree.selection }
    set { tree.selection = newValue }
  }
  /// The first row on screen.
  package internal(set) var top: OutlineItem? {
    get { tree.top }
    set { tree.top = newValue }
  }
  /// Whether dictionaries show their entries sorted by key (`S`), for viewing only.
  package internal(set) var sortsKeys: Bool {
    get { tree.sortsKeys }
    set { tree.sortsKeys = newValue }
  }
  /// Whether keys show as Xcode display names.
  package internal(set) var showsDisplayNames: Bool {
    get { tree.showsDisplayNames }
    set { tree.showsDisplayNames = newValue }
  }
  /// The findings list: order, cursor, scroll, and the tree order of `f` and `F`.
  package internal(set) var findings = FindingsList()
  /// The finding Enter in the findings list last opened in the tree: what `x` then fixes on
  /// its row, rather than the row's first finding with a fix.
  var openedFinding: Int?
  /// The first line of the detail pane on screen.
  package internal(set) var detailScroll = 0
  /// The search line, the pattern in use and the history.
  package internal(set) var search = SearchState()
  /// The editor, pick list, question or save review that has the keys, if any.
  package internal(set) var modal: Modal?
  /// The pane that had focus before `Z`, given it back after.
  package internal(set) var focusBeforeZoom: PaneID = .tree
  /// Whether the detail pane is shown on the whole screen (`Z`).
  package internal(set) var detailZoomed = false
  /// The help overlay's first line, while it is open.
  package internal(set) var helpScroll: Int?
  /// The status bar message, until the next key.
  package internal(set) var message: StatusMessage?
  /// A count typed before a command (`5j`).
  package internal(set) var pendingCount: Int?
  /// What is under way across keys: a save before quitting, an `.ipa` copy that quits, the
  /// recoveries to offer, the copied row, `dd`.
  package internal(set) var flow = EditFlow()
  /// The first key of a two-key command (`y`, `z`), while the second is awaited.
  package internal(set) var pendingPrefix: Key?

  /// The time the detail pane judges expiry against (a profile's days left); the clock's
  /// time unless a test sets it.
  package var clock: PlistDate { fixedClock ?? PlistDate(Date()) }
  /// A fixed time for ``clock``, for tests and screenshots.
  package var fixedClock: PlistDate?

  /// How many rows above and below the selection stay on screen when scrolling.
  package static let scrollMargin = TreeView.scrollMargin

  /// Opens `session` on a screen of `size`: bundles and the first file expanded, the first
  /// row selected.
  package init(session: Session, size: Size, keymap: Keymap = .defaults) {
    self.session = session
    self.size = size
    self.keymap = keymap
    for (n, _) in session.branches.enumerated() { expansion.set(.branch(n), expanded: true) }
    // Open the first file of the first bundle (the app's Info.plist) or the first root file.
    let outline = Outline(session, expansion, sortsKeys: sortsKeys)
    var candidate = outline.first
    while let item = candidate, case .branch = item { candidate = outline.next(item) }
    if let file = candidate { expansion.set(file, expanded: true) }
    selection = session.roots.first
    top = selection
    sortFindings()
    if let comparison = session.comparison {
      let count = comparison.stops.count
      message = StatusMessage(
        count == 0
          ? "nothing changed since \(comparison.oldName) (read-only)"
          : "\(count == 1 ? "1 change" : "\(count) changes") since \(comparison.oldName) "
            + "(read-only): ]c goes to the next, [c to the previous")
    }
  }

  /// The layout for the current size and focus.
  package var layout: Layout { Layout(size: size, focus: focus, zoomed: detailZoomed) }
  /// The tree under the current expansion.
  package var outline: Outline { tree.outline(session) }
  /// Rows of the tree on screen.
  package var treeRows: Int { layout.contentRows(.tree) }

  /// The visible tree rows, top to bottom.
  package var visibleRows: [OutlineItem] {
    guard let top else { return [] }
    return outline.rows(from: top, count: treeRows)
  }

  /// The finding index under the findings cursor.
  package var selectedFinding: Int? { findings.selected }

  /// Shows `message` in the status bar until the next key.
  package mutating func show(_ message: StatusMessage) { self.message = message }

  // MARK: - Events

  /// Handles one input event and returns what the outside world must do (the fingerprints of
  /// files edited for the first time come first).
  package mutating func handle(_ event: InputEvent) -> [Effect] {
    let effects = handleEvent(event)
    return session.takeOpenedFiles().map { Effect.fingerprint(file: $0.file, path: $0.path) }
      + effects
  }

  private mutating func handleEvent(_ event: InputEvent) -> [Effect] {
    switch event {
    case .resize(let newSize):
      size = newSize
      reveal(.keep)
      clampFindings()
      return []
    case .paste(let text):
      search.paste(text)
      if case .input(var input) = modal {
        input.editor.insert(text)
        modal = .input(input)
        updateSuggestions()
      }
      return []
    case .mouse(let mouse):
      message = nil
      return handleMouse(mouse)
    case .key(let key):
      return handleKey(key)
    }
  }

  private mutating func handleKey(_ key: Key) -> [Effect] {
    // Ctrl-C: out of whatever is open, else quit as q does (asking about unsaved edits).
    if keymap.command(for: key, in: .global) == .interrupt {
      pendingCount = nil
      if modal != nil || search.line != nil || helpScroll != nil {
        flow.setQuitsAfterArchiveCopy(false)
        flow.stopSavingBeforeQuit()
        modal = nil
        search.close()
        helpScroll = nil
        message = StatusMessage("cancelled")
        return []
      }
      return apply(.interrupt)
    }
    if modal != nil { return handleModal(key) }
    if search.line != nil {
      switch search.handle(key, keymap: keymap) {
      case .search: findMatch(forward: true, count: 1, includingCurrent: true)
      case .editing, .cancelled, .cleared: break
      }
      return []
    }
    message = nil
    if helpScroll != nil {
      let page = max(1, size.height - 4)
      switch keymap.command(for: key, in: .help) {
      case .down?: helpScroll = (helpScroll ?? 0) + 1
      case .up?: helpScroll = max(0, (helpScroll ?? 0) - 1)
      case .pageDown?, .halfPageDown?: helpScroll = (helpScroll ?? 0) + page
      case .pageUp?, .halfPageUp?: helpScroll = max(0, (helpScroll ?? 0) - page)
      case .first?: helpScroll = 0
      default: helpScroll = nil  // any other key closes it
      }
      return []
    }
    if let first = pendingPrefix {
      // The second key of a sequence (the count typed before the first still applies).
      pendingPrefix = nil
      let count = pendingCount
      pendingCount = nil
      guard let command = keymap.command(after: first, key) else {
        if key != .escape {
          message = StatusMessage("\(first) \(key) does nothing; ? shows the keys")
        }
        return []
      }
      return apply(command, count: count)
    }
    if keymap.startsSequence(key) {
      pendingPrefix = key
      message = StatusMessage(sequenceHint(key))
      return []
    }
    if case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII,
      digit > 0 || pendingCount != nil
    {
      pendingCount = min(99_999, (pendingCount ?? 0) * 10 + digit)
      return []
    }
    let count = pendingCount
    pendingCount = nil
    let deleted = flow.justDeleted
    flow.noteDeleted(nil)
    guard let command = keymap.command(for: key, in: KeyContext(focus)) else {
      if key != .escape { message = StatusMessage("\(key) does nothing here; ? shows the keys") }
      return []
    }
    if command == .delete, key == .character("d"), let deleted {
      message = StatusMessage("deleted \(deleted) (dd deletes one row; u undoes)")
      return []
    }
    return apply(command, count: count)
  }

  // MARK: - Commands

  /// Applies a command `count` times where a count makes sense (once when `nil`), and returns
  /// what the outside world must do (the fingerprints of files edited for the first time
  /// first).
  package mutating func apply(_ command: Command, count: Int? = nil) -> [Effect] {
    let effects = applyCommand(command, count: count)
    return session.takeOpenedFiles().map { Effect.fingerprint(file: $0.file, path: $0.path) }
      + effects
  }

  private mutating func applyCommand(_ command: Command, count: Int? = nil) -> [Effect] {
    let n = command.takesCount ? max(1, count ?? 1) : 1
    switch focus {
    case .findings where Self.findingsCommands.contains(command):
      applyInFindings(command, n)
      return []
    case .findings where command == .edit:
      return editFindingKey()
    case .detail where Self.detailCommands.contains(command):
      applyInDetail(command, n)
      return []
    default:
      break
    }
    switch command {
    case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp:
      // A page keeps one row of context.
      let rows = command == .pageDown || command == .pageUp ? max(1, treeRows - 1) : treeRows
      moveSelection(by: Self.moveDistance(command, n, rows: rows) ?? 0)
    case .first, .last:
      if let count, let first = outline.first {
        // 12G (or 12g): row 12, counted from 1 down the visible rows, or the last row.
        let target = outline.move(first, by: max(0, count - 1))
        select(target, reveal: .center)
        let reached = (outline.distance(from: first, to: target, limit: count) ?? 0) + 1
        message = StatusMessage(reached < count ? "row \(reached), the last" : "row \(count)")
      } else if command == .first {
        select(outline.first, reveal: .top)
      } else {
        select(outline.last, reveal: .bottom)
      }
    case .scrollToCenter: reveal(.center)
    case .scrollToTop: reveal(.top)
    case .scrollToBottom: reveal(.bottom)
    case .scrollDown: scrollView(by: n)
    case .scrollUp: scrollView(by: -n)
    case .redraw: return [.redraw]
    case .nextSibling, .previousSibling:
      guard var target = selection else { break }
      let outline = outline
      for _ in 0..<n {
        let step =
          command == .nextSibling ? outline.nextSibling(target) : outline.previousSibling(target)
        guard let step else { break }
        target = step
      }
      if target != selection { select(target, reveal: .nearest) }
    case .parent:
      if let current = selection, let parent = session.parent(of: current) {
        select(parent, reveal: .nearest)
      }
    case .expandOrChild:
      guard let current = selection, session.isContainer(current) else { break }
      if expansion.isExpanded(current) {
        select(outline.firstChild(current), reveal: .nearest)
      } else {
        expansion.set(current, expanded: true)
        reveal(.keep)
      }
    case .collapseOrParent:
      guard let current = selection else { break }
      if session.isContainer(current), expansion.isExpanded(current) {
        expansion.set(current, expanded: false)
        reveal(.keep)
      } else if let parent = session.parent(of: current) {
        select(parent, reveal: .nearest)
      }
    case .toggle:
      guard let current = selection, session.isContainer(current) else { break }
      expansion.toggle(current)
      reveal(.keep)
    case .expandAll:
      expansion.setAll(expanded: true)
      reveal(.keep)
      message = StatusMessage("expanded everything")
    case .collapseAll:
      expansion.setAll(expanded: false)
      if let current = selection {
        // Keep the selection on its root, so it stays visible.
        var root = current
        while let parent = session.parent(of: root) { root = parent }
        select(root, reveal: .top)
      }
      message = StatusMessage("collapsed everything")
    case .search:
      search.begin()
    case .searchNext: findMatch(forward: true, count: n, includingCurrent: false)
    case .searchPrevious: findMatch(forward: false, count: n, includingCurrent: false)
    case .nextFinding: stepFinding(by: n)
    case .previousFinding: stepFinding(by: -n)
    case .nextChange: stepChange(by: n)
    case .previousChange: stepChange(by: -n)
    case .openFinding: openFinding()
    case .showFindings:
      focus = .findings
      clampFindings()
    case .nextPane: cyclePane(forward: true)
    case .previousPane: cyclePane(forward: false)
    case .sortKeys:
      sortsKeys.toggle()
      reveal(.center)
      message = StatusMessage(
        sortsKeys
          ? "keys sorted A to Z in the view; the files keep their order (S again: file order)"
          : "keys in file order")
    case .toggleDisplayNames:
      showsDisplayNames.toggle()
      message = StatusMessage(
        showsDisplayNames ? "showing Xcode display names" : "showing raw keys")
    case .sortFindings:
      findings.toggleOrder(session)
      clampFindings()
      message = StatusMessage("findings sorted by \(findings.order.rawValue)")
    case .copyKeyPath, .copyPlistBuddyPath, .copyKey, .copyValue, .copyPlutilCommand:
      return copy(command)
    case .copyRow: copyRow()
    case .pasteAfter: paste(after: true)
    case .pasteBefore: paste(after: false)
    case .help:
      helpScroll = 0
    case .zoomDetail:
      if !detailZoomed {
        // From the findings list, the detail of the finding under its cursor.
        if focus == .findings, let index = selectedFinding, let item = session.findingItems[index] {
          select(item, reveal: .center)
        }
        focusBeforeZoom = focus
      }
      detailZoomed.toggle()
      focus = detailZoomed ? .detail : focusBeforeZoom
      detailScroll = 0
    case .cancel:
      if detailZoomed {
        detailZoomed = false
        focus = focusBeforeZoom
        return []
      }
      if search.clear() { message = StatusMessage("search cleared") }
      if focus != .tree { focus = .tree }
    case .openInEditor:
      return beginEditorRun()
    case .accept, .writeBinary, .writeXML, .nextChoice, .previousChoice, .firstChoice,
      .lastChoice, .historyBack, .historyForward, .cursorLeft, .cursorRight, .wordLeft,
      .wordRight, .lineStart, .lineEnd, .deleteBackward, .deleteForward, .deleteWord,
      .deleteToStart, .deleteToEnd:
      break  // keys of prompts, lists and the save review, bound in their own contexts
    case .edit, .add, .delete, .rename, .changeType, .undo, .redo, .revert, .applyFix, .save:
      return applyEditing(command)
    case .quit, .interrupt:
      if session.hasUnsavedChanges {
        let n = session.unsavedFiles.count
        modal = .confirm(
          ConfirmPrompt(
            question: n == 1 ? "1 file has unsaved changes" : "\(n) files have unsaved changes",
            answers: [("s", "save and quit"), ("d", "discard and quit"), ("c", "cancel")],
            action: .quit))
        return []
      }
      return [command == .interrupt ? .interrupt : .quit]
    }
    return []
  }

  private static let findingsCommands: Set<Command> = [
    .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last, .openFinding,
  ]
  private static let detailCommands: Set<Command> = [
    .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last,
  ]

  /// How far a move command goes in a list of `rows` visible rows (`nil` for one that jumps to
  /// an end or does not move).
  private static func moveDistance(_ command: Command, _ n: Int, rows: Int) -> Int? {
    switch command {
    case .down: n
    case .up: -n
    case .pageDown: n * rows
    case .pageUp: -n * rows
    case .halfPageDown: n * max(1, rows / 2)
    case .halfPageUp: -n * max(1, rows / 2)
    default: nil
    }
  }

  private mutating func applyInFindings(_ command: Command, _ n: Int) {
    let rows = max(1, layout.contentRows(.findings))
    if let distance = Self.moveDistance(command, n, rows: rows) {
      findings.move(by: distance)
    } else if command == .first {
      findings.moveTo(0)
    } else if command == .last {
      findings.moveTo(findings.sorted.count - 1)
    } else if command == .openFinding {
      openFinding()
      clampFindings()
      return
    }
    clampFindings()
    // The tree and the detail pane follow the list, so moving in it previews each finding.
    if let index = selectedFinding, let item = session.findingItems[index] {
      select(item, reveal: .center)
    }
  }

  /// `e` in the findings list: edits the key of the finding under the list's cursor, in the
  /// tree; a key the file lacks, or a finding about the whole file, is said instead.
  private mutating func editFindingKey() -> [Effect] {
    guard let index = selectedFinding else {
      message = StatusMessage("no findings")
      return []
    }
    let finding = session.findings[index]
    guard let item = session.findingItems[index] else {
      message = StatusMessage("this finding has no row in the tree to edit", isError: true)
      return []
    }
    select(item, reveal: .center)
    focus = .tree
    if finding.keyPath.isRoot {
      message = StatusMessage(
        "this finding is about \(finding.file) as a whole: select a key to edit", isError: true)
      return []
    }
    guard session.keyPath(item) == finding.keyPath else {
      let fix = finding.fix == nil ? "" : "; x applies the finding's fix"
      message = StatusMessage(
        "\(finding.keyPath) is not in the file: a adds it here\(fix)", isError: true)
      return []
    }
    return applyEditing(.edit)
  }

  private mutating func applyInDetail(_ command: Command, _ n: Int) {
    let rows = max(1, layout.contentRows(.detail))
    if let distance = Self.moveDistance(command, n, rows: rows) {
      detailScroll += distance
    } else if command == .first {
      detailScroll = 0
    } else if command == .last {
      detailScroll = Int.max / 2
    }
    detailScroll = max(0, detailScroll)
  }

  private mutating func cyclePane(forward: Bool) {
    detailZoomed = false
    // The order on screen: the tree, then the detail pane, then the findings list (right or
    // below).
    let order: [PaneID] = [.tree, .detail, .findings]
    let i = order.firstIndex(of: focus) ?? 0
    focus = order[(i + (forward ? 1 : order.count - 1)) % order.count]
    clampFindings()
  }

  // MARK: - Selection and scrolling

  /// Where a newly selected row should appear.
  package typealias Reveal = TreeView.Reveal

  /// Selects `item` (expanding its ancestors) and scrolls to show it.
  package mutating func select(_ item: OutlineItem?, reveal how: Reveal) {
    guard let item else { return }
    let before = selection
    if tree.select(item, in: session, rows: treeRows, reveal: how) {
      message = StatusMessage(
        "expanded every row to reach one \(item.depthInFile) levels deep (C collapses them all)")
    }
    if selection != before { detailScroll = 0 }
  }

  private mutating func moveSelection(by n: Int) {
    guard let current = selection else { return }
    select(outline.move(current, by: n), reveal: .nearest)
  }

  /// Scrolls so the selection is on screen with ``scrollMargin`` rows around it where possible.
  package mutating func reveal(_ how: Reveal) {
    let before = selection
    tree.reveal(how, in: session, rows: treeRows)
    if selection != before { detailScroll = 0 }
  }

  /// Ctrl-E and Ctrl-Y: moves the view `n` rows (down when positive) and keeps the selection
  /// where it is, unless it would leave the screen.
  private mutating func scrollView(by n: Int) {
    let before = selection
    tree.scroll(by: n, in: session, rows: treeRows)
    if selection != before { detailScroll = 0 }
  }

  /// The status line after the first key of a sequence: what each second key does.
  private func sequenceHint(_ first: Key) -> String {
    let seconds = (keymap.sequences[first] ?? [:]).sorted {
      $0.key.description < $1.key.description
    }
    return "\(first) then: "
      + seconds.map { "\($0.key) \($0.value.shortHelp)" }.joined(separator: " · ")
  }

  // MARK: - Findings

  mutating func sortFindings() { findings.sort(session) }

  mutating func clampFindings() { findings.clamp(rows: layout.contentRows(.findings)) }

  /// `f` and `F`: the next (or previous) finding after the selected row in tree order,
  /// wrapping at the ends; several findings on one row are visited in turn.
  private mutating func stepFinding(by n: Int) {
    guard
      let (finding, position, wrapped) = findings.step(
        by: n, from: selection, opening: session.roots.first, in: session)
    else {
      message = StatusMessage("no findings")
      return
    }
    clampFindings()
    if let item = session.findingItems[finding] { select(item, reveal: .center) }
    findings.landed(at: position, on: selection)
    let found = session.findings[finding]
    // The wrap is said first: a finding's message is often longer than the line.
    let wrap = wrapped ? (n > 0 ? " (wrapped to the first)" : " (wrapped to the last)") : ""
    message = StatusMessage(
      "\(position + 1)/\(findings.treeOrder.count)\(wrap) \(found.severity.rawValue): "
        + found.message)
  }

  /// `]c` and `[c`: the next (or previous) changed row after the selection in document
  /// order, wrapping at the ends.
  private mutating func stepChange(by n: Int) {
    guard let comparison = session.comparison else {
      message = StatusMessage(
        "no comparison: infoscope diff OLD NEW opens one, with ]c and [c between its changes",
        isError: true)
      return
    }
    let stops = comparison.stops
    guard !stops.isEmpty else {
      message = StatusMessage("nothing changed since \(comparison.oldName)")
      return
    }
    let here = selection ?? stops[0]
    var position: Int
    if n > 0 {
      position = (stops.firstIndex { session.precedesInDocument(here, $0) } ?? stops.count) + n - 1
    } else {
      position = (stops.lastIndex { session.precedesInDocument($0, here) } ?? -1) + n + 1
    }
    var wrapped = ""
    if position >= stops.count || position < 0 {
      wrapped = n > 0 ? " (wrapped to the first)" : " (wrapped to the last)"
      position = ((position % stops.count) + stops.count) % stops.count
    }
    let item = stops[position]
    select(item, reveal: .center)
    message = StatusMessage(
      "change \(position + 1)/\(stops.count)\(wrapped): " + changeSummary(item))
  }

  /// One line on what changed at `item` since OLD, for the status line.
  func changeSummary(_ item: OutlineItem) -> String {
    guard let comparison = session.comparison else { return "" }
    let place: String
    switch item {
    case .branch(let b): place = session.branches[b].name
    case .node(let file, let path):
      place = path.isEmpty ? session.files[file].name : session.keyPath(item).description
    }
    if let change = comparison.changes[item] {
      if change.kind == .removed, let old = change.oldPath { return "\(old) removed" }
      return "\(place) \(change.kind.rawValue): " + change.summary
    }
    switch comparison.mark(item) {
    case .added?: return "\(place) added"
    case .removed?: return "\(place) removed"
    case .changed?:
      return "\(place) changed" + (comparison.pairs[fileIndex(item)]?.note.map { ": " + $0 } ?? "")
    default: return place
    }
  }

  /// The file of a row, or -1 for a bundle row.
  private func fileIndex(_ item: OutlineItem) -> Int {
    if case .node(let file, _) = item { return file }
    return -1
  }

  private mutating func openFinding() {
    jumpToSelectedFinding()
    openedFinding = selectedFinding
    focus = .tree
  }

  private mutating func jumpToSelectedFinding() {
    guard let index = selectedFinding else { return }
    if let item = session.findingItems[index] { select(item, reveal: .center) }
    let finding = session.findings[index]
    // In a comparison, which part of the list it is in.
    let group = session.comparison.map { "\($0.groups[index].rawValue) " } ?? ""
    message = StatusMessage(
      "\(findings.cursor + 1)/\(findings.sorted.count) \(group)\(finding.severity.rawValue): "
        + finding.message)
  }

  // MARK: - Search

  /// Whether `item` matches the search pattern: its key, display name or value.
  ///
  /// Lower-case
  /// patterns ignore case (smart case, as in jless and vim).
  package func matches(_ item: OutlineItem, pattern: String) -> Bool {
    let matcher =
      search.matcher.flatMap { $0.pattern == pattern ? $0 : nil } ?? SearchMatcher(pattern)
    func hit(_ text: String?) -> Bool {
      guard let text else { return false }
      return matcher.matches(text)
    }
    switch item {
    case .branch(let b):
      return hit(session.branches[b].name) || hit(session.branches[b].identifier)
    case .node(let file, let path):
      if path.isEmpty { return hit(session.files[file].name) }
      if let key = session.key(item) {
        if hit(key) { return true }
        if let object = session.projectObjectLabel(item), hit(object) { return true }
        if let name = KnownKeys.entry(resolving: key)?.displayName, hit(name) { return true }
      }
      guard let node = session.node(item) else { return false }
      return hit(RowText.searchableValue(node.value))
    }
  }

  /// Selects the `count`th match of the search pattern after the selection (before it when
  /// not `forward`), wrapping; `includingCurrent` counts the selected row.
  private mutating func findMatch(forward: Bool, count: Int, includingCurrent: Bool) {
    guard let pattern = search.pattern, !pattern.isEmpty else {
      message = StatusMessage("no search yet: / starts one")
      return
    }
    guard let start = selection ?? outline.first else { return }
    let outline = self.outline
    var current = start
    var found: OutlineItem?
    var remaining = count
    var wrapped = false
    if includingCurrent, matches(start, pattern: pattern) {
      found = start
      remaining -= 1
    }
    // Each step moves one node in document order, wrapping; a full circle ends the walk.
    while remaining > 0 {
      guard
        let next = forward
          ? outline.nextInDocument(current) : outline.previousInDocument(current)
      else { break }
      if forward ? next == session.roots.first : current == session.roots.first {
        wrapped = true
      }
      current = next
      if matches(current, pattern: pattern) {
        found = current
        remaining -= 1
      }
      if current == start { break }
    }
    let note = search.matcher?.note.map { " (\($0))" } ?? ""
    if let found {
      // The status bar then shows where the match is; the tree marks every match.
      select(found, reveal: .center)
      let place = matchPlace(found, pattern: pattern)
      let wrap = wrapped ? (forward ? " · wrapped to the top" : " · wrapped to the bottom") : ""
      message = StatusMessage("/\(pattern) \(place)\(wrap)\(note)")
    } else {
      message = StatusMessage("/\(pattern): not found\(note)", isError: true)
    }
  }

  /// The most nodes a search walks to count its matches (`[3/8]`); past it the count says
  /// `[3/8+]`, so a search in a huge file stays quick.
  static let matchCountBudget = 200_000

  /// `[k/n]`: the match's place among all matches in document order.
  private func matchPlace(_ item: OutlineItem, pattern: String) -> String {
    guard var current = session.roots.first else { return "" }
    let outline = self.outline
    var seen = 0
    var total = 0
    var position: Int?
    while seen < Self.matchCountBudget {
      seen += 1
      if matches(current, pattern: pattern) {
        total += 1
        if current == item { position = total }
      }
      guard let next = outline.nextInDocument(current), next != session.roots.first else {
        return "[\(position.map(String.init) ?? "?")/\(total)]"
      }
      current = next
    }
    return "[\(position.map(String.init) ?? "?")/\(total)+]"
  }

  // MARK: - Mouse

  private mutating func handleMouse(_ mouse: MouseEvent) -> [Effect] {
    if helpScroll != nil {
      helpScroll = nil
      return []
    }
    let layout = self.layout
    for pane in PaneID.allCases {
      guard let rect = layout.rect(pane), rect.contains(x: mouse.x, y: mouse.y) else { continue }
      let row = mouse.y - rect.y - 1
      switch mouse.kind {
      case .wheelUp, .wheelDown:
        let step = mouse.kind == .wheelDown ? 3 : -3
        switch pane {
        case .tree: moveSelection(by: step)
        case .findings: applyInFindings(step > 0 ? .down : .up, abs(step))
        case .detail: applyInDetail(step > 0 ? .down : .up, abs(step))
        }
      case .click, .doubleClick, .rightClick:
        focus = pane
        guard row >= 0 else { return [] }
        switch pane {
        case .tree:
          let rows = visibleRows
          guard row < rows.count else { return [] }
          select(rows[row], reveal: .keep)
          if mouse.kind == .doubleClick, session.isContainer(rows[row]) {
            expansion.toggle(rows[row])
            reveal(.keep)
          }
        case .findings:
          let index = findings.top + row
          guard index < findings.sorted.count else { return [] }
          findings.moveTo(index)
          clampFindings()
          if mouse.kind == .doubleClick { openFinding() }
        case .detail:
          break
        }
      }
      return []
    }
    return []
  }
}

extension KeyContext {
  /// The context of a focused pane.
  init(_ pane: PaneID) {
    switch pane {
    case .tree: self = .tree
    case .detail: self = .detail
    case .findings: self = .findings
    }
  }
}
