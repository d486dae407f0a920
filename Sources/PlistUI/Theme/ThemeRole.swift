/// Every kind of text the screen draws.
///
/// Drawing code names roles, never colours; a ``Theme``
/// gives each role its colours and attributes.
///
/// The raw value is the name used in theme files (`tree.key  cyan  default  bold`).
package enum ThemeRole: String, Sendable, Hashable, CaseIterable {
  /// Plain text and empty space.
  case normal = "normal"
  /// The title bar.
  case title = "title"
  /// The error count in the title bar.
  case titleError = "title.error"
  /// The warning count in the title bar.
  case titleWarning = "title.warning"
  /// The note count in the title bar.
  case titleNote = "title.note"
  /// The status bar.
  case status = "status"
  /// Key names in the status bar's hints.
  case statusKey = "status.key"
  /// A message in the status bar.
  case statusMessage = "status.message"
  /// An error message in the status bar.
  case statusError = "status.error"
  /// A pane's border.
  case border = "border"
  /// The title of a pane without focus.
  case paneTitle = "pane.title"
  /// The title of the focused pane.
  case paneTitleFocused = "pane.title.focused"
  /// A dictionary key in the tree.
  case key = "tree.key"
  /// An Xcode display name shown instead of a raw key.
  case displayName = "tree.display-name"
  /// An array index in the tree.
  case index = "tree.index"
  /// The type column.
  case type = "tree.type"
  /// A string value.
  case string = "value.string"
  /// An integer or real value.
  case number = "value.number"
  /// A Boolean value.
  case boolean = "value.boolean"
  /// A date value.
  case date = "value.date"
  /// A data value.
  case data = "value.data"
  /// A UID value (keyed archives).
  case uid = "value.uid"
  /// `(n items)` on a container.
  case container = "value.container"
  /// A control character or escape shown as visible text (`\e`, `\u{202E}`).
  case escape = "value.escape"
  /// A file row: the root of one property list.
  case file = "tree.file"
  /// A bundle row: an app, extension or framework.
  case bundle = "tree.bundle"
  /// Fold markers and indentation guides.
  case guide = "tree.guide"
  /// The error marker and error messages.
  case error = "finding.error"
  /// The warning marker and warning messages.
  case warning = "finding.warning"
  /// The note marker and notes.
  case note = "finding.note"
  /// The selected row of the focused pane.
  case selection = "selection"
  /// The selected row of a pane without focus.
  case selectionInactive = "selection.inactive"
  /// A search match.
  case match = "search.match"
  /// A label in the detail pane (`Type`, `Platforms`).
  case label = "detail.label"
  /// A link (Apple's page).
  case link = "detail.link"
  /// An ITMS code or rule identifier.
  case code = "detail.code"
  /// A key name in the help overlay.
  case helpKey = "help.key"
  /// A group heading in the help overlay.
  case helpGroup = "help.group"
  /// The line editor and prompts.
  case input = "input"
  /// A comparison's added row: its `+` mark (`infoscope diff`).
  case diffAdded = "diff.added"
  /// A comparison's removed row: its `-` mark and its text, put back from OLD.
  case diffRemoved = "diff.removed"
  /// A comparison's changed or reordered row: its `~` or `↕` mark.
  case diffChanged = "diff.changed"
}
