/// The inspector's loop: draw, wait for an event, apply it, carry out its effects.
package enum Inspector {
  /// Why the loop ended.
  package enum Ending: Sendable, Hashable {
    /// The user quit.
    case quit
    /// Input ended (the terminal closed, or a script ran out).
    case inputEnded
  }

  /// Runs the inspector on `terminal` until the user quits or input ends.
  ///
  /// - Parameters:
  ///   - state: the starting state; its size is replaced by the terminal's.
  ///   - theme: the colours, applied to the terminal once.
  ///   - terminal: where to draw and read input.
  /// - Returns: why it ended and the final state.
  @discardableResult
  package static func run(
    _ state: AppState, theme: Theme, on terminal: any Terminal
  ) -> (
    Ending, AppState
  ) {
    var state = state
    terminal.apply(theme)
    if state.size != terminal.size { _ = state.handle(.resize(terminal.size)) }
    while true {
      terminal.present(ScreenRenderer.render(state))
      guard let event = terminal.nextEvent(timeout: nil) else { return (.inputEnded, state) }
      if case .resize = event {
      } else if terminal.size != state.size {
        _ = state.handle(.resize(terminal.size))
      }
      for effect in state.handle(event) {
        switch effect {
        case .quit: return (.quit, state)
        case .copy(let text): _ = terminal.copyToClipboard(text)
        }
      }
    }
  }
}
