import PlistCore
import PlistEditing

/// The tree pane's view of a session: which rows are expanded, the selected row, the first
/// row on screen, and how keys are shown (sorted, display names).
///
/// It moves and scrolls over any ``Session`` given with the number of rows on screen, and
/// follows edits by their index-path mappings; it reads no file and draws nothing.
package struct TreeView: Sendable {
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

  /// How many rows above and below the selection stay on screen when scrolling.
  package static let scrollMargin = 2
  /// The depth past which revealing a row expands every row instead of each one above it.
  static let deepRevealDepth = 1_000

  /// Which rows are expanded.
  package var expansion = ExpansionState()
  /// The selected row.
  package var selection: OutlineItem?
  /// The first row on screen.
  package var top: OutlineItem?
  /// Whether dictionaries show their entries sorted by key (`S`), for viewing only.
  package var sortsKeys = false
  /// Whether keys show as Xcode display names (`R`).
  package var showsDisplayNames = false

  /// Creates a view with nothing expanded or selected.
  package init() {}

  /// The rows of `session` as this view shows them.
  package func outline(_ session: Session) -> Outline {
    Outline(session, expansion, sortsKeys: sortsKeys)
  }

  /// Selects `item`, expanding the rows above it, and scrolls `rows` rows to show it.
  ///
  /// - Returns: whether every row was expanded to reach it (a node more than
  ///   ``deepRevealDepth`` levels down in a collapsed tree: opening each row above it would
  ///   keep a path per level).
  @discardableResult
  package mutating func select(
    _ item: OutlineItem, in session: Session, rows: Int, reveal how: Reveal
  ) -> Bool {
    var expandedAll = false
    if case .node(let file, let path) = item {
      // The bundles above the file, then the rows above the node in the file, one prefix of
      // its index path each (never a copy per level: a node 100,000 levels deep is common in
      // a hostile file).
      var branch = session.files[file].branch
      while let b = branch {
        if !expansion.isExpanded(.branch(b)) { expansion.set(.branch(b), expanded: true) }
        branch = session.branches[b].parent
      }
      if !expansion.allExpanded, path.count > Self.deepRevealDepth {
        expansion.setAll(expanded: true)
        expandedAll = true
      }
      if expansion.allExpanded {
        expansion.openCollapsedAncestors(file: file, path: path)
      } else {
        for depth in 0..<path.count {
          let row = OutlineItem.node(file: file, path: Array(path[..<depth]))
          if !expansion.isExpanded(row) { expansion.set(row, expanded: true) }
        }
      }
    } else {
      var ancestor = session.parent(of: item)
      while let at = ancestor {
        if !expansion.isExpanded(at) { expansion.set(at, expanded: true) }
        ancestor = session.parent(of: at)
      }
    }
    selection = item
    reveal(how, in: session, rows: rows)
    return expandedAll
  }

  /// Scrolls so the selection is on screen with ``scrollMargin`` rows around it where
  /// possible, a selection or first row hidden by a collapse moving to its visible ancestor.
  package mutating func reveal(_ how: Reveal, in session: Session, rows: Int) {
    let outline = outline(session)
    if var current = selection {
      while !outline.isVisible(current), let parent = session.parent(of: current) {
        current = parent
      }
      selection = current
    }
    if var current = top {
      while !outline.isVisible(current), let parent = session.parent(of: current) {
        current = parent
      }
      top = current
    }
    guard let selection else { return }
    let rows = max(1, rows)
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

  /// Moves the view `n` rows (down when positive), `rows` rows high, keeping the selection
  /// where it is unless it would leave the screen (Ctrl-E, Ctrl-Y).
  package mutating func scroll(by n: Int, in session: Session, rows: Int) {
    let outline = outline(session)
    guard let current = top, let last = outline.last else { return }
    let rows = max(1, rows)
    var newTop = outline.move(current, by: n)
    // Never past the last screenful.
    let lowest = outline.move(last, by: -(rows - 1))
    if n > 0, newTop != lowest, outline.distance(from: lowest, to: newTop, limit: n) != nil {
      newTop = lowest
    }
    top = newTop
    guard let selection else { return }
    if selection != newTop,
      outline.distance(from: selection, to: newTop, limit: abs(n) + rows) != nil
    {
      self.selection = newTop
    } else if outline.distance(from: newTop, to: selection, limit: rows - 1) == nil {
      self.selection = outline.move(newTop, by: rows - 1)
    }
  }

  /// Keeps the expanded rows, the selection and the first row on the same nodes of file
  /// `file` through `edits` (nil: the file was read again, and its rows keep their state by
  /// place as far as they still exist).
  ///
  /// An edit above a row shifts its index path; a removed row's expansion goes, and a removed
  /// selection or first row lands where the edit was (the next sibling, or the replaced node).
  package mutating func follow(_ edits: [Edit]?, in file: Int) {
    func follow(_ item: OutlineItem?) -> (item: OutlineItem?, gone: Bool) {
      guard case .node(let f, let path)? = item, f == file, let edits else { return (item, false) }
      var current = path
      for edit in edits {
        guard let next = edit.mapping(current) else {
          return (.node(file: f, path: edit.anchor), true)
        }
        current = next
      }
      return (.node(file: f, path: current), false)
    }
    var toggled: Set<OutlineItem> = []
    for item in expansion.toggled {
      let (followed, gone) = follow(item)
      if !gone, let followed { toggled.insert(followed) }
    }
    expansion.replaceToggled(toggled)
    selection = follow(selection).item
    top = follow(top).item
  }
}

extension OutlineItem {
  /// How deep a node row sits in its file (0 for a file's root or a bundle row).
  var depthInFile: Int {
    guard case .node(_, let path) = self else { return 0 }
    return path.count
  }
}
