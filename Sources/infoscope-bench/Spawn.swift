import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one child process did: its exit, its output, its wall time and its peak memory.
struct ChildResult: Sendable {
  /// The exit status, or 128 + the signal number when a signal ended it.
  var status: Int32
  /// Everything it wrote to standard output.
  var stdout: String
  /// Everything it wrote to standard error.
  var stderr: String
  /// Seconds from spawn to reaped, as seen by the bench.
  var wallSeconds: Double
  /// Peak resident set size of the command, in bytes.
  var maxRSSBytes: Int
  /// True when `maxRSSBytes` came from `wait4` without GNU time, so it is at least the bench's
  /// own peak (Linux carries a parent's high-water mark through vfork and exec).
  var rssIsFloored: Bool
}

/// Runs commands with `posix_spawn` and reaps them with `wait4`, collecting each one's peak RSS.
///
/// When GNU time is installed (`/usr/bin/time`), commands run under it and the peak RSS is the
/// one it reports for its own child, which starts from a fresh address space; otherwise the
/// `wait4` figure is used and flagged, because on Linux it can be no lower than the bench's own
/// peak.
struct Spawner: Sendable {
  /// A folder for the children's output files.
  var scratch: String
  /// GNU time's path, when present.
  var gnuTime: String?

  /// A spawner writing its scratch files under `scratch`.
  init(scratch: String) {
    self.scratch = scratch
    gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil
  }

  /// Runs `arguments` (the first is an absolute path) with standard input from /dev/null.
  ///
  /// - Returns: the result, or nil when the process could not be started.
  func run(_ arguments: [String]) -> ChildResult? {
    let outPath = scratch + "/child.out"
    let errPath = scratch + "/child.err"
    let rssPath = scratch + "/child.rss"
    var argv = arguments
    if let gnuTime {
      argv = [gnuTime, "-f", "%M", "-o", rssPath] + arguments
    }
    guard let (exit, wall, usage) = Self.spawn(argv, stdout: outPath, stderr: errPath) else {
      return nil
    }
    var rss = usage.ru_maxrss * 1024
    var floored = true
    if gnuTime != nil, let text = try? String(contentsOfFile: rssPath, encoding: .utf8),
      let last = text.split(separator: "\n").last, let kilobytes = Int(last)
    {
      rss = kilobytes * 1024
      floored = false
    }
    return ChildResult(
      status: exit,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      wallSeconds: wall, maxRSSBytes: rss, rssIsFloored: floored)
  }

  /// Spawns `argv` (the first is an absolute path) with standard input from /dev/null and its
  /// output in the files `stdout` and `stderr`, and reaps it with `wait4`.
  ///
  /// - Returns: its exit status (128 + the signal number when a signal ended it), the seconds
  ///   from spawn to reaped, and its resource usage; nil when it could not be started.
  static func spawn(
    _ argv: [String], stdout: String = "/dev/null", stderr: String = "/dev/null"
  ) -> (status: Int32, seconds: Double, usage: rusage)? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment) == 0 else {
      return nil
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { return nil }
    }
    let seconds = (clock.now - start).seconds
    let signal = status & 0x7F
    return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, seconds, usage)
  }

  /// The absolute path of `name` on `PATH`, or nil.
  static func which(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The bench's own peak RSS in bytes (VmHWM), the floor of un-wrapped `wait4` figures.
  static func ownPeakRSSBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
