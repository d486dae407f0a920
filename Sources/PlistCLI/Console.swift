import Foundation
import PlistBundle
import PlistCore

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
  /// An environment variable (`NO_COLOR`), or nil when unset.
  func environment(_ name: String) -> String?
}

extension Console {
  /// Writes UTF-8 text, with every character the one rule names (controls, bidirectional
  /// controls, invisible format characters) escaped; line feeds and tabs are kept as the
  /// text's layout (`VisibleEscaping.lines`).
  ///
  /// This is the last guard for text meant for reading: callers escape what they quote from
  /// a file one line at a time (`VisibleEscaping.line`) so a line break inside a key or a
  /// value cannot start a line of its own. Bytes that are data (a binary property list, a
  /// value `get` prints for a script) go through `write(_:to:)` with bytes, untouched.
  @discardableResult
  func write(_ text: String, to stream: ConsoleStream) -> Bool {
    write(Array(VisibleEscaping.lines(text).utf8), to: stream)
  }

  /// Writes bytes that are data (a converted property list, a value for a script): exactly as
  /// they are into a pipe or a file; on a terminal, as text through the one rule, so a value
  /// cannot steer the terminal (a binary property list never reaches one: `convert` refuses).
  @discardableResult
  func writeData(_ bytes: [UInt8], to stream: ConsoleStream) -> Bool {
    guard isTerminal(stream) else { return write(bytes, to: stream) }
    return write(String(decoding: bytes, as: UTF8.self), to: stream)
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

  /// Standard input, up to the limit of a bare file (`BundleLoader.maxFileBytes`, 256 MiB):
  /// a stream stops there instead of growing towards the 4 GiB a document may hold.
  package func readStandardInput() -> [UInt8]? {
    try? FileIO.readAll(fd: 0, limit: BundleLoader.maxFileBytes)
  }

  package func environment(_ name: String) -> String? {
    // One variable, not `ProcessInfo.environment`, which copies every variable into a
    // dictionary on each call (about 1.5 ms in a release build, before any work starts).
    getenv(name).map { String(cString: $0) }
  }
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
  /// What `environment` answers.
  package var variables: [String: String] = [:]

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

  package func environment(_ name: String) -> String? { variables[name] }
}
