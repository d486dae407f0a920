import PlistCore
import PlistEditing

/// A row copied by `yr`: its key (nil for an array item or a file's root) and its value with
/// everything inside it, detached from the text it was read from.
package struct CopiedRow: Sendable {
  /// The key it had in its dictionary.
  package var key: String?
  /// The value, its locations dropped (``TreeDiff/fresh(_:)``), so a paste is written in the
  /// canonical layout wherever it goes.
  package var node: PlistNode
  /// What the status line calls it (`NSAppTransportSecurity`, `UIAppFonts[2]`).
  package var name: String
}

/// Copy and paste of rows and subtrees, within a file and across files: `yr` copies, `p`
/// pastes after the selected row, `P` before it, each paste one undoable step.
extension AppState {
  /// `yr`: keeps the selected row for `p` and `P`.
  mutating func copyRow() {
    guard let item = selection, let node = session.node(item) else {
      message = StatusMessage("select a row inside a property list to copy it", isError: true)
      return
    }
    let path = session.keyPath(item)
    let name = path.isRoot ? "the root of \(fileName(item))" : path.description
    flow.copy(CopiedRow(key: session.key(item), node: TreeDiff.fresh(node), name: name))
    let count = node.value.childCount.map { $0 == 1 ? ", 1 item" : ", \($0) items" } ?? ""
    message = StatusMessage(
      "copied \(name) (\(RowText.typeName(node.value.kind))\(count)): p pastes it after a row, P before"
    )
  }

  /// `p` / `P`: inserts the copied row beside the selected one, in the selected row's
  /// container (a file's root row takes it as its last or first child).
  ///
  /// Into a dictionary it keeps its key when that key is free there; otherwise (or when it
  /// was an array item) the key is asked for. Into an array it goes without its key.
  mutating func paste(after: Bool) {
    guard let copied = flow.copiedRow else {
      message = StatusMessage("nothing copied yet: yr copies the selected row", isError: true)
      return
    }
    guard let item = selection, case .node(let file, let path) = item else {
      message = StatusMessage(
        "select a row inside a property list to paste beside it", isError: true)
      return
    }
    if let reason = session.editBlocker(file) {
      message = StatusMessage(reason, isError: true)
      return
    }
    let parent: OutlineItem
    let index: Int
    if let last = path.last {
      parent = .node(file: file, path: Array(path.dropLast()))
      index = last + (after ? 1 : 0)
    } else {
      parent = item
      index = after ? session.childCount(item) : 0
    }
    switch session.node(parent)?.value {
    case .array:
      insert(copied.node, into: parent, at: index, key: nil, verb: "pasted")
    case .dictionary(let dictionary):
      if let key = copied.key, dictionary.index(forKey: key) == nil {
        insert(copied.node, into: parent, at: index, key: key, verb: "pasted")
        return
      }
      modal = .input(
        InputPrompt(
          purpose: .pasteKey(parent: parent, index: index),
          editor: LineEditor(copied.key ?? ""),
          error: copied.key.map { "the dictionary already has \($0): type another key" },
          label: "key of the pasted \(copied.name) in \(label(parent))"))
    default:
      message = StatusMessage(
        "a file's root that is not a dictionary or an array holds nothing to paste into",
        isError: true)
    }
  }

  private func fileName(_ item: OutlineItem) -> String {
    guard case .node(let file, _) = item else { return "" }
    return session.files[file].path
  }
}
