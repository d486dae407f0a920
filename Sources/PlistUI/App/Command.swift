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
  case nextChange, previousChange
  case nextPane, previousPane, showFindings
  case edit, add, delete, rename, changeType, undo, redo, revert, applyFix, save, openInEditor
  case toggleDisplayNames, sortKeys, sortFindings, zoomDetail
  case scrollToCenter, scrollToTop, scrollToBottom, scrollDown, scrollUp, redraw
  case copyKeyPath, copyKey, copyValue, copyPlistBuddyPath, copyPlutilCommand, copyRow
  case pasteAfter, pasteBefore
  case help, cancel, quit, interrupt
  case accept, writeBinary, writeXML
  case nextChoice, previousChoice, firstChoice, lastChoice, historyBack, historyForward
  case cursorLeft, cursorRight, wordLeft, wordRight, lineStart, lineEnd
  case deleteBackward, deleteForward, deleteWord, deleteToStart, deleteToEnd

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
    case .nextPane, .previousPane, .toggleDisplayNames, .sortKeys, .zoomDetail, .redraw,
      .scrollToCenter, .scrollToTop, .scrollToBottom, .scrollDown, .scrollUp:
      "View"
    case .copyKeyPath, .copyKey, .copyValue, .copyPlistBuddyPath, .copyPlutilCommand, .copyRow,
      .pasteAfter, .pasteBefore:
      "Copy"
    case .nextChange, .previousChange: "Compare"
    case .edit, .add, .delete, .rename, .changeType, .undo, .redo, .revert, .applyFix, .save,
      .openInEditor:
      "Edit"
    case .help, .cancel, .quit, .interrupt: "General"
    case .accept, .writeBinary, .writeXML, .nextChoice, .previousChoice, .firstChoice,
      .lastChoice, .historyBack, .historyForward, .cursorLeft, .cursorRight, .wordLeft,
      .wordRight, .lineStart, .lineEnd, .deleteBackward, .deleteForward, .deleteWord,
      .deleteToStart, .deleteToEnd:
      // Bound only in overlays and prompts, whose sections help lists by context.
      "Prompts"
    }
  }

  /// The groups in the order help shows them.
  package static let groups = [
    "Move", "Fold", "Search", "Findings", "Compare", "Edit", "View", "Copy", "General",
  ]

  /// One line of help for the command where `context` binds it: the scrolling commands
  /// scroll in an overlay, Enter and Esc say what they take or drop there.
  package func help(in context: KeyContext) -> String {
    switch (self, context) {
    case (.down, .help), (.down, .review): "scroll down a line"
    case (.up, .help), (.up, .review): "scroll up a line"
    case (.pageDown, .help), (.pageDown, .review): "scroll down a page"
    case (.pageUp, .help), (.pageUp, .review): "scroll up a page"
    case (.first, .help): "back to the top"
    case (.accept, .review): "write what the review shows"
    case (.accept, .pickList): "take the selected entry (or the typed value, where any is allowed)"
    case (.accept, .prompt): "take the line"
    case (.cancel, .review): "close the review; nothing is written"
    case (.cancel, .pickList): "close the list; nothing changes"
    case (.cancel, .question): "no: close the question; nothing changes"
    case (.cancel, .prompt): "drop the line; nothing changes"
    case (.deleteBackward, .pickList): "widen the filter"
    default: help
    }
  }

  /// One line of help, in our words.
  package var help: String {
    switch self {
    case .down: "next row"
    case .up: "previous row"
    case .pageDown: "page down"
    case .pageUp: "page up"
    case .halfPageDown: "half a page down"
    case .halfPageUp: "half a page up"
    case .first: "first row (with a count: that row)"
    case .last: "last row (with a count: that row)"
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
    case .nextChange: "infoscope diff: jump to the next change since OLD"
    case .previousChange: "infoscope diff: jump to the previous change since OLD"
    case .showFindings: "open the findings list"
    case .sortFindings: "sort findings by severity or by file"
    case .nextPane: "next pane"
    case .previousPane: "previous pane"
    case .toggleDisplayNames: "raw keys or Xcode display names"
    case .sortKeys: "keys sorted A to Z, or in file order (the file is never reordered)"
    case .zoomDetail: "detail pane on the whole screen, or back"
    case .scrollToCenter: "scroll the selected row to the middle"
    case .scrollToTop: "scroll the selected row to the top"
    case .scrollToBottom: "scroll the selected row to the bottom"
    case .scrollDown: "scroll down a row, keeping the selection"
    case .scrollUp: "scroll up a row, keeping the selection"
    case .redraw: "draw the whole screen again"
    case .copyKeyPath: "copy the key path (plutil and PlistBuddy forms in the status bar)"
    case .copyKey: "copy the key"
    case .copyValue: "copy the value (a container as an XML property list)"
    case .copyPlistBuddyPath: "copy the PlistBuddy entry path"
    case .copyPlutilCommand: "copy a plutil -replace command that sets the current value"
    case .copyRow: "copy the row, its key and everything in it, for p and P to paste"
    case .pasteAfter: "paste the copied row after the selected one (into any file)"
    case .pasteBefore: "paste the copied row before the selected one"
    case .edit: "edit the value (a Boolean flips)"
    case .add: "add a key or item (keys complete from the catalog)"
    case .delete: "delete (asks first for a container)"
    case .rename: "rename the key"
    case .changeType: "change the type, converting the value"
    case .undo: "undo"
    case .redo: "redo"
    case .revert: "put the file back as it was saved (asks; Ctrl-R redoes)"
    case .applyFix: "apply the selected finding's fix"
    case .save: "save the file (shows the diff first)"
    case .openInEditor: "open the file in $VISUAL or $EDITOR, then read it again"
    case .help: "this help"
    case .cancel: "close the overlay, clear the search"
    case .quit: "quit"
    case .interrupt: "cancel the prompt, or quit (asks first when edits are unsaved)"
    case .accept: "take the line, choose from the list, or write what the review shows"
    case .writeBinary: "in the save review: write binary instead"
    case .writeXML: "in the save review: write XML instead"
    case .nextChoice: "next completion or list entry"
    case .previousChoice: "previous completion or list entry"
    case .firstChoice: "first list entry"
    case .lastChoice: "last list entry"
    case .historyBack: "in the search line: an earlier search"
    case .historyForward: "in the search line: a later search, then what was typed"
    case .cursorLeft: "cursor left"
    case .cursorRight: "cursor right"
    case .wordLeft: "a word left"
    case .wordRight: "a word right"
    case .lineStart: "start of the line"
    case .lineEnd: "end of the line"
    case .deleteBackward: "delete before the cursor (in a list: widen the filter)"
    case .deleteForward: "delete at the cursor"
    case .deleteWord: "delete the word before the cursor"
    case .deleteToStart: "delete to the start of the line"
    case .deleteToEnd: "delete to the end of the line"
    }
  }

  /// A few words for the hint after the first key of a sequence (`y` then: `p path`).
  package var shortHelp: String {
    switch self {
    case .copyKeyPath: "path"
    case .copyKey: "key"
    case .copyValue: "value"
    case .copyPlistBuddyPath: "PlistBuddy path"
    case .copyPlutilCommand: "plutil command"
    case .copyRow: "row, to paste"
    case .scrollToCenter: "middle"
    case .scrollToTop: "top"
    case .scrollToBottom: "bottom"
    case .nextChange: "next change"
    case .previousChange: "previous change"
    default: help
    }
  }

  /// Whether a count typed before the key repeats it (`5j`).
  package var takesCount: Bool {
    switch self {
    case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling,
      .previousSibling, .searchNext, .searchPrevious, .nextFinding, .previousFinding,
      .nextChange, .previousChange, .scrollDown, .scrollUp:
      true
    default: false
    }
  }
}
