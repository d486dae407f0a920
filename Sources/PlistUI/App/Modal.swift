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

/// The inline editor: a line of text, what it is for, and the reason the last attempt was
/// refused (the text typed is kept).
package struct InputPrompt: Sendable {
  /// What the line is for.
  package var purpose: InputPurpose
  /// The text and cursor.
  package var editor: LineEditor
  /// Why Enter was refused last time.
  package var error: String?
  /// Completions from the key catalog (for new keys): raw key and display name.
  package var suggestions: [(key: String, name: String?)] = []
  /// The highlighted completion.
  package var choice: Int?

  /// The prompt's label ("CFBundleVersion (String)").
  package var label: String
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

/// A pick list.
package struct ChoicePrompt: Sendable {
  /// What it is for.
  package var purpose: ChoicePurpose
  /// Its title.
  package var title: String
  /// The options.
  package var options: [String]
  /// The highlighted option (an index into ``options``).
  package var choice: Int
  /// What has been typed to filter the options (type-ahead goes here, never to commands).
  package var filter = ""
  /// Whether Enter may take the typed text when no option matches it (a value the catalog
  /// does not list, where the key's values are open).
  package var acceptsOther = false

  /// Creates a pick list.
  package init(
    purpose: ChoicePurpose, title: String, options: [String], choice: Int,
    acceptsOther: Bool = false
  ) {
    self.purpose = purpose
    self.title = title
    self.options = options
    self.choice = choice
    self.acceptsOther = acceptsOther
  }

  /// The indices of the options the filter lets through (all without a filter), in order:
  /// those that start with it first, then those that hold it, ignoring case.
  package var visible: [Int] {
    guard !filter.isEmpty else { return Array(options.indices) }
    let starting = options.indices.filter {
      options[$0].range(of: filter, options: [.caseInsensitive, .anchored]) != nil
    }
    let holding = options.indices.filter {
      !starting.contains($0) && options[$0].range(of: filter, options: .caseInsensitive) != nil
    }
    return starting + holding
  }
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

/// The diff of a file about to be written, shown before writing.
package struct SaveReview: Sendable {
  /// The file.
  package var file: Int
  /// Where it goes.
  package var path: String
  /// The format written.
  package var format: PlistFormat
  /// The unified diff, by line.
  package var lines: [String]
  /// A warning to show above the diff (a signed bundle).
  package var warning: String?
  /// The first line on screen.
  package var scroll: Int
  /// For a file inside an `.ipa`: its entry in the archive, and `path` is the copy written.
  package var entry: String? = nil
  /// Whether the review only shows what a save would write (the in-memory sample).
  package var isDryRun = false
  /// For the review before quitting: every file on disk that will be written, in order (the
  /// first is `file`), each with its path and format; accepting writes them all, then quits.
  package var quitting: [(file: Int, path: String, format: PlistFormat)] = []
}
