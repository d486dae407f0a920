/// The panes of the inspector.
package enum PaneID: String, Sendable, Hashable, CaseIterable {
  /// The tree of property lists.
  case tree
  /// The selected row in detail.
  case detail
  /// The list of findings.
  case findings
}

/// Where each part of the screen goes for a terminal size.
///
/// At 100 columns and wider the tree takes the left side and the detail and findings panes share
/// the right; narrower, the tree is on top and one pane below shows the detail or, when it has
/// focus, the findings. Below ``minimum`` nothing but a "too small" line is drawn.
package struct Layout: Sendable, Hashable {
  /// The smallest size the inspector draws itself in.
  package static let minimum = Size(width: 40, height: 10)
  /// The width from which panes sit side by side.
  package static let wideWidth = 100

  /// The title bar (top row).
  package var title: Rect
  /// The status bar (bottom row).
  package var status: Rect
  /// The tree pane, its header row included.
  package var tree: Rect
  /// The detail pane, when shown.
  package var detail: Rect?
  /// The findings pane, when shown.
  package var findings: Rect?
  /// The column of the vertical separator, when panes sit side by side.
  package var separator: Rect?
  /// Whether the terminal is below ``minimum``.
  package var isTooSmall: Bool

  /// Lays out a screen of `size` with `focus` on a pane; with `zoomed`, the detail pane takes
  /// the whole body (the tree keeps its rectangle for scrolling but is not drawn).
  package init(size: Size, focus: PaneID, zoomed: Bool = false) {
    let screen = Rect(size)
    title = screen.top(1)
    status = screen.bottom(1)
    isTooSmall = size.width < Self.minimum.width || size.height < Self.minimum.height
    let body = screen.droppingTop(1).droppingBottom(1)
    if size.width >= Self.wideWidth {
      let left = body.width * 3 / 5
      tree = body.left(left)
      separator = Rect(x: body.x + left, y: body.y, width: 1, height: body.height)
      let right = body.droppingLeft(left + 1)
      let findingsHeight = max(4, right.height * 2 / 5)
      detail = right.droppingBottom(findingsHeight)
      findings = right.bottom(findingsHeight)
    } else {
      let lower = max(4, body.height * 2 / 5)
      tree = body.droppingBottom(lower)
      separator = nil
      if focus == .findings {
        findings = body.bottom(lower)
        detail = nil
      } else {
        detail = body.bottom(lower)
        findings = nil
      }
    }
    if zoomed {
      detail = body
      findings = nil
      separator = nil
    }
    self.zoomed = zoomed
  }

  /// Whether the detail pane takes the whole body.
  package var zoomed: Bool

  /// The pane `id`'s rectangle, when shown.
  package func rect(_ id: PaneID) -> Rect? {
    switch id {
    case .tree: tree
    case .detail: detail
    case .findings: findings
    }
  }

  /// Rows of content in a pane (its height less the header row).
  package func contentRows(_ id: PaneID) -> Int { max(0, (rect(id)?.height ?? 0) - 1) }
}
