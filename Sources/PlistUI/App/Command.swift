/// Every user intent the inspector understands.
///
/// Keys map to commands (``Keymap``), and the help
/// overlay is generated from this table.
package enum Command: String, Sendable, Hashable, CaseIterable {
  case down, up, pageDown, pageUp, halfPageDown, halfPageUp, first, last
  case nextSibling, previousSibling, parent
  case expandOrChild, collapseOrParent, toggle, expandAll, collapseAll
  case search, searchNext, searchPrevious
  case nextFinding, previousFinding, openFinding
  case nextPane, previousPane, showFindings
  case edit, add, delete, rename, changeType, undo, redo, applyFix, save
  case toggleDisplayNames, sortFindings, zoomDetail
  case copyKeyPath, copyPlistBuddyPath
  case help, cancel, quit

  /// The group it is listed under in help.
  package var group: String {
    switch self {
    case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last,
      .nextSibling, .previousSibling, .parent:
      "Move"
    case .expandOrChild, .collapseOrParent, .toggle, .expandAll, .collapseAll: "Fold"
    case .search, .searchNext, .searchPrevious: "Search"
    case .nextFinding, .previousFinding, .openFinding, .showFindings, .sortFindings:
      "Findings"
    case .nextPane, .previousPane, .toggleDisplayNames, .copyKeyPath, .copyPlistBuddyPath,
      .zoomDetail:
      "View"
    case .edit, .add, .delete, .rename, .changeType, .undo, .redo, .applyFix, .save: "Edit"
    case .help, .cancel, .quit: "General"
    }
  }

  /// The groups in the order help shows them.
  package static let groups = ["Move", "Fold", "Search", "Findings", "Edit", "View", "General"]

  /// One line of help, in our words.
  package var help: String {
    switch self {
    case .down: "next row"
    case .up: "previous row"
    case .pageDown: "page down"
    case .pageUp: "page up"
    case .halfPageDown: "half a page down"
    case .halfPageUp: "half a page up"
    case .first: "first row"
    case .last: "last row"
    case .nextSibling: "next sibling"
    case .previousSibling: "previous sibling"
    case .parent: "parent row"
    case .expandOrChild: "expand, or go to the first child"
    case .collapseOrParent: "collapse, or go to the parent"
    case .toggle: "fold or unfold the row"
    case .expandAll: "expand everything"
    case .collapseAll: "collapse everything"
    case .search: "search keys, display names and values"
    case .searchNext: "next match"
    case .searchPrevious: "previous match"
    case .nextFinding: "jump to the next finding"
    case .previousFinding: "jump to the previous finding"
    case .openFinding: "in the findings list: go to the finding's key"
    case .showFindings: "open the findings list"
    case .sortFindings: "sort findings by severity or by file"
    case .nextPane: "next pane"
    case .previousPane: "previous pane"
    case .toggleDisplayNames: "raw keys or Xcode display names"
    case .zoomDetail: "detail pane on the whole screen, or back"
    case .copyKeyPath: "copy the key path (plutil and PlistBuddy forms in the status bar)"
    case .copyPlistBuddyPath: "copy the PlistBuddy entry path"
    case .edit: "edit the value (a Boolean flips)"
    case .add: "add a key or item (keys complete from the catalog)"
    case .delete: "delete (asks first for a container)"
    case .rename: "rename the key"
    case .changeType: "change the type, converting the value"
    case .undo: "undo"
    case .redo: "redo"
    case .applyFix: "apply the selected finding's fix"
    case .save: "save the file (shows the diff first)"
    case .help: "this help"
    case .cancel: "close the overlay, clear the search"
    case .quit: "quit"
    }
  }

  /// Whether a count typed before the key repeats it (`5j`).
  package var takesCount: Bool {
    switch self {
    case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling,
      .previousSibling, .searchNext, .searchPrevious, .nextFinding, .previousFinding:
      true
    default: false
    }
  }
}
