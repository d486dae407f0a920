import CNcurses
import Glibc
import PlistUI

/// The process-wide state that signal handlers and `atexit` share with ``CursesTerminal``.
///
/// Signal handlers cannot capture context, so this is the one piece of global state in the
/// package: fixed memory allocated once, written by the terminal while it runs and read by the
/// handlers. The handlers use only async-signal-safe calls (`tcsetattr`, `write`, `signal`,
/// `raise`, `sigaction`).
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: the first one only records the signal; ``CursesTerminal`` polls
///   input every 100 ms and sees it. SIGINT (Ctrl-C) becomes the key `Ctrl-C` for the inspector
///   (which asks before dropping unsaved edits); the others end curses with `endwin()` and die
///   of the same signal (the shell sees status 128 + signal). A second one before that (the program is busy and not
///   reading input) restores the terminal from the handler itself: the saved terminal modes and
///   prepared bytes that leave the alternate screen, show the cursor and stop mouse and paste
///   reporting.
/// - SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE: the same emergency restore, then the
///   previous handler (the Swift runtime's backtracer, or the default) is put back and runs.
/// - Normal `exit()` while curses is active: an `atexit` function calls `endwin()`.
enum CursesSignals {
  /// The fields the handlers read and write.
  struct State {
    /// The terminating signal seen and not yet handled; 0 when none.
    var pending: sig_atomic_t = 0
    /// 1 while curses owns the terminal.
    var active: sig_atomic_t = 0
    /// 1 while the terminal is handed to another program (``CursesTerminal/suspend(_:)``);
    /// SIGINT is ignored then, as the other program deals with Ctrl-C.
    var suspended: sig_atomic_t = 0
    /// 1 once ``handlers`` are installed.
    var installed: sig_atomic_t = 0
    /// 1 once the `atexit` function is registered.
    var registeredExit: sig_atomic_t = 0
    /// The terminal's file descriptor, -1 when none.
    var fd: Int32 = -1
    /// 1 when ``modes`` holds the terminal modes from before curses started.
    var hasModes: sig_atomic_t = 0
    /// The terminal modes from before curses started.
    var modes = termios()
    /// How many bytes of ``restoreBytes`` to write in an emergency restore.
    var restoreCount: Int = 0
  }

  /// Signals that end the program, after the terminal is restored.
  static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// Signals of a crash: restore the terminal, then let the previous handler run.
  static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  /// The capacity of ``restoreBytes``.
  static let restoreCapacity = 512

  /// The shared state.
  nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State())
    return pointer
  }()
  /// The bytes an emergency restore writes.
  nonisolated(unsafe) static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: restoreCapacity)
  /// The handlers that were in place before ours, by signal number.
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()

  /// Installs the handlers (once; later calls do nothing) and registers the `atexit` function.
  ///
  /// Called before `newterm`, so that ncurses, which only handles SIGINT and SIGTERM when
  /// they are still at their default, leaves them to us; it keeps its own SIGTSTP (suspend)
  /// and SIGWINCH (resize) handling.
  static func install() {
    let s = state
    _ = restoreBytes
    _ = previous
    if s.pointee.registeredExit == 0 {
      s.pointee.registeredExit = 1
      atexit { CursesSignals.atExit() }
    }
    guard s.pointee.installed == 0 else { return }
    s.pointee.installed = 1
    for signal in terminating {
      set(signal, handler: { CursesSignals.handleTerminating($0) })
    }
    for signal in crashing {
      set(signal, handler: { CursesSignals.handleCrash($0) })
    }
  }

  /// Puts back the handlers that were in place before ``install()``.
  static func uninstall() {
    let s = state
    guard s.pointee.installed != 0 else { return }
    for signal in terminating + crashing {
      _ = sigaction(signal, previous + Int(signal), nil)
    }
    s.pointee.installed = 0
  }

  /// Sets `handler` for `signal`, keeping the previous action in ``previous``; a signal the
  /// program was started with ignored (`nohup`) stays ignored.
  private static func set(_ signal: Int32, handler: @convention(c) (Int32) -> Void) {
    _ = sigaction(signal, nil, previous + Int(signal))
    let current = previous[Int(signal)].__sigaction_handler.sa_handler
    if let current, unsafeBitCast(current, to: Int.self) == 1 { return }  // SIG_IGN
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    _ = sigaction(signal, &action, previous + Int(signal))
  }

  /// Records the terminal and what an emergency restore must write: `bytes` are cut to
  /// ``restoreCapacity``.
  static func prepare(fd: Int32, modes: termios?, bytes: [UInt8]) {
    let s = state
    s.pointee.fd = fd
    if let modes {
      s.pointee.modes = modes
      s.pointee.hasModes = 1
    } else {
      s.pointee.hasModes = 0
    }
    let count = min(bytes.count, restoreCapacity)
    for i in 0..<count { restoreBytes[i] = bytes[i] }
    s.pointee.restoreCount = count
  }

  /// Restores the terminal with async-signal-safe calls only.
  ///
  /// Sets the saved modes, then writes the prepared bytes, and marks curses inactive.
  static func emergencyRestore() {
    let s = state
    guard s.pointee.active != 0, s.pointee.fd >= 0 else { return }
    s.pointee.active = 0
    if s.pointee.hasModes != 0 {
      _ = withUnsafePointer(to: &s.pointee.modes) { tcsetattr(s.pointee.fd, TCSANOW, $0) }
    }
    var written = 0
    while written < s.pointee.restoreCount {
      let n = write(s.pointee.fd, restoreBytes + written, s.pointee.restoreCount - written)
      if n <= 0 { break }
      written += n
    }
  }

  /// The handler for SIGINT, SIGTERM and SIGHUP.
  private static func handleTerminating(_ signal: Int32) {
    let s = state
    if s.pointee.suspended != 0, signal == SIGINT { return }
    if s.pointee.active != 0, s.pointee.pending == 0 {
      s.pointee.pending = signal
      return
    }
    emergencyRestore()
    die(of: signal)
  }

  /// The handler for crash signals: restore, then put the previous handler back so that it
  /// runs when the fault repeats (or, for `abort`, when glibc raises it again).
  private static func handleCrash(_ signal: Int32) {
    emergencyRestore()
    _ = sigaction(signal, previous + Int(signal), nil)
  }

  /// Ends the process by `signal` with its default action (the shell reports 128 + signal),
  /// or with exit status 128 + signal if the signal does not end it.
  ///
  /// Safe in a signal handler: the signal is blocked there, so it is delivered when the
  /// handler returns; `_exit` only runs if it somehow is not.
  static func die(of signal: Int32) {
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, signal)
    _ = sigprocmask(SIG_UNBLOCK, &mask, nil)
    _exit(128 + signal)
  }

  /// The `atexit` function: ends curses when the program exits while it is active.
  private static func atExit() {
    let s = state
    guard s.pointee.active != 0 else { return }
    CursesTerminal.writeRaw(CursesTerminal.leaveModes, to: s.pointee.fd)
    s.pointee.active = 0
    // Active means a terminal opened, so ncurses is loaded.
    _ = cn_load()?.pointee.endwin()
  }
}

extension CursesTerminal {
  /// Runs `body`, the whole inspector, on a large-stack thread (`Inspector.onLargeStack`),
  /// with the terminal's signals delivered to that thread.
  ///
  /// The calling thread (the main thread) only waits, with SIGINT, SIGTERM, SIGHUP, SIGQUIT,
  /// SIGTSTP, SIGCONT and SIGWINCH blocked until `body` returns, so the kernel hands them to
  /// the inspector's thread, the one that waits in `getch`: a resize or a suspend interrupts
  /// its wait as it would on the main thread. Crash signals stay with the thread that faults.
  ///
  /// - Parameter body: the work; it runs once, before this returns.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package static func onLargeStack<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var routed = sigset_t()
    sigemptyset(&routed)
    for signal in CursesSignals.terminating + [SIGTSTP, SIGCONT, SIGWINCH] {
      sigaddset(&routed, signal)
    }
    var before = sigset_t()
    pthread_sigmask(SIG_BLOCK, &routed, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    return try Inspector.onLargeStack { () throws(Failure) -> Result in
      // The new thread starts with the caller's mask: it takes the signals back.
      pthread_sigmask(SIG_UNBLOCK, &routed, nil)
      return try body()
    }
  }
}
