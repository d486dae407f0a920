import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import PlistRules

/// Editing: the inline editor, pick lists, questions, fixes, undo and the reviewed save.
extension AppState {
  // MARK: - Commands

  /// Applies an editing command to the selection.
  mutating func applyEditing(_ command: Command) -> [Effect] {
    switch command {
    case .edit: beginEdit()
    case .add: beginAdd()
    case .delete: beginDelete()
    case .rename: beginRename()
    case .changeType: beginChangeType()
    case .undo: step(redo: false)
    case .redo: step(redo: true)
    case .revert: beginRevert()
    case .applyFix: beginFix()
    case .save: return beginSave()
    default: break
    }
    return []
  }

  /// Undoes or redoes the last step, saying what it did, that there was nothing to do, or
  /// why it could not.
  private mutating func step(redo: Bool) {
    do {
      if let (file, name) = try redo ? session.redo() : session.undo() {
        afterChange(file)
        message = StatusMessage("\(redo ? "redid" : "undid") \(name)")
      } else {
        message = StatusMessage("nothing to \(redo ? "redo" : "undo")")
      }
    } catch {
      message = StatusMessage(error.message, isError: true)
    }
  }

  /// `v`: the selected row's file in the user's editor; a file with unsaved edits must be
  /// saved or put back first, so neither side's changes are lost.
  mutating func beginEditorRun() -> [Effect] {
    if session.comparison != nil {
      refuse(Session.comparisonReadOnly)
      return []
    }
    guard let (file, _) = place(selection) else {
      refuse("select a row of a file to open it in your editor")
      return []
    }
    guard case .disk(let path) = session.saveTarget(file), !session.files[file].isGenerated else {
      refuse("\(session.files[file].path) is not a file on disk that an editor can open")
      return []
    }
    if session.documents[file]?.isDirty == true {
      refuse("\(session.files[file].path) has unsaved edits: w saves them, U puts the file back")
      return []
    }
    return [.openInEditor(file: file, path: path)]
  }

  /// After the editor: file `file` is read again (``Effect/reload(_:)``); without a status
  /// the editor did not start.
  package mutating func readAgain(_ file: Int, editor: String, status: Int32?) -> [Effect] {
    guard let status else {
      refuse("could not start the editor (\(editor)); set VISUAL or EDITOR")
      return []
    }
    return reload(file, .editor(editor, status: status))
  }

  /// Asks for file `file` to be read again from disk (``Effect/reload(_:)``).
  func reload(_ file: Int, _ reason: Reload.Reason) -> [Effect] {
    guard case .disk(let path) = session.saveTarget(file) else { return [] }
    return [.reload(Reload(file: file, path: path, reason: reason))]
  }

  /// How a read of a file again went, as the loop reports it: the tree is replaced and its
  /// unsaved edits and their recovery file go, or the tree stays and the status line says why.
  ///
  /// - Returns: the removal of the file's recovery file.
  package mutating func finishReload(
    _ reload: Reload, _ outcome: Result<PlistDocument, EditError>
  ) -> [Effect] {
    let file = reload.file
    let name = session.files[file].path
    switch outcome {
    case .success(let document):
      session.replace(file, with: document)
      afterChange(file)
      switch reload.reason {
      case .editor(let editor, let status):
        let note = status == 0 ? "" : " (the editor exited with status \(status))"
        message = StatusMessage("read \(name) again after \(editor)\(note)")
      case .changedOnDisk:
        message = StatusMessage("reloaded \(name); the edits were dropped")
      case .revert:
        message = StatusMessage("read \(name) again from disk; its edits were dropped")
      }
      return session.recoveryRemoval(of: [file]).map { [.keepRecovery($0)] } ?? []
    case .failure(let error):
      if case .editor = reload.reason {
        refuse("\(error.message); the tree shows the file as it was before the editor")
      } else {
        refuse(error.message)
      }
      return []
    }
  }

  /// `U`: asks before putting the selected row's file back as it was saved.
  private mutating func beginRevert() {
    guard let (file, _) = place(selection) else {
      return refuse("select a row of a file to put it back as it was saved")
    }
    guard session.documents[file]?.isDirty == true else {
      return refuse("\(session.files[file].path) has no unsaved edits")
    }
    let how =
      switch session.revertPath(file) {
      case .undo: "undoing its unsaved edits (Ctrl-R redoes them)"
      case .redo: "redoing the steps undone since it was saved (u undoes them again)"
      case .reload:
        "reading it again from disk: its unsaved edits go and cannot be redone"
      }
    modal = .confirm(
      ConfirmPrompt(
        question: "put \(session.files[file].path) back as it was saved, \(how)?",
        answers: [("y", "revert"), ("n", "keep")], action: .revert(file: file)))
  }

  /// The file and index path of a property-list row, or `nil` for a bundle row.
  func place(_ item: OutlineItem?) -> (file: Int, path: [Int])? {
    guard case .node(let file, let path)? = item else { return nil }
    return (file, path)
  }

  mutating func refuse(_ text: String) {
    message = StatusMessage(text, isError: true)
  }

  private func editable(_ file: Int) -> String? { session.editBlocker(file) }

  private mutating func beginEdit() {
    guard let item = selection else { return }
    if session.isContainer(item)
      || { if case .branch = item { return true } else { return false } }()
    {
      _ = apply(.toggle)
      return
    }
    guard let (file, path) = place(item), !path.isEmpty, let node = session.node(item) else {
      return refuse("select a key or an item to edit its value")
    }
    if let reason = editable(file) { return refuse(reason) }
    switch node.value {
    case .boolean(let b):
      perform(
        file, "set \(label(item))",
        [.replace(at: path, with: Edit.replacement(for: node, value: .boolean(!b)))])
      if message?.isError != true {
        message = StatusMessage("set \(label(item)) to \(!b) (u undoes)")
      }
    case .uid(let n):
      // A keyed archive's reference: follow it to the object it names.
      guard let root = session.files[file].root?.value.dictionaryValue,
        let at = root.keys.firstIndex(of: "$objects"),
        let count = root["$objects"]?.value.arrayValue?.count
      else {
        return refuse("UIDs are references inside keyed archives and are not edited by hand")
      }
      guard n < UInt64(count) else {
        return refuse("UID \(n) points past $objects, which holds \(count) objects")
      }
      select(.node(file: file, path: [at, Int(n)]), reveal: .center)
      message = StatusMessage("followed UID \(n) to $objects[\(n)]")
    case .array, .dictionary:
      break
    default:
      if let (options, closed) = catalogValues(for: item), case .string = node.value {
        let current = options.firstIndex(of: node.value.stringValue ?? "") ?? 0
        modal = .choice(
          ChoicePrompt(
            purpose: .value(item), title: "\(label(item)): choose a value", options: options,
            choice: current, acceptsOther: !closed))
        return
      }
      modal = .input(
        InputPrompt(
          purpose: .value(item, node.value.kind),
          editor: LineEditor(ValueParser.text(for: node.value)), error: nil,
          label: "\(label(item)) (\(RowText.typeName(node.value.kind)))"))
    }
  }

  private mutating func beginAdd() {
    guard let item = selection, let (file, path) = place(item) else {
      return refuse("select a row inside a property list to add to it")
    }
    if let reason = editable(file) { return refuse(reason) }
    // Into an open container (or a closed empty one), else beside the selected row.
    let node = session.node(item)
    var parent = item
    var index = 0
    let isContainer = node?.value.kind.isContainer ?? false
    if isContainer && (expansion.isExpanded(item) || session.childCount(item) == 0 || path.isEmpty)
    {
      index = session.childCount(item)
    } else if let up = session.parent(of: item), case .node = up {
      parent = up
      index = session.siblingIndex(item) + 1
    } else {
      return refuse("select a dictionary or an array, or a row inside one")
    }
    switch session.node(parent)?.value {
    case .dictionary:
      modal = .input(
        InputPrompt(
          purpose: .newKey(parent: parent, index: index), editor: LineEditor(), error: nil,
          label: "new key in \(label(parent))"))
      updateSuggestions()
    case .array:
      if let (options, closed) = catalogValues(for: parent, forItems: true) {
        let present = Set(
          (session.node(parent)?.value.arrayValue ?? []).compactMap { $0.value.stringValue })
        let remaining = options.filter { !present.contains($0) }
        guard !remaining.isEmpty || !closed else {
          return refuse("every value the catalog lists is there")
        }
        modal = .choice(
          ChoicePrompt(
            purpose: .newValue(parent: parent, index: index, key: nil, asArray: false),
            title: "add to \(label(parent))", options: remaining, choice: 0,
            acceptsOther: !closed))
      } else if let arrayKey = session.key(parent),
        !KnownKeys.entries(within: KnownKeys.splitDeviceSuffix(arrayKey).base).isEmpty
      {
        // The catalog lists keys for this array's items: each item is a dictionary.
        insert(PlistNode(.dictionary(PlistDictionary())), into: parent, at: index, key: nil)
      } else {
        modal = .choice(
          ChoicePrompt(
            purpose: .newType(parent: parent, index: index, key: nil),
            title: "type of the new item in \(label(parent))", options: Self.typeNames,
            choice: 0))
      }
    default:
      refuse("only a dictionary or an array can hold a new item")
    }
  }

  private mutating func beginDelete() {
    guard let item = selection, let (file, path) = place(item), !path.isEmpty,
      let node = session.node(item)
    else { return refuse("select a key or an item to delete") }
    if let reason = editable(file) { return refuse(reason) }
    if let count = node.value.childCount, count > 0 {
      modal = .confirm(
        ConfirmPrompt(
          question: "delete \(label(item)) and its \(RowText.items(count).dropFirst().dropLast())?",
          answers: [("y", "delete"), ("n", "keep")], action: .delete(item)))
    } else {
      delete(item)
    }
  }

  private mutating func delete(_ item: OutlineItem) {
    guard let (file, path) = place(item) else { return }
    let name = label(item)
    perform(file, "delete \(name)", [.remove(at: path)])
    if message?.isError != true {
      message = StatusMessage("deleted \(name) (u undoes)")
      flow.noteDeleted(name)
    }
  }

  private mutating func beginRename() {
    guard let item = selection, let (file, _) = place(item), let key = session.key(item) else {
      return refuse("only a dictionary entry has a key to rename")
    }
    if let reason = editable(file) { return refuse(reason) }
    modal = .input(
      InputPrompt(
        purpose: .rename(item), editor: LineEditor(key), error: nil, label: "rename \(key) to"))
  }

  private mutating func beginChangeType() {
    guard let item = selection, let (file, path) = place(item), !path.isEmpty,
      let node = session.node(item)
    else { return refuse("select a key or an item to change its type") }
    if let reason = editable(file) { return refuse(reason) }
    modal = .choice(
      ChoicePrompt(
        purpose: .changeType(item), title: "\(label(item)): new type", options: Self.typeNames,
        choice: Self.kinds.firstIndex(of: node.value.kind) ?? 0))
  }

  /// The types a user can pick, in Xcode's order.
  static let kinds: [PlistKind] = [
    .string, .integer, .real, .boolean, .date, .data, .array, .dictionary,
  ]
  static let typeNames = kinds.map(RowText.typeName)

  // MARK: - Fixes

  /// The finding `x` is about, when the user chose one.
  ///
  /// The findings list's cursor when the list has focus, or the finding Enter in the list
  /// opened, while the tree is on its row. A newcomer opened a finding without a fix, pressed
  /// `x`, and was offered another finding's fix on the same row.
  private var chosenFinding: Int? {
    guard let index = selectedFinding else { return nil }
    if focus == .findings { return index }
    guard openedFinding == index, let selection,
      session.ownFindings[selection]?.contains(index) == true
    else { return nil }
    return index
  }

  /// The finding whose fix `x` applies: the chosen finding (nil when it has no fix), else the
  /// first of the selected row's findings that has a fix.
  private var fixableFinding: Int? {
    if let index = chosenFinding {
      return session.findings[index].fix == nil ? nil : index
    }
    guard let selection, let own = session.ownFindings[selection] else { return nil }
    return own.first { session.findings[$0].fix != nil }
  }

  private mutating func beginFix() {
    if session.comparison != nil { return refuse(Session.comparisonReadOnly) }
    guard let index = fixableFinding else {
      if let selected = chosenFinding {
        let reason = session.findings[selected].noFixReason
        return refuse("this finding has no automatic fix" + (reason.map { ": " + $0 } ?? ""))
      }
      return refuse("no finding with a fix on this row (f finds one)")
    }
    let finding = session.findings[index]
    guard let fix = finding.fix else { return }
    let steps = fix.edits.map(Self.describe).joined(separator: "; ")
    modal = .confirm(
      ConfirmPrompt(
        question: "\(fix.title): \(steps). Apply?", answers: [("y", "apply"), ("n", "cancel")],
        action: .fix(index)))
  }

  private static func describe(_ edit: KeyPathEdit) -> String {
    switch edit {
    case .set(let path, let value):
      if case .array(let items) = value, items.count <= 8 {
        "set \(path) to [" + items.map { RowText.preview($0.value).text }.joined(separator: ", ")
          + "]"
      } else {
        "set \(path) to \(RowText.preview(value).text)"
      }
    case .remove(let path): "remove \(path)"
    case .rename(let path, let key): "rename \(path) to \(key)"
    }
  }

  mutating func applyFix(_ index: Int) {
    let finding = session.findings[index]
    guard let fix = finding.fix,
      let file = session.files.firstIndex(where: { $0.path == finding.file })
    else { return refuse("the file of this finding is not open for editing") }
    if let reason = editable(file) { return refuse(reason) }
    do {
      try session.perform(file: file, fix.title, keyPathEdits: fix.edits)
    } catch {
      return refuse(error.message)
    }
    afterChange(file)
    message = StatusMessage("\(fix.title) (u undoes)")
    // A fix that adds an empty text (a purpose string) opens its editor: only the user can
    // write the reason.
    for case .set(let path, let value) in fix.edits {
      guard case .string("") = value, let root = session.files[file].root,
        let indices = root.indexPath(of: path)
      else { continue }
      let item = OutlineItem.node(file: file, path: indices)
      select(item, reveal: .center)
      modal = .input(
        InputPrompt(
          purpose: .value(item, .string), editor: LineEditor(), error: nil,
          label: "\(label(item)) (String): why the app needs this access"))
      break
    }
  }

  // MARK: - After a change

  /// Lints again happened in the session; here the view follows: the selection stays on a
  /// row that exists, the findings list is re-sorted.
  mutating func afterChange(_ file: Int) {
    followTreeChanges()
    if let item = selection, case .node(let f, var path) = item, f == file {
      while !path.isEmpty, session.node(.node(file: f, path: path)) == nil {
        // Removed: the sibling before it, else the parent.
        if let last = path.last, last > 0 {
          path[path.count - 1] = last - 1
        } else {
          path.removeLast()
        }
      }
      selection = .node(file: f, path: path)
    }
    sortFindings()
    clampFindings()
    reveal(.keep)
  }

  /// Keeps the expanded rows, the selection and the first row on screen on the same nodes
  /// through the edits just applied (``TreeView/follow(_:in:)``).
  private mutating func followTreeChanges() {
    for (file, edits) in session.takeTreeChanges() { tree.follow(edits, in: file) }
  }

  private mutating func perform(_ file: Int, _ name: String, _ edits: [Edit]) {
    do {
      try session.perform(file: file, name, edits)
      afterChange(file)
    } catch {
      refuse(error.message)
    }
  }

  /// The label of a row in messages: its key, `[index]`, or the file name.
  func label(_ item: OutlineItem) -> String {
    if let key = session.key(item) { return key }
    if case .node(let file, let path) = item {
      return path.last.map { "[\($0)]" } ?? session.files[file].name
    }
    return "this bundle"
  }

  /// The values the catalog lists for a row's key, and whether they are all there is.
  ///
  /// With `forItems`, the values of the items of an array under that key; nil when the
  /// catalog lists none. A privacy manifest's `NSPrivacyAccessedAPIType` offers the required-reason API
  /// categories, and its reasons array the codes of the category beside it.
  func catalogValues(
    for item: OutlineItem, forItems: Bool = false
  ) -> (values: [String], closed: Bool)? {
    var keyed = item
    if !forItems, case .node(_, let path) = item, session.key(item) == nil, !path.isEmpty,
      let parent = session.parent(of: item)
    {
      keyed = parent  // an array item takes its array's values
    }
    guard let key = session.key(keyed) else { return nil }
    switch key {
    case "NSPrivacyAccessedAPIType":
      return (PrivacyManifestCatalog.categories.map(\.name), true)
    case "NSPrivacyAccessedAPITypeReasons":
      guard let entry = session.parent(of: keyed),
        let type = session.node(entry)?.value
          .dictionaryValue?["NSPrivacyAccessedAPIType"]?.value.stringValue,
        let category = PrivacyManifestCatalog.categoriesByName[type]
      else { return nil }
      return (category.reasons.map(\.code), true)
    default:
      guard let known = KnownKeys.entry(resolving: key), !known.allowedValues.isEmpty else {
        return nil
      }
      return (known.allowedValues, known.closedValues)
    }
  }

  /// The catalog's name for where a new key of dictionary `parent` goes: `""` at the root,
  /// the key of the array an item dictionary belongs to (`NSPrivacyAccessedAPITypes`), the key
  /// whose entries are named dictionaries (`NSExceptionDomains` for `example.com`'s), else the
  /// dictionary's own key without a device suffix.
  func catalogParent(of parent: OutlineItem) -> String {
    guard case .node(_, let path) = parent, !path.isEmpty else { return "" }
    guard let key = session.key(parent) else {
      // An item of an array: its keys are the array's.
      return session.parent(of: parent).flatMap { session.key($0) }.map {
        KnownKeys.splitDeviceSuffix($0).base
      } ?? ""
    }
    if let up = session.parent(of: parent), let upKey = session.key(up),
      let entry = KnownKeys.entry(resolving: upKey), entry.childKeysAreNames
    {
      return KnownKeys.splitDeviceSuffix(upKey).base
    }
    return KnownKeys.splitDeviceSuffix(key).base
  }

  /// Completions for the key being typed, from the catalog, skipping keys already present.
  mutating func updateSuggestions() {
    guard case .input(var prompt) = modal, case .newKey(let parent, _) = prompt.purpose else {
      return
    }
    let typed = prompt.editor.text
    let present = Set(session.node(parent)?.value.dictionaryValue?.keys ?? [])
    let parentKey = catalogParent(of: parent)
    let home: KnownKey.Home? =
      if case .node(let file, _) = parent { KnownKey.Home(session.files[file].role) } else { nil }
    // A dictionary whose keys are names (NSExceptionDomains: domains) offers none: the
    // catalog's keys under it belong one level down.
    let keysAreNames =
      session.key(parent).flatMap { KnownKeys.entry(resolving: $0) }?.childKeysAreNames == true
    let matches = (keysAreNames ? [] : KnownKeys.matching(prefix: typed, within: parentKey))
      .filter { !present.contains($0.key) && (home == nil || $0.home == home) }
      .prefix(8)
    prompt.suggestions = matches.map { ($0.key, $0.displayName) }
    // A display-name search ("Privacy - Cam") takes the first completion on Enter; a raw key
    // typed as is stays as typed unless Tab picks a completion (so "CFBundle" can be a new key).
    let typedRawKey = !typed.contains(" ")
    prompt.choice = prompt.suggestions.isEmpty || typedRawKey ? nil : 0
    modal = .input(prompt)
  }
}
