import Foundation
import PlistCore
import PlistEditing
import PlistRules

/// Keys while a prompt, pick list, question or save review is open.
extension AppState {
  mutating func handleModal(_ key: Key) -> [Effect] {
    guard let current = modal else { return [] }
    switch current {
    case .input(let prompt): return handleInput(prompt, key)
    case .choice(let prompt): handleChoice(prompt, key)
    case .confirm(let prompt): return handleConfirm(prompt, key)
    case .review(let review): return handleReview(review, key)
    }
    return []
  }

  private mutating func handleInput(_ prompt: InputPrompt, _ key: Key) -> [Effect] {
    var prompt = prompt
    let outcome = prompt.apply(
      completion: keymap.command(for: key, in: .completion),
      line: keymap.command(for: key, in: .prompt), typed: key)
    switch outcome {
    case .cancel:
      modal = nil
      flow.setQuitsAfterArchiveCopy(false)
      message = StatusMessage("cancelled")
    case .editing(let textChanged):
      modal = .input(prompt)
      if textChanged { updateSuggestions() }
    case .commit:
      return commitInput(prompt)
    }
    return []
  }

  private mutating func commitInput(_ prompt: InputPrompt) -> [Effect] {
    var prompt = prompt
    let text = prompt.editor.text
    func fail(_ reason: String) {
      prompt.error = reason
      modal = .input(prompt)
    }
    switch prompt.purpose {
    case .value(let item, let kind):
      guard case .node(let file, let path) = item, let node = session.node(item) else { return [] }
      do {
        let value = try ValueParser.parse(text, as: kind)
        guard value != node.value else {
          modal = nil
          message = StatusMessage("\(label(item)) unchanged")
          return []
        }
        try session.perform(
          file: file, "set \(label(item))",
          [.replace(at: path, with: Edit.replacement(for: node, value: value))])
        modal = nil
        afterChange(file)
        message = StatusMessage("set \(label(item)) (u undoes)")
      } catch {
        fail(error.message)
      }
    case .rename(let item):
      guard case .node(let file, let path) = item else { return [] }
      // An Xcode display name ("Privacy - Camera Usage Description") means its raw key.
      let text = KnownKeys.entry(displayName: text)?.key ?? text
      do {
        try session.perform(
          file: file, "rename \(label(item)) to \(text)", [.rename(at: path, to: text)])
        modal = nil
        afterChange(file)
        message = StatusMessage("renamed to \(text) (u undoes)")
      } catch {
        fail(error.message)
      }
    case .newKey(let parent, let index):
      // A highlighted completion wins over the typed prefix.
      var key = text
      if let choice = prompt.choice, prompt.suggestions.indices.contains(choice) {
        key = prompt.suggestions[choice].key
      }
      guard !key.isEmpty else {
        fail("type a key")
        return []
      }
      if session.node(parent)?.value.dictionaryValue?.index(forKey: key) != nil {
        fail("the dictionary already has \(key)")
        return []
      }
      // A key typed in full that only begins catalog keys is likely unfinished: say so once,
      // and take it as typed on a second Enter.
      let unknown =
        "\(key) is not a key Apple documents here: Tab picks a completion, Enter adds it as typed"
      if prompt.choice == nil, !prompt.suggestions.isEmpty, prompt.error != unknown,
        KnownKeys.entry(resolving: key) == nil
      {
        fail(unknown)
        return []
      }
      chooseNewValue(parent: parent, index: index, key: key)
    case .newValue(let parent, let index, let key, let kind):
      do {
        let value = try ValueParser.parse(text, as: kind)
        insert(PlistNode(value), into: parent, at: index, key: key)
      } catch {
        fail(error.message)
      }
    case .pasteKey(let parent, let index):
      guard let copied = flow.copiedRow else { break }
      guard !text.isEmpty else {
        fail("type a key for the pasted row")
        return []
      }
      if session.node(parent)?.value.dictionaryValue?.index(forKey: text) != nil {
        fail("the dictionary already has \(text)")
        return []
      }
      insert(copied.node, into: parent, at: index, key: text, verb: "pasted")
    case .archiveCopy(let file, let format):
      guard case .archive = session.saveTarget(file) else { break }
      guard !text.isEmpty else {
        fail("type the path of the copy")
        break
      }
      // The prompt stays open until the loop has checked the path (a refusal shows in it).
      return review(file, format: format, copy: NSString(string: text).expandingTildeInPath)
    }
    return []
  }

  /// After the key of a new entry: the catalog's type and values decide what comes next.
  private mutating func chooseNewValue(parent: OutlineItem, index: Int, key: String) {
    let known = KnownKeys.entry(resolving: key)
    if let known, let kind = known.types.first {
      if !known.allowedValues.isEmpty, kind == .string || kind == .array {
        modal = .choice(
          ChoicePrompt(
            purpose: .newValue(parent: parent, index: index, key: key, asArray: kind == .array),
            title: "\(key): choose a value", options: known.allowedValues, choice: 0,
            acceptsOther: !known.closedValues))
        return
      }
      if key == "NSPrivacyAccessedAPIType" {
        modal = .choice(
          ChoicePrompt(
            purpose: .newValue(parent: parent, index: index, key: key, asArray: false),
            title: "\(key): choose a category",
            options: PrivacyManifestCatalog.categories.map(\.name), choice: 0))
        return
      }
      startNewValue(parent: parent, index: index, key: key, kind: kind)
      return
    }
    modal = .choice(
      ChoicePrompt(
        purpose: .newType(parent: parent, index: index, key: key), title: "type of \(key)",
        options: Self.typeNames, choice: 0))
  }

  private mutating func startNewValue(
    parent: OutlineItem, index: Int, key: String?, kind: PlistKind
  ) {
    switch kind {
    case .array: insert(PlistNode(.array([])), into: parent, at: index, key: key)
    case .dictionary:
      insert(PlistNode(.dictionary(PlistDictionary())), into: parent, at: index, key: key)
    case .boolean:
      modal = .choice(
        ChoicePrompt(
          purpose: .newValue(parent: parent, index: index, key: key, asArray: false),
          title: "\(key ?? "new item"): choose", options: ["true", "false"], choice: 0))
    default:
      modal = .input(
        InputPrompt(
          purpose: .newValue(parent: parent, index: index, key: key, kind: kind),
          editor: LineEditor(), error: nil,
          label: "\(key ?? "new item") (\(RowText.typeName(kind)))"))
    }
  }

  /// Inserts `node` into `parent` before `index` (under `key` in a dictionary) as one step,
  /// then selects it.
  mutating func insert(
    _ node: PlistNode, into parent: OutlineItem, at index: Int, key: String?,
    verb: String = "added"
  ) {
    guard case .node(let file, let path) = parent else { return }
    let name = key ?? "item \(index)"
    do {
      try session.perform(
        file: file, "\(verb == "added" ? "add" : "paste") \(name)",
        [.insert(parent: path, index: index, key: key, node: node, keyLocation: .none)])
      modal = nil
      expansion.set(parent, expanded: true)
      afterChange(file)
      select(.node(file: file, path: path + [index]), reveal: .nearest)
      message = StatusMessage("\(verb) \(name) (u undoes)")
    } catch {
      modal = nil
      message = StatusMessage(error.message, isError: true)
    }
  }

  /// Keys in a pick list (``ChoicePrompt/apply(_:typed:)``): typing filters it, the arrows
  /// and Tab move, Enter chooses (or takes the typed text where the values are open), Esc
  /// cancels.
  private mutating func handleChoice(_ prompt: ChoicePrompt, _ key: Key) {
    var prompt = prompt
    switch prompt.apply(keymap.command(for: key, in: .pickList), typed: key) {
    case .editing:
      modal = .choice(prompt)
    case .cancel:
      modal = nil
      message = StatusMessage("cancelled")
    case .chose(let other):
      modal = nil
      choose(prompt, other: other)
    case .noMatch:
      modal = .choice(prompt)
      message = StatusMessage(
        "nothing in the list matches \"\(prompt.filter)\"; Backspace widens it", isError: true)
    }
  }

  /// Acts on the highlighted option, or on `other`, a typed value the list does not hold.
  private mutating func choose(_ prompt: ChoicePrompt, other: String? = nil) {
    guard other != nil || prompt.options.indices.contains(prompt.choice) else { return }
    let option = other ?? prompt.options[prompt.choice]
    switch prompt.purpose {
    case .changeType(let item):
      guard case .node(let file, let path) = item, let node = session.node(item) else { return }
      let kind = Self.kinds[prompt.choice]
      guard kind != node.value.kind else {
        let article = "AEIOU".contains(option.first ?? "x") ? "an" : "a"
        message = StatusMessage("\(label(item)) is already \(article) \(option)")
        return
      }
      do {
        let value = try ValueParser.convert(node.value, to: kind)
        let article = "AEIOU".contains(option.first ?? "x") ? "an" : "a"
        try session.perform(
          file: file, "make \(label(item)) \(article) \(option)",
          [.replace(at: path, with: Edit.replacement(for: node, value: value))])
        afterChange(file)
        message = StatusMessage("\(label(item)) is now \(article) \(option) (u undoes)")
      } catch {
        message = StatusMessage(error.message, isError: true)
      }
    case .newType(let parent, let index, let key):
      startNewValue(parent: parent, index: index, key: key, kind: Self.kinds[prompt.choice])
    case .value(let item):
      guard case .node(let file, let path) = item, let node = session.node(item) else { return }
      guard node.value != .string(option) else {
        message = StatusMessage("\(label(item)) unchanged")
        return
      }
      do {
        try session.perform(
          file: file, "set \(label(item))",
          [.replace(at: path, with: Edit.replacement(for: node, value: .string(option)))])
        afterChange(file)
        message = StatusMessage("set \(label(item)) to \(option) (u undoes)")
      } catch {
        message = StatusMessage(error.message, isError: true)
      }
    case .newValue(let parent, let index, let key, let asArray):
      let value: PlistValue =
        option == "true" || option == "false"
        ? .boolean(option == "true") : .string(option)
      insert(
        PlistNode(asArray ? .array([PlistNode(value)]) : value), into: parent, at: index, key: key)
    }
  }

  private mutating func handleConfirm(_ prompt: ConfirmPrompt, _ key: Key) -> [Effect] {
    guard case .character(let c) = key else {
      if keymap.command(for: key, in: .question) == .cancel {
        modal = nil
        flow.stopSavingBeforeQuit()
        message = StatusMessage("cancelled")
      }
      return []
    }
    let answer = Character(c.lowercased())
    guard prompt.answers.contains(where: { $0.key == answer }) else { return [] }
    modal = nil
    // Only overwriting goes on with a save before quitting; any other answer stops it.
    if answer != "o" { flow.stopSavingBeforeQuit() }
    switch (prompt.action, answer) {
    case (.delete(let item), "y"):
      guard case .node(let file, let path) = item else { return [] }
      let name = label(item)
      do {
        try session.perform(file: file, "delete \(name)", [.remove(at: path)])
        afterChange(file)
        message = StatusMessage("deleted \(name) (u undoes)")
      } catch {
        message = StatusMessage(error.message, isError: true)
      }
    case (.fix(let index), "y"):
      applyFix(index)
    case (.revert(let file), "y"):
      do {
        let path = session.revertPath(file)
        guard try session.revert(file) != nil else { return reload(file, .revert) }
        afterChange(file)
        message = StatusMessage(
          "put \(session.files[file].path) back as it was saved "
            + (path == .redo ? "(u undoes)" : "(Ctrl-R redoes)"))
      } catch {
        message = StatusMessage(error.message, isError: true)
      }
    case (.changedOnDisk(let file, let format), "o"):
      return write(file, format: format, force: true)
    case (.readOnly(let file, let format, let force), "o"):
      return write(file, format: format, force: force, overwriteReadOnly: true)
    case (.changedOnDisk(let file, _), "r"):
      return reload(file, .changedOnDisk)
    case (.quit, "s"):
      return reviewBeforeQuitting()
    case (.overwriteBeforeQuit(let queue), "o"):
      flow.startSavingBeforeQuit(queue)
      return continueSavingBeforeQuit()
    case (.quit, "d"):
      return (session.recoveryRemoval().map { [.keepRecovery($0)] } ?? []) + [.quit]
    case (.recover(let file, let record), "r"):
      do {
        try session.restore(file, from: record)
        afterChange(file)
        message = StatusMessage("restored the unsaved edits of \(record.path); w saves them")
      } catch {
        message = StatusMessage(error.message, isError: true)
      }
      offerRecoveries()
    case (.recover(_, let record), "d"):
      message = StatusMessage("discarded the recovered edits of \(record.path)")
      offerRecoveries()
      if let store = session.recovery {
        return [.keepRecovery(RecoveryUpdate(store: store, removals: [record.path]))]
      }
    case (.recover, "l"):
      offerRecoveries()
    default:
      message = StatusMessage("cancelled")
    }
    return []
  }

  /// What the loop does when the session starts: look for recovery files of its files
  /// (``Effect/findRecoveries(_:)``), whose findings come back to ``offerRecoveries(_:)``.
  package func lookForRecoveries() -> [Effect] {
    session.recoverySearch().map { [.findRecoveries($0)] } ?? []
  }

  /// The recoveries the loop found for this session's files: each is offered in turn, the
  /// first now.
  package mutating func offerRecoveries(_ found: [FoundRecovery]) {
    var found = found
    // A file inside an .ipa changed since its edits when the tree opened is not the one they
    // were made on; hashed here, for a recovery found, not for every file at start.
    for i in found.indices {
      guard case .archive = session.saveTarget(found[i].file) else { continue }
      found[i].fileChanged = session.originalHash(found[i].file) != found[i].record.originalHash
    }
    flow.queueRecoveries(found)
    offerRecoveries()
  }

  /// Asks about the next recovery found for this session's files, if any is left.
  package mutating func offerRecoveries() {
    guard let next = flow.nextRecovery() else { return }
    let (file, record, changed) = (next.file, next.record, next.fileChanged)
    let when = PlistDate(record.savedAt).iso8601String
    let question =
      changed
      ? "unsaved edits to \(record.path) from \(when) were kept, but the file has changed since "
        + "(restoring puts them over it; the save diff shows what changes)"
      : "unsaved edits to \(record.path) from \(when) were kept when infoscope last stopped"
    modal = .confirm(
      ConfirmPrompt(
        question: question,
        answers: [("r", "restore them"), ("d", "discard them"), ("l", "later")],
        action: .recover(file: file, record: record)))
  }

  /// `q` then `s`: the review of every file the save will write, named in its header (read
  /// by the loop, then ``finishReviewRead(_:_:)``); with nothing on disk to write (only files
  /// inside an `.ipa`), the copy's path is asked for.
  private mutating func reviewBeforeQuitting() -> [Effect] {
    let unsaved = session.unsavedFiles
    let entries = unsaved.compactMap { file -> ReviewRead.Entry? in
      guard case .disk(let path) = session.saveTarget(file), session.documents[file] != nil
      else { return nil }
      return ReviewRead.Entry(file: file, path: path, format: session.saveFormat(file))
    }
    guard entries.isEmpty else {
      return [.readForReview(ReviewRead(entries: entries, quitting: true))]
    }
    // Only files inside an .ipa: the copy's path, its review, and writing it quits.
    if let file = unsaved.first {
      flow.setQuitsAfterArchiveCopy(true)
      return write(file, format: session.saveFormat(file), force: false)
    }
    return []
  }

  /// Writes every file of the review before quitting, one write effect at a time
  /// (``continueSavingBeforeQuit()`` goes on after each); quits when none is left unsaved.
  private mutating func writeAndQuit(_ review: SaveReview) -> [Effect] {
    let queue = review.quitting.map {
      EditFlow.QueuedSave(
        file: $0.file, format: $0.format, force: review.changedOnDisk.contains($0.file))
    }
    if !review.changedOnDisk.isEmpty {
      let names = Self.listed(review.changedOnDisk.map { session.files[$0].path })
      let one = review.changedOnDisk.count == 1
      modal = .confirm(
        ConfirmPrompt(
          question: "\(names) changed on disk since \(one ? "it was" : "they were") read: "
            + "write your edits over \(one ? "that change" : "those changes") too?",
          answers: [
            ("o", "overwrite, then write the others and quit"), ("c", "cancel: nothing is written"),
          ],
          action: .overwriteBeforeQuit(queue)))
      return []
    }
    flow.startSavingBeforeQuit(queue)
    return continueSavingBeforeQuit()
  }

  /// The next step of a save before quitting, after a file was written.
  ///
  /// That is the next file's write; once all are written, the `.ipa` copy's path for files
  /// inside an archive (writing it quits), or quitting. Nothing when no save before quitting
  /// is under way.
  mutating func continueSavingBeforeQuit() -> [Effect] {
    guard flow.isSavingBeforeQuit else { return [] }
    while let next = flow.nextSaveBeforeQuit() {
      guard session.documents[next.file]?.isDirty == true else { continue }
      let effects = write(next.file, format: next.format, force: next.force)
      guard effects.isEmpty else { return effects }
      // Refused (the reason is on the status line): stay.
      flow.stopSavingBeforeQuit()
      return []
    }
    flow.stopSavingBeforeQuit()
    if let left = session.unsavedFiles.first {
      // Files inside an .ipa: their copy's path is asked for, then its review; writing it quits.
      flow.setQuitsAfterArchiveCopy(true)
      return write(left, format: session.saveFormat(left), force: false)
    }
    return [.quit]
  }

  private mutating func handleReview(_ review: SaveReview, _ key: Key) -> [Effect] {
    var review = review
    switch review.apply(keymap.command(for: key, in: .review), rows: max(1, size.height - 4)) {
    case .scrolled:
      modal = .review(review)
    case .accept:
      modal = nil
      if review.isDryRun {
        message = StatusMessage("the sample lives in memory: nothing was written")
        return []
      }
      if !review.quitting.isEmpty { return writeAndQuit(review) }
      if review.entry != nil {
        return writeArchiveCopy(review.file, format: review.format, to: review.path)
      }
      return write(review.file, format: review.format, force: false)
    case .write(let format):
      modal = nil
      return self.review(
        review.file, format: format, copy: review.entry == nil ? nil : review.path)
    case .cancel:
      modal = nil
      flow.setQuitsAfterArchiveCopy(false)
      message = StatusMessage(review.quitting.isEmpty ? "not saved" : "not saved; still open")
    }
    return []
  }
}
