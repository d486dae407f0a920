import Foundation

/// Runs another program to its end and collects what it wrote: the one runner for tests that
/// start the built binary or check an answer against a system tool.
package enum ProcessRunner {
  /// What a finished program left: its exit status and both output streams.
  package struct Result: Sendable {
    /// The exit status (or the signal number, when a signal ended it).
    package var status: Int32
    /// Everything written to standard output (and to standard error, when merged).
    package var output: Data
    /// Everything written to standard error (empty when merged into the output).
    package var error: Data

    /// The standard output as UTF-8 text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }
    /// The standard error as UTF-8 text.
    package var errorText: String { String(decoding: error, as: UTF8.self) }
  }

  /// Runs `executable` with `arguments` and waits for it.
  ///
  /// Both streams are read while the program runs and the input is written from another
  /// thread, so a large output or input can never fill a pipe and block either side.
  ///
  /// - Parameters:
  ///   - executable: the program's path.
  ///   - arguments: its arguments.
  ///   - input: bytes for its standard input; `nil` gives it `/dev/null`.
  ///   - environment: variables added to (or replacing those of) this process's environment.
  ///   - directory: its working directory; `nil` keeps this process's.
  ///   - mergingErrors: whether standard error goes into `output` instead of `error`.
  /// - Returns: the status and the output.
  /// - Throws: when the program cannot start.
  package static func run(
    _ executable: URL, _ arguments: [String], input: Data? = nil,
    environment: [String: String] = [:], directory: URL? = nil, mergingErrors: Bool = false
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = mergingErrors ? out : err
    let stdin = input.map { _ in Pipe() }
    process.standardInput = stdin ?? FileHandle.nullDevice
    try process.run()
    if let stdin, let input {
      Thread {
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
      }.start()
    }
    let errors = Collected()
    let errorsRead = DispatchSemaphore(value: 0)
    if mergingErrors {
      errorsRead.signal()
    } else {
      Thread {
        errors.data = err.fileHandleForReading.readDataToEndOfFile()
        errorsRead.signal()
      }.start()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    errorsRead.wait()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: output, error: errors.data)
  }

  /// Runs `command` found on `PATH` (through `/usr/bin/env`), like a shell would.
  ///
  /// - Parameters:
  ///   - command: the program's name and its arguments.
  ///   - mergingErrors: whether standard error goes into `output` instead of `error`.
  /// - Returns: the status and the output; 127 when the program is not found.
  /// - Throws: when `env` cannot start.
  package static func run(_ command: [String], mergingErrors: Bool = false) throws -> Result {
    try run(URL(fileURLWithPath: "/usr/bin/env"), command, mergingErrors: mergingErrors)
  }

  /// The standard error, filled by the thread that reads it before the caller reads it.
  private final class Collected: @unchecked Sendable {
    var data = Data()
  }
}
