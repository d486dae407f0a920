/// What applying a command asks the outside world to do; ``AppState`` itself never touches a
/// terminal or a file.
package enum Effect: Sendable, Hashable {
  /// Put text on the clipboard (OSC 52).
  case copy(String)
  /// End the session.
  case quit
  /// End the session as Ctrl-C does: the program then dies of SIGINT, once the terminal is
  /// restored, so a shell sees status 130 and stops a script that ran it.
  case interrupt
  /// Draw the whole screen again from scratch (Ctrl-L), for a screen another program spoiled.
  case redraw
  /// Open file `file`, at `path` on disk, in the user's editor (`$VISUAL`, `$EDITOR`, else
  /// `vi`), then read it again.
  case openInEditor(file: Int, path: String)
}

/// How the findings list is ordered.
package enum FindingsOrder: String, Sendable, Hashable {
  /// Errors first, then warnings, then notes; by file and line within each.
  case severity
  /// By file and line.
  case file
}
