/// A ``Terminal`` in memory: events come from a script, frames are kept.
///
/// Tests, screenshots
/// and the benchmark drive the inspector through it.
package final class VirtualTerminal: Terminal {
  /// The size; change it and queue a `.resize` event to simulate SIGWINCH.
  package var size: Size
  /// Colours it claims to show.
  package var colorCount: Int
  /// Events still to deliver, first first.
  package var events: [InputEvent]
  /// The last frame presented.
  package private(set) var screen: Canvas
  /// The hyperlinks on the last frame, as a terminal that shows them would send them.
  package var links: [Hyperlink.Run] { screen.linkRuns() }
  /// How many frames were presented.
  package private(set) var frames = 0
  /// Text sent to the clipboard, in order.
  package private(set) var clipboard: [String] = []
  /// The theme last applied.
  package private(set) var theme: Theme?

  /// A terminal of `size` that will deliver `events`.
  package init(size: Size, colorCount: Int = 256, events: [InputEvent] = []) {
    self.size = size
    self.colorCount = colorCount
    self.events = events
    self.screen = Canvas(size: size)
  }

  /// The programs run, in order.
  package private(set) var programs: [[String]] = []
  /// What running a program does here (tests change files with it); exit status 0 by default.
  package var programRunner: ([String]) -> Int32? = { _ in 0 }

  package func run(_ arguments: [String]) -> Int32? {
    programs.append(arguments)
    return programRunner(arguments)
  }

  /// How many times the screen was invalidated (Ctrl-L).
  package private(set) var invalidations = 0

  package func invalidate() { invalidations += 1 }

  package func present(_ canvas: Canvas) {
    screen = canvas
    frames += 1
  }

  package func nextEvent(timeout: Int?) -> InputEvent? {
    events.isEmpty ? nil : events.removeFirst()
  }

  package func copyToClipboard(_ text: String) -> Bool {
    clipboard.append(text)
    return true
  }

  package func apply(_ theme: Theme) { self.theme = theme }

  package var inputHasEnded: Bool { events.isEmpty }

  /// Key events from names as ``Key/description`` prints them, separated by spaces
  /// (`"j j Enter / C F B u n d l e Enter"`); an unknown name is skipped.
  package static func keys(_ script: String) -> [InputEvent] {
    script.split(separator: " ").compactMap { Key(name: String($0)).map(InputEvent.key) }
  }
}
