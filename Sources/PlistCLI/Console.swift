import Foundation

/// The two output streams of the command.
package enum ConsoleStream: Sendable {
  /// Standard output: results.
  case output
  /// Standard error: errors and usage after bad arguments.
  case error
}

/// Where the command reads standard input and writes its output; the real terminal in the
/// executable, a buffer in tests.
package protocol Console: AnyObject {
  /// Writes all of `bytes`; false when the stream refused them (a closed pipe, a full disk).
  func write(_ bytes: [UInt8], to stream: ConsoleStream) -> Bool
  /// True when the stream is a terminal (and `TERM` is not `dumb`).
  func isTerminal(_ stream: ConsoleStream) -> Bool
  /// All of standard input, or nil when it cannot be read.
  func readStandardInput() -> [UInt8]?
}

extension Console {
  /// Writes UTF-8 text.
  @discardableResult
  func write(_ text: String, to stream: ConsoleStream) -> Bool {
    write(Array(text.utf8), to: stream)
  }
}

/// The process's own standard input, output and error (file descriptors 0, 1 and 2).
package final class StandardConsole: Console {
  /// Creates the console of this process.
  package init() {}

  package func write(_ bytes: [UInt8], to stream: ConsoleStream) -> Bool {
    let fd: Int32 = stream == .output ? 1 : 2
    return bytes.withUnsafeBytes { FileIO.writeAll($0, to: fd) }
  }

  package func isTerminal(_ stream: ConsoleStream) -> Bool {
    Self.isTerminal(
      isatty: isatty(stream == .output ? 1 : 2) == 1,
      term: ProcessInfo.processInfo.environment["TERM"])
  }

  /// The one rule for "is this a terminal", as swift-format's `TTY.swift` has it: the stream
  /// is a TTY and `TERM` is not `dumb` (an unset `TERM` does not disqualify it).
  ///
  /// - Parameters:
  ///   - isatty: whether `isatty(3)` answered yes for the stream's descriptor.
  ///   - term: the `TERM` environment variable, or nil when unset.
  /// - Returns: true when the stream counts as a terminal.
  package static func isTerminal(isatty: Bool, term: String?) -> Bool {
    isatty && term != "dumb"
  }

  package func readStandardInput() -> [UInt8]? { try? FileIO.readAll(fd: 0) }
}

/// A console that keeps what is written, for tests.
package final class BufferConsole: Console {
  /// Bytes written to standard output.
  package private(set) var output: [UInt8] = []
  /// Bytes written to standard error.
  package private(set) var errorOutput: [UInt8] = []
  /// What standard input holds.
  package var input: [UInt8]?
  /// What `isTerminal` answers for both streams.
  package var terminal: Bool

  /// Creates an empty console.
  package init(input: [UInt8]? = nil, terminal: Bool = false) {
    self.input = input
    self.terminal = terminal
  }

  /// Standard output as text.
  package var outputText: String { String(decoding: output, as: UTF8.self) }
  /// Standard error as text.
  package var errorText: String { String(decoding: errorOutput, as: UTF8.self) }

  package func write(_ bytes: [UInt8], to stream: ConsoleStream) -> Bool {
    if stream == .output { output += bytes } else { errorOutput += bytes }
    return true
  }

  package func isTerminal(_ stream: ConsoleStream) -> Bool { terminal }

  package func readStandardInput() -> [UInt8]? { input }
}
