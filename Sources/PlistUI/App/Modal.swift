import Foundation
import PlistCore
import PlistEditing

/// A prompt or overlay that takes the keys until it is answered: the inline editor, a pick
/// list, a yes/no question, or the review of a save.
package enum Modal: Sendable {
  /// A line of text to type.
  case input(InputPrompt)
  /// One of a list to choose.
  case choice(ChoicePrompt)
  /// A question answered by one key.
  case confirm(ConfirmPrompt)
  /// The diff of a file about to be written.
  case review(SaveReview)
}

/// What a typed line is for.
package enum InputPurpose: Sendable, Hashable {
  /// A new value for a scalar of this kind.
  case value(OutlineItem, PlistKind)
  /// A new key for a dictionary entry.
  case rename(OutlineItem)
  /// The key of an entry to add to the dictionary `parent`, before child `index`.
  case newKey(parent: OutlineItem, index: Int)
  /// The value of a new item: into `parent` before `index`, under `key` for a dictionary.
  case newValue(parent: OutlineItem, index: Int, key: String?, kind: PlistKind)
  /// The path of the copy of the `.ipa` holding file `file`, to write in `format`.
  case archiveCopy(file: Int, format: PlistFormat)
  /// The key of the copied row pasted into the dictionary `parent`, before child `index`
  /// (its own key is taken there, or it had none).
  case pasteKey(parent: OutlineItem, index: Int)
}

/// What a pick list is for.
package enum ChoicePurpose: Sendable, Hashable {
  /// The new type of a node.
  case changeType(OutlineItem)
  /// The type of a new item: into `parent` before `index`, under `key` for a dictionary.
  case newType(parent: OutlineItem, index: Int, key: String?)
  /// One of the values the catalog lists, for an existing scalar.
  case value(OutlineItem)
  /// One of the values the catalog lists, for a new item.
  case newValue(parent: OutlineItem, index: Int, key: String?, asArray: Bool)
}

/// What a yes/no question decides.
package enum ConfirmAction: Sendable, Equatable {
  /// Remove a container and everything in it.
  case delete(OutlineItem)
  /// Apply the fix of finding `index`.
  case fix(Int)
  /// A file changed on disk: overwrite, reload or cancel.
  case changedOnDisk(file: Int, format: PlistFormat)
  /// The file is read-only (mode `0444`): overwrite it anyway or cancel; `force` carries an
  /// earlier answer to overwrite a changed file.
  case readOnly(file: Int, format: PlistFormat, force: Bool)
  /// Quit with unsaved edits: save all, discard, or cancel.
  case quit
  /// Put file `file` back as it was saved.
  case revert(file: Int)
  /// Unsaved edits of file `file` were recovered: restore, discard, or decide later.
  case recover(file: Int, record: RecoveryStore.Record)
}

/// A question answered by one key.
package struct ConfirmPrompt: Sendable {
  /// What is asked, in full.
  package var question: String
  /// The keys that answer and what each means (`y` "apply").
  package var answers: [(key: Character, meaning: String)]
  /// What the answer decides.
  package var action: ConfirmAction
}
