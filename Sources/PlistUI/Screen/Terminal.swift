/// What the program needs from a terminal, and all it knows of one.
///
/// `PlistCurses` implements it over ncurses; tests and screenshots use ``VirtualTerminal``.
/// Views never talk to a terminal: they draw into a ``Canvas`` that the loop hands to
/// ``present(_:)``.
package protocol Terminal: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// How many colours the terminal shows (0 when it has none, as `has_colors()` says).
  var colorCount: Int { get }
  /// Shows a complete frame. Implementations may send only the cells that changed.
  func present(_ canvas: Canvas)
  /// Waits for the next input event; `nil` after `timeout` milliseconds (`nil` waits for ever)
  /// or when input has ended.
  func nextEvent(timeout: Int?) -> InputEvent?
  /// Asks the terminal to put `text` on the system clipboard (OSC 52). Returns whether the
  /// request was sent; terminals may still ignore it.
  func copyToClipboard(_ text: String) -> Bool
  /// Hands the terminal to a program (an editor) until it ends, then takes it back.
  ///
  /// - Parameter arguments: the program and its arguments, looked up on `PATH`.
  /// - Returns: its exit status, or nil when it could not be started.
  func run(_ arguments: [String]) -> Int32?
  /// Forgets what is on the screen, so the next ``present(_:)`` draws every cell (Ctrl-L).
  func invalidate()
  /// Applies a theme: maps every role to what the terminal can show.
  func apply(_ theme: Theme)
  /// Whether input has ended for good (the terminal hung up, a script ran out), so a `nil`
  /// from ``nextEvent(timeout:)`` is not just a timeout.
  var inputHasEnded: Bool { get }
}
