import CNcurses
import Glibc
import PlistUI

extension CursesTerminal {
  /// The longest paste kept, in Unicode scalars; the rest of a longer paste is read and dropped.
  static let pasteLimit = 1_000_000

  /// Waits up to `timeout` milliseconds (`nil`: for ever) for a key, a mouse event, a resize or
  /// a paste.
  ///
  /// Input is polled every 100 ms at most, so a SIGTERM or SIGHUP that arrives while waiting
  /// ends the program (terminal restored) within that time, and a SIGINT (Ctrl-C) comes back
  /// as the key `Ctrl-C` for the inspector to decide on. Codes that mean nothing
  /// here (unknown keys, mouse motion, stray bytes) are dropped and the wait goes on.
  ///
  /// - Returns: the event; `nil` on timeout, or when input has ended (then ``inputEnded`` is
  ///   true).
  package func nextEvent(timeout: Int?) -> InputEvent? {
    if let event = pendingEvent {
      pendingEvent = nil
      return event
    }
    let start = Self.now()
    var quickErrors = 0
    while true {
      let signal = CursesSignals.state.pointee.pending
      if signal == SIGINT {
        // Ctrl-C is the user's, as a key: the inspector cancels a prompt or asks about
        // unsaved edits before quitting (a second one while the program is busy still ends it).
        CursesSignals.state.pointee.pending = 0
        return .key(.control("c"))
      }
      if signal != 0 { terminate(signal: signal) }
      guard isActive, !inputEnded else { return nil }
      var slice = 100
      if let timeout { slice = max(0, min(100, timeout - Int(Self.now() - start))) }
      let window = cn_stdscr()
      curses.wtimeout(window, Int32(slice))
      let sliceStart = Self.now()
      var value: wint_t = 0
      let result = curses.wget_wch(window, &value)
      if result == ERR {
        // A hung-up terminal returns ERR at once, for ever: notice it and stop.
        quickErrors = slice >= 50 && Self.now() - sliceStart < 10 ? quickErrors + 1 : 0
        if terminalHungUp() || quickErrors >= 20 {
          inputEnded = true
          return nil
        }
      } else {
        quickErrors = 0
        if let event = decode(result, value) { return event }
      }
      if let timeout, Int(Self.now() - start) >= timeout { return nil }
    }
  }

  /// The event for one `wget_wch` result, reading further input for Alt keys and pastes;
  /// `nil` for codes with no meaning here.
  private func decode(_ result: Int32, _ value: wint_t) -> InputEvent? {
    guard result == KEY_CODE_YES else {
      if value == 27 { return .key(escapeOrAlt()) }
      return CursesKeys.key(forCharacter: value).map(InputEvent.key)
    }
    let code = Int32(bitPattern: value)
    switch code {
    case KEY_RESIZE:
      lastFrameSize = nil
      return .resize(size)
    case KEY_MOUSE:
      return mouseEvent()
    case Self.pasteStartCode:
      return readPaste()
    default:
      return CursesKeys.key(forKeyCode: code).map(InputEvent.key)
    }
  }

  /// After an Esc: Alt with the printable character already waiting, or Esc alone (anything
  /// else waiting is pushed back to be read next).
  private func escapeOrAlt() -> Key {
    let window = cn_stdscr()
    curses.wtimeout(window, 0)
    var value: wint_t = 0
    let result = curses.wget_wch(window, &value)
    if result == OK {
      if let alt = CursesKeys.altKey(forCharacter: value) { return alt }
      _ = curses.unget_wch(wchar_t(bitPattern: value))
    } else if result == KEY_CODE_YES {
      _ = curses.ungetch(Int32(bitPattern: value))
    }
    return .escape
  }

  /// The mouse event ncurses has queued; a second press of button 1 on the same cell within
  /// 400 ms is a double click (ncurses does not tell clicks apart with `mouseinterval(0)`).
  private func mouseEvent() -> InputEvent? {
    var event = MEVENT()
    guard curses.getmouse(&event) == OK, var kind = CursesKeys.mouseKind(forState: event.bstate)
    else {
      return nil
    }
    let x = Int(event.x)
    let y = Int(event.y)
    if kind == .click {
      let now = Self.now()
      if let last = lastPress, last.x == x, last.y == y, now - last.time <= 400 {
        kind = .doubleClick
        lastPress = nil
      } else {
        lastPress = (x, y, now)
      }
    }
    return .mouse(MouseEvent(kind, x: x, y: y))
  }

  /// Reads a bracketed paste up to its end marker.
  ///
  /// A pause of 500 ms also ends it (a lost end marker). Carriage returns become line feeds;
  /// other text is passed on as it came, for the receiver to sanitise.
  private func readPaste() -> InputEvent {
    let window = cn_stdscr()
    curses.wtimeout(window, 500)
    var scalars = String.UnicodeScalarView()
    var count = 0
    var lastWasReturn = false
    while true {
      var value: wint_t = 0
      let result = curses.wget_wch(window, &value)
      if result == ERR { break }
      if result == KEY_CODE_YES {
        let code = Int32(bitPattern: value)
        if code == Self.pasteEndCode { break }
        if code == KEY_RESIZE { pendingEvent = .resize(size) }
        continue
      }
      guard count < Self.pasteLimit, let scalar = Unicode.Scalar(value) else { continue }
      if scalar == "\r" {
        scalars.append("\n")
        lastWasReturn = true
      } else {
        if !(scalar == "\n" && lastWasReturn) { scalars.append(scalar) }
        lastWasReturn = false
      }
      count += 1
    }
    return .paste(String(scalars))
  }

  /// Whether the terminal has hung up or closed (poll reports it without waiting).
  private func terminalHungUp() -> Bool {
    var entry = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) >= 0 else { return false }
    return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Milliseconds on the monotonic clock.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1000 + UInt64(time.tv_nsec) / 1_000_000
  }
}
