import Glibc

/// Runs another program in the terminal's foreground, as a shell runs a job: the user's
/// editor (`v`) reads the keyboard and draws on the screen until it exits.
///
/// Foundation's `Process` puts the child in a process group of its own; a program outside the
/// terminal's foreground group that reads it gets `EIO` (or stops on `SIGTTIN`), so an editor
/// such as vim never showed. The child here stays in this process's group, with the signals
/// the inspector handles back at their defaults and none blocked.
enum ForegroundProcess {
  /// Signals the inspector catches or ignores, which the child gets back at their defaults.
  static let resetSignals: [Int32] = [
    SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGPIPE, SIGCONT,
  ]

  /// Runs `arguments` (the program, found on `PATH`, then its arguments) and waits for it.
  ///
  /// - Returns: its exit status (128 plus the signal's number when a signal ended it), or nil
  ///   when it could not be started.
  static func run(_ arguments: [String]) -> Int32? {
    guard let name = arguments.first else { return nil }
    var attributes = posix_spawnattr_t()
    guard posix_spawnattr_init(&attributes) == 0 else { return nil }
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in resetSignals { sigaddset(&defaults, signal) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    _ = posix_spawnattr_setsigdefault(&attributes, &defaults)
    _ = posix_spawnattr_setsigmask(&attributes, &unblocked)
    _ = posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, name, nil, &attributes, &argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
