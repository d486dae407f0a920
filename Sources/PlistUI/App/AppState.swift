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
  /// Which rows are expanded.
  package internal(set) var expansion = ExpansionState()
  /// The selected row of the tree.
  package internal(set) var selection: OutlineItem?
  /// The first row on screen.
  package internal(set) var top: OutlineItem?
  /// Whether keys show as Xcode display names.
  package internal(set) var showsDisplayNames = false
  /// The order of the findings list.
  package internal(set) var findingsOrder: FindingsOrder = .severity
  /// Finding indices in list order.
  package internal(set) var sortedFindings: [Int] = []
  /// The selected position in ``sortedFindings``.
  package internal(set) var findingCursor = 0
  /// The first position of ``sortedFindings`` on screen.
  package internal(set) var findingsTop = 0
  /// The first line of the detail pane on screen.
  package internal(set) var detailScroll = 0
  /// The search pattern in use, if any.
  package internal(set) var searchPattern: String?
  /// The search prompt, while it is open.
  package internal(set) var prompt: LineEditor?
  /// Recoveries still to offer (`nil` until looked for).
  package internal(set) var recoveryQueue:
    [(file: Int, record: RecoveryStore.Record, fileChanged: Bool)]?
  /// The editor, pick list, question or save review that has the keys, if any.
  package internal(set) var modal: Modal?
  /// Whether the detail pane is shown on the whole screen (`z`).
  package internal(set) var detailZoomed = false
  /// The help overlay's first line, while it is open.
  package internal(set) var helpScroll: Int?
  /// The status bar message, until the next key.
  package internal(set) var message: StatusMessage?
  /// Whether `f`/`F` has jumped yet (the first `f` goes to the first finding).
  package internal(set) var hasJumpedToFinding = false
  /// A count typed before a command (`5j`).
  package internal(set) var pendingCount: Int?

  /// How many rows above and below the selection stay on screen when scrolling.
  package static let scrollMargin = 2

  /// Opens `session` on a screen of `size`: bundles and the first file expanded, the first
  /// row selected.
  package init(session: Session, size: Size, keymap: Keymap = .defaults) {
    self.session = session
    self.size = size
    self.keymap = keymap
    for (n, _) in session.branches.enumerated() { expansion.set(.branch(n), expanded: true) }
    // Open the first file of the first bundle (the app's Info.plist) or the first root file.
    let outline = Outline(session, expansion)
    var candidate = outline.first
    while let item = candidate, case .branch = item { candidate = outline.next(item) }
    if let file = candidate { expansion.set(file, expanded: true) }
    selection = session.roots.first
    top = selection
    sortFindings()
  }

  /// The layout for the current size and focus.
  package var layout: Layout { Layout(size: size, focus: focus, zoomed: detailZoomed) }
  /// The tree under the current expansion.
  package var outline: Outline { Outline(session, expansion) }
  /// Rows of the tree on screen.
  package var treeRows: Int { layout.contentRows(.tree) }

  /// The visible tree rows, top to bottom.
  package var visibleRows: [OutlineItem] {
    guard let top else { return [] }
    return outline.rows(from: top, count: treeRows)
  }

  /// The finding index under the findings cursor.
  package var selectedFinding: Int? {
    sortedFindings.indices.contains(findingCursor) ? sortedFindings[findingCursor] : nil
  }

  /// Shows `message` in the status bar until the next key.
  package mutating func show(_ message: StatusMessage) { self.message = message }

  // MARK: - Events

  /// Handles one input event and returns what the outside world must do.
  package mutating func handle(_ event: InputEvent) -> [Effect] {
    switch event {
    case .resize(let newSize):
      size = newSize
      reveal(.keep)
      clampFindings()
      return []
    case .paste(let text):
      if prompt != nil { prompt?.insert(text) }
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
    if modal != nil { return handleModal(key) }
    if var editor = prompt {
      switch editor.handle(key) {
      case .editing: prompt = editor
      case .cancel: prompt = nil
      case .commit:
        prompt = nil
        let text = editor.text
        if text.isEmpty {
          searchPattern = nil
        } else {
          searchPattern = text
          search(forward: true, count: 1, includingCurrent: true)
        }
      }
      return []
    }
    message = nil
    if helpScroll != nil {
      switch key {
      case .character("j"), .down: helpScroll = (helpScroll ?? 0) + 1
      case .character("k"), .up: helpScroll = max(0, (helpScroll ?? 0) - 1)
      case .pageDown, .character(" "), .control("d"), .control("f"):
        helpScroll = (helpScroll ?? 0) + max(1, size.height - 4)
      case .pageUp, .control("u"), .control("b"):
        helpScroll = max(0, (helpScroll ?? 0) - max(1, size.height - 4))
      case .character("g"), .home: helpScroll = 0
      default: helpScroll = nil
      }
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
    guard let command = keymap.command(for: key, in: KeyContext(focus)) else {
      if key != .escape { message = StatusMessage("\(key) does nothing here; ? shows the keys") }
      return []
    }
    return apply(command, count: count)
  }

  // MARK: - Commands

  /// Applies a command `count` times where a count makes sense (once when `nil`).
  package mutating func apply(_ command: Command, count: Int? = nil) -> [Effect] {
    let n = command.takesCount ? max(1, count ?? 1) : 1
    switch focus {
    case .findings where Self.findingsCommands.contains(command):
      applyInFindings(command, n)
      return []
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
    case .first:
      select(outline.first, reveal: .top)
    case .last:
      select(outline.last, reveal: .bottom)
    case .nextSibling, .previousSibling:
      guard let current = selection else { break }
      let index = session.siblingIndex(current)
      let count = session.siblingCount(current)
      let target = command == .nextSibling ? min(count - 1, index + n) : max(0, index - n)
      if target != index { select(session.sibling(of: current, target), reveal: .nearest) }
    case .parent:
      if let current = selection, let parent = session.parent(of: current) {
        select(parent, reveal: .nearest)
      }
    case .expandOrChild:
      guard let current = selection, session.isContainer(current) else { break }
      if expansion.isExpanded(current) {
        select(session.child(current, 0), reveal: .nearest)
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
      prompt = LineEditor()
    case .searchNext: search(forward: true, count: n, includingCurrent: false)
    case .searchPrevious: search(forward: false, count: n, includingCurrent: false)
    case .nextFinding: stepFinding(by: n)
    case .previousFinding: stepFinding(by: -n)
    case .openFinding: openFinding()
    case .showFindings:
      focus = .findings
      clampFindings()
    case .nextPane: cyclePane(forward: true)
    case .previousPane: cyclePane(forward: false)
    case .toggleDisplayNames:
      showsDisplayNames.toggle()
      message = StatusMessage(
        showsDisplayNames ? "showing Xcode display names" : "showing raw keys")
    case .sortFindings:
      findingsOrder = findingsOrder == .severity ? .file : .severity
      let current = selectedFinding
      sortFindings()
      findingCursor = current.flatMap { sortedFindings.firstIndex(of: $0) } ?? 0
      clampFindings()
      message = StatusMessage("findings sorted by \(findingsOrder.rawValue)")
    case .copyKeyPath, .copyPlistBuddyPath:
      return copyPath(command)
    case .help:
      helpScroll = 0
    case .zoomDetail:
      detailZoomed.toggle()
      focus = detailZoomed ? .detail : .tree
      detailScroll = 0
    case .cancel:
      if detailZoomed {
        detailZoomed = false
        focus = .tree
        return []
      }
      if searchPattern != nil {
        searchPattern = nil
        message = StatusMessage("search cleared")
      }
      if focus != .tree { focus = .tree }
    case .edit, .add, .delete, .rename, .changeType, .undo, .redo, .applyFix, .save:
      return applyEditing(command)
    case .quit:
      if session.hasUnsavedChanges {
        let n = session.unsavedFiles.count
        modal = .confirm(
          ConfirmPrompt(
            question: n == 1 ? "1 file has unsaved changes" : "\(n) files have unsaved changes",
            answers: [("s", "save and quit"), ("d", "discard and quit"), ("c", "cancel")],
            action: .quit))
        return []
      }
      return [.quit]
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
      findingCursor += distance
    } else if command == .first {
      findingCursor = 0
    } else if command == .last {
      findingCursor = sortedFindings.count - 1
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
    let order: [PaneID] = [.tree, .findings, .detail]
    let i = order.firstIndex(of: focus) ?? 0
    focus = order[(i + (forward ? 1 : order.count - 1)) % order.count]
    clampFindings()
  }

  // MARK: - Selection and scrolling

  /// Where a newly selected row should appear.
  package enum Reveal: Sendable {
    /// Scroll as little as possible.
    case nearest
    /// Keep the top row unless the selection left the screen.
    case keep
    /// Put the row at the top.
    case top
    /// Put the row at the bottom.
    case bottom
    /// Put the row in the middle (after a jump).
    case center
  }

  /// Selects `item` (expanding its ancestors) and scrolls to show it.
  package mutating func select(_ item: OutlineItem?, reveal how: Reveal) {
    guard let item else { return }
    var ancestor = session.parent(of: item)
    while let at = ancestor {
      if !expansion.isExpanded(at) { expansion.set(at, expanded: true) }
      ancestor = session.parent(of: at)
    }
    if item != selection { detailScroll = 0 }
    selection = item
    reveal(how)
  }

  private mutating func moveSelection(by n: Int) {
    guard let current = selection else { return }
    select(outline.move(current, by: n), reveal: .nearest)
  }

  /// Scrolls so the selection is on screen with ``scrollMargin`` rows around it where possible.
  package mutating func reveal(_ how: Reveal) {
    let outline = self.outline
    // A collapse may have hidden the selection or the top row: climb to a visible ancestor.
    if var current = selection {
      while !outline.isVisible(current), let parent = session.parent(of: current) {
        current = parent
      }
      if current != selection { detailScroll = 0 }
      selection = current
    }
    if var current = top {
      while !outline.isVisible(current), let parent = session.parent(of: current) {
        current = parent
      }
      top = current
    }
    guard let selection else { return }
    let rows = max(1, treeRows)
    let margin = min(Self.scrollMargin, (rows - 1) / 2)
    switch how {
    case .top:
      top = outline.move(selection, by: -margin)
    case .bottom:
      top = outline.move(selection, by: -(rows - 1))
    case .center:
      top = outline.move(selection, by: -(rows / 2))
    case .nearest, .keep:
      guard let currentTop = top else {
        top = selection
        break
      }
      if let offset = outline.distance(from: currentTop, to: selection, limit: rows - 1) {
        if offset < margin {
          top = outline.move(selection, by: -margin)
        } else if offset > rows - 1 - margin {
          top = outline.move(selection, by: -(rows - 1 - margin))
        }
      } else if outline.distance(from: selection, to: currentTop, limit: rows) != nil {
        // Above the screen, close by.
        top = outline.move(selection, by: -margin)
      } else {
        // Far away: below (or above beyond a screen); show it near the bottom or top.
        top = outline.move(selection, by: -(rows - 1 - margin))
      }
    }
    // Never leave empty rows at the bottom when there is more above.
    if let currentTop = top, let last = outline.last,
      outline.distance(from: currentTop, to: last, limit: rows - 1) != nil
    {
      top = outline.move(last, by: -(rows - 1))
    }
  }

  // MARK: - Findings

  mutating func sortFindings() {
    let findings = session.findings
    sortedFindings = findings.indices.sorted { a, b in
      let (x, y) = (findings[a], findings[b])
      if findingsOrder == .severity, x.severity != y.severity { return x.severity > y.severity }
      if x.file != y.file { return x.file < y.file }
      if x.line != y.line { return x.line < y.line }
      return a < b
    }
  }

  mutating func clampFindings() {
    findingCursor = max(0, min(findingCursor, sortedFindings.count - 1))
    let rows = max(1, layout.contentRows(.findings))
    if findingCursor < findingsTop { findingsTop = findingCursor }
    if findingCursor >= findingsTop + rows { findingsTop = findingCursor - rows + 1 }
    findingsTop = max(0, min(findingsTop, max(0, sortedFindings.count - rows)))
  }

  private mutating func stepFinding(by n: Int) {
    guard !sortedFindings.isEmpty else {
      message = StatusMessage("no findings")
      return
    }
    // From the selected row's own finding when it has one, else from the last jump; the first
    // jump lands on the first (or, going back, the last) finding.
    let count = sortedFindings.count
    var from = findingCursor
    if let selection, let here = session.ownFindings[selection],
      let position = sortedFindings.firstIndex(where: { here.contains($0) })
    {
      // A row with several findings: go on from the one the last jump chose, if it is here.
      let current = sortedFindings.indices.contains(findingCursor) ? findingCursor : -1
      from =
        hasJumpedToFinding && current >= 0 && here.contains(sortedFindings[current])
        ? current : position
    } else if !hasJumpedToFinding {
      from = n > 0 ? -1 : count
    }
    hasJumpedToFinding = true
    findingCursor = ((from + n) % count + count) % count
    clampFindings()
    jumpToSelectedFinding()
  }

  private mutating func openFinding() {
    jumpToSelectedFinding()
    focus = .tree
  }

  private mutating func jumpToSelectedFinding() {
    guard let index = selectedFinding else { return }
    if let item = session.findingItems[index] { select(item, reveal: .center) }
    let finding = session.findings[index]
    message = StatusMessage(
      "\(findingCursor + 1)/\(sortedFindings.count) \(finding.severity.rawValue): "
        + finding.message)
  }

  // MARK: - Search

  /// Whether `item` matches the search pattern: its key, display name or value.
  ///
  /// Lower-case
  /// patterns ignore case (smart case, as in jless and vim).
  package func matches(_ item: OutlineItem, pattern: String) -> Bool {
    let ignoreCase = pattern == pattern.lowercased()
    func hit(_ text: String?) -> Bool {
      guard let text else { return false }
      return ignoreCase
        ? text.range(of: pattern, options: .caseInsensitive) != nil : text.contains(pattern)
    }
    switch item {
    case .branch(let b):
      return hit(session.branches[b].name) || hit(session.branches[b].identifier)
    case .node(let file, let path):
      if path.isEmpty { return hit(session.files[file].name) }
      if let key = session.key(item) {
        if hit(key) { return true }
        if let name = KnownKeys.entry(resolving: key)?.displayName, hit(name) { return true }
      }
      guard let node = session.node(item) else { return false }
      return hit(RowText.searchableValue(node.value))
    }
  }

  private mutating func search(forward: Bool, count: Int, includingCurrent: Bool) {
    guard let pattern = searchPattern, !pattern.isEmpty else {
      message = StatusMessage("no search yet: / starts one")
      return
    }
    guard let start = selection ?? outline.first else { return }
    let outline = self.outline
    var current = start
    var found: OutlineItem?
    var remaining = count
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
      current = next
      if matches(current, pattern: pattern) {
        found = current
        remaining -= 1
      }
      if current == start { break }
    }
    if let found {
      // The status bar then shows where the match is; the tree marks every match.
      select(found, reveal: .center)
      message = nil
    } else {
      message = StatusMessage("/\(pattern): not found", isError: true)
    }
  }

  // MARK: - Copying

  private mutating func copyPath(_ command: Command) -> [Effect] {
    guard let selection else { return [] }
    guard case .node = selection else {
      message = StatusMessage("select a key to copy its path", isError: true)
      return []
    }
    let path = session.keyPath(selection)
    let ours = path.isRoot ? "(root)" : path.description
    let plutil = path.plutilKeyPath ?? "(not expressible)"
    let buddy = path.plistBuddyPath ?? ":"
    let text = command == .copyPlistBuddyPath ? buddy : ours
    if let refusal = Self.copyRefusal(text) {
      message = StatusMessage(refusal, isError: true)
      return []
    }
    if command == .copyPlistBuddyPath {
      message = StatusMessage("copied \(buddy)")
      return [.copy(buddy)]
    }
    message = StatusMessage("copied \(ours) · plutil \(plutil) · PlistBuddy \(buddy)")
    return [.copy(ours)]
  }

  /// Why `text` is not put on the clipboard, or nil when it may be.
  ///
  /// Text with a control character (C0, DEL, C1) or an invisible format character (such as a
  /// bidirectional override) is refused: pasted into a shell, a key holding `ESC [201~` and a
  /// newline ends a bracketed paste and runs what follows, and an override shows one thing
  /// while pasting another.
  static func copyRefusal(_ text: String) -> String? {
    guard
      let bad = text.unicodeScalars.first(where: {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          || $0.properties.generalCategory == .format
      })
    else { return nil }
    let code = String(bad.value, radix: 16, uppercase: true)
    return
      "not copied: the path holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), "
      + "a control or invisible character that a shell or terminal would act on when pasted"
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
          let index = findingsTop + row
          guard index < sortedFindings.count else { return [] }
          findingCursor = index
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
