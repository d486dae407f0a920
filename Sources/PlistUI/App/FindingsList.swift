import PlistRules

/// The findings list: its order, cursor and scroll, and the tree order `f` and `F` follow.
///
/// One concern of ``AppState``; it reads the session's findings, never changes them.
package struct FindingsList: Sendable {
  /// How the list is sorted.
  package private(set) var order: FindingsOrder = .severity
  /// Finding indices (into ``Session/findings``) in list order.
  package private(set) var sorted: [Int] = []
  /// The selected position in ``sorted``.
  package private(set) var cursor = 0
  /// The first position of ``sorted`` on screen.
  package private(set) var top = 0
  /// Finding indices in tree order (document order of their rows; findings without a row
  /// last; a comparison's resolved findings left out): the order `f` and `F` follow, whatever
  /// the list's sort.
  package private(set) var treeOrder: [Int] = []
  /// Where the last `f`/`F` landed: its position in ``treeOrder`` and its row, so the next
  /// one goes on from there while the selection stays on that row.
  package private(set) var lastJump: (position: Int, item: OutlineItem?)?

  /// An empty list; ``sort(_:)`` fills it.
  package init() {}

  /// The finding under the cursor, if any.
  package var selected: Int? { sorted.indices.contains(cursor) ? sorted[cursor] : nil }

  /// Sorts the session's findings for the list (a comparison's by group first: new,
  /// unchanged, resolved) and in tree order for `f` and `F`.
  package mutating func sort(_ session: Session) {
    let items = session.findingItems
    let before = treeOrder
    // A comparison's resolved findings are OLD's: f and F visit NEW's only.
    let groups = session.comparison?.groups
    treeOrder = items.indices.filter { groups?[$0] != .resolved }.sorted { a, b in
      switch (items[a], items[b]) {
      case (let x?, let y?):
        if x == y { return a < b }
        return session.precedesInDocument(x, y)
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a < b
      }
    }
    if treeOrder != before { lastJump = nil }
    let findings = session.findings
    // Within a severity (or in file order), findings follow the tree: files as the tree
    // shows them, rows top to bottom; those with no row (and OLD's resolved ones) after, by
    // file and line.
    var place = [Int](repeating: Int.max, count: findings.count)
    for (rank, index) in treeOrder.enumerated() { place[index] = rank }
    sorted = findings.indices.sorted { a, b in
      let (x, y) = (findings[a], findings[b])
      if let groups, groups[a] != groups[b] { return groups[a].rank < groups[b].rank }
      if order == .severity, x.severity != y.severity { return x.severity > y.severity }
      if place[a] != place[b] { return place[a] < place[b] }
      if x.file != y.file { return x.file < y.file }
      if x.line != y.line { return x.line < y.line }
      return a < b
    }
  }

  /// Switches between severity and file order, keeping the cursor on its finding.
  package mutating func toggleOrder(_ session: Session) {
    order = order == .severity ? .file : .severity
    let current = selected
    sort(session)
    cursor = current.flatMap { sorted.firstIndex(of: $0) } ?? 0
  }

  /// Moves the cursor by `n` positions (negative: up).
  package mutating func move(by n: Int) { cursor += n }

  /// Puts the cursor on `position` (clamped by ``clamp(rows:)``).
  package mutating func moveTo(_ position: Int) { cursor = position }

  /// Puts the cursor on finding `finding`, if the list has it.
  package mutating func show(_ finding: Int) {
    cursor = sorted.firstIndex(of: finding) ?? cursor
  }

  /// Keeps the cursor in the list and on screen, for a pane of `rows` rows.
  package mutating func clamp(rows: Int) {
    let rows = max(1, rows)
    cursor = max(0, min(cursor, sorted.count - 1))
    if cursor < top { top = cursor }
    if cursor >= top + rows { top = cursor - rows + 1 }
    top = max(0, min(top, max(0, sorted.count - rows)))
  }

  /// Where `f` (`n` > 0) or `F` (`n` < 0) goes from row `selection`.
  ///
  /// That is the `|n|`th finding past it in tree order, wrapping at the ends; several findings
  /// on one row are visited in turn. `opening` is the row the inspector opens on, where the
  /// first `f` takes the row's own findings too. The cursor moves to the finding.
  ///
  /// - Returns: the finding, its position in ``treeOrder`` and whether the walk wrapped; nil
  ///   when there are no findings.
  package mutating func step(
    by n: Int, from selection: OutlineItem?, opening: OutlineItem?, in session: Session
  ) -> (finding: Int, position: Int, wrapped: Bool)? {
    let order = treeOrder
    guard !order.isEmpty else { return nil }
    let count = order.count
    var position: Int
    if let last = lastJump, last.item == selection, order.indices.contains(last.position) {
      position = last.position + n
    } else {
      // From the cursor: the first finding past it (at it, before any jump from the first row).
      let items = session.findingItems
      let here = selection ?? session.roots.first
      let fresh = lastJump == nil
      func after(_ index: Int) -> Bool {
        guard let item = items[index] else { return true }
        guard let here else { return true }
        if item == here { return fresh && n > 0 && here == opening }
        return n > 0
          ? session.precedesInDocument(here, item) : session.precedesInDocument(item, here)
      }
      if n > 0 {
        position = (order.firstIndex { after($0) } ?? count) + n - 1
      } else {
        position = (order.lastIndex { after($0) } ?? -1) + n + 1
      }
    }
    var wrapped = false
    if position >= count || position < 0 {
      wrapped = true
      position = ((position % count) + count) % count
    }
    let finding = order[position]
    show(finding)
    return (finding, position, wrapped)
  }

  /// Records that the jump to position `position` of ``treeOrder`` landed on row `item`.
  package mutating func landed(at position: Int, on item: OutlineItem?) {
    lastJump = (position, item)
  }
}
