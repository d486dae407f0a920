import PlistCore

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

  /// What a key did to the review.
  package enum Outcome: Sendable, Hashable {
    /// It scrolled, or the key does nothing here.
    case scrolled
    /// Write what it shows.
    case accept
    /// Show the review again for writing in this format (`b` binary, `x` XML), when that is
    /// another than the one shown; never before quitting, where each file keeps its own.
    case write(PlistFormat)
    /// Close it; nothing is written.
    case cancel
  }

  /// Applies `command` (the key's command in the review context) with `rows` lines of diff on
  /// screen, keeping the scroll within the diff.
  package mutating func apply(_ command: Command?, rows: Int) -> Outcome {
    switch command {
    case .down?: scroll += 1
    case .up?: scroll = max(0, scroll - 1)
    case .pageDown?, .halfPageDown?: scroll += rows
    case .pageUp?, .halfPageUp?: scroll = max(0, scroll - rows)
    case .accept?: return .accept
    case .writeBinary?, .writeXML?:
      let wanted: PlistFormat = command == .writeBinary ? .binary : .xml
      if quitting.isEmpty, wanted != format { return .write(wanted) }
    case .cancel?: return .cancel
    default: break
    }
    scroll = min(scroll, max(0, lines.count - rows))
    return .scrolled
  }
}
