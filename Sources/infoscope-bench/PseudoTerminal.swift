import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command on a pseudo-terminal and times its first screen, as a user would see it.
///
/// The child gets a new session whose controlling terminal is the pseudo-terminal (so ncurses
/// finds a real terminal of `columns` × `rows` and `TERM=xterm-256color`). The first screen is
/// the output up to the first pause of ``quiet`` seconds: its time is that of the last byte read
/// before the pause, counted from the spawn (the pause itself is not counted). Then `q` is typed
/// and the child is given two seconds to quit before it is killed.
struct PseudoTerminal {
  /// The terminal's width in columns.
  var columns: UInt16 = 120
  /// The terminal's height in rows.
  var rows: UInt16 = 40
  /// The silence that ends the first screen, in seconds.
  var quiet = 0.25
  /// The longest wait for the first byte, in seconds.
  var timeout = 10.0

  /// What one run saw.
  struct Screen: Sendable {
    /// Seconds from the spawn to the last byte of the first screen.
    var seconds: Double
    /// Everything the child wrote before the pause.
    var output: [UInt8]
  }

  /// Why a run has no figure.
  struct Failure: Error, Sendable {
    /// What went wrong, in words.
    var reason: String
  }

  /// Runs `arguments` (the first an absolute path) and times its first screen.
  ///
  /// - Returns: the time and the output of the first screen.
  /// - Throws: `Failure` when the terminal cannot be made, the child cannot start, or it writes
  ///   nothing before `timeout`.
  func firstScreen(_ arguments: [String]) throws(Failure) -> Screen {
    // Glibc's Swift module leaves out posix_openpt, unlockpt and ptsname (they need
    // _XOPEN_SOURCE), so the Linux ioctls behind them are used, with their values from
    // <asm-generic/ioctls.h>: TIOCSPTLCK unlocks the slave, TIOCGPTN gives its number.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else {
      throw Failure(reason: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
    else {
      throw Failure(
        reason: "cannot unlock the pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let slave = "/dev/pts/\(number)"
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session: the terminal opened below becomes its controlling terminal.
    // POSIX_SPAWN_SETSID (glibc's spawn.h, also hidden from Swift).
    posix_spawnattr_setflags(&attributes, 0x80)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, master)
    posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    for name in ["LINES", "COLUMNS", "NO_COLOR", "TMUX"] { environment[name] = nil }
    let cArguments = arguments.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, cArguments, cEnvironment) == 0
    else {
      throw Failure(reason: "cannot start \(arguments[0])")
    }
    var output: [UInt8] = []
    var last = start
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let waited = output.isEmpty ? timeout : quiet
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(waited * 1000))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = read(master, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }  // EIO: the child closed the terminal
      last = clock.now
      output += buffer.prefix(count)
    }
    finish(pid, master: master)
    guard !output.isEmpty else {
      throw Failure(reason: "\(arguments[0]) wrote nothing in \(Int(timeout)) s")
    }
    return Screen(seconds: (last - start).seconds, output: output)
  }

  /// Types `q`, drains the terminal, and reaps the child (killing it after two seconds).
  private func finish(_ pid: pid_t, master: Int32) {
    _ = write(master, "q", 1)
    let deadline = ContinuousClock.now + .seconds(2)
    var status: Int32 = 0
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while ContinuousClock.now < deadline {
      if waitpid(pid, &status, WNOHANG) == pid { return }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 20) > 0 { _ = read(master, &buffer, buffer.count) }
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }
}
