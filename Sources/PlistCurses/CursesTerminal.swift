import CNcurses
import Foundation
import Glibc
import PlistUI

/// Why the terminal could not be used, or the error the program's body threw.
package enum CursesError<BodyError: Error>: Error {
  /// ncurses could not start: no terminal, or a `TERM` it does not know. The text says which,
  /// in words for the user.
  case cannotStart(String)
  /// The body given to ``CursesTerminal/run(_:)`` threw; the terminal was restored first.
  case body(BodyError)
}

/// The ``Terminal`` over ncursesw: the only code in the package that talks to a terminal.
///
/// Start it with ``run(_:)``, which restores the terminal on every way out: a normal return, a
/// thrown error, SIGINT/SIGTERM/SIGHUP (see ``CursesSignals``), `exit()`, and, as far as a
/// process can, a crash. Input and output go to `/dev/tty`, so redirected standard input or
/// output does not confuse the screen; without `/dev/tty` standard input and output are used.
///
/// It draws only what a ``Canvas`` holds (text already made safe by `VisibleText`), maps
/// theme roles to colour pairs (``CursesColors``) and decodes input (``CursesKeys``); where the
/// terminal shows them (``HyperlinkSupport``), it writes linked cells again as OSC 8 links after
/// ncurses drew the frame (`CursesTerminal+Links.swift`). It holds no program logic. ncurses
/// has one current screen, so one `CursesTerminal` runs at a time.
package final class CursesTerminal: Terminal {
  /// The terminal's input stream (`/dev/tty`, or a copy of standard input).
  private let inputFile: UnsafeMutablePointer<FILE>
  /// The terminal's output stream (`/dev/tty` again, or a copy of standard output).
  private let outputFile: UnsafeMutablePointer<FILE>
  /// The file descriptor keys are read from.
  let inputFD: Int32
  /// The ncurses screen.
  private let screen: OpaquePointer
  /// ncurses' functions, loaded when the first terminal opens (`CNcurses`'s shim says why).
  let curses: cn_functions
  /// The file descriptor the screen is written to.
  let fd: Int32
  /// Whether curses owns the terminal now (false between ``suspend(_:)``'s end and resume).
  private(set) var isActive = false
  /// The cursor visibility before curses hid it (`curs_set`'s result), or `nil`.
  private var savedCursor: Int32?
  /// Whether `use_default_colors()` succeeded.
  private var hasDefaultColors = false
  /// Roles mapped to colour pairs and ncurses attributes by ``apply(_:)``.
  private var roleStyles: [ThemeRole: (pair: Int16, attributes: attr_t)] = [:]
  /// The size of the last frame drawn, to clear the screen when it changes.
  var lastFrameSize: Size?
  /// The last button-1 press (cell and time in ms), to tell a double click.
  var lastPress: (x: Int, y: Int, time: UInt64)?
  /// An event read while waiting for something else (a resize during a paste), returned next.
  var pendingEvent: InputEvent?
  /// Whether mouse reporting was turned on.
  private(set) var hasMouse = false
  /// Whether Apple pages are sent as OSC 8 hyperlinks (``HyperlinkSupport``).
  let hyperlinks: Bool
  /// The link runs on the screen now.
  var shownLinks: [Hyperlink.Run] = []
  /// The frame the links were last written over; `nil` after the screen was cleared or
  /// restyled, so every link is written again.
  var linkedCanvas: Canvas?
  /// Every role's colours and attributes, to draw a linked cell as ncurses drew it.
  var roleColors: [ThemeRole: (foreground: Int16, background: Int16, attributes: TextAttributes)] =
    [:]

  /// True once input has ended (the terminal hung up): ``nextEvent(timeout:)`` then returns
  /// `nil` at once and the loop should end.
  package internal(set) var inputEnded = false

  /// See ``Terminal/inputHasEnded``: the terminal hung up.
  package var inputHasEnded: Bool { inputEnded }
  /// How many colours the terminal shows: `COLORS`, or 0 when `has_colors()` is false.
  package private(set) var colorCount = 0

  /// The key code ncurses returns for the start of a bracketed paste (`ESC [ 200 ~`).
  static let pasteStartCode: Int32 = 0x6F00
  /// The key code ncurses returns for the end of a bracketed paste (`ESC [ 201 ~`).
  static let pasteEndCode: Int32 = 0x6F01
  /// Bytes that undo what ``start()`` sends outside ncurses: bracketed paste off.
  static let leaveModes: [UInt8] = Array("\u{1B}[?2004l".utf8)

  /// Opens the terminal and prepares ncurses, without starting curses mode yet.
  private init<E: Error>(_ body: E.Type) throws(CursesError<E>) {
    guard let functions = cn_load() else {
      throw .cannotStart("ncursesw cannot be loaded (\(String(cString: cn_load_error())))")
    }
    let curses = functions.pointee
    self.curses = curses
    if let tty = fopen("/dev/tty", "r+") {
      inputFile = tty
      outputFile = tty
    } else if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
      let input = fdopen(dup(STDIN_FILENO), "r"), let output = fdopen(dup(STDOUT_FILENO), "w")
    {
      inputFile = input
      outputFile = output
    } else {
      throw .cannotStart("no terminal: standard input and output are not a terminal")
    }
    inputFD = fileno(inputFile)
    fd = fileno(outputFile)
    hyperlinks = HyperlinkSupport.isEnabled(environment: ProcessInfo.processInfo.environment)
    Self.useUTF8Locale()
    var modes = termios()
    let hasModes = tcgetattr(inputFD, &modes) == 0
    CursesSignals.install()
    guard let screen = curses.newterm(nil, outputFile, inputFile) else {
      Self.close(inputFile, outputFile)
      let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
      throw .cannotStart("the terminal type '\(term)' is unknown to ncurses; set TERM")
    }
    self.screen = screen
    CursesSignals.prepare(fd: fd, modes: hasModes ? modes : nil, bytes: [])
  }

  /// Takes the user's locale (`setlocale(LC_ALL, "")`), so ncurses reads and draws wide
  /// characters; when its character set is not UTF-8 (`LANG=C`), uses `C.UTF-8` for
  /// characters, as the canvas holds Unicode text and terminals today speak UTF-8.
  static func useUTF8Locale() {
    _ = setlocale(LC_ALL, "")
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
    if codeset.uppercased() != "UTF-8" { _ = setlocale(LC_CTYPE, "C.UTF-8") }
  }

  /// Runs `body` with the terminal in curses mode and restores the terminal afterwards,
  /// whether `body` returns or throws.
  ///
  /// A second call after the first returns starts ncurses afresh.
  ///
  /// - Returns: what `body` returns.
  /// - Throws: ``CursesError/cannotStart(_:)`` when there is no usable terminal (nothing was
  ///   changed then), ``CursesError/body(_:)`` with the error `body` threw.
  package static func run<T, E: Error>(
    _ body: (CursesTerminal) throws(E) -> T
  ) throws(CursesError<E>) -> T {
    guard CursesSignals.state.pointee.active == 0 else {
      throw .cannotStart("the terminal is already in use by this program")
    }
    let terminal = try CursesTerminal(E.self)
    terminal.start()
    defer { terminal.close() }
    do {
      return try body(terminal)
    } catch {
      throw .body(error)
    }
  }

  /// Hands the terminal back for `body` (to run a pager or an editor), then takes it again
  /// and redraws the whole screen on the next ``present(_:)``.
  ///
  /// SIGINT is ignored while `body` runs, as the other program handles Ctrl-C.
  ///
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws, after the terminal is taken back.
  package func suspend<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    stop()
    CursesSignals.state.pointee.suspended = 1
    defer {
      CursesSignals.state.pointee.suspended = 0
      start()
      _ = curses.clearok(cn_stdscr(), true)
      lastFrameSize = nil
      shownLinks = []
      linkedCanvas = nil
    }
    return try body()
  }

  /// Enters curses mode: input modes, hidden cursor, mouse, colours, bracketed paste.
  private func start() {
    _ = curses.set_term(screen)
    _ = curses.cbreak()
    _ = curses.noecho()
    let window = cn_stdscr()
    _ = curses.keypad(window, true)
    _ = curses.intrflush(window, false)
    _ = curses.leaveok(window, true)
    _ = curses.scrollok(window, false)
    // Shifting characters (insert or delete character) would move a link off its text.
    if hyperlinks { curses.idcok(window, false) }
    _ = curses.set_escdelay(25)
    let cursor = curses.curs_set(0)
    if savedCursor == nil, cursor != ERR { savedCursor = cursor }
    let mask: mmask_t =
      cn_button1_pressed() | cn_button1_released() | cn_button1_clicked()
      | cn_button1_double_clicked()
      | cn_button3_pressed() | cn_button3_clicked() | cn_button4_pressed() | cn_button5_pressed()
    var old: mmask_t = 0
    hasMouse = curses.mousemask(mask, &old) != 0
    _ = curses.mouseinterval(0)
    if curses.has_colors() {
      _ = curses.start_color()
      hasDefaultColors = curses.use_default_colors() == OK
      colorCount = Int(cn_colors())
    } else {
      colorCount = 0
    }
    let pasteStart = cn_tigetstr("PS").map { String(cString: $0) } ?? "\u{1B}[200~"
    let pasteEnd = cn_tigetstr("PE").map { String(cString: $0) } ?? "\u{1B}[201~"
    _ = curses.define_key(pasteStart, Self.pasteStartCode)
    _ = curses.define_key(pasteEnd, Self.pasteEndCode)
    _ = curses.wnoutrefresh(window)
    _ = curses.doupdate()
    Self.writeRaw(Array("\u{1B}[?2004h".utf8), to: fd)
    CursesSignals.prepare(fd: fd, modes: modesBeforeCurses(), bytes: emergencyBytes())
    isActive = true
    CursesSignals.state.pointee.active = 1
  }

  /// The terminal modes ncurses saved as the shell's, for an emergency restore.
  private func modesBeforeCurses() -> termios? {
    let s = CursesSignals.state
    return s.pointee.hasModes != 0 ? s.pointee.modes : nil
  }

  /// What an emergency restore writes, from terminfo where the terminal describes it: attributes
  /// off, cursor shown, mouse and paste reporting off, alternate screen left.
  private func emergencyBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    for name in ["sgr0", "cnorm", "rmkx"] {
      if let cap = cn_tigetstr(name) { bytes += Array(String(cString: cap).utf8) }
    }
    if hasMouse {
      if let off = cn_tiparm1("XM", 0) {
        bytes += Array(String(cString: off).utf8)
      } else {
        bytes += Array("\u{1B}[?1000l\u{1B}[?1006l".utf8)
      }
    }
    bytes += Self.leaveModes
    if let cap = cn_tigetstr("rmcup") { bytes += Array(String(cString: cap).utf8) }
    return bytes
  }

  /// Leaves curses mode with `endwin`; ``start()`` resumes.
  ///
  /// The terminal is back as the shell had it. The screen is cleared first: tmux 3.3, when its
  /// window grew while the alternate screen was on, copies rows of that screen into the shell's
  /// on leaving it (a program started at 30x8 and ended at 80x24 left its detail pane there);
  /// an empty alternate screen leaves nothing behind.
  private func stop() {
    guard isActive else { return }
    let window = cn_stdscr()
    _ = curses.wclear(window)
    _ = curses.wrefresh(window)
    lastFrameSize = nil
    shownLinks = []
    linkedCanvas = nil
    isActive = false
    CursesSignals.state.pointee.active = 0
    Self.writeRaw(Self.leaveModes, to: fd)
    if let savedCursor { _ = curses.curs_set(savedCursor) }
    _ = curses.endwin()
  }

  /// Ends curses for good: `endwin`, frees the screen, closes `/dev/tty`.
  private func close() {
    stop()
    curses.delscreen(screen)
    Self.close(inputFile, outputFile)
  }

  /// Closes the terminal's streams (once when they are the same).
  private static func close(
    _ input: UnsafeMutablePointer<FILE>, _ output: UnsafeMutablePointer<FILE>
  ) {
    fclose(output)
    if input != output { fclose(input) }
  }

  /// Writes `bytes` straight to `fd`, outside ncurses' buffer.
  ///
  /// - Returns: whether every byte was written.
  @discardableResult
  static func writeRaw(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes {
        write(fd, $0.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return false }
      written += n
    }
    return true
  }

  /// Ends the program because of a terminating signal: curses ends cleanly, then the process
  /// dies of the same signal.
  func terminate(signal: Int32) -> Never {
    close()
    CursesSignals.uninstall()
    CursesSignals.die(of: signal)
    exit(128 + signal)
  }

  // MARK: Terminal

  /// The terminal's current size, as ncurses knows it (updated on SIGWINCH).
  package var size: Size {
    let window = cn_stdscr()
    return Size(width: Int(curses.getmaxx(window)), height: Int(curses.getmaxy(window)))
  }

  /// Maps every role of `theme` to a colour pair and attributes (``CursesColors``); pairs are
  /// created with `init_pair`.
  package func apply(_ theme: Theme) {
    let colors = CursesColors(
      theme: theme, colorCount: colorCount, pairLimit: Int(cn_color_pairs()),
      hasDefaultColors: hasDefaultColors)
    for (i, pair) in colors.pairs.enumerated() {
      _ = curses.init_pair(Int16(i + 1), pair.foreground, pair.background)
    }
    var table: [ThemeRole: (pair: Int16, attributes: attr_t)] = [:]
    roleColors = [:]
    for role in ThemeRole.allCases {
      let style = colors.style(role)
      table[role] = (style.pair, Self.attributes(style.attributes))
      let pair =
        style.pair > 0 && Int(style.pair) <= colors.pairs.count
        ? colors.pairs[Int(style.pair) - 1] : CursesColors.Pair(foreground: -1, background: -1)
      roleColors[role] = (pair.foreground, pair.background, style.attributes)
    }
    roleStyles = table
    lastFrameSize = nil
    linkedCanvas = nil
  }

  /// ncurses attributes for theme attributes.
  static func attributes(_ attributes: TextAttributes) -> attr_t {
    var result: attr_t = 0
    if attributes.contains(.bold) { result |= cn_a_bold() }
    if attributes.contains(.dim) { result |= cn_a_dim() }
    if attributes.contains(.underline) { result |= cn_a_underline() }
    if attributes.contains(.reverse) { result |= cn_a_reverse() }
    if attributes.contains(.italic) { result |= cn_a_italic() }
    return result
  }

  /// Draws `canvas` from the top-left corner and updates the terminal (ncurses sends only the
  /// cells that changed).
  ///
  /// Cells outside the terminal are cut; runs of one role are drawn with one `mvwaddnwstr`;
  /// continuation cells (empty text) are covered by the wide character before them, and one
  /// without such a character is drawn as a space. A wide character that would not fit before
  /// the right edge becomes a space.
  /// Runs `arguments` with the terminal handed over (``suspend(_:)``) and waits for it.
  package func run(_ arguments: [String]) -> Int32? {
    guard !arguments.isEmpty else { return nil }
    // In this process's group, the terminal's foreground one (``ForegroundProcess``).
    return suspend { ForegroundProcess.run(arguments) }
  }

  /// Clears ncurses' picture of the screen, so the next refresh repaints every cell.
  package func invalidate() {
    guard isActive else { return }
    _ = curses.wclear(cn_stdscr())
    lastFrameSize = nil
    shownLinks = []
    linkedCanvas = nil
  }

  package func present(_ canvas: Canvas) {
    guard isActive else { return }
    let window = cn_stdscr()
    if lastFrameSize != canvas.size {
      _ = curses.werase(window)
      lastFrameSize = canvas.size
    }
    let screenSize = size
    let width = min(canvas.size.width, screenSize.width)
    let height = min(canvas.size.height, screenSize.height)
    var run: [wchar_t] = []
    run.reserveCapacity(width * 2)
    for y in 0..<height {
      var runStart = 0
      var runRole: ThemeRole? = nil
      var covered = 0
      for x in 0..<width {
        let cell = canvas[x: x, y: y]
        if cell.text.isEmpty, covered > 0 {
          covered -= 1
          continue
        }
        covered = 0
        if cell.role != runRole {
          flush(run, role: runRole, x: runStart, y: y)
          run.removeAll(keepingCapacity: true)
          runStart = x
          runRole = cell.role
        }
        let cellWidth = cell.text.isEmpty ? 1 : TextWidth.of(cell.text)
        if cell.text.isEmpty || cellWidth == 0 || x + cellWidth > width {
          run.append(0x20)
        } else {
          Self.append(cell.text, width: cellWidth, to: &run)
          covered = cellWidth - 1
        }
      }
      flush(run, role: runRole, x: runStart, y: y)
      run.removeAll(keepingCapacity: true)
    }
    let shown = Size(width: width, height: height)
    let links = prepareHyperlinks(canvas, size: shown)
    _ = curses.wnoutrefresh(window)
    _ = curses.doupdate()
    writeHyperlinks(links, canvas: canvas, size: shown)
  }

  /// Appends the characters of one cell that fill exactly `width` columns as the C library
  /// measures them (`wcwidth`, which ncurses uses), so the row stays aligned with the canvas.
  ///
  /// Scalars after the first are kept while they fit (combining marks, emoji modifiers); a
  /// sequence the C library draws wider (a joined emoji it does not know) is cut, a narrower
  /// one is padded with spaces, and a first character it draws wider than the canvas thinks
  /// is replaced by U+FFFD.
  static func append(_ text: String, width: Int, to run: inout [wchar_t]) {
    var used = 0
    var first = true
    for scalar in text.unicodeScalars {
      let c = wchar_t(bitPattern: scalar.value)
      let w = Int(cn_wcwidth(c))
      if first {
        first = false
        if w <= 0 || w > width {
          run.append(0xFFFD)
          used = 1
        } else {
          run.append(c)
          used = w
        }
      } else if w == 0 {
        run.append(c)
      } else if w > 0, used + w <= width {
        run.append(c)
        used += w
      }
    }
    while used < width {
      run.append(0x20)
      used += 1
    }
  }

  /// Draws one run of characters in `role`'s style at (`x`, `y`).
  private func flush(_ run: [wchar_t], role: ThemeRole?, x: Int, y: Int) {
    guard let role, !run.isEmpty else { return }
    let window = cn_stdscr()
    let style = roleStyles[role] ?? (0, 0)
    _ = curses.wattr_set(window, style.attributes, style.pair, nil)
    // At the bottom-right cell ncurses stores the character and reports ERR because the cursor
    // cannot move on without scrolling; scrolling is off, so the result is ignored.
    _ = run.withUnsafeBufferPointer {
      curses.mvwaddnwstr(window, Int32(y), Int32(x), $0.baseAddress, Int32(run.count))
    }
    _ = curses.wattr_set(window, 0, 0, nil)
  }

  /// Sends `text` to the system clipboard with OSC 52, straight to the terminal.
  ///
  /// Inside tmux (`$TMUX` set) the sequence is sent twice: as is, which tmux takes when its
  /// `set-clipboard` option is `on`, and wrapped in tmux's passthrough (`ESC P tmux; …`), which
  /// reaches the outer terminal when `allow-passthrough` is on. Text over 74,000 bytes (100,000
  /// once in base 64, a common terminal limit) is refused.
  ///
  /// - Returns: whether the request was written; the terminal may still ignore it.
  package func copyToClipboard(_ text: String) -> Bool {
    let data = Data(text.utf8)
    guard isActive, data.count <= 74_000 else { return false }
    let osc = "\u{1B}]52;c;" + data.base64EncodedString() + "\u{07}"
    var sequence = osc
    if ProcessInfo.processInfo.environment["TMUX"] != nil {
      let escaped = osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
      sequence += "\u{1B}Ptmux;" + escaped + "\u{1B}\\"
    }
    return Self.writeRaw(Array(sequence.utf8), to: fd)
  }
}
